-- Retainers (docs/decisions/0031-retainers.md): recurring schedules that invoice a project's recurring fees
-- every week, month, quarter or year, on a date or the month's last day, as drafts or sent. One schedule
-- that is not ended per project (a partial unique index); the invoices a schedule makes carry
-- (schedule_id, period_start), unique, so a period is invoiced once however many runs or instances race.
CREATE TYPE "public"."schedule_anchor" AS ENUM('date', 'last_day');--> statement-breakpoint
CREATE TYPE "public"."schedule_frequency" AS ENUM('week', 'month', 'quarter', 'year');--> statement-breakpoint
CREATE TYPE "public"."schedule_mode" AS ENUM('draft', 'send');--> statement-breakpoint
CREATE TYPE "public"."schedule_status" AS ENUM('active', 'paused', 'ended');--> statement-breakpoint
CREATE TABLE "recurring_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"frequency" "schedule_frequency" NOT NULL,
	"anchor" "schedule_anchor" DEFAULT 'date' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"status" "schedule_status" DEFAULT 'active' NOT NULL,
	"mode" "schedule_mode" DEFAULT 'draft' NOT NULL,
	"next_due" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_schedules_end_after_start" CHECK ("recurring_schedules"."end_date" is null or "recurring_schedules"."end_date" >= "recurring_schedules"."start_date"),
	CONSTRAINT "recurring_schedules_last_day_monthly" CHECK ("recurring_schedules"."anchor" <> 'last_day' or "recurring_schedules"."frequency" <> 'week')
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "schedule_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "period_start" date;--> statement-breakpoint
ALTER TABLE "recurring_schedules" ADD CONSTRAINT "recurring_schedules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_schedules" ADD CONSTRAINT "recurring_schedules_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_schedules" ADD CONSTRAINT "recurring_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_schedules_project_open_key" ON "recurring_schedules" USING btree ("project_id") WHERE "recurring_schedules"."status" <> 'ended';--> statement-breakpoint
CREATE INDEX "recurring_schedules_customer_id_idx" ON "recurring_schedules" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "recurring_schedules_due_idx" ON "recurring_schedules" USING btree ("next_due") WHERE "recurring_schedules"."status" = 'active';--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_schedule_id_recurring_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."recurring_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_schedule_period_key" ON "invoices" USING btree ("schedule_id","period_start");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_schedule_period" CHECK (("invoices"."schedule_id" is null) or ("invoices"."period_start" is not null));