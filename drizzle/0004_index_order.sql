DROP INDEX "audit_log_created_at_idx";--> statement-breakpoint
DROP INDEX "contact_submissions_created_at_idx";--> statement-breakpoint
DROP INDEX "contact_submissions_status_created_at_idx";--> statement-breakpoint
DROP INDEX "contact_submissions_status_type_idx";--> statement-breakpoint
DROP INDEX "customer_interactions_customer_date_idx";--> statement-breakpoint
DROP INDEX "customers_created_at_idx";--> statement-breakpoint
DROP INDEX "invoices_created_at_idx";--> statement-breakpoint
DROP INDEX "invoices_customer_id_idx";--> statement-breakpoint
DROP INDEX "mail_outbox_created_at_idx";--> statement-breakpoint
DROP INDEX "projects_created_at_idx";--> statement-breakpoint
DROP INDEX "projects_customer_id_idx";--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_submissions_created_at_idx" ON "contact_submissions" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_submissions_status_created_at_idx" ON "contact_submissions" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_submissions_status_type_idx" ON "contact_submissions" USING btree ("status","project_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customer_interactions_customer_date_idx" ON "customer_interactions" USING btree ("customer_id","interaction_date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customers_created_at_idx" ON "customers" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_created_at_idx" ON "invoices" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_customer_id_idx" ON "invoices" USING btree ("customer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mail_outbox_created_at_idx" ON "mail_outbox" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_created_at_idx" ON "projects" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_customer_id_idx" ON "projects" USING btree ("customer_id","created_at" DESC NULLS FIRST);