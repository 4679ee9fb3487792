/**
 * The record's lifecycle in Chromium against the production build (ADR 0030): an accepted estimate
 * stays accepted whatever the owner presses; a sent invoice is voided with a reason (VOID on the page,
 * the printable view and the client's page); a credit note lowers what is owed and shows in the list
 * below zero; the newest draft is deleted and its number comes back. At 1024 px and on a phone, axe
 * finds nothing serious. Screenshots go to /tmp/shots-lifecycle/.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { documentNumberCounters, invoiceLineItems, invoiceLinks } from "#app/db/schema.ts";
import { lifecycleMessages } from "#app/domain/document-lifecycle.ts";
import { newClientToken } from "#app/services/client-links.server.ts";
import { seriousViolations } from "../support/axe.ts";
import { hydrated } from "../support/browser.ts";
import { insertCustomer, insertInvoice } from "../support/records.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";

const shots = "/tmp/shots-lifecycle";

async function seed(dataDir: string) {
  const database = await openDatabase({ dataDir });
  const db = database.db;
  const customer = await insertCustomer(db, { name: "Ada Lovelace", businessName: "Analytical Engines" });
  const money = { subtotal: "1200.00", totalAmount: "1200.00", balanceDue: "1200.00" };
  const estimate = await insertInvoice(db, {
    invoiceNumber: "EST-0001",
    invoiceType: "estimate",
    customerId: customer.id,
    dueDate: "2026-12-15",
    status: "accepted",
    sentAt: new Date("2026-11-02T10:00:00Z"),
    acceptedAt: new Date("2026-11-03T10:00:00Z"),
    acceptedByName: "Ada Lovelace",
    ...money,
  });
  const toVoid = await insertInvoice(db, {
    invoiceNumber: "INV-0001",
    customerId: customer.id,
    dueDate: "2026-12-01",
    status: "sent",
    sentAt: new Date("2026-11-02T10:00:00Z"),
    ...money,
  });
  const toCredit = await insertInvoice(db, {
    invoiceNumber: "INV-0002",
    customerId: customer.id,
    dueDate: "2026-12-01",
    status: "sent",
    sentAt: new Date("2026-11-02T10:00:00Z"),
    ...money,
  });
  const draft = await insertInvoice(db, { invoiceNumber: "INV-0003", customerId: customer.id, ...money });
  for (const row of [estimate, toVoid, toCredit, draft]) {
    await db.insert(invoiceLineItems).values({
      invoiceId: row.id,
      description: "Website",
      quantity: "1.00",
      unitPrice: "1200.00",
      lineTotal: "1200.00",
      sortOrder: 0,
    });
  }
  // the counters as the model would have left them
  await db.insert(documentNumberCounters).values([
    { sequence: "invoice", lastValue: 3 },
    { sequence: "estimate", lastValue: 1 },
  ]);
  const { token, hash } = newClientToken();
  await db.insert(invoiceLinks).values({ invoiceId: toVoid.id, tokenHash: hash });
  await database.close();
  return { estimateId: estimate.id, voidId: toVoid.id, creditId: toCredit.id, draftId: draft.id, voidToken: token };
}
type Seeded = Awaited<ReturnType<typeof seed>>;

async function toast(page: Page, text: string) {
  await page.locator("[data-sonner-toast]", { hasText: text }).first().waitFor();
}

describe("the record's lifecycle", () => {
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

  it("an accepted estimate stays accepted: the editor is read-only and no save reaches it", async () => {
    const page = await app.adminPage({ viewport: { width: 1024, height: 900 } });
    await page.goto(`${app.server.url}/admin/invoices/${ids.estimateId}`);
    await hydrated(page);
    await page.getByText(lifecycleMessages.estimateClosed).first().waitFor();
    expect(await page.getByRole("button", { name: "Save as Draft" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Save & Send" }).count()).toBe(0);
    const answer = page.locator("[data-estimate-answer]");
    expect(await answer.textContent()).toContain("by Ada Lovelace (signed on the client link)");
    // Enter in a field changes nothing either
    await page.getByLabel("Description, line 1").press("Enter");
    await page.reload();
    expect(await page.locator("[data-estimate-answer]").textContent()).toContain("by Ada Lovelace");
    expect(await page.locator("[data-invoice-status]").textContent()).toContain("Accepted");
    await page.context().close();
  });

  it("void: a reason is asked, the invoice is cancelled with its number, VOID on the page, the print view and the client's link", async () => {
    const page = await app.adminPage({ viewport: { width: 1024, height: 900 } });
    await page.goto(`${app.server.url}/admin/invoices/${ids.voidId}`);
    await hydrated(page);
    await page.locator('[data-lifecycle-action="void"]').click();
    const dialog = page.getByRole("dialog", { name: "Void INV-0001" });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel("Why is it void?").fill("Billed to the wrong company");
    await dialog.getByRole("button", { name: "Void" }).click();
    await toast(page, lifecycleMessages.voidedDone("INV-0001"));
    const notice = page.locator("[data-document-actions] [data-void-notice]");
    expect(await notice.textContent()).toContain("Billed to the wrong company");
    expect(await page.locator("[data-invoice-status]").textContent()).toContain("Void");
    // the heading says what it is: no "Edit Invoice" for a void document
    await page.getByRole("heading", { name: "Void invoice INV-0001", level: 1 }).waitFor();
    // the reason reads as one sentence (no double full stop)
    expect(await notice.textContent()).toContain("Billed to the wrong company. The number");
    expect(await page.locator('[data-lifecycle-action="void"]').count()).toBe(0);
    expect(await page.getByRole("link", { name: "Send by Email" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Copy client link" }).count()).toBe(0);
    await page.screenshot({ path: `${shots}/void-1024.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${app.server.url}/admin/invoices/${ids.voidId}/pdf`);
    expect(await page.locator("article [data-void-notice]").textContent()).toBe("VOID: Billed to the wrong company");
    const phone = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
    const client = await phone.newPage();
    await client.goto(`${app.server.url}/i/${ids.voidToken}`);
    expect(await client.locator("article [data-void-notice]").textContent()).toContain("VOID");
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await client.screenshot({ path: `${shots}/void-client-390.png`, fullPage: true });
    await phone.close();

    // the list says Void, offers no Send for it, and an estimate is "Valid until" its date
    await page.goto(`${app.server.url}/admin/invoices`);
    const voided = page.locator(`[data-invoice-row="${ids.voidId}"]`);
    expect(await voided.textContent()).toContain("Void");
    expect(await voided.getByRole("link", { name: "Send INV-0001 by email" }).count()).toBe(0);
    expect(await voided.getByRole("link", { name: "Edit INV-0001" }).count()).toBe(1);
    const estimateRow = page.locator(`[data-invoice-row="${ids.estimateId}"]`);
    expect(await estimateRow.textContent()).toContain("Valid until 12/15/2026");
    await page.context().close();
  });

  it("credit note: at most what is owed, its own number, the balance lowered, below zero in the list", async () => {
    const page = await app.adminPage({ viewport: { width: 1024, height: 900 } });
    await page.goto(`${app.server.url}/admin/invoices/${ids.creditId}`);
    await hydrated(page);
    await page.locator('[data-lifecycle-action="credit-note"]').click();
    const dialog = page.getByRole("dialog", { name: "Issue a credit note INV-0002" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Amount to credit").inputValue()).toBe("1200.00");
    await dialog.getByLabel("Amount to credit").fill("1500");
    await dialog.getByLabel("Reason").fill("Discount agreed on the phone");
    await dialog.getByRole("button", { name: "Issue credit note" }).click();
    await dialog.getByText(lifecycleMessages.creditTooLarge(120_000)).first().waitFor();
    await dialog.getByLabel("Amount to credit").fill("200");
    await dialog.getByRole("button", { name: "Issue credit note" }).click();
    await toast(page, lifecycleMessages.creditedDone("CN-0001", "INV-0002"));
    expect(await page.locator('[data-figure="balance"]').textContent()).toBe("$1,000.00");
    expect(await page.locator("[data-credit-notes]").textContent()).toContain("CN-0001");
    await page.screenshot({ path: `${shots}/credited-1024.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await page.locator("[data-credit-notes]").getByRole("link", { name: "CN-0001" }).click();
    await page.locator("[data-credited-invoice]").waitFor();
    expect(await page.locator("[data-credited-invoice]").textContent()).toContain("INV-0002");
    expect(await page.getByText("A credit note is final").count()).toBeGreaterThan(0);

    await page.goto(`${app.server.url}/admin/invoices?type=credit_note`);
    const row = page.locator("tr", { hasText: "CN-0001" });
    expect(await row.textContent()).toContain("-$200.00");
    expect(await row.textContent()).toContain("Credit Note");
    await page.context().close();
  });

  it("the newest draft is deleted after a confirmation (its number goes back to the counter: tests/integration/document-lifecycle.test.ts)", async () => {
    const page = await app.adminPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${app.server.url}/admin/invoices/${ids.draftId}`);
    await hydrated(page);
    await page.locator('[data-lifecycle-action="delete-draft"]').click();
    const dialog = page.getByRole("dialog", { name: "Delete draft INV-0003" });
    await dialog.waitFor();
    await page.screenshot({ path: `${shots}/delete-draft-390.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Delete draft" }).click();
    await page.waitForURL(`${app.server.url}/admin/invoices`);
    await toast(page, lifecycleMessages.deleted("INV-0003"));
    await page.getByRole("link", { name: "Edit INV-0002" }).waitFor();
    expect(await page.getByRole("link", { name: "Edit INV-0003" }).count()).toBe(0);
    await page.context().close();
  });
});
