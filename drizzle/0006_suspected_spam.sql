CREATE TABLE "suspected_spam" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reason" varchar(30) NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "suspected_spam_created_at_idx" ON "suspected_spam" USING btree ("created_at" DESC NULLS FIRST);