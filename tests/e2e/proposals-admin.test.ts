/**
 * The owner's proposals in Chromium against the production build, at 1024 px: a proposal built from
 * the public pricing packages (three packages) with one add-on, a validation error that keeps what
 * was typed (the browser's check and the server's 400), saved as a draft and listed as Draft, then
 * Save & Send (listed as Sent, the toast names the client's address), the read-only record with its
 * actions and a client link, and axe finding nothing serious on the list, the editor and the record;
 * then Revise (a reason, the editor again, the version kept), Revoke (a second revoke refused 409),
 * a project's proposal (its customer fixed, its price as the package) deleted as a draft, the
 * customer's Proposals and the CSV export; a signed proposal's record (signer, IP, browser, hash, the
 * choice, the deposit invoice and the project), closed to every change, and Reports' proposal conversion.
 */
import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { proposals } from "#app/db/schema.ts";
import { seriousViolations } from "../support/axe.ts";
import { hydrated, overlaps } from "../support/browser.ts";
import { insertCustomer, insertInvoice, insertProject } from "../support/records.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";

const shots = "/tmp/shots-proposals-admin";
mkdirSync(shots, { recursive: true });

async function seed(dataDir: string) {
  const database = await openDatabase({ dataDir });
  const customer = await insertCustomer(database.db, {
    name: "Grace Hopper",
    email: "grace@example.test",
    businessName: "Compiling Machines",
  });
  const project = await insertProject(database.db, customer.id, {
    projectName: "Shop relaunch",
    fixedPrice: "4800.00",
  });
  await database.close();
  return { customerId: customer.id, projectId: project.id };
}

