-- What a new proposal starts with (docs/decisions/0033-proposals.md): the agreement template, the deposit
-- percentage and the validity in days, one row, edited in Settings. Without a row the domain's defaults apply.
CREATE TABLE "proposal_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"agreement_template" text NOT NULL,
	"deposit_percent" numeric(5, 2) DEFAULT '50' NOT NULL,
	"valid_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposal_settings_single_row" CHECK ("proposal_settings"."id" = 1),
	CONSTRAINT "proposal_settings_deposit_percent" CHECK ("proposal_settings"."deposit_percent" >= 0 and "proposal_settings"."deposit_percent" <= 100),
	CONSTRAINT "proposal_settings_valid_days" CHECK ("proposal_settings"."valid_days" between 1 and 365),
	CONSTRAINT "proposal_settings_agreement_template_length" CHECK (char_length("proposal_settings"."agreement_template") <= 20000)
);
