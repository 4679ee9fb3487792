ALTER TABLE "automation_custom_rules" DROP CONSTRAINT "automation_custom_rules_trigger";--> statement-breakpoint
ALTER TABLE "automation_custom_rules" DROP CONSTRAINT "automation_custom_rules_step";--> statement-breakpoint
ALTER TABLE "automation_custom_rules" ALTER COLUMN "step" SET DATA TYPE varchar(20);--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "automation_custom_rules" ADD CONSTRAINT "automation_custom_rules_trigger" CHECK ("automation_custom_rules"."trigger" in ('proposal_unsigned', 'invoice_overdue', 'inquiry_new', 'project_end_date', 'proposal_signed', 'invoice_paid', 'project_completed'));--> statement-breakpoint
ALTER TABLE "automation_custom_rules" ADD CONSTRAINT "automation_custom_rules_step" CHECK ("automation_custom_rules"."step" in ('email', 'todo', 'testimonial'));--> statement-breakpoint
UPDATE "projects" SET "completed_at" = "updated_at" WHERE "status" = 'completed';
