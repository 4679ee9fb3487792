/**
 * Case studies and testimonials (ADR 0059) in Chromium against the production build: the owner records a
 * client's words with their permission and picks them for the home page, writes a case study from a completed
 * project (image, story, results, testimonial), previews it unpublished, publishes it; a visitor on a phone without
 * JavaScript finds the card on /portfolio, reads the page, whose JSON-LD passes schema.org's JSON Schemas, and
 * sees the testimonial on the home page; the testimonial loop (ADR 0062): the owner requests one on the completed
 * project, the client answers on the mailed link on a phone without JavaScript, and the owner finds it with the
 * client's permission; axe on every new page. Screenshots go to /tmp/shots-case-studies/.
 */
import { mkdirSync } from "node:fs";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { seriousViolations } from "../support/axe.ts";
import { plain } from "../support/booking-mail.ts";
import { hydrated } from "../support/browser.ts";
import { insertCustomer, insertProject } from "../support/records.ts";
import type { TestServer } from "../support/server.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";
import { startSmtpSink } from "../support/smtp.ts";
import { schemaOrgErrors } from "../support/structured-data.ts";
import { until } from "../support/wait.ts";

const shots = "/tmp/shots-case-studies";

describe("case studies and testimonials", () => {
  let server: TestServer;
  let browser: Browser;
  let app: SignedInApp<{ projectId: string }>;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    sink = await startSmtpSink();
    app = await startSignedInApp({
      env: { SMTP_URL: sink.url },
      seed: async (dataDir) => {
        const database = await openDatabase({ dataDir });
        try {
          const customer = await insertCustomer(database.db, {
            name: "Grace Hopper",
            email: "grace@floors.test",
            businessName: "Floor & Co.",
          });
          const project = await insertProject(database.db, customer.id, {
            projectName: "Floor Marketplace",
            description: "A marketplace where flooring contractors quote in minutes.",
            status: "completed",
          });
          return { projectId: project.id };
        } finally {
          await database.close();
        }
      },
    });
    ({ server, browser } = app);
  });
  afterAll(async () => {
    await app?.stop();
    await sink?.stop();
  });

  it("a testimonial with permission and a case study from a completed project reach the site, checked as schema.org data", async () => {
    const owner = await app.adminPage({ viewport: { width: 1280, height: 900 } });

    // the client's words, with where permission was given
    await owner.goto(`${server.url}/admin/site/testimonials`);
    await hydrated(owner);
    await owner.locator("form[novalidate]").waitFor({ state: "attached" });
    await owner.getByLabel("Client's name").fill("Grace Hopper");
    await owner.getByLabel("Role (optional)").fill("Owner, Floor & Co.");
    await owner
      .getByLabel("What the client said")
      .fill("They understood our business in one call.\nQuotes now take minutes.");
    await owner.getByLabel("Rating").selectOption("5");
    await owner.getByLabel("Project (optional)").selectOption({ label: "Floor Marketplace · Grace Hopper" });
    // ticking permission asks where it was given
    await owner.getByLabel(/The client gave permission/).check();
    await owner.getByRole("button", { name: "Add Testimonial" }).click();
    await owner.getByText(/Please say where the client gave permission/).waitFor();
    await owner.getByLabel("Where permission was given").fill("Email of 3 March 2026");
    await owner.getByRole("button", { name: "Add Testimonial" }).click();
    await owner
      .getByRole("region", { name: /Notifications/ })
      .getByText("Testimonial saved")
      .waitFor();
    // saved: the form starts afresh for the next one
    expect(await owner.getByLabel("Client's name").inputValue()).toBe("");
    const row = owner.locator("tr[data-testimonial-row]");
    await row.getByText("Not placed").waitFor();
    await row.getByRole("button", { name: "Show on the home page: Grace Hopper" }).click();
    await owner
      .getByRole("region", { name: /Notifications/ })
      .getByText("Shown on the home page")
      .waitFor();
    await row.getByText("Home", { exact: true }).waitFor();
    await owner.screenshot({ path: `${shots}/testimonials-1280.png`, fullPage: true });
    expect(await seriousViolations(owner)).toEqual([]);

    // the completed project offers to write its case study; the form starts from it
    await owner.goto(`${server.url}/admin/projects/${app.seeded.projectId}`);
    await owner.getByRole("link", { name: "Write a case study" }).click();
    await owner.waitForURL(/\/admin\/site\/portfolio\/edit\?project=/);
    await hydrated(owner);
    await owner.locator("form[novalidate]").waitFor({ state: "attached" });
    expect(await owner.getByLabel("Title").inputValue()).toBe("Floor Marketplace");
    expect(await owner.getByLabel("Address").inputValue()).toBe("floor-marketplace");
    expect(await owner.getByLabel("Published (shown on the portfolio page)").isChecked()).toBe(false);
    await owner.getByLabel("Category").selectOption("webapps");
    await owner.getByLabel("Link").fill("https://floors.example");
    await owner.getByLabel("The client's problem").fill("Contractors quoted by phone: two days per quote.");
    await owner.getByLabel("What we built").fill("A marketplace with instant quotes and a contractor app.");
    await owner.getByLabel("Results").fill("Quotes in 2 hours instead of 2 days\n+40% leads in three months");
    await owner.getByLabel("Testimonial").selectOption({ label: "Grace Hopper, Owner, Floor & Co." });
    const image = await sharp({
      create: { width: 1600, height: 1000, channels: 3, background: { r: 40, g: 90, b: 200 } },
    })
      .png()
      .toBuffer();
    await owner.getByLabel("Image").setInputFiles({ name: "floors.png", mimeType: "image/png", buffer: image });
    await owner.screenshot({ path: `${shots}/case-study-form-1280.png`, fullPage: true });
    expect(await seriousViolations(owner)).toEqual([]);
    await owner.getByRole("button", { name: "Save Item" }).click();
    await owner.waitForURL(`${server.url}/admin/site/portfolio`);

    // not published yet: the public address is the site's 404, the owner's preview shows it
    expect((await fetch(`${server.url}/portfolio/floor-marketplace`)).status).toBe(404);
    await owner.getByRole("link", { name: "Edit Floor Marketplace" }).click();
    await owner.getByRole("link", { name: "Preview the saved page" }).click();
    await owner.getByText(/not published yet; it will be at/).waitFor();
    await owner.getByRole("heading", { level: 1, name: "Floor Marketplace" }).waitFor();
    await owner.goto(`${server.url}/admin/site/portfolio`);
    await owner.getByRole("button", { name: "Publish Floor Marketplace" }).click();
    await owner.getByText("“Floor Marketplace” is on the portfolio page").waitFor();

    // a visitor on a phone, without JavaScript
    const visitor = await (
      await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })
    ).newPage();
    await visitor.goto(`${server.url}/portfolio`);
    await visitor.getByRole("link", { name: /^Read the case study\W+Floor Marketplace$/ }).click();
    await visitor.waitForURL(`${server.url}/portfolio/floor-marketplace`);
    await visitor.getByRole("heading", { level: 1, name: "Floor Marketplace" }).waitFor();
    await visitor.getByText("Contractors quoted by phone: two days per quote.").waitFor();
    expect(await visitor.locator("section[aria-labelledby=case-results] li").allTextContents()).toEqual([
      "Quotes in 2 hours instead of 2 days",
      "+40% leads in three months",
    ]);
    await visitor.getByText("Grace Hopper, Owner, Floor & Co.").waitFor();
    expect(await visitor.title()).toMatch(/^Floor Marketplace: a case study \| /);
    await visitor.screenshot({ path: `${shots}/case-study-390.png`, fullPage: true });
    // nothing sideways on a phone
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // its structured data: a CreativeWork with the client's Review, valid against schema.org's JSON Schemas
    const jsonLd = await visitor.locator('main script[type="application/ld+json"]').textContent();
    const work = JSON.parse(jsonLd ?? "{}") as Record<string, unknown>;
    expect(schemaOrgErrors(work)).toEqual([]);
    expect(work).toMatchObject({
      "@type": "CreativeWork",
      // the site's public address (PUBLIC_URL), not the test server's
      url: expect.stringMatching(/^https?:\/\/[^/]+\/portfolio\/floor-marketplace$/),
      review: {
        "@type": "Review",
        author: { "@type": "Person", name: "Grace Hopper" },
        reviewRating: { "@type": "Rating", ratingValue: 5 },
      },
    });
    // the check would catch a malformed one
    expect(schemaOrgErrors({ ...work, review: { "@type": "Review", reviewRating: { ratingValue: {} } } })).not.toEqual(
      [],
    );
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).toContain("/portfolio/floor-marketplace</loc>");

    // the home page shows the owner's pick
    await visitor.goto(`${server.url}/`);
    const said = visitor.getByRole("region", { name: "What Clients Say" });
    await said.getByText(/They understood our business in one call\./).waitFor();
    await said.getByText("Rated 5 out of 5").waitFor();
    await said.screenshot({ path: `${shots}/home-testimonials-390.png` });

    // axe runs on the page's JavaScript: the same pages in a context that has it
    const checked = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    for (const path of ["/portfolio/floor-marketplace", "/", "/portfolio"]) {
      await checked.goto(`${server.url}${path}`);
      expect(await seriousViolations(checked), path).toEqual([]);
    }
    const wide = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await wide.goto(`${server.url}/portfolio/floor-marketplace`);
    await wide.screenshot({ path: `${shots}/case-study-1280.png`, fullPage: true });
    expect(await seriousViolations(wide)).toEqual([]);
  });

  it("the testimonial loop: requested on the completed project, answered by the client on a phone without JavaScript, offered to the case study", async () => {
    const owner = await app.adminPage({ viewport: { width: 1024, height: 800 } });
    await owner.goto(`${server.url}/admin/projects/${app.seeded.projectId}`);
    await hydrated(owner);
    await owner.getByRole("button", { name: "Request a testimonial" }).click();
    await owner
      .getByRole("region", { name: /Notifications/ })
      .getByText("Testimonial request sent to grace@floors.test")
      .waitFor();
    await owner.getByText(/Testimonial requested from grace@floors\.test on .*: waiting for the answer\./).waitFor();

    const mail = await until(
      () => sink.received.find((received) => /^Subject: How was working with /m.test(plain(received.raw))),
      { what: "the testimonial request mail" },
    );
    expect(mail.to).toEqual(["grace@floors.test"]);
    const link = /https?:\/\/[^\s"<>]+\/t\/([A-Za-z0-9_-]{43})/.exec(plain(mail.raw))?.[0];
    if (!link) throw new Error("no link in the mail");
    const client = await (
      await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })
    ).newPage();
    const opened = await client.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    // a secret address: never cached, indexed or sent on as a referrer
    expect(opened?.headers()).toMatchObject({
      "cache-control": "no-store",
      "x-robots-tag": "noindex, nofollow",
      "referrer-policy": "same-origin",
    });
    await client.getByRole("heading", { name: "How did Floor Marketplace go?" }).waitFor();
    // the name is the customer's to start with; a missing rating and words are refused, what was typed kept
    expect(await client.getByLabel("Your name").inputValue()).toBe("Grace Hopper");
    await client.getByLabel("Your role").fill("Owner, Floor & Co.");
    await client.getByRole("button", { name: "Send" }).click();
    await client.getByText("Please choose a rating from 1 to 5").waitFor();
    await client.getByText("Please tell us in a few words how it went").waitFor();
    expect(await client.getByLabel("Your role").inputValue()).toBe("Owner, Floor & Co.");
    await client.getByLabel("5 of 5").check();
    await client.getByLabel("In your words").fill("Quotes that took a day now take minutes.");
    await client.getByLabel(/may publish my words/).check();
    await client.screenshot({ path: `${shots}/testimonial-form-390.png`, fullPage: true });
    const axePage = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await axePage.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    expect(await seriousViolations(axePage)).toEqual([]);
    await client.getByRole("button", { name: "Send" }).click();
    await client.getByText("Thank you! Your words have reached us.").waitFor();
    // the link answers once
    await client.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    await client.getByText("Thank you: your answer has reached us already.").waitFor();

    // the owner hears of it and finds it with the client's permission, ready for the home page and the case study
    await until(
      () => sink.received.find((received) => plain(received.raw).includes("rated Floor Marketplace 5 of 5")),
      {
        what: "the owner's mail",
      },
    );
    await owner.reload();
    await owner.getByText(/answered on .*\. See the testimonials/).waitFor();
    await owner.goto(`${server.url}/admin/site/testimonials`);
    await hydrated(owner);
    const row = owner.locator("tr[data-testimonial-row]", { hasText: "Quotes that took a day now take minutes." });
    await row.getByRole("button", { name: "Show on the home page: Grace Hopper" }).waitFor();
    await owner.goto(`${server.url}/admin/site/portfolio/edit?project=${app.seeded.projectId}`);
    await hydrated(owner);
    // offered beside the one the owner entered in the first test: both are Grace Hopper's, with permission
    const offered = await owner
      .getByLabel(/Testimonial/)
      .locator("option")
      .allTextContents();
    expect(offered.filter((label) => label.includes("Grace Hopper, Owner, Floor & Co."))).toHaveLength(2);
  });
});
