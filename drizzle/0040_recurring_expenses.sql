CREATE TABLE "recurring_expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"phase_id" uuid,
	"frequency" "schedule_frequency" NOT NULL,
	"anchor" "schedule_anchor" DEFAULT 'date' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"next_due" date,
	"amount" numeric(12, 2) NOT NULL,
	"category" varchar(20) NOT NULL,
	"vendor" varchar(200) NOT NULL,
	"note" varchar(500),
	"billable" boolean DEFAULT false NOT NULL,
	"markup_percent" numeric(6, 2) DEFAULT '0' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_expenses_amount_positive" CHECK ("recurring_expenses"."amount" > 0),
	CONSTRAINT "recurring_expenses_monthly_or_yearly" CHECK ("recurring_expenses"."frequency" in ('month', 'year')),
	CONSTRAINT "recurring_expenses_end_after_start" CHECK ("recurring_expenses"."end_date" is null or "recurring_expenses"."end_date" >= "recurring_expenses"."start_date")
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "recurring_expense_id" uuid;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_phase_id_project_phases_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."project_phases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_expenses_project_idx" ON "recurring_expenses" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "recurring_expenses_due_idx" ON "recurring_expenses" USING btree ("next_due") WHERE "recurring_expenses"."next_due" is not null;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_recurring_expense_id_recurring_expenses_id_fk" FOREIGN KEY ("recurring_expense_id") REFERENCES "public"."recurring_expenses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_recurring_period_key" ON "expenses" USING btree ("recurring_expense_id","expense_date");