-- invoices.search_text (ADR 0036): the number, the customer's name and business, each lower-cased (what
-- ILIKE compares), joined by a line break. A search of one or two characters is `search_text LIKE
-- lower(pattern)`: a trimmed term that short holds no line break, so a match lies within one of the three
-- and the rows are the ones ILIKE finds on each. Kept by row triggers: an invoice's insert or a change of
-- its number or customer reads its customer; a customer's rename rewrites its invoices.
CREATE OR REPLACE FUNCTION "invoice_search_text"("invoice_number" text, "name" text, "business_name" text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT lower($1) || E'\n' || lower($2) || E'\n' || lower(coalesce($3, ''))
$$;
--> statement-breakpoint
UPDATE "invoices" i SET "search_text" = "invoice_search_text"(i."invoice_number", c."name", c."business_name")
FROM "customers" c WHERE c."id" = i."customer_id";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "invoices_search_text_set"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT "invoice_search_text"(NEW."invoice_number", c."name", c."business_name") INTO NEW."search_text"
  FROM "customers" c WHERE c."id" = NEW."customer_id";
  IF NOT FOUND THEN
    -- no such customer: the foreign key refuses the row next, with its own error
    NEW."search_text" := "invoice_search_text"(NEW."invoice_number", '', NULL);
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_search_text" BEFORE INSERT OR UPDATE OF "invoice_number", "customer_id" ON "invoices"
FOR EACH ROW EXECUTE FUNCTION "invoices_search_text_set"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "customers_search_text_apply"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "invoices" SET "search_text" = "invoice_search_text"("invoice_number", NEW."name", NEW."business_name")
  WHERE "customer_id" = NEW."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "customers_search_text" AFTER UPDATE OF "name", "business_name" ON "customers"
FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."business_name" IS DISTINCT FROM NEW."business_name")
EXECUTE FUNCTION "customers_search_text_apply"();
