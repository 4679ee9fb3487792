/**
 * The audit log (ADR 0027): the model only appends and reads; the page is newest first, paged by
 * keyset without losing or repeating rows (even rows written in the same microsecond), filtered by
 * event and by user; unknown events show their raw name; settings saves are recorded.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, contactSubmissions, suspectedSpam } from "#app/db/schema.ts";
import { auditPageSize } from "#app/domain/audit.ts";
import * as auditModel from "#app/models/audit-log.server.ts";
import * as auditPage from "#app/routes/admin/audit.tsx";
import * as inbox from "#app/routes/admin/inbox.tsx";
import * as settings from "#app/routes/admin/settings.tsx";
import * as settingsLogo from "#app/routes/admin/settings-logo.ts";
import * as spam from "#app/routes/admin/spam.tsx";
import { auditedChange } from "#app/services/audit.server.ts";
import { createOrUpdateAccount } from "#app/services/auth/accounts.server.ts";
import { deleteSpamForGood } from "#app/services/spam.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { routeHarness } from "../support/routes.ts";

describe("the audit-log model", () => {
  it("exports no way to change or remove an entry", () => {
    const names = Object.keys(auditModel);
    expect(names).toContain("insertAuditEntry");
    expect(names.filter((name) => /update|delete|remove|purge|truncate|clear|edit|set/i.test(name))).toEqual([]);
  });
});

type PageData = {
  entries: { id: string; event: string; label: string; email: string | null; detail: string; ip: string | null }[];
  olderHref: string | null;
};

describeEachDatabase("audit log page", (database) => {
  const { call, cookieFor } = routeHarness(database);

  it("pages through every entry once, newest first, including entries with the same time", async () => {
    const admin = await cookieFor("owner@studio.test", true);
    const sameTime = new Date("2026-03-01T10:00:00.123456Z");
    const rows = Array.from({ length: auditPageSize * 2 + 7 }, (_, i) => ({
      event: i % 3 === 0 ? "signin_failure" : "future_event_kind",
      email: `visitor${i}@studio.test`,
      ipAddress: "203.0.113.9",
      detail: { attempt: i },
      // ten rows share one instant; the rest are a second apart
      createdAt: i < 10 ? sameTime : new Date(sameTime.getTime() - i * 1000),
    }));
    await database().db.insert(auditLog).values(rows);
    const seen: string[] = [];
    let href: string | null = "/admin/audit";
    let pages = 0;
    while (href && pages < 10) {
      const page = await call(auditPage.loader, href, { cookie: admin });
      expect(page.status).toBe(200);
      const data = page.data as PageData;
      seen.push(
        ...data.entries.filter((entry) => entry.email?.startsWith("visitor")).map((entry) => entry.email ?? ""),
      );
      href = data.olderHref;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(rows.length);
    expect(new Set(seen).size).toBe(rows.length);

    const filtered = (await call(auditPage.loader, "/admin/audit?event=signin_failure", { cookie: admin }))
      .data as PageData;
    expect(filtered.entries.length).toBeGreaterThan(0);
    expect(filtered.entries.every((entry) => entry.event === "signin_failure")).toBe(true);
    expect(filtered.entries[0]?.label).toBe("Sign-in failed");
    const unknown = (await call(auditPage.loader, "/admin/audit?event=future_event_kind", { cookie: admin }))
      .data as PageData;
    expect(unknown.entries[0]?.label).toBe("future_event_kind");
    expect(unknown.entries[0]?.detail).toMatch(/^attempt: \d+$/);

    // malformed filters and cursors are ignored, never an error
    for (const bad of [
      "?before=garbage",
      "?before=2026-01-01T00:00:00Z_nope",
      "?user=%27%20or%201=1",
      "?event=DROP%20TABLE",
    ]) {
      expect((await call(auditPage.loader, `/admin/audit${bad}`, { cookie: admin })).status).toBe(200);
    }
  });

  it("filters by user, records settings saves with who and where, and refuses staff", async () => {
    const admin = await cookieFor("owner@studio.test", true);
    const staff = await cookieFor("staff@studio.test", false);
    const saved = await call(settings.action, "/admin/settings", {
      cookie: admin,
      form: {
        intent: "identity",
        business_name: "Acme <img src=x onerror=alert(1)>",
        contact_name: "Ada",
        email: "ada@acme.test",
      },
    });
    expect(saved.status).toBe(302);
    const { userId } = await createOrUpdateAccount(database().db, {
      email: "owner@studio.test",
      admin: true,
    });
    const page = (await call(auditPage.loader, `/admin/audit?user=${userId}`, { cookie: admin })).data as PageData;
    const entry = page.entries.find((row) => row.event === "business_settings_saved");
    expect(entry).toMatchObject({ email: "owner@studio.test", ip: "127.0.0.1", label: "Business settings saved" });
    expect(entry?.detail).toContain("Acme");
    expect(page.entries.every((row) => row.email === "owner@studio.test")).toBe(true);
    expect((await call(auditPage.loader, "/admin/audit", { cookie: staff })).status).toBe(403);
    expect((await call(auditPage.loader, "/admin/audit")).status).toBe(302);
  });

  it("records conversions, spam deleted and restored, and the logo removed, with who and where", async () => {
    const admin = await cookieFor("owner@studio.test", true);
    const db = database().db;
    const [submission] = await db
      .insert(contactSubmissions)
      .values({ name: "Ada Lead", email: "ada@submission.test", projectType: "quote", message: "hi" })
      .returning();
    const converted = await call(inbox.action, "/admin/dashboard", {
      cookie: admin,
      form: { intent: "convert", id: submission?.id ?? "", name: "Ada Lead", email: "ada@submission.test" },
    });
    expect(converted.status).toBe(302);
    const spamRows = await db
      .insert(suspectedSpam)
      .values([
        { reason: "honeypot", fields: { first_name: "Bot", email: "bot@x.test", message: "m", project_type: "quote" } },
        {
          reason: "too-fast",
          fields: {
            first_name: "Real",
            last_name: "Person",
            email: "real@x.test",
            message: "m",
            project_type: "quote",
          },
        },
      ])
      .returning();
    await call(spam.action, "/admin/spam", { cookie: admin, form: { intent: "delete", id: spamRows[0]?.id ?? "" } });
    await call(spam.action, "/admin/spam", { cookie: admin, form: { intent: "restore", id: spamRows[1]?.id ?? "" } });
    await call(settingsLogo.action, "/admin/settings/logo", { cookie: admin, form: { intent: "remove" } });
    const rows = await db.select().from(auditLog);
    const events = rows.map((row) => row.event);
    expect(events).toEqual(
      expect.arrayContaining(["submission_converted", "spam_deleted", "spam_restored", "logo_removed"]),
    );
    for (const row of rows.filter((entry) => entry.event !== "admin_created")) {
      expect(row).toMatchObject({ email: "owner@studio.test", ipAddress: "127.0.0.1" });
    }
  });

  it("a change and its entry are one transaction: neither is kept without the other", async () => {
    const db = database().db;
    const owner = await createOrUpdateAccount(db, {
      email: "owner@studio.test",
      password: "plum tree orbit",
      admin: true,
    });
    const actor = { userId: owner.userId, email: "owner@studio.test" };
    const spamRow = async () => {
      const [row] = await db
        .insert(suspectedSpam)
        .values({ reason: "too-fast", fields: { first_name: "A", email: "a@b.test", message: "x" } })
        .returning({ id: suspectedSpam.id });
      return row?.id ?? "";
    };
    // the entry cannot be written (its user does not exist): the change is rolled back
    const kept = await spamRow();
    const ghost = { userId: "00000000-0000-4000-8000-000000000000", email: "ghost@studio.test" };
    await expect(
      auditedChange(db, (tx) => deleteSpamForGood(tx, kept), { actor: ghost, ip: null, event: "spam_deleted" }),
    ).rejects.toThrow();
    expect(await db.select().from(suspectedSpam).where(eq(suspectedSpam.id, kept))).toHaveLength(1);
    // the change fails after the entry: no entry is left
    const before = (await db.select().from(auditLog)).length;
    await expect(
      auditedChange(
        db,
        async (tx) => {
          await deleteSpamForGood(tx, kept);
          throw new Error("the change failed halfway");
        },
        { actor, ip: null, event: "spam_deleted" },
      ),
    ).rejects.toThrow("halfway");
    expect(await db.select().from(auditLog)).toHaveLength(before);
    expect(await db.select().from(suspectedSpam).where(eq(suspectedSpam.id, kept))).toHaveLength(1);
    // nothing changed (the row is gone already): no entry
    await auditedChange(db, (tx) => deleteSpamForGood(tx, kept), { actor, ip: null, event: "spam_deleted" });
    expect(await db.select().from(auditLog)).toHaveLength(before + 1);
    await auditedChange(db, (tx) => deleteSpamForGood(tx, kept), { actor, ip: null, event: "spam_deleted" });
    expect(await db.select().from(auditLog)).toHaveLength(before + 1);
  });
});
