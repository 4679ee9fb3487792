CREATE TYPE "public"."phase_status" AS ENUM('not_started', 'in_progress', 'waiting_for_client', 'in_review', 'approved');--> statement-breakpoint
CREATE TABLE "deliverable_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"content_hash" varchar(64) NOT NULL,
	"answer" varchar(20) NOT NULL,
	"comment" text,
	"name" varchar(101) NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(500),
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deliverable_answers_answer" CHECK ("deliverable_answers"."answer" in ('approved', 'changes_requested')),
	CONSTRAINT "deliverable_answers_comment_length" CHECK (char_length("deliverable_answers"."comment") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "deliverable_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deliverable_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_viewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "deliverable_version_files" (
	"version_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	CONSTRAINT "deliverable_version_files_version_id_position_pk" PRIMARY KEY("version_id","position")
);
--> statement-breakpoint
CREATE TABLE "deliverable_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deliverable_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"note" text,
	"url" varchar(500),
	"content_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deliverable_versions_note_length" CHECK (char_length("deliverable_versions"."note") <= 2000),
	CONSTRAINT "deliverable_versions_version_positive" CHECK ("deliverable_versions"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "deliverables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"phase_id" uuid NOT NULL,
	"title" varchar(200) NOT NULL,
	"approves_phase" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_checklist_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"phase_id" uuid,
	"label" varchar(300) NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_phases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"status" "phase_status" DEFAULT 'not_started' NOT NULL,
	"planned_start" date,
	"planned_end" date,
	"actual_start" date,
	"actual_end" date,
	"pricing_phase_id" varchar(64),
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_phases_planned_order" CHECK ("project_phases"."planned_end" is null or "project_phases"."planned_start" is null or "project_phases"."planned_end" >= "project_phases"."planned_start"),
	CONSTRAINT "project_phases_actual_order" CHECK ("project_phases"."actual_end" is null or "project_phases"."actual_start" is null or "project_phases"."actual_end" >= "project_phases"."actual_start")
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "room_visible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deliverable_answers" ADD CONSTRAINT "deliverable_answers_version_id_deliverable_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."deliverable_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverable_links" ADD CONSTRAINT "deliverable_links_deliverable_id_deliverables_id_fk" FOREIGN KEY ("deliverable_id") REFERENCES "public"."deliverables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverable_links" ADD CONSTRAINT "deliverable_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverable_version_files" ADD CONSTRAINT "deliverable_version_files_version_id_deliverable_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."deliverable_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverable_version_files" ADD CONSTRAINT "deliverable_version_files_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverable_versions" ADD CONSTRAINT "deliverable_versions_deliverable_id_deliverables_id_fk" FOREIGN KEY ("deliverable_id") REFERENCES "public"."deliverables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverables" ADD CONSTRAINT "deliverables_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverables" ADD CONSTRAINT "deliverables_phase_id_project_phases_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."project_phases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_checklist_items" ADD CONSTRAINT "project_checklist_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_checklist_items" ADD CONSTRAINT "project_checklist_items_phase_id_project_phases_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."project_phases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_phases" ADD CONSTRAINT "project_phases_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deliverable_answers_version_key" ON "deliverable_answers" USING btree ("version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deliverable_links_token_hash_key" ON "deliverable_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "deliverable_links_deliverable_idx" ON "deliverable_links" USING btree ("deliverable_id");--> statement-breakpoint
CREATE INDEX "deliverable_version_files_file_idx" ON "deliverable_version_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deliverable_versions_number_key" ON "deliverable_versions" USING btree ("deliverable_id","version");--> statement-breakpoint
CREATE INDEX "deliverables_project_idx" ON "deliverables" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "deliverables_phase_idx" ON "deliverables" USING btree ("phase_id");--> statement-breakpoint
CREATE INDEX "project_checklist_items_project_idx" ON "project_checklist_items" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "project_phases_project_idx" ON "project_phases" USING btree ("project_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "project_phases_pricing_phase_key" ON "project_phases" USING btree ("project_id","pricing_phase_id") WHERE "project_phases"."pricing_phase_id" is not null;