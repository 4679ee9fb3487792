ALTER TYPE "public"."invoice_send_kind" ADD VALUE 'revision';--> statement-breakpoint
ALTER TYPE "public"."invoice_send_kind" ADD VALUE 'void';--> statement-breakpoint
ALTER TYPE "public"."invoice_send_kind" ADD VALUE 'receipt';--> statement-breakpoint
CREATE TABLE "email_style" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"accent_colour" varchar(7) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_style_single_row" CHECK ("email_style"."id" = 1),
	CONSTRAINT "email_style_accent_colour" CHECK ("email_style"."accent_colour" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"key" varchar(40) PRIMARY KEY NOT NULL,
	"subject" varchar(300) NOT NULL,
	"opening" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_attachments" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "content" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "html";--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_content_or_source" CHECK (("mail_attachments"."content" is null) <> ("mail_attachments"."source" is null));