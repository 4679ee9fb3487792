CREATE TABLE "rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"project_id" uuid,
	"phase_id" uuid,
	"effective_from" date NOT NULL,
	"billable_rate" numeric(12, 2),
	"cost_rate" numeric(12, 2),
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rates_target_day_key" UNIQUE NULLS NOT DISTINCT("user_id","project_id","phase_id","effective_from"),
	CONSTRAINT "rates_one_target" CHECK (("rates"."user_id" is not null and "rates"."project_id" is null and "rates"."phase_id" is null) or ("rates"."user_id" is null and "rates"."project_id" is not null)),
	CONSTRAINT "rates_some_rate" CHECK ("rates"."billable_rate" is not null or "rates"."cost_rate" is not null),
	CONSTRAINT "rates_billable_rate_non_negative" CHECK ("rates"."billable_rate" >= 0),
	CONSTRAINT "rates_cost_rate_non_negative" CHECK ("rates"."cost_rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"phase_id" uuid,
	"work_date" date NOT NULL,
	"minutes" integer,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"note" varchar(500),
	"billable" boolean DEFAULT true NOT NULL,
	"invoice_id" uuid,
	"billed_rate" numeric(12, 2),
	"billed_cost_rate" numeric(12, 2),
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_entries_minutes_range" CHECK ("time_entries"."minutes" is null or ("time_entries"."minutes" >= 0 and "time_entries"."minutes" <= 1440)),
	CONSTRAINT "time_entries_running" CHECK ("time_entries"."minutes" is not null or ("time_entries"."started_at" is not null and "time_entries"."ended_at" is null)),
	CONSTRAINT "time_entries_end_after_start" CHECK ("time_entries"."ended_at" is null or "time_entries"."started_at" is null or "time_entries"."ended_at" >= "time_entries"."started_at"),
	CONSTRAINT "time_entries_running_unbilled" CHECK ("time_entries"."minutes" is not null or "time_entries"."invoice_id" is null),
	CONSTRAINT "time_entries_deleted_unbilled" CHECK ("time_entries"."deleted_at" is null or "time_entries"."invoice_id" is null)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "time_rounding_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "timesheet_appendix" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_phase_id_project_phases_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."project_phases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_phase_id_project_phases_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."project_phases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rates_project_idx" ON "rates" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "time_entries_running_key" ON "time_entries" USING btree ("user_id") WHERE "time_entries"."minutes" is null and "time_entries"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "time_entries_project_day_idx" ON "time_entries" USING btree ("project_id","work_date") WHERE "time_entries"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "time_entries_user_day_idx" ON "time_entries" USING btree ("user_id","work_date") WHERE "time_entries"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "time_entries_invoice_idx" ON "time_entries" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_time_rounding" CHECK ("customers"."time_rounding_minutes" in (0, 5, 6, 10, 15, 30, 60));