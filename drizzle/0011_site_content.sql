CREATE TABLE "portfolio_images" (
	"hash" varchar(64) NOT NULL,
	"width" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_images_hash_width_pk" PRIMARY KEY("hash","width")
);
--> statement-breakpoint
CREATE TABLE "pricing_banner" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"what_you_get" jsonb NOT NULL,
	"includes" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricing_banner_single_row" CHECK ("pricing_banner"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "pricing_packages" ADD COLUMN "highlight_label" varchar(40) DEFAULT 'Most Popular' NOT NULL;--> statement-breakpoint
-- custom SQL (keep on renumbering)
-- the seeded sample projects link to our own pages that say they are samples (issue 16)
UPDATE "portfolio_items" SET "link" = '/portfolio/samples/plankandco' WHERE "link" = 'https://plankandco.example';--> statement-breakpoint
UPDATE "portfolio_items" SET "link" = '/portfolio/samples/murmur' WHERE "link" = 'https://murmur.example';--> statement-breakpoint
UPDATE "portfolio_items" SET "link" = '/portfolio/samples/tradeloop' WHERE "link" = 'https://tradeloop.example';
