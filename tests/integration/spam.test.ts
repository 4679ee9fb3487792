import { expect, it } from "vitest";
import { contactSubmissions, suspectedSpam } from "#app/db/schema.ts";
import { countSubmissionsByStatus } from "#app/models/contact-submissions.server.ts";
import { deleteSpamForGood, keepSpam, purgeOldSpam, restoreSpam, spamRetentionMs } from "#app/services/spam.server.ts";
import { describeEachDatabase } from "../support/database.ts";

const fields = {
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.test",
  project_type: "webapp",
  message: "A real person, caught by the time trap.",
};

describeEachDatabase("suspected spam", (database) => {
  it("restores a kept post into the inbox as a new submission, counted from then on", async () => {
    const db = database().db;
    const kept = await keepSpam(db, "too-fast", fields);
    expect((await countSubmissionsByStatus(db)).new).toBe(0);
    const restored = await restoreSpam(db, kept.id);
    expect(restored.ok).toBe(true);
    const [submission] = await db.select().from(contactSubmissions);
    expect(submission).toMatchObject({ name: "Ada Lovelace", email: "ada@example.test", status: "new" });
    expect((await countSubmissionsByStatus(db)).new).toBe(1);
    expect(await db.select().from(suspectedSpam)).toEqual([]);
    expect(await restoreSpam(db, kept.id)).toMatchObject({ ok: false });
  });

  it("says why a post that fails the form's rules cannot be restored, and keeps it", async () => {
    const db = database().db;
    const kept = await keepSpam(db, "honeypot", { message: "buy now", company_website: "http://spam.example" });
    const restored = await restoreSpam(db, kept.id);
    expect(restored).toMatchObject({ ok: false });
    if (!restored.ok) expect(restored.message).toMatch(/^This message cannot be restored: /);
    expect(await db.select().from(suspectedSpam)).toHaveLength(1);
  });

  it("deletes for good, and forgets what is older than 30 days", async () => {
    const db = database().db;
    const one = await keepSpam(db, "honeypot", fields);
    await keepSpam(db, "too-fast", fields);
    expect(await deleteSpamForGood(db, one.id)).toBe(true);
    expect(await db.select().from(suspectedSpam)).toHaveLength(1);
    await purgeOldSpam(db, new Date(Date.now() + spamRetentionMs - 60_000));
    expect(await db.select().from(suspectedSpam)).toHaveLength(1);
    await purgeOldSpam(db, new Date(Date.now() + spamRetentionMs + 60_000));
    expect(await db.select().from(suspectedSpam)).toEqual([]);
  });
});
