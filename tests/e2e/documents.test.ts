/**
 * Documents a client can read anywhere, in Chromium against the production build: the client's
 * page and the printable view at 390 and 1280 px (nothing scrolls sideways, the header stacks, each
 * line reads as a row of named values, the totals are in view, axe finds nothing serious), an
 * estimate worded as an estimate, Enter in the editor's fields saving nothing (with and without
 * JavaScript), and 'Copy client link' giving a link that opens the document.
 * Screenshots go to /tmp/shots-documents/.
 */
import { mkdirSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { invoiceLineItems, invoiceLinks } from "#app/db/schema.ts";
import { newClientToken } from "#app/services/client-links.server.ts";
import { seriousViolations } from "../support/axe.ts";
import { hydrated } from "../support/browser.ts";
import { insertCustomer, insertInvoice } from "../support/records.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";

const shots = "/tmp/shots-documents";

async function seed(dataDir: string) {
  const database = await openDatabase({ dataDir });
  const db = database.db;
  const customer = await insertCustomer(db, {
    name: "Grace Hopper",
    email: "grace.hopper.accounts@a-rather-long-company-domain.example.test",
    businessName: "Compiling Machines & Naval Computing Services International",
  });
  const money = { subtotal: "2400.00", totalAmount: "2400.00", balanceDue: "2400.00" };
  const invoice = await insertInvoice(db, {
    invoiceNumber: "INV-0101",
    customerId: customer.id,
    dueDate: "2026-12-01",
    status: "sent",
    terms: "Payment is due within 30 days of the invoice date.",
    ...money,
  });
  const estimate = await insertInvoice(db, {
    invoiceNumber: "EST-0101",
    invoiceType: "estimate",
    customerId: customer.id,
    dueDate: "2026-12-01",
    status: "sent",
    terms: "This estimate is valid for 30 days from its date.",
    ...money,
  });
  const draft = await insertInvoice(db, {
    invoiceNumber: "INV-0102",
    customerId: customer.id,
    dueDate: "2026-12-01",
    ...money,
  });
  const lines = [
    { description: "Website redesign", quantity: "1.00", unitPrice: "2400.00", lineTotal: "2400.00" },
    {
      description: "Hosting at https://hosting.example.test/plans/a-very-long-plan-name-without-any-spaces-at-all",
      quantity: "12.00",
      unitPrice: "0.00",
      lineTotal: "0.00",
    },
  ];
  for (const row of [invoice, estimate, draft]) {
    await db
      .insert(invoiceLineItems)
      .values(lines.map((line, sortOrder) => ({ ...line, sortOrder, invoiceId: row.id })));
  }
  const tokens: Record<string, string> = {};
  for (const row of [invoice, estimate]) {
    const { token, hash } = newClientToken();
    await db.insert(invoiceLinks).values({ invoiceId: row.id, tokenHash: hash });
    tokens[row.invoiceNumber] = token;
  }
  await database.close();
  return {
    invoiceId: invoice.id,
    draftId: draft.id,
    invoiceToken: tokens["INV-0101"] ?? "",
    estimateToken: tokens["EST-0101"] ?? "",
  };
}

type Seeded = Awaited<ReturnType<typeof seed>>;

/** The page's width against the viewport's: nothing may scroll sideways. */
function scrollWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** The text as it shows (CSS applied: hidden labels left out, uppercase headings in capitals). */
function rendered(locator: Locator): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: what shows on the screen is what is tested
  return locator.innerText();
}

async function box(page: Page, selector: string) {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`no box for ${selector}`);
  return found;
}

