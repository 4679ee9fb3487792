CREATE TABLE "stored_file_chunks" (
	"file_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "stored_file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
CREATE TABLE "stored_file_variants" (
	"sha256" char(64) NOT NULL,
	"width" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_file_variants_sha256_width_pk" PRIMARY KEY("sha256","width")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid,
	"project_id" uuid,
	"sha256" char(64) NOT NULL,
	"size" bigint NOT NULL,
	"content_type" varchar(40) NOT NULL,
	"name" varchar(300) NOT NULL,
	"uploaded_by" varchar(10) NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_uploaded_by" CHECK ("stored_files"."uploaded_by" in ('owner', 'client')),
	CONSTRAINT "stored_files_content_type" CHECK ("stored_files"."content_type" in ('image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf', 'application/zip')),
	CONSTRAINT "stored_files_size" CHECK ("stored_files"."size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_project_idx" ON "stored_files" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "stored_files_customer_idx" ON "stored_files" USING btree ("customer_id");