CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"phase_id" uuid,
	"expense_date" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"category" varchar(20) NOT NULL,
	"vendor" varchar(200) NOT NULL,
	"note" varchar(500),
	"billable" boolean DEFAULT false NOT NULL,
	"markup_percent" numeric(6, 2) DEFAULT '0' NOT NULL,
	"receipt_file_id" uuid,
	"invoice_id" uuid,
	"billed_amount" numeric(12, 2),
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_amount_positive" CHECK ("expenses"."amount" > 0),
	CONSTRAINT "expenses_category" CHECK ("expenses"."category" in ('hosting', 'software', 'licences', 'stock', 'contractor', 'travel', 'other')),
	CONSTRAINT "expenses_markup_range" CHECK ("expenses"."markup_percent" >= 0 and "expenses"."markup_percent" <= 1000),
	CONSTRAINT "expenses_deleted_unbilled" CHECK ("expenses"."deleted_at" is null or "expenses"."invoice_id" is null),
	CONSTRAINT "expenses_billed_billable" CHECK ("expenses"."invoice_id" is null or "expenses"."billable")
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_phase_id_project_phases_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."project_phases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_receipt_file_id_stored_files_id_fk" FOREIGN KEY ("receipt_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expenses_project_day_idx" ON "expenses" USING btree ("project_id","expense_date") WHERE "expenses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "expenses_invoice_idx" ON "expenses" USING btree ("invoice_id");