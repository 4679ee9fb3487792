/**
 * Invoices and estimates in Chromium against the production build: an invoice with three lines,
 * tax and discount, saved and sent; its list row, printable view and PDF; the unsaved-changes
 * dialog and the browser's leave warning; an estimate; the editor without JavaScript; malformed
 * ids; small screens and axe. Screenshots go to /tmp/shots-invoices/.
 */

import { mkdirSync, readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { projects } from "#app/db/schema.ts";
import { lifecycleMessages } from "#app/domain/document-lifecycle.ts";
import { logoMessages } from "#app/domain/logo.ts";
import { signInCookie, staffAccount } from "../support/accounts.ts";
import { seriousViolations } from "../support/axe.ts";
import { downloadedBytes, hydrated } from "../support/browser.ts";
import { pngBomb } from "../support/images.ts";
import { insertCustomers } from "../support/records.ts";
import type { TestServer } from "../support/server.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";

const shots = "/tmp/shots-invoices";

async function seed(dataDir: string) {
  const database = await openDatabase({ dataDir });
  const [ada] = await insertCustomers(database.db, [
    {
      name: "Ada Lovelace",
      email: "ada@example.test",
      businessName: "Analytical Engines",
      phoneNumber: "(555) 010-1234",
      billingAddress: "1 Engine Way\nLondon",
      paymentTerms: 15,
    },
    { name: "Bob Builder", email: "bob@example.test" },
  ]);
  if (!ada) throw new Error("no customer");
  await database.db.insert(projects).values({ customerId: ada.id, projectName: "Engine website" });
  await database.close();
}

const toast = (page: Page, text: string) =>
  page
    .getByRole("region", { name: /Notifications/ })
    .getByText(text)
    .waitFor();

describe("invoices and estimates", () => {
  let server: TestServer;
  let cookie: string;
  let app: SignedInApp;

  const adminPage = (options: { javaScriptEnabled?: boolean; width?: number; height?: number } = {}) =>
    app.adminPage({
      viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
      javaScriptEnabled: options.javaScriptEnabled ?? true,
      acceptDownloads: true,
    });

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    app = await startSignedInApp({ seed });
    ({ server, cookie } = app);
  });
  afterAll(() => app?.stop());

  it("an invoice with three lines, tax and discount: live totals, Save & Send, the list row, print view and PDF", async () => {
    const page = await adminPage();
    await page.goto(`${server.url}/admin/invoices`);
    await hydrated(page);
    await page.getByText("No invoices found").waitFor();
    await page.getByRole("button", { name: "Create New" }).click();
    await page.getByRole("menuitem", { name: "New Invoice" }).click();
    await page.waitForURL(/\/admin\/invoices\/new\?type=invoice$/);
    await page.getByRole("heading", { name: "New Invoice" }).waitFor();
    await hydrated(page);

    const project = page.getByLabel(/^Project/);
    expect(await project.isDisabled()).toBe(true);
    const issue = await page.getByLabel("Issue Date").inputValue();
    // each date is shown once: the picker, with no written-out copy of the same date beside it
    const dateFrames = page.locator("label", { hasText: /^(Issue Date|Due Date)$/ }).locator("..");
    expect(await dateFrames.count()).toBe(2);
    for (const text of await dateFrames.allTextContents()) expect(text).not.toContain(issue.slice(0, 4));
    await page.getByLabel("Customer", { exact: true }).selectOption({ label: "Ada Lovelace (Analytical Engines)" });
    await expect.poll(() => project.isDisabled()).toBe(false);
    await project.locator("option", { hasText: "Engine website" }).waitFor({ state: "attached" });
    // Ada's payment terms are 15 days
    const due = new Date(`${issue}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 15);
    expect(await page.getByLabel("Due Date").inputValue()).toBe(due.toISOString().slice(0, 10));
    await project.selectOption({ label: "Engine website" });

    // clearing a date is ignored
    await page.getByLabel("Issue Date").fill("");
    await expect.poll(() => page.getByLabel("Issue Date").inputValue()).toBe(issue);

    expect(await page.getByRole("button", { name: /Remove line/ }).count()).toBe(0);
    await page.getByRole("button", { name: "Add Item" }).click();
    await page.getByRole("button", { name: "Add Item" }).click();
    expect(await page.getByRole("button", { name: /Remove line/ }).count()).toBe(3);
    const lines = [
      ["Design", "3", "19.99"],
      ["Build", "1.5", "33.33"],
      ["Hosting", "10", "125"],
    ];
    for (const [index, [description, quantity, price]] of lines.entries()) {
      await page.getByLabel(`Description, line ${index + 1}`).fill(description ?? "");
      await page.getByLabel(`Quantity, line ${index + 1}`).fill(quantity ?? "");
      await page.getByLabel(`Unit price, line ${index + 1}`).fill(price ?? "");
    }
    await page.getByLabel("Tax Rate (%)").fill("8.25");
    await page.getByLabel("Discount ($)").fill("25.50");
    await page.getByLabel("Notes").fill("Thanks <b>Ada</b>!");
    const summary = (name: string) => page.locator(`[data-summary="${name}"]`).textContent();
    await expect.poll(() => summary("total")).toBe("$1,446.67");
    expect(await summary("subtotal")).toBe("$1,359.97");
    expect(await summary("tax")).toBe("$112.20");
    expect(await page.locator("[data-line-total]").allTextContents()).toEqual([
      "Total$59.97",
      "Total$50.00",
      "Total$1,250.00",
    ]);
    await page.screenshot({ path: `${shots}/editor-1280.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Save & Send" }).click();
    await page.waitForURL(`${server.url}/admin/invoices`);
    await toast(page, "Invoice saved and sent successfully");
    const row = page.locator("tr", { hasText: "INV-0001" });
    await row.waitFor();
    const rowText = (await row.textContent()) ?? "";
    for (const text of ["Ada Lovelace", "Analytical Engines", "Invoice", "$1,446.67", "Sent"]) {
      expect(rowText).toContain(text);
    }
    await page.screenshot({ path: `${shots}/list-1280.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // PDF opens the printable view in a new tab
    const [printable] = await Promise.all([
      page.context().waitForEvent("page"),
      row.getByRole("link", { name: /Open printable INV-0001/ }).click(),
    ]);
    await printable.waitForLoadState();
    await printable.getByRole("heading", { name: "INVOICE", exact: true }).waitFor();
    const sheet = (await printable.locator("article").textContent()) ?? "";
    for (const text of [
      "INV-0001",
      "Analytical Engines",
      "Ada Lovelace",
      "ada@example.test",
      "(555) 010-1234",
      "1 Engine Way",
      "London",
      "Status:Sent",
      "Design",
      "$1,250.00",
      "Tax (8.25%)",
      "-$25.50",
      "$1,446.67",
      "Payment is due within 30 days of the invoice date.",
      "Thanks <b>Ada</b>!",
      "Thank you for your business!",
    ]) {
      expect(sheet).toContain(text);
    }
    expect(await printable.locator("article b").count()).toBe(0);
    await printable.screenshot({ path: `${shots}/print-1280.png`, fullPage: true });
    expect(await seriousViolations(printable)).toEqual([]);
    // print: Letter, no margins, buttons hidden
    await printable.emulateMedia({ media: "print" });
    expect(await printable.getByRole("button", { name: "Print / Save as PDF" }).isVisible()).toBe(false);
    expect(await printable.getByRole("link", { name: "Download PDF" }).isVisible()).toBe(false);
    const printed = await printable.pdf({ preferCSSPageSize: true });
    expect(printed.subarray(0, 5).toString()).toBe("%PDF-");
    expect(printed.toString("latin1")).toMatch(/MediaBox \[0 0 612 792\]/);
    await printable.emulateMedia({ media: "screen" });

    const [download] = await Promise.all([
      printable.waitForEvent("download"),
      printable.getByRole("link", { name: "Download PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("INV-0001.pdf");
    const file = await downloadedBytes(download);
    expect(file.subarray(0, 5).toString()).toBe("%PDF-");

    const href = await row.getByRole("link", { name: /Download INV-0001/ }).getAttribute("href");
    const response = await fetch(`${server.url}${href}`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('inline; filename="INV-0001.pdf"');
    await page.context().close();
  });

  it("editing a sent invoice: locked, Revise keeps the sent version in the history, the new draft is edited and saved", async () => {
    const page = await adminPage();
    await page.goto(`${server.url}/admin/invoices`);
    await page.locator("tr", { hasText: "INV-0001" }).getByRole("link", { name: "Edit INV-0001" }).click();
    // sent, so shown rather than edited: the heading names the document, not "Edit Invoice"
    await page.getByRole("heading", { name: "Invoice INV-0001", level: 1 }).waitFor();
    await hydrated(page);
    expect(await page.getByLabel("Description, line 2").inputValue()).toBe("Build");
    expect(await page.getByLabel("Quantity, line 2").inputValue()).toBe("1.5");
    expect(await page.locator('[data-summary="total"]').textContent()).toBe("$1,446.67");
    // sent, so locked: the fields are disabled and the page says why
    await page.getByText(lifecycleMessages.locked("invoice")).first().waitFor();
    expect(await page.getByLabel("Description, line 2").isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Save as Draft" }).count()).toBe(0);

    await page.locator('[data-lifecycle-action="revise"]').click();
    const dialog = page.getByRole("dialog", { name: "Revise INV-0001" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Revise" }).click();
    await dialog.getByText(lifecycleMessages.reviseReasonRequired).waitFor();
    await dialog.getByLabel("What changes in this revision?").fill("Client dropped the third line");
    await dialog.getByRole("button", { name: "Revise" }).click();
    await toast(page, lifecycleMessages.revisedDone("INV-0001", 2));
    // a draft again: edited in place
    await page.getByRole("heading", { name: "Edit Invoice", level: 1 }).waitFor();

    await page.getByRole("button", { name: "Remove line 3" }).click();
    await expect.poll(() => page.locator('[data-summary="total"]').textContent()).toBe("$93.54");
    await page.getByRole("button", { name: "Save as Draft" }).click();
    await toast(page, "Invoice saved successfully");
    const row = page.locator("tr", { hasText: "INV-0001" });
    await expect.poll(async () => (await row.textContent()) ?? "").toContain("Draft");
    expect(await row.textContent()).toContain("$93.54");

    await row.getByRole("link", { name: "Edit INV-0001" }).click();
    const history = page.locator("[data-history]");
    await history.waitFor();
    const text = (await history.textContent()) ?? "";
    expect(text).toContain("Revision 1 · $1,446.67");
    expect(text).toContain("Client dropped the third line");
    expect(text).toContain("Total $1,446.67 → $93.54");
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("validation: the spec's messages, as toasts and beside the fields", async () => {
    const page = await adminPage();
    await page.goto(`${server.url}/admin/invoices/new`);
    await hydrated(page);
    await page.getByRole("button", { name: "Save as Draft" }).click();
    await toast(page, "Please select a customer");
    await toast(page, "Please add at least one line item");
    expect(page.url()).toContain("/admin/invoices/new");
    await page.context().close();
  });

  it("validation before the editor's script has come (a slow phone): the page posts itself, and says both messages too", async () => {
    const page = await adminPage();
    // hold the editor's piece on the first page: the form is the server's, its Save posts the page
    let held = false;
    await page.route(/\/invoice-editor-page-[\w-]+\.js$/, async (route) => {
      if (!held) {
        held = true;
        await new Promise((resolve) => setTimeout(resolve, 5000));
      }
      await route.continue();
    });
    await page.goto(`${server.url}/admin/invoices/new`, { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Save as Draft" }).click();
    await page.waitForURL(`${server.url}/admin/invoices/new?type=invoice`, { waitUntil: "commit" });
    await toast(page, "Please select a customer");
    await toast(page, "Please add at least one line item");
    expect(held).toBe(true);
    await page.context().close();
  });

  it("the Unsaved Changes dialog: Don't Save leaves, Save & Continue saves a draft estimate; the browser warns on leaving", async () => {
    const page = await adminPage();
    await page.goto(`${server.url}/admin/invoices/new?type=estimate`);
    await page.getByRole("heading", { name: "New Estimate" }).waitFor();
    await hydrated(page);
    // nothing changed: Dashboard just goes
    await page.getByRole("link", { name: "Dashboard" }).click();
    await page.waitForURL(`${server.url}/admin/dashboard`);

    await page.goto(`${server.url}/admin/invoices/new?type=estimate`);
    await hydrated(page);
    await page.getByLabel("Description, line 1").fill("Discovery workshop");
    await page.getByRole("link", { name: "Dashboard" }).click();
    const dialog = page.getByRole("dialog", { name: "Unsaved Changes" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      "You have unsaved changes to this estimate. Would you like to save before returning to the dashboard?",
    );
    await page.screenshot({ path: `${shots}/unsaved-1280.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Don't Save" }).click();
    await page.waitForURL(`${server.url}/admin/dashboard`);

    await page.goto(`${server.url}/admin/invoices/new?type=estimate`);
    await hydrated(page);
    await page.getByLabel("Customer", { exact: true }).selectOption({ label: "Bob Builder" });
    await page.getByLabel("Description, line 1").fill("Discovery workshop");
    await page.getByLabel("Unit price, line 1").fill("450");
    await page.getByRole("link", { name: "Dashboard" }).click();
    await dialog.getByRole("button", { name: "Save & Continue" }).click();
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await toast(page, "Estimate saved successfully");

    await page.goto(`${server.url}/admin/invoices?type=estimate`);
    const row = page.locator("tr", { hasText: "EST-0001" });
    await row.waitFor();
    for (const text of ["Bob Builder", "Estimate", "$450.00", "Draft"]) expect(await row.textContent()).toContain(text);
    await row.getByRole("link", { name: /Edit EST-0001/ }).click();
    await page.getByRole("heading", { name: "Edit Estimate" }).waitFor();
    await hydrated(page);

    // leaving with unsaved changes: the browser's own warning
    await page.getByLabel("Notes").fill("changed");
    let warned = "";
    page.on("dialog", (browserDialog) => {
      warned = browserDialog.type();
      void browserDialog.accept();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => warned).toBe("beforeunload");
  });

  it("works without JavaScript: Add Item posts and re-renders, Save as Draft saves", async () => {
    const page = await adminPage({ javaScriptEnabled: false });
    await page.goto(`${server.url}/admin/invoices/new`);
    await page.getByLabel("Customer", { exact: true }).selectOption({ label: "Ada Lovelace (Analytical Engines)" });
    await page.getByLabel("Description, line 1").fill("Audit");
    await page.getByLabel("Unit price, line 1").fill("100");
    await page.getByRole("button", { name: "Add Item" }).click();
    await page.getByLabel("Description, line 2").waitFor();
    expect(await page.getByLabel("Description, line 1").inputValue()).toBe("Audit");
    // the project list follows the posted customer
    expect(await page.getByLabel(/^Project/).isDisabled()).toBe(false);
    await page.getByLabel("Description, line 2").fill("Fixes");
    await page.getByLabel("Quantity, line 2").fill("2");
    await page.getByLabel("Unit price, line 2").fill("50");
    await page.getByRole("button", { name: "Remove line 1" }).click();
    await page.getByLabel("Description, line 1").waitFor();
    expect(await page.getByLabel("Description, line 1").inputValue()).toBe("Fixes");
    await page.getByRole("button", { name: "Save as Draft" }).click();
    await page.waitForURL(`${server.url}/admin/invoices`);
    const row = page.locator("tr", { hasText: "INV-0002" });
    await row.waitFor();
    expect(await row.textContent()).toContain("$100.00");
    expect(await row.textContent()).toContain("Draft");
    await page.context().close();
  });

  it("search, filters and pages are in the URL; malformed ids answer 404, never 500", async () => {
    const page = await adminPage({ javaScriptEnabled: false });
    await page.goto(`${server.url}/admin/invoices?q=bob`);
    // Bob's estimate(s) only (a retried earlier test may have saved a second one), none of Ada's
    const found = await page.locator("tbody tr").allTextContents();
    expect(found.length).toBeGreaterThanOrEqual(1);
    for (const row of found) expect(row).toContain("Bob Builder");
    await page.goto(`${server.url}/admin/invoices`);
    expect((await page.locator("tbody tr").allTextContents()).some((row) => row.includes("Ada Lovelace"))).toBe(true);
    await page.goto(`${server.url}/admin/invoices?status=paid`);
    await page.getByText("No invoices found").waitFor();
    await page.context().close();
    for (const path of [
      "/admin/invoices/not-an-id",
      "/admin/invoices/1%27%20or%201=1",
      "/admin/invoices/not-an-id/pdf",
      "/admin/invoices/not-an-id.pdf",
      "/admin/invoices/00000000-0000-4000-8000-000000000000/pdf",
      "/admin/invoices/00000000-0000-4000-8000-000000000000.pdf",
    ]) {
      const response = await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } });
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain("Invoice not found");
    }
    // the PDF and the logo are guarded like every admin page: anonymous -> login, not an admin -> 403
    const list = await (await fetch(`${server.url}/admin/invoices`, { headers: { Cookie: cookie } })).text();
    const id = /\/admin\/invoices\/([0-9a-f-]{36})\.pdf/.exec(list)?.[1];
    expect(id).toBeTruthy();
    const staffCookie = await signInCookie(server.url, staffAccount);
    for (const path of [`/admin/invoices/${id}.pdf`, `/admin/invoices/${id}/pdf`, "/admin/settings/logo"]) {
      const anonymous = await fetch(`${server.url}${path}`, { redirect: "manual" });
      expect(anonymous.status, path).toBe(302);
      expect(anonymous.headers.get("location"), path).toMatch(/^\/admin\/login/);
      const staff = await fetch(`${server.url}${path}`, { redirect: "manual", headers: { Cookie: staffCookie } });
      expect(staff.status, path).toBe(403);
      expect(staff.headers.get("content-type") ?? "", path).not.toContain("application/pdf");
    }
    const post = await fetch(`${server.url}/admin/invoices/not-an-id`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: "customer_id=x",
    });
    expect(post.status).toBe(404);
  });

  it("the logo: uploaded as PNG (checked by its bytes and decoded), stored within 600 x 300, shown on the printable view and in the PDF", async () => {
    const upload = (file: Blob, name: string) => {
      const body = new FormData();
      body.append("logo", file, name);
      return fetch(`${server.url}/admin/settings/logo`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: cookie, Origin: server.url },
        body,
      });
    };
    // an HTML file named .png is refused with the field's message: nothing stored
    const fake = await upload(new Blob(["<svg onload=alert(1)>"], { type: "image/png" }), "evil.png");
    expect(fake.status).toBe(400);
    expect(await fake.text()).toContain(logoMessages.wrongType);
    // so is a 20,000 x 20,000 PNG of under 1 MB (a decompression bomb), before it is decoded
    const bomb = await pngBomb(20_000, 20_000);
    const started = performance.now();
    const refused = await upload(new Blob([new Uint8Array(bomb)], { type: "image/png" }), "bomb.png");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(logoMessages.tooManyPixels);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect((await fetch(`${server.url}/admin/settings/logo`, { headers: { Cookie: cookie } })).status).toBe(404);

    const png = readFileSync(new URL("../../public/logo.png", import.meta.url));
    const saved = await upload(new Blob([png], { type: "application/octet-stream" }), "logo.bin");
    expect(saved.status).toBe(302);
    const served = await fetch(`${server.url}/admin/settings/logo`, { headers: { Cookie: cookie } });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    // stored re-encoded: the 512 x 512 original fits the 600 x 300 box at 300 x 300
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 300, 300]);
    expect((await fetch(`${server.url}/admin/settings/logo`, { redirect: "manual" })).status).toBe(302);

    const page = await adminPage();
    await page.goto(`${server.url}/admin/invoices?q=INV-0001`);
    const href = await page.getByRole("link", { name: /Open printable INV-0001/ }).getAttribute("href");
    await page.goto(`${server.url}${href}`);
    const logo = page.getByRole("img", { name: /logo/ });
    await logo.waitFor();
    await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await page.context().close();
    const pdf = await fetch(`${server.url}${href?.replace(/\/pdf$/, ".pdf")}`, { headers: { Cookie: cookie } });
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).toString("latin1")).toContain("/Subtype /Image");
  });

  it("the settings page shows a refused logo's message under the file input, and saves a good one", async () => {
    const page = await adminPage();
    await page.goto(`${server.url}/admin/settings`);
    await hydrated(page);
    const input = page.locator("#invoice-logo");
    await input.setInputFiles({ name: "bomb.png", mimeType: "image/png", buffer: await pngBomb(20_000, 20_000) });
    await page.getByRole("button", { name: "Upload Logo" }).click();
    await page.getByText(logoMessages.tooManyPixels).waitFor();
    expect(await input.getAttribute("aria-invalid")).toBe("true");
    expect(await input.getAttribute("aria-describedby")).toBe("invoice-logo-error");
    const png = readFileSync(new URL("../../public/logo.png", import.meta.url));
    await input.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: "Upload Logo" }).click();
    await toast(page, logoMessages.saved);
    expect(await page.getByText(logoMessages.tooManyPixels).count()).toBe(0);
    await page.getByRole("img", { name: "Current invoice logo" }).waitFor();
    await page.context().close();
  });

  it("1024 px: every row action visible without scrolling; 390 px: cards; axe", async () => {
    for (const [width, height] of [
      [1024, 768],
      [390, 844],
    ] as const) {
      const page = await adminPage({ width, height });
      await page.goto(`${server.url}/admin/invoices`);
      await hydrated(page);
      await page.screenshot({ path: `${shots}/list-${width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const download = page.getByRole("link", { name: "Download INV-0001 as PDF" });
      expect(await download.isVisible()).toBe(true);
      const box = await download.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`${server.url}/admin/invoices/new`);
      await hydrated(page);
      await page.screenshot({ path: `${shots}/editor-${width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    }
  });
});
