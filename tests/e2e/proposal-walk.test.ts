/**
 * The whole way from a lead to a booked client (issue 26), in a real browser against the database:
 * the owner builds a proposal from the Pricing page's packages, adds an add-on and sends it; the
 * client opens the link on a phone (390 px), chooses the middle package and the add-on, signs; then
 * the owner sees the signed record, the approved project, the deposit invoice sent for half the total,
 * the lead moved on, and the signed PDF whose text carries the signer's name and the document hash.
 */
import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { contactSubmissions } from "#app/db/schema.ts";
import { seriousViolations } from "../support/axe.ts";
import { hydrated } from "../support/browser.ts";
import { pdfText } from "../support/proposals.ts";
import { insertCustomer } from "../support/records.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";

const shots = "/tmp/shots-proposal-walk";

async function seed(dataDir: string) {
  const database = await openDatabase({ dataDir });
  const [lead] = await database.db
    .insert(contactSubmissions)
    .values({
      name: "Lin Baker",
      email: "lin@bakery.test",
      projectType: "website",
      message: "We need a new site with online orders.",
      status: "in-progress",
    })
    .returning({ id: contactSubmissions.id });
  const customer = await insertCustomer(database.db, {
    name: "Lin Baker",
    email: "lin@bakery.test",
    businessName: "Corner Bakery",
    contactSubmissionId: lead?.id,
  });
  await database.close();
  return { customerId: customer.id, leadId: lead?.id ?? "" };
}

describe("a proposal from the pricing packages to a signed, paying client", () => {
  let app: SignedInApp<Awaited<ReturnType<typeof seed>>>;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    app = await startSignedInApp({ seed });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("builds, sends, is signed on a phone, and leaves an approved project, a sent deposit invoice and a signed PDF", async () => {
    // the owner: a proposal from the Pricing page's packages, with one add-on, saved and sent
    const owner = await app.adminPage({ viewport: { width: 1280, height: 900 } });
    await owner.goto(`${app.server.url}/admin/proposals/new?from=pricing`);
    await hydrated(owner);
    await owner.getByLabel("Customer", { exact: true }).selectOption({ label: "Lin Baker (Corner Bakery)" });
    await owner.getByLabel("Title").fill("A new website for Corner Bakery");
    await owner.getByRole("button", { name: "Add add-on" }).click();
    await owner.getByLabel("Add-on 1 name").fill("Online orders");
    await owner.getByLabel("Description, add-on 1 line 1").fill("Cake-order form and pickup times");
    await owner.getByLabel("Quantity, add-on 1 line 1").fill("1");
    await owner.getByLabel("Unit price, add-on 1 line 1").fill("450");
    await owner.getByRole("button", { name: "Save & Send" }).click();
    await owner.waitForURL(`${app.server.url}/admin/proposals`);
    await owner.getByText("Proposal saved and sent to lin@bakery.test").waitFor();
    const row = owner.locator("[data-proposal-row]").first();
    await expect.poll(() => row.locator(".badge").textContent()).toBe("Sent");
    await row.locator("[data-row-action]").click();
    await owner.locator("[data-view-option]").first().waitFor();
    await hydrated(owner);
    const recordUrl = owner.url();
    await owner.getByRole("button", { name: "Copy client link" }).click();
    await expect.poll(() => owner.locator("#client-link-url").inputValue()).toMatch(/\/p\/[A-Za-z0-9_-]+$/);
    // the link as the client gets it, on this test server's address
    const link = `${app.server.url}${new URL(await owner.locator("#client-link-url").inputValue()).pathname}`;

    // the client, on a phone: the middle package and the add-on, then sign
    const phone = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
    const client = await phone.newPage();
    await client.goto(link);
    await client.getByRole("heading", { level: 1, name: "Proposal PRO-0001" }).waitFor();
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await client.getByRole("radio", { name: /Standard Package/ }).check();
    await client.getByRole("checkbox", { name: /Online orders/ }).check();
    const summary = (name: string) => client.locator(`[data-summary-value="${name}"]`).textContent();
    // $1,500.00 (the Standard package's lowest price) + $450.00; half on signing
    await expect.poll(() => summary("total")).toBe("$1,950.00");
    expect(await summary("deposit")).toBe("$975.00");
    await client.getByLabel("Type your full name").fill("Lin Baker");
    await client.getByRole("checkbox", { name: "I have read and agree to the agreement" }).check();
    await client.getByRole("button", { name: "Sign" }).click();
    await client.getByRole("heading", { name: "Signed — thank you" }).waitFor();
    const hash = ((await client.locator("[data-signed] .font-mono").textContent()) ?? "").trim();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    await client.screenshot({ path: `${shots}/client-signed-390.png`, fullPage: true });
    expect(await seriousViolations(client)).toEqual([]);
    await phone.close();

    // the owner again: the signed record, the deposit invoice, the approved project
    await owner.goto(recordUrl);
    const record = owner.locator("[data-signature]");
    await record.waitFor();
    const text = (await record.textContent()) ?? "";
    for (const part of ["Lin Baker", hash, "Standard Package", "Online orders", "$1,950.00", "$975.00"]) {
      expect(text).toContain(part);
    }
    await owner.screenshot({ path: `${shots}/owner-signed-1280.png`, fullPage: true });

    const pdf = await fetch(`${app.server.url}${recordUrl.replace(app.server.url, "")}.pdf`, {
      headers: { Cookie: app.cookie },
    });
    expect(pdf.status).toBe(200);
    const pdfWords = pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(pdfWords).toContain("Lin Baker");
    expect(pdfWords).toContain(hash);

    await record.getByRole("link", { name: "Deposit invoice" }).click();
    await owner.waitForURL(/\/admin\/invoices\/[0-9a-f-]{36}$/);
    await owner
      .getByRole("heading", { name: /Invoice/ })
      .first()
      .waitFor();
    await owner.getByText("INV-0001").first().waitFor();
    const invoicePage = (await owner.locator("main").textContent()) ?? "";
    expect(invoicePage).toContain("$975.00");
    expect(invoicePage).toContain("Sent");

    await owner.goto(recordUrl);
    await owner.locator("[data-signature]").getByRole("link", { name: "A new website for Corner Bakery" }).click();
    await owner.waitForURL(/\/admin\/projects\/[0-9a-f-]{36}$/);
    // the project's own page, once it has replaced the proposal's (whose text has the same line): its status
    await expect.poll(() => owner.locator("main").textContent(), { timeout: 30_000 }).toContain("Approved");
    expect((await owner.locator("main").textContent()) ?? "").toContain("Cake-order form and pickup times");

    // the inquiry the customer came from is completed (the inbox's Completed filter lists it)
    await owner.goto(`${app.server.url}/admin/dashboard?status=completed`);
    await owner.getByText("lin@bakery.test").first().waitFor();
    await owner.context().close();
  });
});
