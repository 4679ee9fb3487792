ALTER TABLE "automation_custom_rules" ADD COLUMN "customer_status" varchar(20);--> statement-breakpoint
ALTER TABLE "automation_custom_rules" ADD COLUMN "project_type" varchar(40);--> statement-breakpoint
ALTER TABLE "automation_custom_rules" ADD COLUMN "budget_range" varchar(40);