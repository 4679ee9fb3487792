CREATE TABLE "hour_bank_months" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"month" varchar(7) NOT NULL,
	"included_minutes" integer NOT NULL,
	"logged_minutes" integer NOT NULL,
	"beyond_minutes" integer NOT NULL,
	"decision" varchar(10) NOT NULL,
	"invoice_id" uuid,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hour_bank_months_decision" CHECK ("hour_bank_months"."decision" in ('bill', 'absorb')),
	CONSTRAINT "hour_bank_months_month" CHECK ("hour_bank_months"."month" ~ '^[0-9]{4}-[0-9]{2}$'),
	CONSTRAINT "hour_bank_months_beyond" CHECK ("hour_bank_months"."beyond_minutes" > 0)
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "hour_bank_minutes" integer;--> statement-breakpoint
ALTER TABLE "hour_bank_months" ADD CONSTRAINT "hour_bank_months_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_bank_months" ADD CONSTRAINT "hour_bank_months_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_bank_months" ADD CONSTRAINT "hour_bank_months_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hour_bank_months_project_month_key" ON "hour_bank_months" USING btree ("project_id","month");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_hour_bank_minutes_non_negative" CHECK ("projects"."hour_bank_minutes" >= 0);