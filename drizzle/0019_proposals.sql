-- Proposals (docs/decisions/0033-proposals.md): package tiers and add-ons (options, JSON), an agreement, a deposit,
-- and once signed the signature's record (who, when, from where, the SHA-256 of the version, the choice).
-- Proposal links are kept as SHA-256 only. The number counters become one row per sequence (varchar):
-- invoices, estimates and credit notes as before, and proposals (PRO-0001).
CREATE TYPE "public"."proposal_status" AS ENUM('draft', 'sent', 'viewed', 'signed', 'declined', 'revoked');--> statement-breakpoint
CREATE TABLE "proposal_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "proposal_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposal_versions_reason_length" CHECK (char_length("proposal_versions"."reason") <= 500)
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_number" varchar(32) NOT NULL,
	"customer_id" uuid NOT NULL,
	"project_id" uuid,
	"title" varchar(200) NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"options" jsonb NOT NULL,
	"agreement" text NOT NULL,
	"expires_on" date NOT NULL,
	"tax_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"deposit_kind" varchar(10) DEFAULT 'percent' NOT NULL,
	"deposit_value" numeric(12, 2) DEFAULT '0' NOT NULL,
	"status" "proposal_status" DEFAULT 'draft' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"signer_name" varchar(200),
	"signer_ip" varchar(64),
	"signer_user_agent" varchar(500),
	"signature_image" text,
	"content_hash" varchar(64),
	"chosen_tier_id" varchar(8),
	"chosen_addon_ids" jsonb,
	"signed_total" numeric(12, 2),
	"deposit_amount" numeric(12, 2),
	"deposit_invoice_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposals_deposit_kind" CHECK ("proposals"."deposit_kind" in ('percent', 'amount')),
	CONSTRAINT "proposals_deposit_percent" CHECK ("proposals"."deposit_kind" <> 'percent' or "proposals"."deposit_value" <= 100),
	CONSTRAINT "proposals_deposit_value_non_negative" CHECK ("proposals"."deposit_value" >= 0),
	CONSTRAINT "proposals_tax_rate_range" CHECK ("proposals"."tax_rate" >= 0 and "proposals"."tax_rate" <= 100),
	CONSTRAINT "proposals_signed_record" CHECK (("proposals"."status" = 'signed') = ("proposals"."signed_at" is not null and "proposals"."signer_name" is not null and "proposals"."content_hash" is not null and "proposals"."chosen_tier_id" is not null and "proposals"."signed_total" is not null)),
	CONSTRAINT "proposals_introduction_length" CHECK (char_length("proposals"."introduction") <= 5000),
	CONSTRAINT "proposals_scope_length" CHECK (char_length("proposals"."scope") <= 5000),
	CONSTRAINT "proposals_agreement_length" CHECK (char_length("proposals"."agreement") <= 20000),
	CONSTRAINT "proposals_signature_image_length" CHECK (char_length("proposals"."signature_image") <= 200000)
);
--> statement-breakpoint
ALTER TABLE "document_number_counters" RENAME COLUMN "invoice_type" TO "sequence";--> statement-breakpoint
ALTER TABLE "document_number_counters" ALTER COLUMN "sequence" SET DATA TYPE varchar(20) USING "sequence"::text;--> statement-breakpoint
ALTER TABLE "proposal_links" ADD CONSTRAINT "proposal_links_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_versions" ADD CONSTRAINT "proposal_versions_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_versions" ADD CONSTRAINT "proposal_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_deposit_invoice_id_invoices_id_fk" FOREIGN KEY ("deposit_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_links_token_hash_key" ON "proposal_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "proposal_links_proposal_id_idx" ON "proposal_links" USING btree ("proposal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_versions_proposal_revision_key" ON "proposal_versions" USING btree ("proposal_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_proposal_number_key" ON "proposals" USING btree ("proposal_number");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_deposit_invoice_id_key" ON "proposals" USING btree ("deposit_invoice_id");--> statement-breakpoint
CREATE INDEX "proposals_created_at_idx" ON "proposals" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "proposals_customer_id_idx" ON "proposals" USING btree ("customer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "proposals_status_idx" ON "proposals" USING btree ("status");--> statement-breakpoint
ALTER TABLE "document_number_counters" ADD CONSTRAINT "document_number_counters_sequence_known" CHECK ("document_number_counters"."sequence" in ('invoice', 'estimate', 'credit_note', 'proposal'));