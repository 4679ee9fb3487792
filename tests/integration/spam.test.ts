import { expect, it } from "vitest";
import { contactSubmissions, suspectedSpam } from "#app/db/schema.ts";
import { startOfTodayIn } from "#app/domain/dates.ts";
import { spamMessages } from "#app/domain/spam.ts";
import { countSubmissionsByStatus } from "#app/models/contact-submissions.server.ts";
import { countSpam } from "#app/models/suspected-spam.server.ts";
import * as layoutRoute from "#app/routes/admin/layout.tsx";
import * as spamRoute from "#app/routes/admin/spam.tsx";
import { deleteSpamForGood, keepSpam, purgeOldSpam, restoreSpam, spamRetentionMs } from "#app/services/spam.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { routeHarness } from "../support/routes.ts";

const fields = {
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.test",
  project_type: "webapp",
  message: "A real person, caught by the time trap.",
};

describeEachDatabase("suspected spam", (database) => {
  const { call, cookieFor } = routeHarness(database);

  it("the page's Restore and Delete refuse on the page, never with a redirect: gone is 404, a post failing the rules 409", async () => {
    const db = database().db;
    const admin = await cookieFor("owner@studio.test", true);
    const post = (form: Record<string, string>) => call(spamRoute.action, "/admin/spam", { cookie: admin, form });
    const refusal = (message: string) => ({
      form: "spam",
      result: { status: "error", error: { "": [message] } },
      toast: { type: "error", message },
    });

    const malformed = await post({ intent: "restore", id: "not-an-id" });
    expect(malformed.status).toBe(404);
    expect(malformed.data).toMatchObject(refusal(spamMessages.gone));

    const junk = await keepSpam(db, "honeypot", { message: "buy now", company_website: "http://spam.example" });
    const refused = await post({ intent: "restore", id: junk.id });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.data)).toContain("This message cannot be restored: ");

    expect((await post({ intent: "delete", id: junk.id })).status).toBe(302);
    const again = await post({ intent: "delete", id: junk.id });
    expect(again.status).toBe(404);
    expect(again.data).toMatchObject(refusal(spamMessages.gone));
    const gone = await post({ intent: "restore", id: junk.id });
    expect(gone.status).toBe(404);
    expect(JSON.stringify(gone.data)).toContain("This message is no longer in Spam.");

    expect((await post({ intent: "archive", id: junk.id })).status).toBe(400);
  });

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

  it("counts what is held, and what was held since the studio's midnight (the inbox's 'today')", async () => {
    const db = database().db;
    const zone = "America/Los_Angeles";
    // 07:30 UTC on Nov 27 is still Nov 26 in Los Angeles: its today began at 08:00 UTC on the 26th
    const now = new Date("2026-11-27T07:30:00Z");
    const midnight = startOfTodayIn(zone, now);
    expect(midnight.toISOString()).toBe("2026-11-26T08:00:00.000Z");
    await db.insert(suspectedSpam).values([
      { reason: "honeypot", fields, createdAt: new Date(midnight.getTime() - 1) },
      { reason: "too-fast", fields, createdAt: midnight },
      { reason: "too-fast", fields, createdAt: new Date(now.getTime() - 60_000) },
    ]);
    expect(await countSpam(db)).toBe(3);
    expect(await countSpam(db, midnight)).toBe(2);
    expect(await countSpam(db, startOfTodayIn("UTC", now))).toBe(1);

    // the layout's loader gives the sidebar the count
    const admin = await cookieFor("owner@studio.test", true);
    const page = await call(layoutRoute.loader, "/admin/dashboard", { cookie: admin });
    expect(page.data).toMatchObject({ spam: 3 });
  });
});
