/**
 * The public site's own words from the back office, below HTTP on both databases: a block saved, shown over the
 * defaults, audited with the fields it changed and announced on the change feed (the public-page cache drops);
 * bad texts refused with the limit named and nothing stored; Reset to default; the guard.
 */
import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { auditLog, siteTexts } from "#app/db/schema.ts";
import { accentMessages } from "#app/domain/site-accent.ts";
import { defaultSiteTexts, siteTextMessages } from "#app/domain/site-texts.ts";
import { getSiteTexts } from "#app/models/site-texts.server.ts";
import * as siteLayout from "#app/routes/_site/layout.tsx";
import * as textsRoute from "#app/routes/admin/site-texts.tsx";
import { openChangeFeed } from "#app/services/events.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { routeHarness } from "../support/routes.ts";

const path = "/admin/site/texts";
const hero = {
  intent: "save",
  block: "home-hero",
  title: "Plan. Build. Launch.",
  subtitle: "Websites for bakeries",
  intro: "We bake sites.\n\nAnd <b>apps</b>.",
};

describeEachDatabase("site texts", (database) => {
  const { call, cookieFor } = routeHarness(database);
  let admin = "";

  beforeEach(async () => {
    admin = await cookieFor("owner@studio.test", true);
  });

  it("saves a block over the defaults, audits the fields it changed and shows it on the public layout", async () => {
    const db = database().db;
    const saved = await call(textsRoute.action, path, { cookie: admin, form: hero });
    expect(saved.status).toBe(302);
    const texts = await getSiteTexts(db);
    expect(texts["home-hero"]).toEqual({
      title: "Plan. Build. Launch.",
      subtitle: "Websites for bakeries",
      intro: "We bake sites.\n\nAnd <b>apps</b>.",
    });
    expect(texts["home-closing"]).toEqual(defaultSiteTexts()["home-closing"]);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.event, "site_texts_updated"));
    expect(entry?.detail).toEqual({ block: "home-hero", fields: "title, subtitle, intro" });
    const layout = await call(siteLayout.loader, "/");
    expect((layout.data as { texts: typeof texts }).texts["home-hero"].title).toBe("Plan. Build. Launch.");
    // the same texts again: saved, and the audit says nothing changed
    await call(textsRoute.action, path, { cookie: admin, form: hero });
    const entries = await db.select().from(auditLog).where(eq(auditLog.event, "site_texts_updated"));
    expect(entries.map((row) => (row.detail as { fields: string }).fields).sort()).toEqual([
      "none",
      "title, subtitle, intro",
    ]);
  });

  it("saves the contact page's cards, each field with its own cap", async () => {
    const form = {
      intent: "save",
      block: "contact",
      intro: "Write to us.",
      card1_title: "Same-Day Answers",
      card1_text: "We answer the same day.",
      card2_title: "Free Consultation",
      card2_text: "x".repeat(161),
    };
    const bad = await call(textsRoute.action, path, { cookie: admin, form });
    expect(bad.data).toMatchObject({
      result: { error: { card2_text: ["Card 2 text must be less than 160 characters"] } },
    });
    expect(
      (await call(textsRoute.action, path, { cookie: admin, form: { ...form, card2_text: "Half an hour, free." } }))
        .status,
    ).toBe(302);
    expect((await getSiteTexts(database().db)).contact).toEqual({
      intro: "Write to us.",
      card1_title: "Same-Day Answers",
      card1_text: "We answer the same day.",
      card2_title: "Free Consultation",
      card2_text: "Half an hour, free.",
    });
  });

  it("refuses empty and over-long texts with the limit named, storing nothing", async () => {
    const bad = await call(textsRoute.action, path, {
      cookie: admin,
      form: { ...hero, title: "  ", subtitle: "x".repeat(81) },
    });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      form: "texts-home-hero",
      result: {
        error: { title: [siteTextMessages.required("Title")], subtitle: ["Subtitle must be less than 80 characters"] },
      },
    });
    expect(await database().db.select().from(siteTexts)).toHaveLength(0);
    const unknown = await call(textsRoute.action, path, { cookie: admin, form: { ...hero, block: "about-us" } });
    expect(unknown.status).toBe(400);
    expect(await database().db.select().from(siteTexts)).toHaveLength(0);
  });

  it("resets a block to the specification's words, once", async () => {
    const db = database().db;
    await call(textsRoute.action, path, {
      cookie: admin,
      form: { intent: "save", block: "tagline", tagline: "Sites that sell." },
    });
    expect((await getSiteTexts(db)).tagline.tagline).toBe("Sites that sell.");
    const loaded = await call(textsRoute.loader, path, { cookie: admin });
    expect((loaded.data as { customised: string[] }).customised).toEqual(["tagline"]);
    expect(
      (await call(textsRoute.action, path, { cookie: admin, form: { intent: "reset", block: "tagline" } })).status,
    ).toBe(302);
    expect((await getSiteTexts(db)).tagline.tagline).toBe("Building the future of functional design.");
    // a second reset changes nothing and audits nothing
    await call(textsRoute.action, path, { cookie: admin, form: { intent: "reset", block: "tagline" } });
    expect(await db.select().from(auditLog).where(eq(auditLog.event, "site_texts_reset"))).toHaveLength(1);
  });

  it("announces a save and a reset on the change feed after the commit (the public-page cache drops on it)", async () => {
    const feed = await openChangeFeed(database());
    try {
      const seen: unknown[] = [];
      const two = new Promise<void>((resolve) => {
        feed.subscribe((event) => {
          seen.push(event);
          if (seen.length === 2) resolve();
        });
      });
      await call(textsRoute.action, path, { cookie: admin, form: hero });
      await call(textsRoute.action, path, { cookie: admin, form: { intent: "reset", block: "home-hero" } });
      await two;
      expect(seen).toEqual([
        { table: "site_content", id: "texts" },
        { table: "site_content", id: "texts" },
      ]);
    } finally {
      await feed.close();
    }
  });

  it("takes an accent colour the site's text reads in, shows it on the public layout, audits it and resets it", async () => {
    const db = database().db;
    const dark = await call(textsRoute.action, path, {
      cookie: admin,
      form: { intent: "accent-save", accent: "#1d4ed8" },
    });
    expect(dark.status).toBe(400);
    expect(JSON.stringify(dark.data)).toContain("Choose a lighter colour");
    const malformed = await call(textsRoute.action, path, {
      cookie: admin,
      form: { intent: "accent-save", accent: "red;x" },
    });
    expect(JSON.stringify(malformed.data)).toContain(accentMessages.format);
    expect(await db.select().from(siteTexts)).toHaveLength(0);
    const saved = await call(textsRoute.action, path, {
      cookie: admin,
      form: { intent: "accent-save", accent: "#F59E0B" },
    });
    expect(saved.status).toBe(302);
    const layout = await call(siteLayout.loader, "/");
    expect((layout.data as { accent: string | null }).accent).toBe("#f59e0b");
    // the texts are untouched by it
    expect((layout.data as { texts: unknown }).texts).toEqual(defaultSiteTexts());
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.event, "site_accent_updated"));
    expect(entry?.detail).toEqual({ accent: "#f59e0b" });
    expect((await call(textsRoute.action, path, { cookie: admin, form: { intent: "accent-reset" } })).status).toBe(302);
    expect(((await call(siteLayout.loader, "/")).data as { accent: string | null }).accent).toBeNull();
    expect(await db.select().from(auditLog).where(eq(auditLog.event, "site_accent_reset"))).toHaveLength(1);
  });

  it("refuses anonymous and non-admin requests", async () => {
    const staff = await cookieFor("staff@studio.test", false);
    for (const cookie of ["", staff]) {
      expect([302, 403]).toContain((await call(textsRoute.loader, path, { cookie })).status);
      expect([302, 403]).toContain((await call(textsRoute.action, path, { cookie, form: hero })).status);
      const accent = { intent: "accent-save", accent: "#f59e0b" };
      expect([302, 403]).toContain((await call(textsRoute.action, path, { cookie, form: accent })).status);
    }
    expect(await database().db.select().from(siteTexts)).toHaveLength(0);
  });
});
