-- short_grams (ADR 0051): the distinct pieces of one and two characters of a (lower-cased) search text. A
-- search of one or two characters looks its term up among them (`@>`, a GIN index) before its LIKE: a rare
-- pair reads its few rows, not the whole list. Immutable, for the stored generated columns below.
CREATE OR REPLACE FUNCTION "short_grams"("searched" text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT piece), '{}') FROM (
    SELECT substr($1, i, 1) AS piece FROM generate_series(1, char_length($1)) AS i
    UNION ALL
    SELECT substr($1, i, 2) FROM generate_series(1, char_length($1) - 1) AS i
  ) AS pieces
$$;
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "search_grams" text[] GENERATED ALWAYS AS (short_grams(lower("name" || ' ' || "email" || ' ' || coalesce("business_name", '')))) STORED;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_grams" text[] GENERATED ALWAYS AS (short_grams(lower("name" || ' ' || "email" || ' ' || coalesce("business_name", '')))) STORED;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "search_grams" text[] GENERATED ALWAYS AS (short_grams("search_text")) STORED;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "name_grams" text[] GENERATED ALWAYS AS (short_grams(lower("project_name"))) STORED;--> statement-breakpoint
CREATE INDEX "contact_submissions_search_grams_idx" ON "contact_submissions" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "customers_search_grams_idx" ON "customers" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "invoices_search_grams_idx" ON "invoices" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "projects_name_grams_idx" ON "projects" USING gin ("name_grams");