CREATE TYPE "public"."installment_kind" AS ENUM('deposit', 'milestone', 'balance');--> statement-breakpoint
CREATE TABLE "contract_installments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"label" varchar(200) NOT NULL,
	"kind" "installment_kind" NOT NULL,
	"basis" varchar(10),
	"basis_value" numeric(12, 2),
	"amount" numeric(12, 2) NOT NULL,
	"due_on" date,
	"due_phase_id" varchar(64),
	"due_phase_name" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_installments_basis" CHECK ("contract_installments"."basis" is null or "contract_installments"."basis" in ('percent', 'amount')),
	CONSTRAINT "contract_installments_balance_is_the_rest" CHECK (("contract_installments"."kind" = 'balance') = ("contract_installments"."basis" is null)),
	CONSTRAINT "contract_installments_basis_value" CHECK (("contract_installments"."basis" is null) = ("contract_installments"."basis_value" is null)),
	CONSTRAINT "contract_installments_basis_positive" CHECK ("contract_installments"."basis_value" is null or "contract_installments"."basis_value" > 0),
	CONSTRAINT "contract_installments_percent" CHECK ("contract_installments"."basis" is distinct from 'percent' or "contract_installments"."basis_value" <= 100),
	CONSTRAINT "contract_installments_one_due" CHECK ("contract_installments"."due_on" is null or "contract_installments"."due_phase_id" is null),
	CONSTRAINT "contract_installments_phase_named" CHECK (("contract_installments"."due_phase_id" is null) = ("contract_installments"."due_phase_name" is null)),
	CONSTRAINT "contract_installments_amount_non_negative" CHECK ("contract_installments"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"project_id" uuid,
	"title" varchar(200) NOT NULL,
	"source_proposal_id" uuid,
	"source_estimate_id" uuid,
	"lines" jsonb NOT NULL,
	"tax_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"subtotal" numeric(12, 2) NOT NULL,
	"tax_amount" numeric(12, 2) NOT NULL,
	"discount_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_one_source" CHECK (("contracts"."source_proposal_id" is null) <> ("contracts"."source_estimate_id" is null)),
	CONSTRAINT "contracts_tax_rate_range" CHECK ("contracts"."tax_rate" >= 0 and "contracts"."tax_rate" <= 100),
	CONSTRAINT "contracts_totals" CHECK ("contracts"."total_amount" = "contracts"."subtotal" + "contracts"."tax_amount" - "contracts"."discount_amount"),
	CONSTRAINT "contracts_subtotal_non_negative" CHECK ("contracts"."subtotal" >= 0),
	CONSTRAINT "contracts_discount_amount_non_negative" CHECK ("contracts"."discount_amount" >= 0),
	CONSTRAINT "contracts_total_amount_non_negative" CHECK ("contracts"."total_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "customer_credit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" varchar(12) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"entry_date" date NOT NULL,
	"credit_note_id" uuid,
	"invoice_id" uuid,
	"payment_id" uuid,
	"method" varchar(20),
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_credit_entries_kind" CHECK ("customer_credit_entries"."kind" in ('credit_note', 'applied', 'refunded')),
	CONSTRAINT "customer_credit_entries_sign" CHECK (("customer_credit_entries"."kind" = 'credit_note') = ("customer_credit_entries"."amount" > 0) and "customer_credit_entries"."amount" <> 0),
	CONSTRAINT "customer_credit_entries_credit_note" CHECK (("customer_credit_entries"."kind" = 'credit_note') = ("customer_credit_entries"."credit_note_id" is not null)),
	CONSTRAINT "customer_credit_entries_applied" CHECK (("customer_credit_entries"."kind" = 'applied') = ("customer_credit_entries"."invoice_id" is not null and "customer_credit_entries"."payment_id" is not null)),
	CONSTRAINT "customer_credit_entries_refunded" CHECK (("customer_credit_entries"."kind" = 'refunded') = ("customer_credit_entries"."method" is not null)),
	CONSTRAINT "customer_credit_entries_note_length" CHECK (char_length("customer_credit_entries"."note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_method_known";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_method_known";--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD COLUMN "kind" varchar(10) DEFAULT 'item' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD COLUMN "deducted_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "contract_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "contract_installment_id" uuid;--> statement-breakpoint
ALTER TABLE "contract_installments" ADD CONSTRAINT "contract_installments_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_source_proposal_id_proposals_id_fk" FOREIGN KEY ("source_proposal_id") REFERENCES "public"."proposals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_source_estimate_id_invoices_id_fk" FOREIGN KEY ("source_estimate_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_credit_entries" ADD CONSTRAINT "customer_credit_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_credit_entries" ADD CONSTRAINT "customer_credit_entries_credit_note_id_invoices_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_credit_entries" ADD CONSTRAINT "customer_credit_entries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_credit_entries" ADD CONSTRAINT "customer_credit_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_credit_entries" ADD CONSTRAINT "customer_credit_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_installments_contract_idx" ON "contract_installments" USING btree ("contract_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_installments_one_balance_key" ON "contract_installments" USING btree ("contract_id") WHERE "contract_installments"."kind" = 'balance';--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_source_proposal_id_key" ON "contracts" USING btree ("source_proposal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_source_estimate_id_key" ON "contracts" USING btree ("source_estimate_id");--> statement-breakpoint
CREATE INDEX "contracts_customer_id_idx" ON "contracts" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "contracts_project_id_idx" ON "contracts" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_credit_entries_credit_note_key" ON "customer_credit_entries" USING btree ("credit_note_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_credit_entries_payment_key" ON "customer_credit_entries" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "customer_credit_entries_customer_idx" ON "customer_credit_entries" USING btree ("customer_id","created_at");--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_deducted_invoice_id_invoices_id_fk" FOREIGN KEY ("deducted_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_contract_installment_id_contract_installments_id_fk" FOREIGN KEY ("contract_installment_id") REFERENCES "public"."contract_installments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_line_items_deducted_invoice_idx" ON "invoice_line_items" USING btree ("deducted_invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_contract_installment_live_key" ON "invoices" USING btree ("contract_installment_id") WHERE "invoices"."voided_at" is null;--> statement-breakpoint
CREATE INDEX "invoices_contract_id_idx" ON "invoices" USING btree ("contract_id");--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_kind" CHECK ("invoice_line_items"."kind" in ('item', 'deduction'));--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_deduction_link" CHECK (("invoice_line_items"."kind" = 'deduction') = ("invoice_line_items"."deducted_invoice_id" is not null));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_installment_of_contract" CHECK ("invoices"."contract_installment_id" is null or "invoices"."contract_id" is not null);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_known" CHECK ("payments"."method" in ('bank_transfer', 'card', 'cash', 'check', 'other', 'customer_credit'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method_known" CHECK ("refunds"."method" in ('bank_transfer', 'card', 'cash', 'check', 'other', 'customer_credit'));