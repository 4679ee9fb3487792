/**
 * The public site's content from the back office, below HTTP on both databases: portfolio
 * items created with an uploaded image (converted to WebP, served immutable), edited, reordered,
 * published and deleted; bad images and links refused with their message and nothing stored;
 * pricing packages edited, added and removed (never the last); the banner; the guard on every
 * new route; the contact form's preselection.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, portfolioImages, portfolioItems, pricingPackages } from "#app/db/schema.ts";
import { choosePackage, contactPrefill, packageHref, packagePlaceholder } from "#app/domain/site-content.ts";
import { siteMessages } from "#app/domain/site-messages.ts";
import { listPortfolioItems } from "#app/models/portfolio.server.ts";
import { getPricingBanner, listPricingPackages } from "#app/models/pricing.server.ts";
import * as listRoute from "#app/routes/admin/site-portfolio.tsx";
import * as editRoute from "#app/routes/admin/site-portfolio-edit.tsx";
import * as pricingRoute from "#app/routes/admin/site-pricing.tsx";
import * as mediaRoute from "#app/routes/media-portfolio.ts";
import { describeEachDatabase } from "../support/database.ts";
import { routeHarness, testConfig } from "../support/routes.ts";

async function png(width = 1200, height = 700) {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .png()
      .toBuffer(),
  );
}

describeEachDatabase("site content", (database) => {
  const { call, callRequest, cookieFor, respond } = routeHarness(database);
  let admin = "";

  beforeEach(async () => {
    admin = await cookieFor("owner@studio.test", true);
    await database()
      .db.insert(pricingPackages)
      .values(
        ["Basic", "Standard", "Premium"].map((name, index) => ({
          name,
          price: "$500",
          description: `${name} package`,
          features: ["Pages"],
          ctaLabel: "Get Started",
          sortOrder: index + 1,
        })),
      );
  });

  function upload(
    fields: Record<string, string>,
    file: { bytes: Uint8Array; name: string; type: string } | null,
    query = "",
    cookie = admin,
  ) {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    if (file) body.append("image", new Blob([Buffer.from(file.bytes)], { type: file.type }), file.name);
    const request = new Request(`${testConfig.publicUrl}/admin/site/portfolio/edit${query}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: testConfig.publicUrl },
      body,
    });
    return callRequest(editRoute.action, request);
  }

  const item = {
    title: "Bakery shop",
    description: "Online orders for a bakery.",
    category: "websites",
    link: "https://bakery.example",
    published: "on",
  };

  it("creates an item with an uploaded image as WebP sizes, served immutable and shown on /portfolio", async () => {
    const db = database().db;
    const created = await upload(item, { bytes: await png(), name: "shop.png", type: "image/png" });
    expect(created.status).toBe(302);
    const [row] = await db.select().from(portfolioItems).where(eq(portfolioItems.title, "Bakery shop"));
    expect(row?.image).toMatch(/^\/media\/portfolio\/[0-9a-f]{64}-800\.webp$/);
    const images = await db.select({ width: portfolioImages.width }).from(portfolioImages);
    expect(images.map((image) => image.width).sort()).toEqual([400, 800]);
    const file = row?.image.split("/").at(-1) ?? "";
    const served = await respond(mediaRoute.loader, row?.image ?? "", { params: { file } });
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 800, 500]);
    expect(
      (await call(mediaRoute.loader, "/media/portfolio/x", { params: { file: `${"0".repeat(64)}-800.webp` } })).status,
    ).toBe(404);
    expect((await call(mediaRoute.loader, "/media/portfolio/x", { params: { file: "../../etc/passwd" } })).status).toBe(
      404,
    );
    const publicItems = await listPortfolioItems(db);
    expect(publicItems.at(-1)?.title).toBe("Bakery shop");
    expect(await db.select().from(auditLog).where(eq(auditLog.event, "portfolio_item_created"))).toHaveLength(1);
  });

  it("refuses a file that is not an image by its bytes, or too big, and keeps the typed fields", async () => {
    const db = database().db;
    const before = (await db.select().from(portfolioItems)).length;
    const text = new TextEncoder().encode("just text, renamed");
    const wrong = await upload(item, { bytes: text, name: "photo.png", type: "image/png" });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.data)).toContain(siteMessages.imageRule);
    expect(JSON.stringify(wrong.data)).toContain("Bakery shop");
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const tooBig = await upload(item, { bytes: big, name: "big.png", type: "image/png" });
    expect(tooBig.status).toBe(400);
    expect(JSON.stringify(tooBig.data)).toContain(siteMessages.imageRule);
    const missing = await upload(item, null);
    expect(JSON.stringify(missing.data)).toContain(siteMessages.imageRequired);
    expect(await db.select().from(portfolioItems)).toHaveLength(before);
    expect(await db.select().from(portfolioImages)).toHaveLength(0);
  });

  it("refuses links that are not http(s)", async () => {
    for (const link of ["javascript:alert(1)", "ftp://files.example/x", "data:text/html,hi"]) {
      const result = await upload({ ...item, link }, { bytes: await png(), name: "a.png", type: "image/png" });
      expect(result.status).toBe(400);
    }
    expect(
      await database().db.select().from(portfolioItems).where(eq(portfolioItems.title, "Bakery shop")),
    ).toHaveLength(0);
  });

  it("edits, reorders, unpublishes and deletes", async () => {
    const db = database().db;
    await upload({ ...item, title: "Florist" }, { bytes: await png(900), name: "b.png", type: "image/png" });
    await upload(item, { bytes: await png(), name: "a.png", type: "image/png" });
    const [row] = await db.select().from(portfolioItems).where(eq(portfolioItems.title, "Bakery shop"));
    const id = String(row?.id);
    const edited = await upload({ ...item, title: "Bakery shop 2" }, null, `?id=${id}`);
    expect(edited.status).toBe(302);
    const [after] = await db
      .select()
      .from(portfolioItems)
      .where(eq(portfolioItems.id, row?.id ?? 0));
    expect(after?.title).toBe("Bakery shop 2");
    expect(after?.image).toBe(row?.image);

    const order = async () => (await listPortfolioItems(db)).map((entry) => entry.title);
    const last = (await order()).length - 1;
    await call(listRoute.action, "/admin/site/portfolio", { cookie: admin, form: { intent: "move-up", id } });
    expect((await order()).indexOf("Bakery shop 2")).toBe(last - 1);

    await call(listRoute.action, "/admin/site/portfolio", { cookie: admin, form: { intent: "unpublish", id } });
    expect(await order()).not.toContain("Bakery shop 2");
    await call(listRoute.action, "/admin/site/portfolio", { cookie: admin, form: { intent: "publish", id } });
    expect(await order()).toContain("Bakery shop 2");

    const deleted = await call(listRoute.action, "/admin/site/portfolio", {
      cookie: admin,
      form: { intent: "delete", id },
    });
    expect(deleted.status).toBe(302);
    expect(await order()).not.toContain("Bakery shop 2");
    expect(
      (await call(listRoute.action, "/admin/site/portfolio", { cookie: admin, form: { intent: "delete", id } })).status,
    ).toBe(404);
    expect((await call(editRoute.loader, "/admin/site/portfolio/edit?id=abc", { cookie: admin })).status).toBe(404);
  });

  describe("pricing", () => {
    it("edits a package and refuses bad input with its message", async () => {
      const db = database().db;
      const [first] = await listPricingPackages(db);
      const fields = {
        intent: "save-package",
        id: String(first?.id),
        name: "Starter",
        price: "$750",
        description: "For a first site.",
        features: "Five pages\n\nContact form\n",
        cta_label: "Choose Starter",
        highlighted: "on",
        highlight_label: "Best value",
      };
      expect((await call(pricingRoute.action, "/admin/site/pricing", { cookie: admin, form: fields })).status).toBe(
        302,
      );
      const [saved] = await db
        .select()
        .from(pricingPackages)
        .where(eq(pricingPackages.id, first?.id ?? 0));
      expect(saved).toMatchObject({
        name: "Starter",
        price: "$750",
        features: ["Five pages", "Contact form"],
        highlighted: true,
        highlightLabel: "Best value",
      });
      const bad = await call(pricingRoute.action, "/admin/site/pricing", {
        cookie: admin,
        form: { ...fields, name: "", features: "" },
      });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.data)).toContain(siteMessages.nameRequired);
      expect(JSON.stringify(bad.data)).toContain(siteMessages.featuresRequired);
    });

    it("adds and removes packages, never the last one", async () => {
      const db = database().db;
      await call(pricingRoute.action, "/admin/site/pricing", { cookie: admin, form: { intent: "add-package" } });
      const all = await listPricingPackages(db);
      for (const pkg of all.slice(1)) {
        const removed = await call(pricingRoute.action, "/admin/site/pricing", {
          cookie: admin,
          form: { intent: "remove-package", id: String(pkg.id) },
        });
        expect(removed.status).toBe(302);
      }
      const last = await call(pricingRoute.action, "/admin/site/pricing", {
        cookie: admin,
        form: { intent: "remove-package", id: String(all[0]?.id) },
      });
      // a refusal on that package's form (and as a toast), never a redirect
      expect(last.status).toBe(409);
      expect(last.data).toMatchObject({
        form: `package-${all[0]?.id}`,
        result: { error: { "": [siteMessages.lastPackage] } },
        toast: { type: "error", message: siteMessages.lastPackage },
      });
      expect(await listPricingPackages(db)).toHaveLength(1);
      const malformed = await call(pricingRoute.action, "/admin/site/pricing", {
        cookie: admin,
        form: { intent: "remove-package", id: "0" },
      });
      expect(malformed.status).toBe(404);
      const unknown = await call(pricingRoute.action, "/admin/site/pricing", {
        cookie: admin,
        form: { intent: "rename-everything" },
      });
      expect(unknown.status).toBe(400);
    });

    it("saves the consultation banner's lists", async () => {
      await call(pricingRoute.action, "/admin/site/pricing", {
        cookie: admin,
        form: { intent: "save-banner", what_you_get: "A demo\nA call", includes: "An estimate" },
      });
      expect(await getPricingBanner(database().db)).toEqual({
        whatYouGet: ["A demo", "A call"],
        includes: ["An estimate"],
      });
    });
  });

  it("refuses anonymous and non-admin requests on every new admin route", async () => {
    const staff = await cookieFor("staff@studio.test", false);
    for (const cookie of ["", staff]) {
      for (const [fn, path] of [
        [listRoute.loader, "/admin/site/portfolio"],
        [listRoute.action, "/admin/site/portfolio"],
        [editRoute.loader, "/admin/site/portfolio/edit"],
        [pricingRoute.loader, "/admin/site/pricing"],
        [pricingRoute.action, "/admin/site/pricing"],
      ] as const) {
        const outcome = await call(fn, path, {
          cookie,
          form: fn === listRoute.action || fn === pricingRoute.action ? { intent: "add-package", id: "1" } : undefined,
        });
        expect([302, 403]).toContain(outcome.status);
      }
      const uploadOutcome = await upload(item, { bytes: await png(), name: "a.png", type: "image/png" }, "", cookie);
      expect([302, 403]).toContain(uploadOutcome.status);
    }
    expect(await database().db.select().from(portfolioImages)).toHaveLength(0);
    expect((await listPricingPackages(database().db)).length).toBe(3);
  });
});

describe("calls to action", () => {
  it("preselects only known project types and passes the package asked for on", () => {
    expect(contactPrefill(new URLSearchParams("type=consultation"))).toEqual({
      projectType: "consultation",
      packageRef: null,
    });
    expect(contactPrefill(new URLSearchParams("type=quote&package=2"))).toEqual({
      projectType: "quote",
      packageRef: "2",
    });
    expect(contactPrefill(new URLSearchParams("type=<script>&package=x"))).toEqual({
      projectType: null,
      packageRef: "x",
    });
    expect(packagePlaceholder("Basic")).toContain("for the Basic package:");
    expect(packagePlaceholder("Standard Package")).toContain("for the Standard Package:");
    expect(contactPrefill(new URLSearchParams(`type=quote&package=${"x".repeat(101)}`)).packageRef).toBeNull();
  });

  it("finds the package by id (or by name, from older links), and nothing for anything else", () => {
    const packages = [
      { id: 1, name: "Basic" },
      { id: 2, name: "Standard Package" },
    ];
    expect(choosePackage(packages, "2")).toEqual(packages[1]);
    expect(choosePackage(packages, "standard package")).toEqual(packages[1]);
    for (const ref of [null, "", "3", "0", "-1", "1e0", "Premium", "<script>"]) {
      expect(choosePackage(packages, ref), String(ref)).toBeNull();
    }
    expect(packageHref(2)).toBe("/contact?type=quote&package=2");
  });
});
