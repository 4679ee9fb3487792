CREATE TABLE "studio_logo" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"data" "bytea" NOT NULL,
	"mime_type" varchar(20) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_logo_single_row" CHECK ("studio_logo"."id" = 1),
	CONSTRAINT "studio_logo_mime_type" CHECK ("studio_logo"."mime_type" in ('image/png', 'image/jpeg')),
	CONSTRAINT "studio_logo_size" CHECK (octet_length("studio_logo"."data") between 1 and 1048576)
);
