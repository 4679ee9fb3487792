/**
 * Where paying clients come from (ADR 0060), in Chromium against the production build: a visitor on a phone
 * without JavaScript arrives with ?utm_source=newsletter (the cached home page sets the HttpOnly visit cookie; a
 * browser sending Sec-GPC gets none), sends an inquiry; the owner sees where it came from, converts it, invoices
 * and records the payment, and finds the revenue under "newsletter" in Reports › Sources, with its CSV; axe on
 * the report. Screenshots go to /tmp/shots-sources/.
 */
import { mkdirSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe.ts";
import { hydrated } from "../support/browser.ts";
import { type TestServer, waitPastTimeTrap } from "../support/server.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";

const shots = "/tmp/shots-sources";
const campaignUrl = "/?utm_source=newsletter&utm_medium=email&utm_campaign=spring";
/** A browser's own user agent: headless Chromium's says "HeadlessChrome", which is counted as a bot (no visit). */
const userAgent =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36";

describe("sources: from a newsletter visit to paid revenue", () => {
  let server: TestServer;
  let browser: Browser;
  let app: SignedInApp;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    app = await startSignedInApp();
    ({ server, browser } = app);
  });
  afterAll(() => app?.stop());

  it("a newsletter visitor's inquiry, converted and paid, shows under newsletter in the sources report", async () => {
    // an answer that sets the visit cookie is the browser's alone; one without a touch sets none and stays shared
    const touched = await fetch(`${server.url}/pricing?utm_source=probe`, { headers: { "user-agent": userAgent } });
    expect(touched.headers.get("set-cookie")).toMatch(/^studio_touch=/);
    expect(touched.headers.get("cache-control")).toBe("private, no-cache");
    const plain = await fetch(`${server.url}/pricing`, { headers: { "user-agent": userAgent } });
    expect(plain.headers.get("set-cookie")).toBeNull();
    expect(plain.headers.get("cache-control")).toContain("public");
    // a browser that asks not to be tracked gets no visit cookie
    const private_ = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "Sec-GPC": "1" } });
    await (await private_.newPage()).goto(`${server.url}${campaignUrl}`);
    expect((await private_.cookies()).map((cookie) => cookie.name)).not.toContain("studio_touch");

    const visitorContext = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      userAgent,
    });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${server.url}${campaignUrl}`);
    const touch = (await visitorContext.cookies()).find((cookie) => cookie.name === "studio_touch");
    expect(touch).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    // the site's own pages after it are no new touch: the cookie stays as the newsletter left it
    await visitor.getByRole("link", { name: "Pricing" }).first().click();
    await visitor.goto(`${server.url}/contact`);
    expect((await visitorContext.cookies()).find((cookie) => cookie.name === "studio_touch")?.value).toBe(touch?.value);
    for (const [label, value] of Object.entries({
      "First Name": "Nora",
      "Last Name": "Newsletter",
      Email: "nora@example.test",
      Message: "Your spring letter convinced me.",
    })) {
      await visitor.getByLabel(label, { exact: true }).fill(value);
    }
    await visitor.getByLabel("Project Type").selectOption("website");
    await waitPastTimeTrap();
    await visitor.getByRole("button", { name: "Send Message" }).click();
    await visitor.getByText("Thank you for reaching out!").waitFor();

    // the owner sees where it came from, and converts it
    const owner = await app.adminPage({ viewport: { width: 1280, height: 900 } });
    await owner.goto(`${server.url}/admin/dashboard`);
    await hydrated(owner);
    await owner.getByRole("link", { name: "View submission from Nora Newsletter" }).click();
    const details = owner.getByRole("dialog", { name: "Submission Details" });
    await details.getByText("newsletter / email / spring, landed on /").waitFor();
    await details.getByRole("link", { name: "Convert to Customer" }).click();
    const convert = owner.getByRole("dialog", { name: "Convert to Customer" });
    await convert.getByRole("button", { name: "Convert to Customer" }).click();
    await owner.waitForURL(/\/admin\/customers\/[0-9a-f-]{36}$/);

    // invoiced and paid
    await owner.goto(`${server.url}/admin/invoices/new?type=invoice`);
    await hydrated(owner);
    await owner.getByLabel("Customer", { exact: true }).selectOption({ label: "Nora Newsletter" });
    await owner.getByLabel("Description, line 1").fill("Website");
    await owner.getByLabel("Quantity, line 1").fill("1");
    await owner.getByLabel("Unit price, line 1").fill("2400.50");
    await owner.getByRole("button", { name: "Save & Send" }).click();
    await owner.waitForURL(`${server.url}/admin/invoices`);
    await owner.locator("tr", { hasText: "INV-0001" }).getByRole("link").first().click();
    await owner.waitForURL(/\/admin\/invoices\/[0-9a-f-]{36}$/);
    await hydrated(owner);
    const payments = owner.getByRole("region", { name: "Payments" });
    await payments.getByRole("button", { name: "Record Payment" }).click();
    await expect.poll(() => owner.locator("[data-invoice-status]").textContent()).toBe("Paid");

    // Reports › Sources: the revenue under newsletter, and the campaign
    await owner.goto(`${server.url}/admin/reports`);
    await owner.getByRole("link", { name: "Sources" }).click();
    await owner.waitForURL(`${server.url}/admin/reports/sources`);
    const row = owner.locator('tr[data-source-row="newsletter"]');
    await owner.getByRole("heading", { name: "Sources", level: 1 }).waitFor();
    // group, visits, inquiries, consultations, proposals signed, invoiced, paid; visits are written every few
    // seconds, so the page is read again until the visit is in
    await expect
      .poll(
        async () => {
          await owner.reload();
          return (await row.locator("td").allTextContents()).slice(0, 7);
        },
        { timeout: 15_000, interval: 1_000 },
      )
      .toEqual(["newsletter", "1", "1", "0", "0", "$2,400.50", "$2,400.50"]);
    await owner.screenshot({ path: `${shots}/sources-1280.png`, fullPage: true });
    expect(await seriousViolations(owner)).toEqual([]);
    await owner.locator(`select[name="by"]`).selectOption("campaign");
    await owner.getByRole("button", { name: "Show" }).click();
    await owner.getByRole("cell", { name: "newsletter / email / spring" }).waitFor();
    const csv = await owner.getByRole("link", { name: "Export CSV" }).getAttribute("href");
    const text = await (await fetch(`${server.url}${csv}`, { headers: { Cookie: app.cookie } })).text();
    expect(text).toContain("newsletter / email / spring,1,1,0,0,2400.50,2400.50");

    const phone = await app.adminPage({ viewport: { width: 390, height: 844 } });
    await phone.goto(`${server.url}/admin/reports/sources`);
    await hydrated(phone);
    await phone.screenshot({ path: `${shots}/sources-390.png`, fullPage: true });
    expect(await seriousViolations(phone)).toEqual([]);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
