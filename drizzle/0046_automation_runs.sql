CREATE TYPE "public"."automation_run_status" AS ENUM('scheduled', 'waiting_approval', 'sent', 'skipped', 'failed');--> statement-breakpoint
CREATE TABLE "automation_rules" (
	"key" varchar(60) PRIMARY KEY NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule" varchar(60) NOT NULL,
	"subject_type" varchar(40) NOT NULL,
	"subject_id" varchar(80) NOT NULL,
	"subject_label" varchar(300) DEFAULT '' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" "automation_run_status" DEFAULT 'scheduled' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" varchar(1000),
	"reason" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "automation_runs_once" ON "automation_runs" USING btree ("rule","subject_type","subject_id","due_at");--> statement-breakpoint
CREATE INDEX "automation_runs_due_idx" ON "automation_runs" USING btree ("status","next_attempt_at","due_at");--> statement-breakpoint
CREATE INDEX "automation_runs_created_idx" ON "automation_runs" USING btree ("created_at");