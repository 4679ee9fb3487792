-- Exact per-status counts of contact_submissions, kept by statement-level
-- triggers (one counter update per statement, however many rows it touched).
INSERT INTO "contact_submission_counts" ("status", "total")
SELECT s.status, (SELECT count(*) FROM "contact_submissions" c WHERE c.status = s.status)
FROM unnest(enum_range(NULL::"submission_status")) AS s(status)
ON CONFLICT ("status") DO UPDATE SET "total" = EXCLUDED."total";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "contact_submission_counts_apply"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "contact_submission_counts" c SET "total" = c."total" + d.n
    FROM (SELECT "status", count(*) AS n FROM new_rows GROUP BY "status") d
    WHERE c."status" = d."status";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "contact_submission_counts" c SET "total" = c."total" - d.n
    FROM (SELECT "status", count(*) AS n FROM old_rows GROUP BY "status") d
    WHERE c."status" = d."status";
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE "contact_submission_counts" c SET "total" = c."total" + d.delta
    FROM (
      SELECT "status", sum(delta) AS delta
      FROM (SELECT "status", 1 AS delta FROM new_rows UNION ALL SELECT "status", -1 FROM old_rows) AS changes
      GROUP BY "status"
    ) d
    WHERE c."status" = d."status" AND d.delta <> 0;
  ELSIF TG_OP = 'TRUNCATE' THEN
    UPDATE "contact_submission_counts" SET "total" = 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "contact_submissions_count_insert"
AFTER INSERT ON "contact_submissions" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "contact_submission_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "contact_submissions_count_update"
AFTER UPDATE ON "contact_submissions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "contact_submission_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "contact_submissions_count_delete"
AFTER DELETE ON "contact_submissions" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "contact_submission_counts_apply"();
--> statement-breakpoint
-- TRUNCATE bypasses row and delete triggers: reset the counts with it.
CREATE TRIGGER "contact_submissions_count_truncate"
AFTER TRUNCATE ON "contact_submissions"
FOR EACH STATEMENT EXECUTE FUNCTION "contact_submission_counts_apply"();
