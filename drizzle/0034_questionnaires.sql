CREATE TABLE "questionnaire_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"kind" varchar(20) NOT NULL,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "questionnaire_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"questionnaire_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"project_id" uuid,
	"proposal_id" uuid,
	"state" varchar(20) DEFAULT 'sent' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reopen_reason" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaire_requests_state" CHECK ("questionnaire_requests"."state" in ('sent', 'in_progress', 'submitted', 'reopened'))
);
--> statement-breakpoint
CREATE TABLE "questionnaire_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"questionnaire_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"questions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(200) NOT NULL,
	"project_type" varchar(50),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"field" varchar(30) NOT NULL,
	"question_label" varchar(200) NOT NULL,
	"proposed_value" text NOT NULL,
	"current_value" text,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"accepted_value" text,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_items_status" CHECK ("review_items"."status" in ('pending', 'accepted', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "questionnaire_id" uuid;--> statement-breakpoint
ALTER TABLE "questionnaire_events" ADD CONSTRAINT "questionnaire_events_request_id_questionnaire_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."questionnaire_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_links" ADD CONSTRAINT "questionnaire_links_request_id_questionnaire_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."questionnaire_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_requests" ADD CONSTRAINT "questionnaire_requests_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_requests" ADD CONSTRAINT "questionnaire_requests_version_id_questionnaire_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."questionnaire_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_requests" ADD CONSTRAINT "questionnaire_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_requests" ADD CONSTRAINT "questionnaire_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_requests" ADD CONSTRAINT "questionnaire_requests_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_versions" ADD CONSTRAINT "questionnaire_versions_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_request_id_questionnaire_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."questionnaire_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questionnaire_events_request_id_idx" ON "questionnaire_events" USING btree ("request_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_links_token_hash_key" ON "questionnaire_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "questionnaire_links_request_id_idx" ON "questionnaire_links" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_requests_proposal_id_key" ON "questionnaire_requests" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "questionnaire_requests_customer_id_idx" ON "questionnaire_requests" USING btree ("customer_id","sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "questionnaire_requests_project_id_idx" ON "questionnaire_requests" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_versions_version_key" ON "questionnaire_versions" USING btree ("questionnaire_id","version");--> statement-breakpoint
CREATE INDEX "review_items_pending_idx" ON "review_items" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "review_items_customer_id_idx" ON "review_items" USING btree ("customer_id","status");--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE set null ON UPDATE no action;