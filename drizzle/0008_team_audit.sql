ALTER TYPE "public"."auth_token_purpose" ADD VALUE 'invitation';--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "email" varchar(255);--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "roles" "role"[];--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "invited_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name" varchar(200);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_event_created_at_idx" ON "audit_log" USING btree ("event","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- custom SQL (keep on renumbering)
-- The audit log is append-only (ADR 0027): UPDATE and DELETE are refused. The one change let
-- through is the foreign key's ON DELETE SET NULL of user_id (the email column keeps who it was).
-- TRUNCATE (restore --force, tests) is a whole-table operation outside these row triggers.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW."user_id" IS NULL
    AND (NEW."id", NEW."event", NEW."email", NEW."ip_address", NEW."detail"::text, NEW."created_at")
      IS NOT DISTINCT FROM (OLD."id", OLD."event", OLD."email", OLD."ip_address", OLD."detail"::text, OLD."created_at")
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update" BEFORE UPDATE ON "audit_log"
FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_delete" BEFORE DELETE ON "audit_log"
FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
