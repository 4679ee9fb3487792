-- The list pages at scale (docs/benchmarks-lists.md): the inbox searches one lower-cased expression
-- with one trigram index (like the customers list); the invoices list reads its page ids from
-- (created_at, id) and (status, created_at, id) indexes.
DROP INDEX "contact_submissions_name_trgm";--> statement-breakpoint
DROP INDEX "contact_submissions_email_trgm";--> statement-breakpoint
DROP INDEX "contact_submissions_business_name_trgm";--> statement-breakpoint
DROP INDEX "invoices_created_at_idx";--> statement-breakpoint
DROP INDEX "invoices_status_idx";--> statement-breakpoint
CREATE INDEX "contact_submissions_search_trgm" ON "contact_submissions" USING gin (lower("name" || ' ' || "email" || ' ' || coalesce("business_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_created_at_idx" ON "invoices" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);