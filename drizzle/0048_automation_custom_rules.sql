CREATE TABLE "automation_custom_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"trigger" varchar(40) NOT NULL,
	"days" integer NOT NULL,
	"min_amount" numeric(12, 2),
	"step" varchar(10) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"approval" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_custom_rules_trigger" CHECK ("automation_custom_rules"."trigger" in ('proposal_unsigned', 'invoice_overdue', 'inquiry_new', 'project_end_date')),
	CONSTRAINT "automation_custom_rules_step" CHECK ("automation_custom_rules"."step" in ('email', 'todo')),
	CONSTRAINT "automation_custom_rules_body_length" CHECK (char_length("automation_custom_rules"."body") <= 4000)
);
--> statement-breakpoint
CREATE TABLE "mail_opt_outs" (
	"email" varchar(255) PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "automation_runs" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD COLUMN "edited" jsonb;