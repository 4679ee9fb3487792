/**
 * A contract's whole way in Chromium against the production build (issue 35, ADR 0043): a proposal
 * with 8.25% tax and a 50% deposit is signed on the client's phone (/p/{token}); the deposit invoice
 * carries the tax and is paid (a payment recorded); the owner adds a milestone to the contract's
 * schedule and invoices "Next in schedule" from New Invoice on the project, then "Remaining balance":
 * the final invoice lists the contract's lines with its tax and deducts the earlier invoices ("Less
 * deposit INV-0001", "Less milestone INV-0002"), and the three totals add up to the contract's total to
 * the cent, on the page, the printable view, the PDF and the client's page. Then a paid invoice is
 * corrected by a credit note: what goes beyond what was owed is the customer's credit, applied to a later
 * invoice and refunded from the customer page. Screenshots of the project page's contract card, the final
 * invoice and the credit at 1280 and 390 px go to /tmp/shots-contracts/.
 */
import { mkdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { invoiceLineItems, payments, users } from "#app/db/schema.ts";
import { addDaysIso, todayIn } from "#app/domain/dates.ts";
import { adminAccount } from "../support/accounts.ts";
import { seriousViolations } from "../support/axe.ts";
import { hydrated } from "../support/browser.ts";
import { createSentProposal, pdfText } from "../support/proposals.ts";
import { insertCustomer, insertInvoice } from "../support/records.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";

const shots = "/tmp/shots-contracts";
const wide = { viewport: { width: 1280, height: 900 } };
const phone = { viewport: { width: 390, height: 844 } };

/** A customer and the sample proposal sent to them: 8.25% tax, 50% deposit (tests/support/proposals.ts). */
async function seed(dataDir: string) {
  const database = await openDatabase({ dataDir });
  const db = database.db;
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, adminAccount.email));
  const customer = await insertCustomer(db, { name: "Ada Baker", email: "ada@bakery.test" });
  const proposal = await createSentProposal(db, {
    customerId: customer.id,
    expiresOn: addDaysIso(todayIn("UTC"), 30),
    actor: { userId: owner?.id ?? "", email: adminAccount.email },
  });
  // another customer: a paid invoice to correct, and a later one the credit can pay (numbered apart: the
  // contract's invoices take INV-0001...)
  const grace = await insertCustomer(db, { name: "Grace Hopper", email: "grace@navy.test" });
  const issued = todayIn("UTC");
  const paid = await insertInvoice(db, {
    invoiceNumber: "G-0001",
    customerId: grace.id,
    issueDate: issued,
    status: "paid",
    sentAt: new Date(),
    subtotal: "1000.00",
    totalAmount: "1000.00",
    amountPaid: "1000.00",
    balanceDue: "0.00",
  });
  const later = await insertInvoice(db, {
    invoiceNumber: "G-0002",
    customerId: grace.id,
    issueDate: issued,
    status: "sent",
    sentAt: new Date(),
    subtotal: "250.00",
    totalAmount: "250.00",
    balanceDue: "250.00",
  });
  for (const [invoice, price] of [
    [paid, "1000.00"],
    [later, "250.00"],
  ] as const) {
    await db.insert(invoiceLineItems).values({
      invoiceId: invoice.id,
      description: "Compiler manual",
      quantity: "1",
      unitPrice: price,
      lineTotal: price,
    });
  }
  await db.insert(payments).values({ invoiceId: paid.id, paidOn: issued, amount: "1000.00", method: "card" });
  await database.close();
  return {
    token: proposal.token,
    customerId: customer.id,
    grace: { id: grace.id, paidId: paid.id, laterId: later.id },
  };
}
type Seeded = Awaited<ReturnType<typeof seed>>;

const money = (text: string | null) => Math.round(Number((text ?? "").replace(/[$,\s]/g, "")) * 100);

async function toast(page: Page, text: string) {
  await page.locator("[data-sonner-toast]", { hasText: text }).first().waitFor();
}

/** The editor's Summary total of the document on the page. */
const summaryTotal = async (page: Page) => money(await page.locator('[data-summary="total"]').textContent());

