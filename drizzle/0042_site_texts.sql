CREATE TABLE "site_texts" (
	"block" text PRIMARY KEY NOT NULL,
	"fields" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
