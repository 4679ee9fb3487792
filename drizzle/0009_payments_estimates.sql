ALTER TYPE "public"."invoice_status" ADD VALUE 'accepted';--> statement-breakpoint
ALTER TYPE "public"."invoice_status" ADD VALUE 'declined';--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"paid_on" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"method" varchar(20) NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_method_known" CHECK ("payments"."method" in ('bank_transfer', 'card', 'cash', 'check', 'other')),
	CONSTRAINT "payments_note_length" CHECK (char_length("payments"."note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "time_zone" varchar(64) DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "viewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "accepted_by_name" varchar(200);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "source_estimate_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_invoice_id_idx" ON "payments" USING btree ("invoice_id","paid_on","created_at");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_source_estimate_id_invoices_id_fk" FOREIGN KEY ("source_estimate_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_source_estimate_id_key" ON "invoices" USING btree ("source_estimate_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_accepted_by_name_length" CHECK (char_length("invoices"."accepted_by_name") <= 200);--> statement-breakpoint
-- custom SQL (keep on renumbering)
-- amount_paid is the sum of the payments from now on (issue 13): an amount recorded before payments were
-- itemised becomes one payment, so recomputing never loses it.
INSERT INTO "payments" ("invoice_id", "paid_on", "amount", "method", "note")
SELECT "id", coalesce("sent_at"::date, "issue_date"), "amount_paid", 'other', 'Recorded before payments were itemised'
FROM "invoices"
WHERE "amount_paid" > 0 AND "invoice_type" = 'invoice';
