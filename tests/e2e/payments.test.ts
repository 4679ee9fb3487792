/**
 * Getting paid in Chromium against the production build: a partial payment, then the
 * rest → Paid; deleting a payment through its confirmation dialog; the print view's Amount Paid and
 * Balance Due; an estimate marked accepted by the owner, converted to a new invoice with its lines,
 * linked both ways; the page by keyboard-visible controls and axe at 1280 and 390 px.
 */

import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { projects } from "#app/db/schema.ts";
import type { InvoiceForm } from "#app/domain/invoice-form.ts";
import { createInvoice } from "#app/models/invoices.server.ts";
import { seriousViolations } from "../support/axe.ts";
import { hydrated } from "../support/browser.ts";
import { insertCustomer } from "../support/records.ts";
import type { TestServer } from "../support/server.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";

type Seeded = { invoiceId: string; estimateId: string; projectId: string; bareProjectId: string };

async function seed(dataDir: string): Promise<Seeded> {
  const database = await openDatabase({ dataDir });
  const ada = await insertCustomer(database.db, {
    name: "Ada Lovelace",
    email: "ada@example.test",
    businessName: "Analytical Engines",
  });
  if (!ada) throw new Error("no customer");
  const base: Omit<InvoiceForm, "invoice_type" | "items" | "intent"> = {
    customer_id: ada.id,
    project_id: undefined,
    issue_date: "2026-11-01",
    due_date: "2099-12-01",
    tax_rate: 0,
    discount_amount: 0,
    notes: undefined,
    terms: "Payment is due within 30 days of the invoice date.",
    send_reminders: true,
  };
  const invoice = await createInvoice(database.db, {
    ...base,
    invoice_type: "invoice",
    items: [{ description: "Website build", quantity: 100, unit_price: 100_000 }],
    intent: "sent",
  });
  const estimate = await createInvoice(database.db, {
    ...base,
    invoice_type: "estimate",
    items: [
      { description: "Discovery workshop", quantity: 200, unit_price: 45_000 },
      { description: "Prototype", quantity: 100, unit_price: 120_050 },
    ],
    intent: "sent",
  });
  const [project, bare] = await database.db
    .insert(projects)
    .values([
      {
        customerId: ada.id,
        projectName: "Engine website",
        pricingDetails: {
          type: "fixed",
          phases: [],
          recurring_fees: [
            { id: "r1", name: "Hosting (monthly)", amount: 49 },
            { id: "r2", name: "Care plan", amount: 120.5 },
          ],
        },
      },
      {
        customerId: ada.id,
        projectName: "One-off logo",
        pricingDetails: { type: "fixed", phases: [], recurring_fees: [] },
      },
    ])
    .returning();
  await database.close();
  return {
    invoiceId: invoice.id,
    estimateId: estimate.id,
    projectId: project?.id ?? "",
    bareProjectId: bare?.id ?? "",
  };
}

const toast = (page: Page, text: string | RegExp) =>
  page
    .getByRole("region", { name: /Notifications/ })
    .getByText(text)
    .first()
    .waitFor();

