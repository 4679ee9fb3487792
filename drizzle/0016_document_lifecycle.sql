-- The document lifecycle (docs/decisions/0030-document-lifecycle.md): credit notes as a third document
-- type with their own number sequence, linked to the invoice they credit; void with its reason; the
-- revision number of a document and the versions a revision replaced. The credit-note check compares
-- the type as text: a new enum value cannot be used in the transaction that adds it.
ALTER TYPE "public"."invoice_type" ADD VALUE 'credit_note';--> statement-breakpoint
CREATE TABLE "document_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_revisions_reason_length" CHECK (char_length("document_revisions"."reason") <= 500)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount_credited" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_revisions" ADD CONSTRAINT "document_revisions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_revisions" ADD CONSTRAINT "document_revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_revisions_invoice_revision_key" ON "document_revisions" USING btree ("invoice_id","revision");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_invoice_id_invoices_id_fk" FOREIGN KEY ("credited_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_credited_invoice_id_idx" ON "invoices" USING btree ("credited_invoice_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_note_link" CHECK (("invoices"."invoice_type"::text = 'credit_note') = ("invoices"."credited_invoice_id" is not null));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_void_reason" CHECK (("invoices"."voided_at" is null) = ("invoices"."void_reason" is null));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_amount_credited_non_negative" CHECK ("invoices"."amount_credited" >= 0);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_void_reason_length" CHECK (char_length("invoices"."void_reason") <= 500);