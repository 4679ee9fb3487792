/**
 * The public site's own words from the back office, below HTTP on both databases: a block saved, shown over the
 * defaults, audited with the fields it changed and announced on the change feed (the public-page cache drops);
 * bad texts refused with the limit named and nothing stored; Reset to default; the guard.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, expect, it } from "vitest";
import { auditLog, portfolioImages, siteTexts } from "#app/db/schema.ts";
import { accentMessages } from "#app/domain/site-accent.ts";
import { siteMessages } from "#app/domain/site-messages.ts";
import { defaultSiteTexts, siteTextBlock, siteTextMessages, siteTextsPreviewHref } from "#app/domain/site-texts.ts";
import { getSiteTexts } from "#app/models/site-texts.server.ts";
import * as siteLayout from "#app/routes/_site/layout.tsx";
import * as previewRoute from "#app/routes/_site/site-texts-preview.tsx";
import * as textsRoute from "#app/routes/admin/site-texts.tsx";
import * as mediaRoute from "#app/routes/media-portfolio.ts";
import { openChangeFeed } from "#app/services/events.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { routeHarness, testConfig } from "../support/routes.ts";

const path = "/admin/site/texts";
const hero = {
  intent: "save",
  block: "home-hero",
  title: "Plan. Build. Launch.",
  subtitle: "Websites for bakeries",
  intro: "We bake sites.\n\nAnd <b>apps</b>.",
};

describeEachDatabase("site texts", (database) => {
  const { call, callRequest, cookieFor, respond } = routeHarness(database);

  /** The logo form's multipart post, as the browser sends it. */
  function postLogo(cookie: string, file: { bytes: Buffer; type: string } | null) {
    const body = new FormData();
    body.append("intent", "logo-save");
    if (file) body.append("logo", new Blob([new Uint8Array(file.bytes)], { type: file.type }), "logo.png");
    return callRequest(
      textsRoute.action,
      new Request(`${testConfig.publicUrl}${path}`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: testConfig.publicUrl },
        body,
      }),
    );
  }
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

  it("takes a logo through the image pipeline as transparent squares, shows it on the public layout, audits it and resets it", async () => {
    const db = database().db;
    const text = await postLogo(admin, { bytes: Buffer.from("just text"), type: "image/png" });
    expect(text.status).toBe(400);
    expect(text.data).toMatchObject({
      form: "site-logo",
      result: { error: { logo: [siteMessages.imageRule, siteMessages.imageAgain] } },
    });
    const none = await postLogo(admin, null);
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.data)).toContain(siteMessages.imageRequired);
    expect(await db.select().from(siteTexts)).toHaveLength(0);
    expect(await db.select().from(portfolioImages)).toHaveLength(0);

    // a wide opaque logo: fitted whole into each square, the rest transparent
    const wide = await sharp({ create: { width: 300, height: 100, channels: 3, background: "#f5c400" } })
      .png()
      .toBuffer();
    expect((await postLogo(admin, { bytes: wide, type: "image/png" })).status).toBe(302);
    const layout = (await call(siteLayout.loader, "/")).data as { logo: { small: string; large: string } | null };
    expect(layout.logo?.small).toMatch(/^\/media\/portfolio\/[0-9a-f]{64}-64\.webp$/);
    expect(layout.logo?.large).toBe(layout.logo?.small.replace("-64.webp", "-128.webp"));
    for (const [src, width] of [
      [layout.logo?.small ?? "", 64],
      [layout.logo?.large ?? "", 128],
    ] as const) {
      const file = src.split("/").at(-1) ?? "";
      const answer = await respond(mediaRoute.loader, src, { params: { file } });
      expect(answer.headers.get("content-type")).toBe("image/webp");
      const image = sharp(Buffer.from(await answer.arrayBuffer()));
      const meta = await image.metadata();
      expect([meta.width, meta.height, meta.hasAlpha]).toEqual([width, width, true]);
      // the top row is padding (transparent), the middle row is the logo (opaque)
      const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
      expect(alphaAt(width / 2, 0)).toBe(0);
      expect(alphaAt(width / 2, width / 2)).toBe(255);
    }
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.event, "site_logo_updated"));
    expect(entry?.detail).toMatchObject({ image: expect.stringMatching(/^[0-9a-f]{64}$/), bytes: wide.length });
    // the texts and the accent are untouched by it
    expect(((await call(siteLayout.loader, "/")).data as { texts: unknown }).texts).toEqual(defaultSiteTexts());

    const reset = await call(textsRoute.action, path, { cookie: admin, form: { intent: "logo-reset" } });
    expect(reset.status).toBe(302);
    expect(((await call(siteLayout.loader, "/")).data as { logo: unknown }).logo).toBeNull();
    expect(await db.select().from(auditLog).where(eq(auditLog.event, "site_logo_reset"))).toHaveLength(1);
  });

  it("previews a block's unsaved texts over the saved ones, checked as a save, saving nothing; admins only", async () => {
    const db = database().db;
    await call(textsRoute.action, path, {
      cookie: admin,
      form: { intent: "save", block: "tagline", tagline: "Sites that sell." },
    });
    const closing = siteTextBlock("home-closing");
    if (!closing) throw new Error("no block");
    const typed: Record<string, string> = { title: "Let's build yours", text: "One line.\nTwo lines." };
    const href = siteTextsPreviewHref(closing, (name) => typed[name] ?? "");
    const shown = await call(previewRoute.loader, href, { cookie: admin });
    expect(shown.status).toBe(200);
    const data = shown.data as { page: string; texts: ReturnType<typeof defaultSiteTexts> };
    expect(data.page).toBe("home");
    expect(data.texts["home-closing"]).toEqual(typed);
    // the other blocks are the saved ones
    expect(data.texts.tagline.tagline).toBe("Sites that sell.");
    expect(data.texts["home-hero"]).toEqual(defaultSiteTexts()["home-hero"]);
    // nothing was saved
    expect((await getSiteTexts(db))["home-closing"]).toEqual(defaultSiteTexts()["home-closing"]);
    expect(await db.select().from(siteTexts)).toHaveLength(1);

    const long = await call(previewRoute.loader, `/admin/site/texts/preview?block=tagline&tagline=${"x".repeat(81)}`, {
      cookie: admin,
    });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.data)).toContain(
      "This preview cannot be shown: Tagline must be less than 80 characters",
    );
    const unknown = await call(previewRoute.loader, "/admin/site/texts/preview?block=about-us", { cookie: admin });
    expect(unknown.status).toBe(400);

    const staff = await cookieFor("staff@studio.test", false);
    for (const cookie of ["", staff]) {
      expect([302, 403]).toContain((await call(previewRoute.loader, href, { cookie })).status);
    }
  });

  it("refuses anonymous and non-admin requests", async () => {
    const staff = await cookieFor("staff@studio.test", false);
    for (const cookie of ["", staff]) {
      expect([302, 403]).toContain((await call(textsRoute.loader, path, { cookie })).status);
      expect([302, 403]).toContain((await call(textsRoute.action, path, { cookie, form: hero })).status);
      const accent = { intent: "accent-save", accent: "#f59e0b" };
      expect([302, 403]).toContain((await call(textsRoute.action, path, { cookie, form: accent })).status);
      expect([302, 403]).toContain(
        (await call(textsRoute.action, path, { cookie, form: { intent: "logo-reset" } })).status,
      );
      const logo = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
        .png()
        .toBuffer();
      expect([302, 403]).toContain((await postLogo(cookie, { bytes: logo, type: "image/png" })).status);
    }
    expect(await database().db.select().from(siteTexts)).toHaveLength(0);
  });
});
