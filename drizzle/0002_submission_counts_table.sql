CREATE TABLE "contact_submission_counts" (
	"status" "submission_status" PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contact_submissions_status_type_idx" ON "contact_submissions" USING btree ("status","project_type","created_at" DESC NULLS LAST);