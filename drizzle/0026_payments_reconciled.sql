CREATE TABLE "owner_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(50) NOT NULL,
	"message" varchar(500) NOT NULL,
	"link" varchar(500),
	"key" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "owner_notices_link_path" CHECK ("owner_notices"."link" is null or "owner_notices"."link" like '/admin%')
);
--> statement-breakpoint
CREATE TABLE "payment_anomalies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" varchar(300) NOT NULL,
	"kind" varchar(40) NOT NULL,
	"invoice_id" uuid,
	"provider" varchar(20) NOT NULL,
	"payment_id" varchar(255),
	"event_id" varchar(255),
	"message" varchar(500) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"refunded_on" date NOT NULL,
	"kind" varchar(20) DEFAULT 'refund' NOT NULL,
	"method" varchar(20) NOT NULL,
	"note" text,
	"provider_refund_id" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_kind_known" CHECK ("refunds"."kind" in ('refund', 'dispute')),
	CONSTRAINT "refunds_method_known" CHECK ("refunds"."method" in ('bank_transfer', 'card', 'cash', 'check', 'other')),
	CONSTRAINT "refunds_note_length" CHECK (char_length("refunds"."note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_state" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "dispute_status" varchar(40);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "dispute_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "payment_anomalies" ADD CONSTRAINT "payment_anomalies_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "owner_notices_key" ON "owner_notices" USING btree ("key");--> statement-breakpoint
CREATE INDEX "owner_notices_created_at_idx" ON "owner_notices" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "owner_notices_unread_idx" ON "owner_notices" USING btree ("created_at") WHERE "owner_notices"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_anomalies_key" ON "payment_anomalies" USING btree ("key");--> statement-breakpoint
CREATE INDEX "payment_anomalies_invoice_id_idx" ON "payment_anomalies" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payment_anomalies_payment_id_idx" ON "payment_anomalies" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_id_key" ON "refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_id_idx" ON "refunds" USING btree ("payment_id","refunded_on");--> statement-breakpoint
CREATE INDEX "refunds_invoice_id_idx" ON "refunds" USING btree ("invoice_id");