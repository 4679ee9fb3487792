/**
 * The public site's content from the back office, in Chromium against the production build: upload
 * an image for a new portfolio item and see it on /portfolio under its category, move it up,
 * unpublish it; edit a package's price and its onboarding questionnaire and see the price on /pricing; the calls to action preselect the
 * contact form without JavaScript; the home page's and the footer's words edited (with and without JavaScript),
 * published at once and reset to default; the site's logo uploaded and reset; a block previewed on its real page before
 * saving (admins only); axe on the new pages; what is typed before the script arrives stays.
 * Screenshots go to /tmp/shots-site-content/.
 */
import { mkdirSync } from "node:fs";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { users } from "#app/db/schema.ts";
import { saveQuestionnaire } from "#app/services/questionnaires.server.ts";
import { seriousViolations } from "../support/axe.ts";
import { hydrated } from "../support/browser.ts";
import type { TestServer } from "../support/server.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";

const shots = "/tmp/shots-site-content";

describe("site content from the back office", () => {
  let server: TestServer;
  let browser: Browser;
  let app: SignedInApp<{ questionnaireId: string }>;

  const ownerPage = (width = 1280) => app.adminPage({ viewport: { width, height: 900 } });

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    // an onboarding questionnaire for the pricing page's "Onboarding questionnaire" choice
    app = await startSignedInApp({
      seed: async (dataDir) => {
        const database = await openDatabase({ dataDir });
        try {
          const [owner] = await database.db.select({ id: users.id, email: users.email }).from(users).limit(1);
          if (!owner) throw new Error("no account");
          const saved = await saveQuestionnaire(database.db, {
            id: null,
            name: "Kick-off",
            projectType: null,
            actor: { userId: owner.id, email: owner.email },
            ip: null,
          });
          if (!saved.ok) throw new Error("no questionnaire");
          return { questionnaireId: saved.id };
        } finally {
          await database.close();
        }
      },
    });
    ({ server, browser } = app);
  });
  afterAll(() => app?.stop());

  it("a new portfolio item with an uploaded image shows on /portfolio under its category, moves up, and hides when unpublished", async () => {
    const owner = await ownerPage();
    await owner.goto(`${server.url}/admin/site/portfolio/edit`);
    await hydrated(owner);
    // the form is a chunk loaded on demand: Conform marks it noValidate once it has hydrated
    await owner.locator("form[novalidate]").waitFor({ state: "attached" });
    await owner.getByLabel("Title").fill("Greenhouse Booking App");
    await owner.getByLabel("Description").fill("Bookings and payments for a plant nursery.");
    await owner.getByLabel("Category").selectOption("webapps");
    await owner.getByLabel("Link").fill("https://greenhouse.example");
    const image = await sharp({
      create: { width: 1600, height: 1000, channels: 3, background: { r: 30, g: 160, b: 90 } },
    })
      .png()
      .toBuffer();
    await owner.getByLabel("Image").setInputFiles({ name: "greenhouse.png", mimeType: "image/png", buffer: image });
    await owner.getByRole("button", { name: "Save Item" }).click();
    await owner.waitForURL(`${server.url}/admin/site/portfolio`);
    await owner.getByText("4. Greenhouse Booking App").waitFor();
    await owner.screenshot({ path: `${shots}/portfolio-admin-1280.png`, fullPage: true });
    expect(await seriousViolations(owner)).toEqual([]);

    const visitor = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    const titles = async (url: string) => {
      await visitor.goto(url);
      return visitor.locator("li[data-category]:not([hidden]) h2").allTextContents();
    };
    await expect
      .poll(async () => (await titles(`${server.url}/portfolio?category=webapps`)).at(-1), { timeout: 5_000 })
      .toBe("Greenhouse Booking App");
    expect(await titles(`${server.url}/portfolio?category=websites`)).not.toContain("Greenhouse Booking App");
    const src = await visitor.locator("img[alt^='Greenhouse Booking App']").getAttribute("src");
    expect(src).toMatch(/^\/media\/portfolio\/[0-9a-f]{64}-800\.webp$/);
    const media = await fetch(`${server.url}${src}`);
    expect(media.headers.get("content-type")).toBe("image/webp");
    expect(media.headers.get("cache-control")).toContain("immutable");

    await owner.getByRole("button", { name: "Move Greenhouse Booking App up" }).click();
    await owner.getByText("3. Greenhouse Booking App").waitFor();
    // the public page is cached until the change event moves the content version (a moment after the answer)
    await expect
      .poll(
        async () => {
          const all = await titles(`${server.url}/portfolio`);
          return all.length - all.indexOf("Greenhouse Booking App");
        },
        { timeout: 5_000 },
      )
      .toBe(2);

    await owner.getByRole("button", { name: "Unpublish Greenhouse Booking App" }).click();
    await owner.getByRole("button", { name: "Publish Greenhouse Booking App" }).waitFor();
    await expect
      .poll(() => titles(`${server.url}/portfolio`), { timeout: 5_000 })
      .not.toContain("Greenhouse Booking App");

    // the seeded samples link to our own pages
    await visitor.goto(`${server.url}/portfolio`);
    const sampleLink = await visitor
      .getByRole("link", { name: /View Live Site/ })
      .first()
      .getAttribute("href");
    expect(sampleLink).toMatch(/^\/portfolio\/samples\//);
    const sample = await visitor.goto(`${server.url}${sampleLink}`);
    expect(sample?.status()).toBe(200);
    await visitor.getByText("This is a sample project").waitFor();
  });

  it("what the owner types before the page's script has arrived is kept once it has (a textarea too)", async () => {
    const owner = await ownerPage(390);
    // hold every script until the form has been filled in, as on a slow phone
    let release = () => {};
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    await owner.route(/\.js$/, async (route) => {
      await arrived;
      await route.continue();
    });
    await owner.goto(`${server.url}/admin/site/portfolio/edit`, { waitUntil: "domcontentloaded" });
    await owner.getByLabel("Title").fill("Typed early");
    await owner.getByLabel("Description").fill("Written while the page was still loading.");
    release();
    await hydrated(owner);
    await owner.getByLabel("Link").fill("https://early.example");
    const image = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#335" } })
      .png()
      .toBuffer();
    await owner.getByLabel("Image").setInputFiles({ name: "early.png", mimeType: "image/png", buffer: image });
    await owner.getByRole("button", { name: "Save Item" }).click();
    // saved with every word typed: nothing was lost to the script's arrival
    await owner.waitForURL(`${server.url}/admin/site/portfolio`, { waitUntil: "commit" });
    // the saved item's editor (by its address: at 390 px the success toast may sit over the row's link)
    const edit = owner.getByRole("link", { name: "Edit Typed early" });
    await owner.goto(new URL((await edit.getAttribute("href")) ?? "", server.url).toString());
    await expect
      .poll(() => owner.getByLabel("Description").inputValue())
      .toBe("Written while the page was still loading.");
    await owner.context().close();
  });

  it("a package's new price shows on /pricing, and the calls to action preselect the contact form without JavaScript", async () => {
    // /pricing is rendered once per content version (ADR 0021): the save must replace that copy
    const before = await fetch(`${server.url}/pricing`);
    expect(await before.text()).not.toContain("$1,234");
    const owner = await ownerPage(390);
    await owner.goto(`${server.url}/admin/site/pricing`);
    await hydrated(owner);
    const standard = owner.getByRole("region", { name: "Standard" });
    await standard.getByLabel("Price").fill("$1,234");
    // the questionnaire a proposal signed for this package sends when it names none
    await standard.getByLabel("Onboarding questionnaire").selectOption({ label: "Kick-off" });
    await standard.getByRole("button", { name: "Save Package" }).click();
    await owner
      .getByRole("region", { name: /Notifications/ })
      .getByText("Saved successfully")
      .waitFor();
    await owner.reload();
    expect(await standard.getByLabel("Onboarding questionnaire").inputValue()).toBe(app.seeded.questionnaireId);
    await owner.screenshot({ path: `${shots}/pricing-admin-390.png`, fullPage: true });
    expect(await seriousViolations(owner)).toEqual([]);

    const after = await fetch(`${server.url}/pricing`, {
      headers: { "if-none-match": before.headers.get("etag") ?? "" },
    });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    const visitor = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await visitor.goto(`${server.url}/pricing`);
    await visitor.getByText("$1,234").waitFor();
    // the owner's choice is never on the public page
    expect(await visitor.content()).not.toContain(app.seeded.questionnaireId);
    await visitor.getByRole("link", { name: "Schedule Free Consultation" }).click();
    await visitor.getByRole("heading", { name: "Book a Free Consultation" }).waitFor();
    expect(new URL(visitor.url()).pathname).toBe("/book");
    await visitor.goto(`${server.url}/pricing`);
    await visitor.locator("li", { hasText: "$1,234" }).getByRole("link").click();
    await visitor.getByLabel("Project Type").waitFor();
    // the package by its id (a name may change; the inquiry keeps the one chosen)
    expect(new URL(visitor.url()).search).toMatch(/^\?type=quote&package=\d+$/);
    expect(await visitor.getByLabel("Package (optional)").locator("option:checked").textContent()).toBe(
      "Standard Package",
    );
    expect(await visitor.getByLabel("Project Type").inputValue()).toBe("quote");
    expect(await visitor.getByLabel("Message").getAttribute("placeholder")).toContain(
      "for the Standard Package: goals",
    );
  });

  it("the home page and footer in the owner's words: a live preview and count, plain text, published at once, reset to default", async () => {
    const before = await fetch(`${server.url}/`);
    const beforeHtml = await before.text();
    expect(beforeHtml).toContain("Dream. Design. ");
    expect(beforeHtml).toContain("Building the future of functional design.");
    const owner = await ownerPage();
    await owner.goto(`${server.url}/admin/site/texts`);
    await hydrated(owner);
    const hero = owner.getByRole("region", { name: "Home: hero" });
    await hero.locator("form[novalidate]").waitFor({ state: "attached" });
    await hero.getByLabel(/^Title/).fill("Plan. Build. <b>Launch.</b>");
    // what the owner types shows in the block's preview and against its cap before anything is saved
    await hero.getByRole("figure").getByText("<b>Launch.</b>").waitFor();
    await hero.getByText("27 of 40 characters").waitFor();
    await hero.getByLabel("Introduction").fill("Line one.\nLine two.");
    // an over-long text is refused with its limit, and nothing is saved
    await hero.getByLabel("Subtitle").fill("x".repeat(80));
    await hero.getByLabel("Subtitle").evaluate((input: HTMLInputElement) => {
      input.removeAttribute("maxlength");
    });
    await hero.getByLabel("Subtitle").fill("x".repeat(81));
    await hero.getByRole("button", { name: "Save Home: hero" }).click();
    await hero.getByText("Subtitle must be less than 80 characters").waitFor();
    expect(await (await fetch(`${server.url}/`)).text()).not.toContain("Plan. Build.");
    await hero.getByLabel("Subtitle").fill("Websites for bakeries.");
    await hero.getByRole("button", { name: "Save Home: hero" }).click();
    await owner
      .getByRole("region", { name: /Notifications/ })
      .getByText("Saved successfully")
      .waitFor();
    await owner.screenshot({ path: `${shots}/texts-admin-1280.png`, fullPage: true });
    expect(await seriousViolations(owner)).toEqual([]);

    // the tagline without JavaScript: the form posts, and the footer follows
    const plain = await app.adminPage({ javaScriptEnabled: false });
    await plain.goto(`${server.url}/admin/site/texts`);
    const tagline = plain.getByRole("region", { name: "Tagline" });
    await tagline.getByLabel("Tagline").fill("Websites that sell.");
    await tagline.getByRole("button", { name: "Save Tagline" }).click();
    // the answer redirects to the page, which now marks the block as edited and shows the saved text
    await tagline.getByText("(edited)").waitFor();
    expect(await tagline.getByLabel("Tagline").inputValue()).toBe("Websites that sell.");

    // the public home page was rendered once per content version: the saves replaced that copy at once
    const visitor = await (
      await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })
    ).newPage();
    await visitor.goto(`${server.url}/`);
    const title = visitor.getByRole("heading", { level: 1 });
    expect(await title.textContent()).toBe("Plan. Build. <b>Launch.</b>");
    // plain text: the markup the owner typed is shown, never read
    expect(await visitor.locator("h1 b").count()).toBe(0);
    expect(await visitor.getByText("Line one.").evaluate((node) => getComputedStyle(node).whiteSpace)).toBe("pre-line");
    await visitor.getByText("Websites for bakeries.").waitFor();
    expect(await visitor.locator("footer").getByText("Websites that sell.").count()).toBe(1);
    await visitor.getByRole("heading", { name: "Ready to Build Something Great?" }).waitFor();
    await visitor.screenshot({ path: `${shots}/home-edited-390.png`, fullPage: true });
    // axe runs on the page's JavaScript: the same page in a context that has it
    const checked = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await checked.goto(`${server.url}/`);
    await checked.getByRole("heading", { name: "Plan. Build. <b>Launch.</b>" }).waitFor();
    expect(await seriousViolations(checked)).toEqual([]);

    // Reset to default puts back the specification's words
    await owner.reload();
    await hydrated(owner);
    await owner.getByRole("button", { name: "Reset Home: hero to default" }).click();
    await owner.getByText("Back to the default text").waitFor();
    expect(await owner.getByRole("button", { name: "Reset Home: hero to default" }).count()).toBe(0);
    await visitor.goto(`${server.url}/`);
    expect(await visitor.getByRole("heading", { level: 1 }).textContent()).toBe("Dream. Design. Develop.");
    expect(await visitor.locator("footer").getByText("Websites that sell.").count()).toBe(1);
    const small = await ownerPage(390);
    await small.goto(`${server.url}/admin/site/texts`);
    await hydrated(small);
    await small.screenshot({ path: `${shots}/texts-admin-390.png`, fullPage: true });
    expect(await seriousViolations(small)).toEqual([]);
  });

  it("the accent colour: a dark one is refused with its contrast, a readable one colours the site at once", async () => {
    const owner = await ownerPage();
    await owner.goto(`${server.url}/admin/site/texts`);
    await hydrated(owner);
    const accent = owner.getByRole("region", { name: "Accent colour" });
    await accent.locator("form[novalidate]").waitFor({ state: "attached" });
    await accent.getByLabel("Colour").fill("#1d4ed8");
    await accent.getByRole("button", { name: "Save Accent colour" }).click();
    await accent.getByText(/Choose a lighter colour: .*at least 4\.5:1/).waitFor();
    await accent.getByLabel("Colour").fill("#f59e0b");
    await accent.getByRole("button", { name: "Save Accent colour" }).click();
    await owner
      .getByRole("region", { name: /Notifications/ })
      .getByText("Accent colour saved")
      .waitFor();
    const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await visitor.goto(`${server.url}/`);
    const last = visitor.locator("h1 span");
    expect(await last.evaluate((node) => getComputedStyle(node).color)).toBe("rgb(245, 158, 11)");
    await visitor.screenshot({ path: `${shots}/home-accent-390.png` });
    expect(await seriousViolations(visitor)).toEqual([]);
    await owner.reload();
    await hydrated(owner);
    await accent.getByRole("button", { name: "Reset Accent colour to default" }).click();
    await owner.getByText("Back to the default accent colour").waitFor();
    await visitor.reload();
    expect(await last.evaluate((node) => getComputedStyle(node).color)).not.toBe("rgb(245, 158, 11)");
  });

  it("the site's logo: refused by its bytes, shown as a square in the header, footer and About page without JavaScript, reset to the mark", async () => {
    const owner = await ownerPage();
    await owner.goto(`${server.url}/admin/site/texts`);
    await hydrated(owner);
    const logo = owner.getByRole("region", { name: "Logo" });
    await logo.locator("form[novalidate]").waitFor({ state: "attached" });
    await logo.getByText("No logo uploaded: the site shows its own mark.").waitFor();
    // a text file named .png: refused by its bytes, nothing stored
    await logo
      .getByLabel("Logo image")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from("not an image") });
    await logo.getByRole("button", { name: "Upload Logo" }).click();
    await logo.getByText("Choose a PNG, JPEG or WebP image of at most 5 MB").waitFor();
    const image = await sharp({
      create: { width: 300, height: 100, channels: 4, background: { r: 250, g: 200, b: 0, alpha: 1 } },
    })
      .png()
      .toBuffer();
    await logo.getByLabel("Logo image").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: image });
    await logo.getByRole("button", { name: "Upload Logo" }).click();
    await owner
      .getByRole("region", { name: /Notifications/ })
      .getByText("Site logo saved")
      .waitFor();
    await logo.locator("img").waitFor();

    const visitor = await (
      await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })
    ).newPage();
    await expect
      .poll(async () => {
        await visitor.goto(`${server.url}/about`);
        return visitor.locator("header img").count();
      })
      .toBe(1);
    const headerSrc = await visitor.locator("header img").getAttribute("src");
    expect(headerSrc).toMatch(/^\/media\/portfolio\/[0-9a-f]{64}-64\.webp$/);
    expect(await visitor.locator("footer img").getAttribute("src")).toBe(headerSrc);
    expect(await visitor.locator("main img").getAttribute("src")).toBe(headerSrc?.replace("-64.webp", "-128.webp"));
    // drawn at its size, beside the name; the design's mark is gone
    expect(await visitor.locator("header img").boundingBox()).toMatchObject({ width: 32, height: 32 });
    expect(await visitor.locator("header svg rect").count()).toBe(0);
    const square = await fetch(`${server.url}${headerSrc}`);
    expect(square.headers.get("cache-control")).toContain("immutable");
    const meta = await sharp(Buffer.from(await square.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([64, 64, true]);
    // the organisation's structured data names it too
    const organisation = JSON.parse(
      (await visitor.locator("footer script[type='application/ld+json']").textContent()) ?? "{}",
    ) as { logo?: string };
    expect(organisation.logo).toMatch(/-128\.webp$/);
    await visitor.screenshot({ path: `${shots}/about-logo-390.png` });
    const checked = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await checked.goto(`${server.url}/about`);
    expect(await seriousViolations(checked)).toEqual([]);

    await owner.reload();
    await hydrated(owner);
    await logo.getByRole("button", { name: "Reset Logo to default" }).click();
    await owner.getByText("Back to the site's own mark").waitFor();
    await expect
      .poll(async () => {
        await visitor.goto(`${server.url}/about`);
        return visitor.locator("header img").count();
      })
      .toBe(0);
    expect(await visitor.locator("header svg rect").count()).toBe(1);
  });

  it("a block's unsaved texts previewed on its real page in a new tab, footer included; nothing published; admins only", async () => {
    const owner = await ownerPage();
    await owner.goto(`${server.url}/admin/site/texts`);
    await hydrated(owner);
    const closing = owner.getByRole("region", { name: "Home: closing call to action" });
    await closing.locator("form[novalidate]").waitFor({ state: "attached" });
    await closing.getByLabel("Title").fill("Let's build yours");
    const [preview] = await Promise.all([
      owner.context().waitForEvent("page"),
      closing.getByRole("link", { name: /^Preview on its page.*Home: closing call to action/ }).click(),
    ]);
    await preview.getByRole("heading", { name: "Let's build yours" }).waitFor();
    await preview.getByRole("status").getByText("nothing is saved or published until you save it").waitFor();
    // the real home page around it, in the site's frame
    await preview.getByRole("heading", { name: "What We Do" }).waitFor();
    await preview.locator("footer").getByRole("link", { name: "Portfolio" }).waitFor();
    await preview.setViewportSize({ width: 390, height: 844 });
    await preview.screenshot({ path: `${shots}/texts-preview-390.png`, fullPage: true });
    expect(await seriousViolations(preview)).toEqual([]);
    // the public page is untouched, and so is the form: the owner goes on typing
    expect(await (await fetch(`${server.url}/`)).text()).not.toContain("Let&#x27;s build yours");
    expect(await closing.getByLabel("Title").inputValue()).toBe("Let's build yours");

    // the tagline shows in the footer of the page it is previewed on
    const tagline = owner.getByRole("region", { name: "Tagline" });
    await tagline.getByLabel("Tagline").fill("Previewed, not published.");
    const [footer] = await Promise.all([
      owner.context().waitForEvent("page"),
      tagline.getByRole("link", { name: /^Preview on its page.*Tagline/ }).click(),
    ]);
    await footer.locator("footer").getByText("Previewed, not published.").waitFor();
    // an About block opens the About page
    const apart = owner.getByRole("region", { name: "About: What Sets Us Apart" });
    await apart.getByLabel("Card 1 title").fill("Straight Talk");
    const [about] = await Promise.all([
      owner.context().waitForEvent("page"),
      apart.getByRole("link", { name: /^Preview on its page.*About: What Sets Us Apart/ }).click(),
    ]);
    await about.getByRole("heading", { name: "Straight Talk" }).waitFor();
    await about.getByRole("heading", { level: 1, name: /^About / }).waitFor();

    // a text over its cap is refused with the limit named
    const long = await preview.goto(`${server.url}/admin/site/texts/preview?block=tagline&tagline=${"x".repeat(81)}`);
    expect(long?.status()).toBe(400);
    await preview.getByText("This preview cannot be shown: Tagline must be less than 80 characters").waitFor();
    // a visitor is sent to sign in, and sees no one's drafts
    const stranger = await (await browser.newContext()).newPage();
    await stranger.goto(`${server.url}/admin/site/texts/preview?block=tagline&tagline=Spoofed`);
    expect(new URL(stranger.url()).pathname).toBe("/admin/login");
    expect(await stranger.getByText("Spoofed").count()).toBe(0);
  });
});