describe("proposals in the back office", () => {
  let app: SignedInApp<Awaited<ReturnType<typeof seed>>>;

  beforeAll(async () => {
    app = await startSignedInApp({ seed });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("the server answers a package without lines with 400 and the field's message", async () => {
    const body = new URLSearchParams({
      customer_id: app.seeded.customerId,
      title: "Website",
      "tiers[0].name": "Basic",
      "tiers[0].lines[0].description": "",
      "tiers[0].lines[0].quantity": "1",
      "tiers[0].lines[0].unit_price": "100",
      agreement: "Terms",
      expires_on: "2030-01-01",
      tax_rate: "0",
      deposit_kind: "percent",
      deposit_value: "50",
      intent: "draft",
    });
    const response = await fetch(`${app.server.url}/admin/proposals/new`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: app.server.url,
        Cookie: app.cookie,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Each package and add-on needs at least one line");
  });

  it("builds a proposal from the pricing packages, saves it as a draft, then saves and sends it", async () => {
    const page = await app.adminPage({ viewport: { width: 1024, height: 900 } });
    await page.goto(`${app.server.url}/admin/proposals`);
    await hydrated(page);
    await page.getByText("No proposals found").waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "From pricing packages" }).click();
    await page.waitForURL(/\/admin\/proposals\/new\?from=pricing$/);
    await hydrated(page);
    const packages = page.locator('[data-option^="package-"]');
    await packages.nth(2).waitFor();
    expect(await packages.count()).toBe(3);
    expect(await page.getByLabel("Package 1 name").inputValue()).toBe("Basic Package");
    expect(await page.getByLabel("Package 2 name").inputValue()).toBe("Standard Package");
    // the agreement template, the 50 % deposit and an expiry 30 days on
    expect(await page.getByLabel("Agreement the client signs").inputValue()).toContain("1. Scope.");
    expect(await page.getByLabel("Deposit (%)").inputValue()).toBe("50");
    expect(await page.getByLabel("Valid until").inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await page.getByLabel("Customer", { exact: true }).selectOption({ label: "Grace Hopper (Compiling Machines)" });
    await page.getByLabel("Title").fill("A new website for Compiling Machines");

    // one add-on with a line; its total follows the typing
    await page.getByRole("button", { name: "Add add-on" }).click();
    await page.getByLabel("Add-on 1 name").fill("Hosting");
    await page.getByLabel("Description, add-on 1 line 1").fill("Hosting, one year");
    await page.getByLabel("Quantity, add-on 1 line 1").fill("2");
    await page.getByLabel("Unit price, add-on 1 line 1").fill("150");
    await expect
      .poll(() => page.locator('[data-option="add-on-0"] [data-option-total]').textContent())
      .toContain("$300.00");

    // a package with a name but no line: the message, and nothing typed is lost
    await page.getByRole("button", { name: "Add package" }).click();
    await page.getByLabel("Package 4 name").fill("Empty package");
    await page.getByRole("button", { name: "Save as Draft" }).click();
    await page.getByText("Each package and add-on needs at least one line").first().waitFor();
    expect(page.url()).toContain("/admin/proposals/new");
    expect(await page.getByLabel("Title").inputValue()).toBe("A new website for Compiling Machines");
    expect(await page.getByLabel("Add-on 1 name").inputValue()).toBe("Hosting");
    expect(await page.getByLabel("Package 4 name").inputValue()).toBe("Empty package");
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/editor-1024.png`, fullPage: true });

    // Enter in a one-line field saves nothing
    await page.getByLabel("Title").press("Enter");
    expect(page.url()).toContain("/admin/proposals/new");

    await page.getByRole("button", { name: "Remove package 4" }).click();
    expect(await packages.count()).toBe(3);
    await page.getByRole("button", { name: "Save as Draft" }).click();
    await page.waitForURL(`${app.server.url}/admin/proposals`);
    const row = page.locator("[data-proposal-row]").first();
    await row.waitFor();
    expect(await page.locator("[data-proposal-row]").count()).toBe(1);
    expect(await row.locator(".badge").textContent()).toBe("Draft");
    expect(await row.textContent()).toContain("A new website for Compiling Machines");
    expect(await row.textContent()).toContain("from $500.00");
    // the actions are in view at 1024 px
    const open = row.locator("[data-row-action]");
    const box = await open.boundingBox();
    expect(box && box.x + box.width <= 1024).toBe(true);
    await page.screenshot({ path: `${shots}/list-1024.png` });

    // the draft opens in the editor as saved, and Save & Send sends it
    await open.click();
    await page.getByRole("heading", { name: "Edit Proposal" }).waitFor();
    await hydrated(page);
    expect(await packages.count()).toBe(3);
    expect(await page.getByLabel("Add-on 1 name").inputValue()).toBe("Hosting");
    expect(await page.getByLabel("Quantity, add-on 1 line 1").inputValue()).toBe("2");
    await page.getByRole("button", { name: "Save & Send" }).click();
    await page.waitForURL(`${app.server.url}/admin/proposals`);
    await page.getByText("Proposal saved and sent to grace@example.test").waitFor();
    await expect.poll(() => row.locator(".badge").textContent()).toBe("Sent");

    // a sent proposal reads as a record: its actions, a fresh client link
    await row.locator("[data-row-action]").click();
    await page.locator("[data-view-option]").first().waitFor();
    await hydrated(page);
    expect(await page.locator("[data-view-option]").count()).toBe(4);
    expect(await page.getByRole("link", { name: "Revise" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Revoke" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Download PDF" }).getAttribute("href")).toMatch(
      /^\/admin\/proposals\/[0-9a-f-]{36}\.pdf$/,
    );
    await page.getByRole("button", { name: "Copy client link" }).click();
    await expect.poll(() => page.locator("#client-link-url").inputValue()).toMatch(/\/p\/[A-Za-z0-9_-]+$/);
    expect(await seriousViolations(page)).toEqual([]);

    // the list's status filter
    await page.goto(`${app.server.url}/admin/proposals?status=draft`);
    await page.getByText("No proposals found").waitFor();
    await page.context().close();
  });

  it("revises and revokes a sent proposal, starts one from a project and deletes that draft", async () => {
    const page = await app.adminPage({ viewport: { width: 1024, height: 900 } });
    await page.goto(`${app.server.url}/admin/proposals`);
    await hydrated(page);
    await page.locator("[data-proposal-row] [data-row-action]").first().click();
    await page.locator("[data-view-option]").first().waitFor();
    const address = new URL(page.url()).pathname;

    // Revise asks a reason, then the proposal is a draft of version 2 in the editor
    await page.getByRole("link", { name: "Revise" }).click();
    await page.getByRole("dialog").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Revise" }).click();
    await page.getByText("Please say what changes in this revision").waitFor();
    await page.getByLabel("What changes in this revision?").fill("A lower price for hosting");
    await page.getByRole("dialog").getByRole("button", { name: "Revise" }).click();
    await page.getByRole("heading", { name: "Edit Proposal" }).waitFor();
    // the revision's editor at the record's own address (the dialog's address gone), its form ready
    await page.waitForURL(`${app.server.url}${address}`);
    await hydrated(page);
    // the revision's toast leaves the editor's header actions free (it once sat over Save & Send at 1024 px)
    await page.locator("[data-sonner-toast]").first().waitFor();
    const toast = await page.locator("[data-sonner-toast]").first().boundingBox();
    expect(toast).not.toBeNull();
    for (const action of [
      page.getByRole("button", { name: "Save & Send" }),
      page.getByRole("button", { name: "Save" }),
    ]) {
      const box = await action.first().boundingBox();
      expect(box).not.toBeNull();
      if (toast && box) expect(overlaps(toast, box)).toBe(false);
    }
    await page.getByRole("button", { name: "Save & Send" }).click();
    await page.waitForURL(`${app.server.url}/admin/proposals`);
    await page.goto(`${app.server.url}${address}`);
    await page.locator("[data-versions]").getByText("A lower price for hosting").waitFor();

    // Revoke, confirmed; a second revoke is refused with the rule's message
    await page.getByRole("link", { name: "Revoke" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
    await expect.poll(() => page.locator("h1 + p .badge").textContent()).toBe("Revoked");
    expect(await page.getByRole("link", { name: "Revise" }).count()).toBe(0);
    const again = await fetch(`${app.server.url}${address}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: app.server.url, Cookie: app.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=revoke",
    });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This proposal was revoked.");

    // a project's proposal: its customer fixed, its name as the title, its price as the package
    await page.goto(`${app.server.url}/admin/projects/${app.seeded.projectId}`);
    await hydrated(page);
    await page.getByRole("link", { name: "New Proposal" }).click();
    await page.waitForURL(/\/admin\/proposals\/new\?project_id=/);
    await page.locator("[data-locked-customer]").waitFor();
    expect(await page.locator("[data-locked-customer]").textContent()).toBe("Grace Hopper (Compiling Machines)");
    expect(await page.getByLabel("Title").inputValue()).toBe("Shop relaunch");
    expect(await page.getByLabel("Package 1 name").inputValue()).toBe("Shop relaunch");
    expect(await page.getByLabel("Unit price, package 1 line 1").inputValue()).toBe("4800.00");
    await hydrated(page);
    await page.getByRole("button", { name: "Save as Draft" }).click();
    await page.waitForURL(`${app.server.url}/admin/proposals`);

    // the customer's page lists both, with New Proposal for the customer
    await page.goto(`${app.server.url}/admin/customers/${app.seeded.customerId}`);
    const section = page.locator("[data-customer-proposals]");
    await section.waitFor();
    expect(await section.locator("li").count()).toBe(2);
    expect(await section.getByRole("link", { name: "New Proposal" }).getAttribute("href")).toBe(
      `/admin/proposals/new?customer_id=${app.seeded.customerId}`,
    );

    // the CSV holds the list's rows
    const csv = await fetch(`${app.server.url}/admin/proposals/export.csv`, { headers: { Cookie: app.cookie } });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain("Revoked");
    expect(text).toContain("Shop relaunch");

    // the draft is deleted, confirmed
    await page.goto(`${app.server.url}/admin/proposals?status=draft`);
    await hydrated(page);
    await page.locator("[data-proposal-row] [data-row-action]").click();
    await page.getByRole("heading", { name: "Edit Proposal" }).waitFor();
    await page.getByRole("link", { name: "Delete Draft" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete draft" }).click();
    await page.waitForURL(`${app.server.url}/admin/proposals`);
    await page.getByText(/^Proposal PRO-\d+ deleted$/).waitFor();
    await expect.poll(() => page.locator("[data-proposal-row]").count()).toBe(1);
    await page.context().close();
  });

  it("without JavaScript, Add line and Add package come back from the server with what was typed", async () => {
    const page = await app.adminPage({ viewport: { width: 1024, height: 900 }, javaScriptEnabled: false });
    await page.goto(`${app.server.url}/admin/proposals/new?customer_id=${app.seeded.customerId}`);
    await page.getByLabel("Title").fill("Typed without scripts");
    await page.getByLabel("Package 1 name").fill("Only package");
    await page.getByRole("button", { name: "Add line to package 1" }).click();
    await page.locator('[data-option="package-0"] [data-line="1"]').waitFor();
    expect(await page.getByLabel("Title").inputValue()).toBe("Typed without scripts");
    await page.getByRole("button", { name: "Add package" }).click();
    await page.locator('[data-option="package-1"]').waitFor();
    expect(await page.getByLabel("Package 1 name").inputValue()).toBe("Only package");
    expect(await page.getByLabel("Customer", { exact: true }).inputValue()).toBe(app.seeded.customerId);
    await page.context().close();
  });
});

/** A proposal the client signed, written as the signing leaves it (the client's page is tested apart). */
async function seedSigned(dataDir: string) {
  const database = await openDatabase({ dataDir });
  const db = database.db;
  const customer = await insertCustomer(db, { name: "Alan Turing", email: "alan@example.test" });
  const project = await insertProject(db, customer.id, { projectName: "Codebreaking site", status: "approved" });
  const invoice = await insertInvoice(db, {
    invoiceNumber: "INV-0900",
    customerId: customer.id,
    status: "sent",
    subtotal: "900.00",
    totalAmount: "900.00",
    balanceDue: "900.00",
  });
  const line = (description: string, unitPrice: number) => ({ description, quantity: 100, unitPrice });
  const [row] = await db
    .insert(proposals)
    .values({
      proposalNumber: "PRO-0900",
      customerId: customer.id,
      projectId: project.id,
      title: "Codebreaking site",
      options: {
        tiers: [
          { id: "t1", name: "Basic", description: "", lines: [line("Design", 150000)] },
          { id: "t2", name: "Plus", description: "", lines: [line("Design and build", 300000)] },
        ],
        addons: [{ id: "a1", name: "Hosting", description: "", lines: [line("Hosting, one year", 30000)] }],
      },
      agreement: "1. Scope.",
      expiresOn: "2030-01-01",
      depositValue: "50",
      status: "signed",
      sentAt: new Date("2026-11-01T10:00:00Z"),
      signedAt: new Date("2026-11-02T10:00:00Z"),
      signerName: "Alan Turing",
      signerIp: "203.0.113.9",
      signerUserAgent: "Mozilla/5.0 (Test Browser)",
      contentHash: "a".repeat(64),
      chosenTierId: "t1",
      chosenAddonIds: ["a1"],
      signedTotal: "1800.00",
      depositAmount: "900.00",
      depositInvoiceId: invoice.id,
    })
    .returning({ id: proposals.id });
  await database.close();
  return { proposalId: row?.id ?? "", invoiceId: invoice.id, projectId: project.id };
}

describe("a signed proposal in the back office", () => {
  let app: SignedInApp<Awaited<ReturnType<typeof seedSigned>>>;
  beforeAll(async () => {
    app = await startSignedInApp({ seed: seedSigned });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("shows the signature record, links the deposit invoice and the project, allows nothing more", async () => {
    const page = await app.adminPage({ viewport: { width: 1024, height: 900 } });
    await page.goto(`${app.server.url}/admin/proposals`);
    const row = page.locator("[data-proposal-row]");
    expect(await row.locator(".badge").textContent()).toBe("Signed");
    expect(await row.textContent()).toContain("$1,800.00");

    await page.goto(`${app.server.url}/admin/proposals/${app.seeded.proposalId}`);
    const record = page.locator("[data-signature]");
    await record.waitFor();
    const text = (await record.textContent()) ?? "";
    await page.screenshot({ path: `${shots}/signed-record-1024.png`, fullPage: true });
    for (const part of [
      "Alan Turing",
      "203.0.113.9",
      "Mozilla/5.0 (Test Browser)",
      "a".repeat(64),
      "Basic",
      "Hosting",
    ]) {
      expect(text).toContain(part);
    }
    expect(text).toContain("$1,800.00");
    expect(text).toContain("$900.00");
    expect(await record.getByRole("link", { name: "Deposit invoice" }).getAttribute("href")).toBe(
      `/admin/invoices/${app.seeded.invoiceId}`,
    );
    expect(await record.getByRole("link", { name: "Codebreaking site" }).getAttribute("href")).toBe(
      `/admin/projects/${app.seeded.projectId}`,
    );
    for (const name of ["Revise", "Revoke"]) expect(await page.getByRole("link", { name }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Copy client link" }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // a signed proposal is refused every change
    const revise = await fetch(`${app.server.url}/admin/proposals/${app.seeded.proposalId}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: app.server.url, Cookie: app.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=revise&reason=More",
    });
    expect(revise.status).toBe(409);

    // Reports: one proposal sent, one signed
    await page.goto(`${app.server.url}/admin/reports`);
    expect(await page.locator("[data-proposal-conversion]").textContent()).toBe("100%");
    await page.context().close();
  });
});
