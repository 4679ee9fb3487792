-- Online payments (docs/decisions/0035-online-payments.md): provider events recorded once (their id unique),
-- a payment made online carries the provider's payment id (unique) and fee, and the studio's bank details.
CREATE TABLE "payment_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"account_holder" varchar(200),
	"bank_name" varchar(200),
	"iban" varchar(34),
	"bic" varchar(11),
	"account_number" varchar(34),
	"routing_number" varchar(20),
	"reference_format" varchar(100) DEFAULT '{number}' NOT NULL,
	"allow_partial_payments" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_settings_single_row" CHECK ("payment_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" varchar(20) NOT NULL,
	"event_id" varchar(255) NOT NULL,
	"type" varchar(100) NOT NULL,
	"payment_id" varchar(255),
	"invoice_id" uuid,
	"outcome" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_payment_id" varchar(255);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_fee" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "provider_events" ADD CONSTRAINT "provider_events_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_events_provider_event_id_key" ON "provider_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "provider_events_payment_id_idx" ON "provider_events" USING btree ("provider","payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_id_key" ON "payments" USING btree ("provider_payment_id");