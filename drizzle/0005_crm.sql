DROP INDEX "customers_created_at_idx";--> statement-breakpoint
DROP INDEX "customers_status_idx";--> statement-breakpoint
DROP INDEX "projects_created_at_idx";--> statement-breakpoint
DROP INDEX "projects_status_idx";--> statement-breakpoint
CREATE INDEX "customers_search_trgm" ON "customers" USING gin (lower("name" || ' ' || "email" || ' ' || coalesce("business_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_name_lower_trgm" ON "customers" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_project_name_lower_trgm" ON "projects" USING gin (lower("project_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_created_at_idx" ON "customers" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customers_status_idx" ON "customers" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_created_at_idx" ON "projects" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_status_idx" ON "projects" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);