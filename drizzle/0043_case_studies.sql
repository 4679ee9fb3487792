CREATE TYPE "public"."testimonial_permission" AS ENUM('none', 'client_form', 'owner_note');--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" uuid,
	"project_id" uuid,
	"author_name" varchar(120) NOT NULL,
	"author_role" varchar(120) DEFAULT '' NOT NULL,
	"quote" text NOT NULL,
	"rating" smallint,
	"permission" "testimonial_permission" DEFAULT 'none' NOT NULL,
	"permission_note" varchar(300) DEFAULT '' NOT NULL,
	"permission_at" timestamp with time zone,
	"featured" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testimonials_quote_length" CHECK (char_length("testimonials"."quote") <= 600),
	CONSTRAINT "testimonials_rating_range" CHECK ("testimonials"."rating" is null or "testimonials"."rating" between 1 and 5),
	CONSTRAINT "testimonials_featured_shown" CHECK (not "testimonials"."featured" or ("testimonials"."permission" <> 'none' and ("testimonials"."rating" is null or "testimonials"."rating" > 3)))
);
--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "slug" varchar(80);--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "project_id" uuid;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "problem" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "built" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "results" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "testimonial_id" integer;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD CONSTRAINT "portfolio_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD CONSTRAINT "portfolio_items_testimonial_id_testimonials_id_fk" FOREIGN KEY ("testimonial_id") REFERENCES "public"."testimonials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_items_slug_key" ON "portfolio_items" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD CONSTRAINT "portfolio_items_problem_length" CHECK (char_length("portfolio_items"."problem") <= 2000);--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD CONSTRAINT "portfolio_items_built_length" CHECK (char_length("portfolio_items"."built") <= 2000);--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD CONSTRAINT "portfolio_items_results_length" CHECK (char_length("portfolio_items"."results") <= 1000);