describe("documents on a phone and on a desktop", () => {
  let app: SignedInApp<Seeded>;
  let ids: Seeded;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    app = await startSignedInApp({ seed });
    ids = app.seeded;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("the client's page reads at 390 px (stacked, named line values, totals in view) and is a sheet at 1280 px", async () => {
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${app.server.url}/i/${ids.invoiceToken}`);
    await page.getByRole("heading", { name: "INVOICE", exact: true }).waitFor();
    await page.screenshot({ path: `${shots}/client-390.png`, fullPage: true });
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);

    // the header stacks: the title sits under the studio's name, not beside it
    const studio = await box(page, "article header p");
    const title = await box(page, "article header h1");
    expect(title.y).toBeGreaterThanOrEqual(studio.y + studio.height - 1);

    // a line: its description on its own line, then Qty, Unit Price and Total, each named
    const row = page.locator("article tbody tr").first();
    const description = await row.locator("td").first().boundingBox();
    const total = await row.locator("td").last().boundingBox();
    if (!description || !total) throw new Error("no line cells");
    expect(total.y).toBeGreaterThan(description.y + description.height - 1);
    expect(await rendered(row)).toMatch(/Website redesign\s+Qty\s+1\s+Unit Price\s+\$2,400\.00\s+Total\s+\$2,400\.00/);

    // the totals in full view
    const totals = page.locator("article dl").last();
    const totalsBox = await totals.boundingBox();
    if (!totalsBox) throw new Error("no totals");
    expect(totalsBox.x).toBeGreaterThanOrEqual(0);
    expect(totalsBox.x + totalsBox.width).toBeLessThanOrEqual(390);
    expect(await rendered(totals)).toMatch(/Total\s+\$2,400\.00/);
    expect(await seriousViolations(page)).toEqual([]);

    // the same page on a desktop: a Letter sheet with a table (head row shown, a line's cells side by side)
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${shots}/client-1280.png`, fullPage: true });
    expect(await scrollWidth(page)).toBeLessThanOrEqual(1280);
    expect(await page.locator("article thead").isVisible()).toBe(true);
    const wideTitle = await box(page, "article header h1");
    const wideStudio = await box(page, "article header p");
    expect(wideTitle.x).toBeGreaterThan(wideStudio.x + 300);
    expect(await rendered(row)).not.toMatch(/Qty|Unit Price/);
    const cells = await row.locator("td").evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect().top));
    expect(new Set(cells.map(Math.round)).size).toBe(1);
    expect((await box(page, "article")).width).toBeGreaterThan(800);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("an estimate's client page says Estimate Details and Valid Until, never the invoice's words", async () => {
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${app.server.url}/i/${ids.estimateToken}`);
    await page.getByRole("heading", { name: "ESTIMATE", exact: true }).waitFor();
    const sheet = await rendered(page.locator("article"));
    expect(sheet).toContain("Estimate Details".toUpperCase());
    expect(sheet).toContain("Valid Until:");
    expect(sheet).not.toMatch(/Invoice Details|Due Date|Payment Terms/i);
    expect(sheet).toContain("This estimate is valid for 30 days from its date.");
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${shots}/client-estimate-390.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("the printable view has nothing scrolling sideways at 390 px", async () => {
    const page = await app.adminPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${app.server.url}/admin/invoices/${ids.invoiceId}/pdf`);
    await page.getByRole("heading", { name: "INVOICE", exact: true }).waitFor();
    await page.screenshot({ path: `${shots}/print-390.png`, fullPage: true });
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("Enter in a line's description stays in the editor and saves nothing, with JavaScript and without", async () => {
    for (const javaScriptEnabled of [true, false]) {
      const page = await app.adminPage({ viewport: { width: 1280, height: 900 }, javaScriptEnabled });
      const editor = `${app.server.url}/admin/invoices/${ids.draftId}`;
      await page.goto(editor);
      if (javaScriptEnabled) await hydrated(page);
      const description = page.getByLabel("Description, line 1");
      await description.fill("Changed and never saved");
      const requests: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") requests.push(request.url());
      });
      await description.press("Enter");
      await page.getByLabel("Quantity, line 1").press("Enter");
      await page.getByLabel("Tax Rate (%)").press("Enter");
      await page.waitForTimeout(1000);
      expect(requests, `posts with JavaScript ${javaScriptEnabled ? "on" : "off"}`).toEqual([]);
      expect(page.url()).toBe(editor);
      expect(await description.inputValue()).toBe("Changed and never saved");

      // a reload shows what is stored: unchanged
      const fresh = await app.adminPage();
      await fresh.goto(editor);
      expect(await fresh.getByLabel("Description, line 1").inputValue()).toBe("Website redesign");
      await fresh.context().close();
      await page.context().close();
    }
  });

  it("Enter in a new document's field does not create it; Notes still takes a new line", async () => {
    const page = await app.adminPage({ viewport: { width: 1280, height: 900 } });
    const address = `${app.server.url}/admin/invoices/new?type=estimate`;
    await page.goto(address);
    await hydrated(page);
    // an estimate's own words and terms
    await page.getByLabel("Valid Until").waitFor();
    expect(await page.getByLabel("Terms & Conditions").inputValue()).toBe(
      "This estimate is valid for 30 days from its date.",
    );
    await page.getByLabel("Customer", { exact: true }).selectOption({ index: 1 });
    await page.getByLabel("Description, line 1").fill("Prototype");
    await page.getByLabel("Description, line 1").press("Enter");
    await page.getByLabel("Notes").fill("First");
    await page.getByLabel("Notes").press("Enter");
    await page.getByLabel("Notes").pressSequentially("Second");
    await page.waitForTimeout(500);
    expect(page.url()).toBe(address);
    expect(await page.getByLabel("Notes").inputValue()).toBe("First\nSecond");
    await page.goto(`${app.server.url}/admin/invoices?type=estimate`);
    await page.getByText("EST-0101").waitFor();
    expect(await page.getByText("Prototype").count()).toBe(0);
    expect(await page.locator("tbody tr").count()).toBe(1);
  });

  it("Copy client link gives a fresh link that opens the document; Preview and PDF are at hand", async () => {
    const page = await app.adminPage({ viewport: { width: 1280, height: 900 } });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.server.url });
    await page.goto(`${app.server.url}/admin/invoices/${ids.invoiceId}`);
    await hydrated(page);
    expect(await page.getByRole("link", { name: "Preview" }).getAttribute("href")).toBe(
      `/admin/invoices/${ids.invoiceId}/pdf`,
    );
    expect(await page.getByRole("link", { name: "PDF", exact: true }).getAttribute("href")).toBe(
      `/admin/invoices/${ids.invoiceId}.pdf`,
    );
    await page.getByRole("button", { name: "Copy client link" }).click();
    const field = page.getByLabel("Client link");
    await field.waitFor();
    const link = await field.inputValue();
    expect(link).toMatch(/\/i\/[A-Za-z0-9_-]{43}$/);
    expect(link).not.toContain(ids.invoiceToken);
    await page.getByRole("button", { name: "Copy", exact: true }).click();
    await page.getByRole("button", { name: "Copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/editor-link-390.png` });
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);

    const client = await (await app.browser.newContext()).newPage();
    const response = await client.goto(link.replace(/^https?:\/\/[^/]+/, app.server.url));
    expect(response?.status()).toBe(200);
    await client.getByRole("heading", { name: "INVOICE", exact: true }).waitFor();
    expect(await rendered(client.locator("article"))).toContain("INV-0101");
    await client.context().close();

    // without JavaScript the page comes back with the link, its text selectable
    const plain = await app.adminPage({ javaScriptEnabled: false });
    await plain.goto(`${app.server.url}/admin/invoices/${ids.invoiceId}`);
    await plain.getByRole("button", { name: "Copy client link" }).click();
    const plainLink = await plain.getByLabel("Client link").inputValue();
    expect(plainLink).toMatch(/\/i\/[A-Za-z0-9_-]{43}$/);
    expect(plainLink).not.toBe(link);

    // a document the client has no link to offers none
    await page.goto(`${app.server.url}/admin/invoices/${ids.draftId}`);
    await page.getByRole("link", { name: "Preview" }).waitFor();
    expect(await page.getByRole("button", { name: "Copy client link" }).count()).toBe(0);
  });
});