describe("getting paid", () => {
  let server: TestServer;
  let seeded: Seeded;
  let app: SignedInApp<Seeded>;

  const adminPage = (options: { width?: number; javaScriptEnabled?: boolean } = {}) =>
    app.adminPage({
      viewport: { width: options.width ?? 1280, height: 900 },
      javaScriptEnabled: options.javaScriptEnabled ?? true,
    });

  beforeAll(async () => {
    app = await startSignedInApp({ seed });
    ({ server, seeded } = app);
  });
  afterAll(() => app?.stop());

  it("records a partial payment, then the rest: Partial, then Paid; the print view shows Amount Paid and Balance Due", async () => {
    const page = await adminPage();
    const invoicePage = `${server.url}/admin/invoices/${seeded.invoiceId}`;
    await page.goto(invoicePage);
    await hydrated(page);
    const payments = page.getByRole("region", { name: "Payments" });
    await payments.getByText("No payments recorded yet.").waitFor();
    expect(await page.locator("[data-invoice-status]").textContent()).toBe("Sent");

    // the amount starts at the balance due; an overpayment is refused on the field
    const amount = payments.getByLabel("Amount");
    expect(await amount.inputValue()).toBe("1000.00");
    await amount.fill("1000.01");
    await payments.getByRole("button", { name: "Record Payment" }).click();
    await payments.getByText("The payment is more than the balance due ($1,000.00)").waitFor();

    await amount.fill("400.25");
    await payments.getByLabel("Method").selectOption({ label: "Card" });
    await payments.getByLabel("Note (optional)").fill("Deposit");
    await payments.getByRole("button", { name: "Record Payment" }).click();
    await toast(page, "Payment recorded");
    await expect.poll(() => page.locator("[data-invoice-status]").textContent()).toBe("Partial");
    expect(await payments.locator("[data-figure=paid]").textContent()).toBe("$400.25");
    expect(await payments.locator("[data-figure=balance]").textContent()).toBe("$599.75");
    const row = payments.locator("[data-payment-row]");
    expect(await row.count()).toBe(1);
    expect(await row.first().textContent()).toMatch(/\$400\.25\s*Card\s*Deposit/);

    // the rest: the amount field offers the new balance
    await expect.poll(() => payments.getByLabel("Amount").inputValue()).toBe("599.75");
    await payments.getByRole("button", { name: "Record Payment" }).click();
    await expect.poll(() => page.locator("[data-invoice-status]").textContent()).toBe("Paid");
    expect(await payments.locator("[data-figure=balance]").textContent()).toBe("$0.00");
    await payments.getByText("Paid in full.").waitFor();

    // the printable view says what was paid and what is left
    await page.goto(`${invoicePage}/pdf`);
    const printed = (await page.locator("article").textContent()) ?? "";
    expect(printed).toMatch(/Amount Paid\s*\$1,000\.00/);
    expect(printed).toMatch(/Balance Due\s*\$0\.00/);

    // the list shows it paid
    await page.goto(`${server.url}/admin/invoices?status=paid`);
    const listed = page.locator("table tbody tr", { hasText: "INV-0001" });
    await listed.waitFor();
    expect(await listed.textContent()).toContain("Paid");
  });

  it("deletes a payment after confirming, without JavaScript too: back to Partial", async () => {
    const page = await adminPage({ javaScriptEnabled: false });
    const invoicePage = `${server.url}/admin/invoices/${seeded.invoiceId}`;
    await page.goto(invoicePage);
    const payments = page.getByRole("region", { name: "Payments" });
    await payments.getByRole("link", { name: /Delete the payment of \$599\.75/ }).click();
    const dialog = page.getByRole("dialog", { name: "Delete payment" });
    await dialog.getByText(/Delete the payment of \$599\.75/).waitFor();
    await dialog.getByRole("button", { name: "Delete payment" }).click();
    await page.waitForURL(invoicePage);
    expect(await page.locator("[data-invoice-status]").textContent()).toBe("Partial");
    expect(await page.locator("[data-figure=balance]").textContent()).toBe("$599.75");
    expect(await page.getByRole("dialog").count()).toBe(0);
  });

  it("marks an estimate accepted, converts it to an invoice with its lines, linked both ways, once", async () => {
    const page = await adminPage();
    const estimatePage = `${server.url}/admin/invoices/${seeded.estimateId}`;
    await page.goto(estimatePage);
    await hydrated(page);
    const answer = page.getByRole("region", { name: "Client's answer" });
    await answer.getByRole("button", { name: "Mark as Accepted" }).click();
    await toast(page, "Estimate marked as accepted");
    await expect.poll(() => page.locator("[data-invoice-status]").textContent()).toBe("Accepted");
    await answer.getByText(/recorded by the studio/).waitFor();

    await answer.getByRole("button", { name: "Convert to Invoice" }).click();
    await page.waitForURL(
      (url) => url.pathname.startsWith("/admin/invoices/") && !url.pathname.endsWith(seeded.estimateId),
    );
    await toast(page, "Invoice INV-0002 created from the estimate");
    await page.getByRole("heading", { name: "Edit Invoice" }).waitFor();
    await page.getByText("INV-0002").first().waitFor();
    const descriptions = await page
      .getByLabel(/^Description, line/)
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(descriptions).toEqual(["Discovery workshop", "Prototype"]);
    expect(await page.locator("[data-summary=total]").textContent()).toBe("$2,100.50");
    const source = page.locator("[data-source-estimate]");
    expect(await source.textContent()).toBe("From estimate EST-0001");
    const invoiceUrl = page.url();

    await source.getByRole("link", { name: "EST-0001" }).click();
    await page.waitForURL(estimatePage);
    const converted = page.locator("[data-converted-to]");
    await converted.waitFor();
    expect(await converted.textContent()).toBe("Converted to INV-0002");
    expect(await page.getByRole("button", { name: "Convert to Invoice" }).count()).toBe(0);
    await converted.getByRole("link", { name: "INV-0002" }).click();
    await page.waitForURL(invoiceUrl);
  });

  it("creates a draft invoice from a project's recurring fees once confirmed, and opens it; none without fees", async () => {
    const page = await adminPage();
    await page.goto(`${server.url}/admin/projects/${seeded.bareProjectId}`);
    await page.getByRole("heading", { name: "One-off logo" }).waitFor();
    expect(await page.getByRole("link", { name: "Create invoice from recurring fees" }).count()).toBe(0);

    const projectPage = `${server.url}/admin/projects/${seeded.projectId}`;
    await page.goto(projectPage);
    await hydrated(page);
    const invoicesBefore = await page.locator("[data-invoice-card]").count();
    // it asks first: Cancel creates nothing
    await page.getByRole("link", { name: "Create invoice from recurring fees" }).click();
    const dialog = page.getByRole("dialog", { name: "Create invoice from recurring fees" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("$169.50");
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(page.url()).toBe(projectPage);
    expect(await page.locator("[data-invoice-card]").count()).toBe(invoicesBefore);

    await page.getByRole("link", { name: "Create invoice from recurring fees" }).click();
    await dialog.getByRole("button", { name: "Create draft invoice" }).click();
    await toast(page, /Draft invoice INV-\d{4} created from the recurring fees/);
    await page.getByRole("heading", { name: "Edit Invoice" }).waitFor();
    const descriptions = await page
      .getByLabel(/^Description, line/)
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(descriptions).toEqual(["Hosting (monthly)", "Care plan"]);
    expect(await page.locator("[data-summary=total]").textContent()).toBe("$169.50");
    expect(await page.locator("[data-invoice-status]").textContent()).toBe("Draft");
    await page.locator("[data-payment-blocked]").waitFor();
  });

  it("the studio's time zone is chosen in Settings", async () => {
    const page = await adminPage();
    await page.goto(`${server.url}/admin/settings`);
    await hydrated(page);
    const zone = page.getByRole("combobox", { name: "Time Zone" });
    expect(await zone.inputValue()).toBe("America/New_York");
    // the zones are grouped by region, and the filter above narrows the list
    expect(await zone.locator("optgroup").evaluateAll((groups) => groups.map((g) => g.getAttribute("label")))).toEqual(
      expect.arrayContaining(["Africa", "America", "Europe", "Pacific"]),
    );
    await page.getByLabel("Find a time zone").fill("kiriti");
    expect(
      await zone.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual(["America/New_York", "Pacific/Kiritimati"]);
    await zone.selectOption("Pacific/Kiritimati");
    await page.getByRole("button", { name: "Save Time Zone" }).click();
    await toast(page, "Time zone saved successfully");
    await page.reload();
    expect(await page.getByRole("combobox", { name: "Time Zone" }).inputValue()).toBe("Pacific/Kiritimati");
    // saving the numbering keeps the zone
    await hydrated(page);
    await page.getByRole("button", { name: "Save Numbering" }).click();
    await toast(page, "Invoice settings saved successfully");
    await page.reload();
    expect(await page.getByRole("combobox", { name: "Time Zone" }).inputValue()).toBe("Pacific/Kiritimati");
    // by keyboard: the filter, then the select, then its Save button; no serious axe violations, no overflow
    for (const width of [1280, 390]) {
      const sized = await adminPage({ width });
      await sized.goto(`${server.url}/admin/settings`);
      await hydrated(sized);
      await sized.getByLabel("Find a time zone").focus();
      await sized.keyboard.type("berlin");
      await sized.keyboard.press("Tab");
      expect(await sized.evaluate(() => (document.activeElement as HTMLSelectElement | null)?.name)).toBe("time_zone");
      await sized.keyboard.press("Tab");
      expect(await sized.evaluate(() => document.activeElement?.textContent)).toBe("Save Time Zone");
      await sized
        .getByRole("region", { name: "Time Zone" })
        .screenshot({ path: `/tmp/shots-pay/time-zone-${width}.png` });
      expect(await seriousViolations(sized), `${width} px`).toEqual([]);
      expect(await sized.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await sized.close();
    }
  });

  it("the invoice, estimate and project pages have no serious axe violations and fit at 1280 and 390 px", async () => {
    for (const width of [1280, 390]) {
      const page = await adminPage({ width });
      await page.goto(`${server.url}/admin/invoices/${seeded.invoiceId}`);
      await hydrated(page);
      await page.getByRole("region", { name: "Payments" }).waitFor();
      expect(await seriousViolations(page), `${width} px`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
      await page.goto(`${server.url}/admin/invoices/${seeded.estimateId}`);
      await page.getByRole("region", { name: "Client's answer" }).waitFor();
      expect(await seriousViolations(page), `estimate ${width} px`).toEqual([]);
      await page.goto(`${server.url}/admin/projects/${seeded.projectId}`);
      await page.getByRole("link", { name: "Create invoice from recurring fees" }).waitFor();
      expect(await seriousViolations(page), `project ${width} px`).toEqual([]);
      const projectOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(projectOverflow, `project ${width} px`).toBeLessThanOrEqual(0);
      await page.context().close();
    }
  });
});
