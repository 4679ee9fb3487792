-- Booking the free consultation (docs/decisions/0032-booking.md): the owner's availability (one row) and the
-- bookings. No two booked rows share a start (the partial unique index bookings_booked_slot_key: slots lie on
-- a fixed grid, so the start names the slot); a cancelled row frees its time. The visitor's link to cancel or
-- move is kept as its SHA-256 only (manage_token_hash), replaced or cleared each time it is used.
CREATE TYPE "public"."booking_status" AS ENUM('booked', 'cancelled');--> statement-breakpoint
CREATE TABLE "booking_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"weekly_hours" jsonb NOT NULL,
	"session_minutes" integer DEFAULT 30 NOT NULL,
	"buffer_before_minutes" integer DEFAULT 0 NOT NULL,
	"buffer_after_minutes" integer DEFAULT 15 NOT NULL,
	"minimum_notice_minutes" integer DEFAULT 1440 NOT NULL,
	"horizon_days" integer DEFAULT 21 NOT NULL,
	"daily_cap" integer DEFAULT 4 NOT NULL,
	"days_off" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_settings_single_row" CHECK ("booking_settings"."id" = 1),
	CONSTRAINT "booking_settings_session" CHECK ("booking_settings"."session_minutes" between 10 and 240),
	CONSTRAINT "booking_settings_ranges" CHECK ("booking_settings"."buffer_before_minutes" between 0 and 240 and "booking_settings"."buffer_after_minutes" between 0 and 240 and "booking_settings"."minimum_notice_minutes" >= 0 and "booking_settings"."horizon_days" between 1 and 365 and "booking_settings"."daily_cap" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"name" varchar(101) NOT NULL,
	"email" varchar(255) NOT NULL,
	"note" text,
	"time_zone" varchar(64),
	"status" "booking_status" DEFAULT 'booked' NOT NULL,
	"contact_submission_id" uuid,
	"customer_id" uuid,
	"manage_token_hash" varchar(64),
	"sequence" integer DEFAULT 0 NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_note_length" CHECK (char_length("bookings"."note") <= 1000),
	CONSTRAINT "bookings_ends_after_start" CHECK ("bookings"."ends_at" > "bookings"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_contact_submission_id_contact_submissions_id_fk" FOREIGN KEY ("contact_submission_id") REFERENCES "public"."contact_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_booked_slot_key" ON "bookings" USING btree ("starts_at") WHERE "bookings"."status" = 'booked';--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_manage_token_hash_key" ON "bookings" USING btree ("manage_token_hash");--> statement-breakpoint
CREATE INDEX "bookings_starts_at_idx" ON "bookings" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "bookings_email_idx" ON "bookings" USING btree (lower("email"));