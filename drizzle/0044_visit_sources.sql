CREATE TABLE "source_visits" (
	"day" date NOT NULL,
	"source" varchar(100) NOT NULL,
	"medium" varchar(100) NOT NULL,
	"campaign" varchar(100) NOT NULL,
	"visits" integer NOT NULL,
	CONSTRAINT "source_visits_day_source_medium_campaign_pk" PRIMARY KEY("day","source","medium","campaign")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "touches" jsonb;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "touches" jsonb;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "source_correction" jsonb;