describe("a signed proposal's contract, invoiced by its schedule", () => {
  let app: SignedInApp<Seeded>;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    app = await startSignedInApp({ seed });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("deposit, milestone and balance add up to the contract's total, the balance deducting the others after tax", async () => {
    // the client signs on a phone: the middle package and the add-on ($3,031.54, half on signing)
    const client = await app.browser.newContext(phone);
    const signing = await client.newPage();
    await signing.goto(`${app.server.url}/p/${app.seeded.token}`);
    await signing.getByRole("radio", { name: /Business/ }).check();
    await signing.getByRole("checkbox", { name: /Logo refresh/ }).check();
    await expect.poll(() => signing.locator('[data-summary-value="total"]').textContent()).toBe("$3,031.54");
    expect(await signing.locator('[data-summary-value="deposit"]').textContent()).toBe("$1,515.77");
    await signing.getByLabel("Type your full name").fill("Ada Baker");
    await signing.getByRole("checkbox", { name: "I have read and agree to the agreement" }).check();
    await signing.getByRole("button", { name: "Sign" }).click();
    await signing.getByRole("heading", { name: "Signed — thank you" }).waitFor();
    await client.close();

    // the deposit invoice carries the proposal's tax; the owner records its payment
    const owner = await app.adminPage(wide);
    await owner.goto(`${app.server.url}/admin/invoices`);
    await owner.locator("tr", { hasText: "INV-0001" }).getByRole("link").first().click();
    await owner.waitForURL(/\/admin\/invoices\/[0-9a-f-]{36}$/);
    await hydrated(owner);
    const depositUrl = owner.url();
    expect(await owner.getByLabel("Tax Rate (%)").inputValue()).toBe("8.25");
    expect(await summaryTotal(owner)).toBe(151_577);
    const standing = owner.locator("[data-contract-standing]");
    expect(await standing.textContent()).toMatch(
      /Contract total\$3,031\.54.*This invoice\$1,515\.77.*Left after this\$1,515\.77/,
    );
    const payments = owner.getByRole("region", { name: "Payments" });
    await payments.getByRole("button", { name: "Record Payment" }).click();
    await toast(owner, "Payment recorded");
    await expect.poll(() => owner.locator("[data-invoice-status]").textContent()).toBe("Paid");

    // the contract's schedule: a milestone of 30% before the balance
    await owner.locator("[data-contract-link]").click();
    await owner.waitForURL(/\/admin\/contracts\/[0-9a-f-]{36}$/);
    await hydrated(owner);
    const contractUrl = owner.url();
    await owner.getByRole("button", { name: "Add milestone" }).click();
    await owner.getByLabel("Label, installment 1").fill("Design approved");
    await owner.getByLabel(/^Percent \(%\), installment 1$/).fill("30");
    await owner.getByRole("button", { name: "Save schedule" }).click();
    await toast(owner, "Schedule saved");
    await expect
      .poll(async () => (await owner.locator("[data-installment-amount]").allTextContents()).join(" "))
      .toBe("$1,515.77 $909.46 $606.31");
    expect(await seriousViolations(owner)).toEqual([]);
    await owner.screenshot({ path: `${shots}/contract-1280.png`, fullPage: true });

    // New Invoice on the project: the schedule is offered, never the full price
    await owner.getByRole("link", { name: "A new website for the bakery" }).first().click();
    await owner.waitForURL(/\/admin\/projects\/[0-9a-f-]{36}$/);
    const projectUrl = owner.url();
    await owner.locator('[data-new-document="invoice"]').click();
    await owner.waitForURL(/\/admin\/invoices\/new\?/);
    await hydrated(owner);
    const offer = owner.locator("[data-contract-offer]");
    await offer.waitFor();
    expect(await owner.getByLabel("Description, line 1").inputValue()).toBe("");
    expect(await seriousViolations(owner)).toEqual([]);
    await offer.locator('[data-draw="next"]').click();
    await toast(owner, "Design approved: draft INV-0002 made from the schedule");
    await hydrated(owner);
    const milestoneUrl = owner.url();
    expect(await owner.getByLabel("Tax Rate (%)").inputValue()).toBe("8.25");
    expect(await summaryTotal(owner)).toBe(90_946);
    await owner.getByRole("button", { name: "Save & Send" }).click();
    await owner.waitForURL(`${app.server.url}/admin/invoices`);

    // then the remaining balance: the contract's lines, its tax, less what the two earlier invoices billed
    await owner.goto(projectUrl);
    await owner.locator('[data-new-document="invoice"]').click();
    await owner.waitForURL(/\/admin\/invoices\/new\?/);
    await hydrated(owner);
    await owner.locator('[data-contract-offer] [data-draw="balance"]').click();
    await toast(owner, "Balance: draft INV-0003 made from the schedule");
    await hydrated(owner);
    const finalUrl = owner.url();
    const deductions = owner.locator("[data-deduction-line]");
    expect(await deductions.count()).toBe(2);
    expect(await owner.getByLabel("Description, line 4").inputValue()).toBe("Less deposit INV-0001");
    expect(await owner.getByLabel("Description, line 5").inputValue()).toBe("Less milestone INV-0002");
    expect(await owner.locator('[data-summary="tax"]').textContent()).toBe("$231.04");
    expect(await owner.locator('[data-summary="deductions"]').textContent()).toBe("-$2,425.23");
    expect(await summaryTotal(owner)).toBe(60_631);
    await owner.getByRole("region", { name: "Line Items" }).screenshot({ path: `${shots}/final-draft-lines-1280.png` });
    expect(await seriousViolations(owner)).toEqual([]);
    // the draft is edited: its deductions survive the save
    await owner.getByLabel("Notes").fill("Thank you: this is the last invoice of the contract.");
    await owner.getByRole("button", { name: "Save as Draft" }).click();
    await owner.waitForURL(`${app.server.url}/admin/invoices`);
    await owner.goto(finalUrl);
    await hydrated(owner);
    expect(await owner.locator("[data-deduction-line]").count()).toBe(2);
    expect(await summaryTotal(owner)).toBe(60_631);
    await owner.getByRole("button", { name: "Save & Send" }).click();
    await owner.waitForURL(`${app.server.url}/admin/invoices`);

    // the three invoices add up to the contract's total, to the cent
    const totals: number[] = [];
    for (const url of [depositUrl, milestoneUrl, finalUrl]) {
      await owner.goto(url);
      totals.push(money(await owner.locator('[data-figure="total"]').textContent()));
    }
    expect(totals).toEqual([151_577, 90_946, 60_631]);
    expect(totals.reduce((a, b) => a + b, 0)).toBe(303_154);

    // the final invoice's page: its place in the contract, at 1280 and 390 px
    await owner.goto(finalUrl);
    await hydrated(owner);
    expect(await owner.locator("[data-contract-standing]").textContent()).toMatch(
      /Contract total\$3,031\.54Billed before\$2,425\.23This invoice\$606\.31Left after this\$0\.00/,
    );
    await owner.screenshot({ path: `${shots}/final-invoice-1280.png`, fullPage: true });
    expect(await seriousViolations(owner)).toEqual([]);

    // the printable view and the PDF: the tax, the deductions after it, the contract's figures
    await owner.goto(`${finalUrl}/pdf`);
    const printed = (await owner.locator("article").textContent()) ?? "";
    for (const part of [
      "Tax (8.25%)$231.04",
      "Less deposit INV-0001-$1,515.77",
      "Less milestone INV-0002-$909.46",
      "Total$606.31",
      "Contract total$3,031.54",
      "Left after this$0.00",
    ]) {
      expect(printed).toContain(part);
    }
    await owner.screenshot({ path: `${shots}/final-print-1280.png`, fullPage: true });
    const pdf = await fetch(`${finalUrl}.pdf`, { headers: { Cookie: app.cookie } });
    expect(pdf.status).toBe(200);
    const words = pdfText(new Uint8Array(await pdf.arrayBuffer())).replace(/\s+/g, " ");
    for (const part of ["Tax (8.25%) $231.04", "Less deposit INV-0001 -$1,515.77", "Left after this $0.00"]) {
      expect(words).toContain(part);
    }

    // the client's page on a phone shows the same
    await owner.goto(finalUrl);
    await hydrated(owner);
    await owner.getByRole("button", { name: "Copy client link" }).click();
    await expect.poll(() => owner.locator("#client-link-url").inputValue()).toMatch(/\/i\/[A-Za-z0-9_-]+$/);
    const link = new URL(await owner.locator("#client-link-url").inputValue()).pathname;
    const reader = await app.browser.newContext(phone);
    const clientPage = await reader.newPage();
    await clientPage.goto(`${app.server.url}${link}`);
    const sheet = (await clientPage.locator("article").textContent()) ?? "";
    expect(sheet).toContain("Less milestone INV-0002-$909.46");
    expect(sheet).toContain("Billed before$2,425.23");
    expect(await clientPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await reader.close();

    // the project page's contract card: total, invoiced, paid and remaining
    await owner.goto(projectUrl);
    // the record's view is a piece of its own: wait until it has replaced the server's HTML
    await hydrated(owner);
    const card = owner.locator("[data-contract-card]");
    await card.waitFor();
    expect(await card.locator("[data-contract-figures]").textContent()).toBe(
      "Contract total$3,031.54Invoiced$3,031.54Paid$1,515.77Remaining$1,515.77",
    );
    await card.screenshot({ path: `${shots}/project-contract-card-1280.png` });
    await owner.screenshot({ path: `${shots}/project-1280.png`, fullPage: true });
    expect(await seriousViolations(owner)).toEqual([]);
    await owner.context().close();

    // at 390 px: the project's contract card and the final invoice, nothing wider than the phone
    const small = await app.adminPage(phone);
    await small.goto(projectUrl);
    // as above: the record's view replaces the server's HTML when it hydrates
    await hydrated(small);
    await small.locator("[data-contract-card]").waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await small.locator("[data-contract-card]").screenshot({ path: `${shots}/project-contract-card-390.png` });
    await small.goto(finalUrl);
    await hydrated(small);
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await small.screenshot({ path: `${shots}/final-invoice-390.png`, fullPage: true });
    await small.getByRole("region", { name: "Line Items" }).screenshot({ path: `${shots}/final-lines-390.png` });
    await small.locator("#card-contract").screenshot({ path: `${shots}/final-contract-390.png` });
    expect(await seriousViolations(small)).toEqual([]);
    await small.goto(contractUrl);
    await hydrated(small);
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await small.screenshot({ path: `${shots}/contract-390.png`, fullPage: true });
    await small.context().close();
  });

  it("a paid invoice takes a credit note; the credit beyond what was owed is applied to a later invoice and refunded", async () => {
    const { grace } = app.seeded;
    const owner = await app.adminPage(wide);
    await owner.goto(`${app.server.url}/admin/invoices/${grace.paidId}`);
    await hydrated(owner);
    // the defect: a paid invoice offered only Duplicate
    await owner.locator('[data-lifecycle-action="credit-note"]').click();
    const dialog = owner.getByRole("dialog", { name: /Issue a credit note/ });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Amount to credit").inputValue()).toBe("1000.00");
    await dialog.getByLabel("Amount to credit").fill("300");
    await dialog.getByLabel("Reason").fill("Two chapters dropped");
    await dialog.getByRole("button", { name: "Issue credit note" }).click();
    await toast(owner, "$300.00 beyond what was owed is now the customer's credit.");
    expect(await owner.locator('[data-figure="credited"]').textContent()).toBe("$300.00");

    // the later invoice: apply the credit
    await owner.goto(`${app.server.url}/admin/invoices/${grace.laterId}`);
    await hydrated(owner);
    const apply = owner.locator("[data-apply-credit]");
    expect(await apply.getByLabel("Credit to apply").inputValue()).toBe("250.00");
    await apply.getByLabel("Credit to apply").fill("200");
    await apply.getByRole("button", { name: "Apply Credit" }).click();
    await toast(owner, "Applied $200.00 of credit to G-0002");
    await expect.poll(() => owner.locator('[data-figure="balance"]').textContent()).toBe("$50.00");
    expect(await owner.locator("[data-payment-row]").first().textContent()).toContain("Customer credit");
    await owner.screenshot({ path: `${shots}/credit-applied-1280.png`, fullPage: true });
    expect(await seriousViolations(owner)).toEqual([]);

    // the customer page: the ledger and a refund of what is left
    await owner.goto(`${app.server.url}/admin/customers/${grace.id}`);
    await hydrated(owner);
    const credit = owner.getByRole("region", { name: "Credit" });
    expect(await credit.locator("[data-credit-balance]").textContent()).toBe("$100.00");
    await credit.getByLabel("Refunded by").selectOption({ label: "Check" });
    await credit.getByRole("button", { name: "Refund Credit" }).click();
    await toast(owner, "Refunded $100.00 of credit");
    await expect.poll(() => credit.locator("[data-credit-balance]").textContent()).toBe("$0.00");
    expect(await credit.locator("[data-credit-entries] li").count()).toBe(3);
    await credit.screenshot({ path: `${shots}/credit-card-1280.png` });
    expect(await seriousViolations(owner)).toEqual([]);
    await owner.context().close();

    const small = await app.adminPage(phone);
    await small.goto(`${app.server.url}/admin/customers/${grace.id}`);
    await small.getByRole("region", { name: "Credit" }).waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await small.getByRole("region", { name: "Credit" }).screenshot({ path: `${shots}/credit-card-390.png` });
    await small.context().close();
  });
});
