/**
 * The CRM in Chromium against the production build: convert a submission and open its customer;
 * create a customer, then a phased project from its page (value and Projects tab); add an
 * activity note; change the studio's email in settings and see it on the public contact page;
 * the project form's Add phase without JavaScript; lists at 1024 px and 390 px; axe; keyboard.
 * Screenshots go to /tmp/shots-crm/.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { contactSubmissions } from "#app/db/schema.ts";
import { addDaysIso, todayIn } from "#app/domain/dates.ts";
import { seriousViolations } from "../support/axe.ts";
import { hydrated } from "../support/browser.ts";
import { insertCustomers, insertInvoice, insertProject } from "../support/records.ts";
import type { TestServer } from "../support/server.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";

const shots = "/tmp/shots-crm";

async function seed(dataDir: string) {
  const database = await openDatabase({ dataDir });
  await database.db.insert(contactSubmissions).values({
    name: "Lena Lead",
    email: "lena@lead.test",
    phoneNumber: "(555) 010-3000",
    businessName: "Lena's Laundry",
    projectType: "consultation",
    budgetRange: "medium",
    message: "We need a booking site.",
  });
  const t0 = Date.UTC(2026, 0, 1);
  await insertCustomers(
    database.db,
    Array.from({ length: 27 }, (_, i) => ({
      name: `Seeded Customer ${i}`,
      email: `seeded${i}@customers.test`,
      businessName: `Seeded Business With A Rather Long Name ${i}`,
      phoneNumber: "(555) 010-1234",
      status: i % 2 ? ("active" as const) : ("prospect" as const),
      createdAt: new Date(t0 + i * 60_000),
    })),
  );
  // a customer owing an invoice due in 10 days: three payment reminders to come, none due yet (What happens next)
  const [rita] = await insertCustomers(database.db, [{ name: "Rita Reminder", email: "rita@client.test" }]);
  const shop = await insertProject(database.db, rita?.id ?? "", { projectName: "Rita's shop", status: "in_progress" });
  await insertInvoice(database.db, {
    invoiceNumber: "INV-7001",
    customerId: rita?.id ?? "",
    projectId: shop.id,
    status: "sent",
    sentAt: new Date(Date.now() - 30 * 86_400_000),
    dueDate: addDaysIso(todayIn("America/New_York"), 10),
    totalAmount: "100.00",
    balanceDue: "100.00",
  });
  await database.close();
  return { rita: rita?.id ?? "", shop: shop.id };
}

const toast = (page: Page, text: string) =>
  page
    .getByRole("region", { name: /Notifications/ })
    .getByText(text)
    .first()
    .waitFor();

describe("CRM", () => {
  let server: TestServer;
  let cookie: string;
  let app: SignedInApp<{ rita: string; shop: string }>;

  const adminPage = (options: { width?: number; height?: number; javaScriptEnabled?: boolean } = {}) =>
    app.adminPage({
      viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
      javaScriptEnabled: options.javaScriptEnabled ?? true,
    });

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    app = await startSignedInApp({ seed });
    ({ server, cookie } = app);
  });
  afterAll(() => app?.stop());

  it("converts a submission and opens its customer, whose Activity shows the conversion", async () => {
    const page = await adminPage();
    await page.goto(`${server.url}/admin/dashboard?type=consultation`);
    await hydrated(page);
    await page.getByRole("link", { name: "View submission from Lena Lead" }).click();
    await page
      .getByRole("dialog", { name: "Submission Details" })
      .getByRole("link", { name: "Convert to Customer" })
      .click();
    const dialog = page.getByRole("dialog", { name: "Convert to Customer" });
    await dialog.getByRole("button", { name: "Convert to Customer" }).click();
    await toast(page, "Success: Contact converted to customer successfully");
    // the conversion lands on the new customer
    await page.getByRole("heading", { name: "Lena Lead", level: 1 }).waitFor();
    expect(await page.getByText("Net 30 days").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: /Contact form: Free Consultation/ }).isVisible()).toBe(true);
    await page.getByRole("link", { name: "Activity" }).click();
    await page.getByText("Customer converted from contact form").waitFor();
    expect(await page.getByText("Original inquiry: Free Consultation. Budget: $5,000 - $15,000.").isVisible()).toBe(
      true,
    );
    await page.close();
  });

  it("creates a customer, a phased project from its page, and shows the value and the Projects tab", async () => {
    const page = await adminPage();
    await page.goto(`${server.url}/admin/customers`);
    await hydrated(page);
    await page.getByRole("link", { name: "New Customer" }).click();
    await page.getByRole("heading", { name: "New Customer" }).waitFor();
    // the spec's message, from the browser's validation
    await page.getByRole("button", { name: "Create Customer" }).click();
    await page.getByText("Name and email are required").first().waitFor();
    await page.getByLabel("Name", { exact: true }).fill("Oscar Orchard");
    await page.getByLabel("Email", { exact: true }).fill("oscar@orchard.test");
    await page.getByLabel("Business Name").fill("Orchard Cider Co.");
    await page.getByLabel("Street").fill("1 Apple Way");
    await page.getByLabel("City").fill("Hood River");
    await page.getByLabel("State").fill("OR");
    await page.getByLabel("Zip").fill("97031");
    await page.getByLabel("Status").selectOption("active");
    await page.screenshot({ path: `${shots}/customer-new-1280.png`, fullPage: true });
    await page.getByRole("button", { name: "Create Customer" }).click();
    await page.waitForURL(`${server.url}/admin/customers`);
    await toast(page, "Customer created successfully");
    await page.getByRole("link", { name: "View customer Oscar Orchard" }).first().click();
    await page.getByRole("heading", { name: "Oscar Orchard", level: 1 }).waitFor();
    const customerUrl = page.url();
    expect(await page.getByText("1 Apple Way").isVisible()).toBe(true);

    await page.getByRole("link", { name: "Projects", exact: true }).last().click();
    await page.getByText("No projects yet").waitFor();
    await page.getByRole("link", { name: "New Project" }).click();
    await page.getByRole("heading", { name: "New Project" }).waitFor();
    expect(await page.getByLabel("Customer").isDisabled()).toBe(true);
    await page.getByLabel("Project Name").fill("Cider shop");
    await page.getByLabel("Phased").check();
    await page.getByLabel("Phase 1 name").fill("Design");
    await page.getByLabel("Price of phase 1").fill("1200.10");
    await page.getByLabel("Hours of phase 1").fill("12.5");
    await page.getByRole("button", { name: "Add phase" }).click();
    expect(await page.getByLabel("Phase 2 name").inputValue()).toBe("Phase 2");
    await page.getByLabel("Price of phase 2").fill("800.20");
    await page.getByText("$2,000.30").waitFor();
    await page.screenshot({ path: `${shots}/project-new-1280.png`, fullPage: true });
    await page.getByRole("button", { name: "Create Project" }).click();
    await toast(page, "Project created successfully");
    expect(page.url()).toBe(`${customerUrl}?tab=projects`);
    const card = page.locator("[data-project-card]").filter({ hasText: "Cider shop" });
    expect(await card.textContent()).toContain("$2,000.30");
    expect(await page.locator("dl").first().textContent()).toContain("Projects1");
    await card.click();
    await page.getByRole("heading", { name: "Cider shop", level: 1 }).waitFor();
    expect(await page.getByText("$2,000.30").first().isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "New Invoice" }).getAttribute("href")).toMatch(
      /^\/admin\/invoices\/new\?type=invoice&customer_id=[0-9a-f-]{36}&project_id=[0-9a-f-]{36}$/,
    );
    expect(await page.getByRole("link", { name: /Oscar Orchard/ }).getAttribute("href")).toBe(
      new URL(customerUrl).pathname,
    );
    await page.screenshot({ path: `${shots}/project-1280.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    // the phase's estimated hours are kept (its budget on the project's Time & profit page)
    const projectPath = new URL(page.url()).pathname;
    await page.goto(`${server.url}${projectPath}/edit`);
    expect(await page.getByLabel("Hours of phase 1").inputValue()).toBe("12.5");
    expect(await page.getByLabel("Hours of phase 2").inputValue()).toBe("");

    // the projects list finds it by customer name
    await page.goto(`${server.url}/admin/projects?q=orchard`);
    expect(await page.locator("[data-project-row]").count()).toBe(1);
    await page.close();
  });

  it("adds an activity note, newest first", async () => {
    const page = await adminPage();
    await page.goto(`${server.url}/admin/customers?q=Seeded%20Customer%203`);
    await hydrated(page);
    await page.getByRole("link", { name: "View customer Seeded Customer 3" }).first().click();
    await page.getByRole("heading", { name: "Seeded Customer 3", level: 1 }).waitFor();
    await page.getByRole("link", { name: "Activity" }).click();
    await page.getByText("No activity yet").waitFor();
    await page.getByLabel("Subject").fill("Discovery call");
    await page.getByLabel("Description").fill("Wants online booking.\nCall back Friday.");
    await page.getByRole("button", { name: "Add note" }).click();
    await toast(page, "Note added");
    await page.getByText("Discovery call").waitFor();
    expect(await page.getByText("Call back Friday.").isVisible()).toBe(true);
    expect(await page.getByLabel("Subject").inputValue()).toBe("");
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/activity-1280.png`, fullPage: true });
    await page.close();
  });

  it("changing the studio's email in settings shows it on the public contact page at once", async () => {
    const page = await adminPage();
    await page.goto(`${server.url}/admin/dashboard`);
    await hydrated(page);
    await page.getByRole("link", { name: "Settings" }).first().click();
    await page.getByRole("heading", { name: "Business Settings" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("Email").fill("hello@orchard-studio.test");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await toast(page, "Business settings saved successfully");
    await page.goto(`${server.url}/contact`);
    const links = page.locator('a[href="mailto:hello@orchard-studio.test"]');
    expect(await links.count()).toBeGreaterThanOrEqual(2); // contact card and footer
    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(jsonLd).toContain("hello@orchard-studio.test");
    await page.close();
  });

  it("the project form adds a phase without JavaScript", async () => {
    const page = await adminPage({ javaScriptEnabled: false });
    await page.goto(`${server.url}/admin/projects/new`);
    await page.getByLabel("Customer").selectOption({ label: "Oscar Orchard (Orchard Cider Co.)" });
    await page.getByLabel("Project Name").fill("No-script project");
    await page.getByLabel("Phased").check();
    await page.getByLabel("Price of phase 1").fill("100");
    await page.getByRole("button", { name: "Add phase" }).click();
    await page.getByLabel("Phase 2 name").waitFor();
    expect(await page.getByLabel("Project Name").inputValue()).toBe("No-script project");
    expect(await page.getByLabel("Phased").isChecked()).toBe(true);
    await page.getByLabel("Price of phase 2").fill("50.5");
    await page.getByRole("button", { name: "Create Project" }).click();
    await page.waitForURL(`${server.url}/admin/projects`);
    await page.getByRole("link", { name: /No-script project/ }).click();
    // the click starts the navigation; the project's page is only there once it has loaded
    await page.waitForURL(/\/admin\/projects\/[^/]+$/);
    expect(await page.getByText("$150.50").first().isVisible()).toBe(true);
    await page.close();
  });

  it("lists work at 1024 px with the row action in view, as cards at 390 px, by keyboard, with no axe violations", async () => {
    const wide = await adminPage({ width: 1024, height: 768 });
    await wide.goto(`${server.url}/admin/customers`);
    await hydrated(wide);
    expect(await wide.locator("[data-customer-row]").count()).toBe(25);
    expect(await wide.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const action = wide.locator("[data-customer-row] [data-row-action]").first();
    const box = await action.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1024);
    expect(await seriousViolations(wide)).toEqual([]);
    await wide.screenshot({ path: `${shots}/customers-1024.png`, fullPage: true });
    // pagination and filters live in the URL
    await wide.getByRole("link", { name: "Next" }).click();
    await wide.waitForURL(/page=2/);
    await wide.getByLabel("Status").selectOption("active");
    await wide.waitForURL(/status=active/);
    expect(new URL(wide.url()).searchParams.get("page")).toBeNull();
    // keyboard: focus the search box, type, Enter
    await wide.getByLabel("Search customers").focus();
    await wide.keyboard.type("Seeded Customer 13");
    await wide.keyboard.press("Enter");
    await wide.waitForURL(/q=Seeded/);
    await wide.locator("[data-customer-row]").first().waitFor();
    expect(await wide.locator("[data-customer-row]").count()).toBe(1);
    await action.focus();
    await wide.keyboard.press("Enter");
    await wide.getByRole("heading", { name: "Seeded Customer 13", level: 1 }).waitFor();
    await wide.goto(`${server.url}/admin/customers?q=nobody-at-all`);
    await wide.getByText("No customers found").waitFor();
    await wide.goto(`${server.url}/admin/projects`);
    expect(await seriousViolations(wide)).toEqual([]);
    await wide.screenshot({ path: `${shots}/projects-1024.png`, fullPage: true });
    await wide.close();

    const narrow = await adminPage({ width: 390, height: 844 });
    await narrow.goto(`${server.url}/admin/customers`);
    // the same rows, each shown as a card: the column headers are for screen readers only
    const card = narrow.locator("[data-customer-row]").first();
    expect(await card.isVisible()).toBe(true);
    expect(await card.evaluate((row) => getComputedStyle(row).display)).toBe("flex");
    expect((await narrow.locator("thead").boundingBox())?.width).toBeLessThanOrEqual(1);
    expect(await card.locator("[data-row-action]").isVisible()).toBe(true);
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(narrow)).toEqual([]);
    await narrow.screenshot({ path: `${shots}/customers-390.png`, fullPage: true });
    await narrow.close();
  });

  it("What happens next: the owner skips one reminder, pauses and resumes the customer's automations (390 px, axe, without JavaScript)", async () => {
    const page = await adminPage();
    await page.goto(`${server.url}/admin/customers/${app.seeded.rita}`);
    await hydrated(page);
    const card = page.locator("[data-next-runs-card]");
    await card.getByRole("heading", { name: "What happens next" }).waitFor();
    expect(
      await card.locator("[data-next-run]").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-next-run"))),
    ).toEqual([
      "INV-7001 · Rita Reminder (3 days before the due date)",
      "INV-7001 · Rita Reminder (on the due date)",
      "INV-7001 · Rita Reminder (7 days after the due date)",
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await card
      .getByRole("button", { name: "Skip: Payment reminders, INV-7001 · Rita Reminder (on the due date)" })
      .click();
    await toast(page, "Skipped: INV-7001 · Rita Reminder (on the due date)");
    await expect.poll(() => card.locator("[data-next-run]").count()).toBe(2);
    await card.getByRole("button", { name: "Pause automations" }).click();
    await toast(page, "Automations paused for Rita Reminder: nothing is sent to them until you resume");
    await expect.poll(() => card.getAttribute("data-held")).toBe("true");
    expect(await card.getByText("Paused", { exact: true }).count()).toBe(2);
    await page.screenshot({ path: `${shots}/customer-next-runs.png`, fullPage: true });
    await page.close();

    // a phone: the row's Skip in view; without JavaScript, Resume is a plain form
    const narrow = await adminPage({ width: 390, height: 844, javaScriptEnabled: false });
    await narrow.goto(`${server.url}/admin/customers/${app.seeded.rita}`);
    const skip = narrow.locator("[data-next-runs-card] [data-row-action]").first();
    await skip.scrollIntoViewIfNeeded();
    expect(await skip.isVisible()).toBe(true);
    const box = await skip.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await narrow.getByRole("button", { name: "Resume automations" }).click();
    await narrow.waitForURL(`${server.url}/admin/customers/${app.seeded.rita}`);
    expect(await narrow.locator("[data-next-runs-card]").getAttribute("data-held")).toBe("false");
    await narrow.screenshot({ path: `${shots}/customer-next-runs-390.png`, fullPage: true });
    await narrow.close();

    // the project's page: the same card, for its own invoice's reminders, paused for the project alone
    const project = await adminPage();
    await project.goto(`${server.url}/admin/projects/${app.seeded.shop}`);
    await hydrated(project);
    const projectCard = project.locator("[data-next-runs-card]");
    expect(
      await projectCard
        .locator("[data-next-run]")
        .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-next-run"))),
    ).toEqual([
      "INV-7001 · Rita Reminder (3 days before the due date)",
      "INV-7001 · Rita Reminder (7 days after the due date)",
    ]);
    await projectCard.getByRole("button", { name: "Pause automations" }).click();
    await toast(project, "Automations paused for Rita's shop: nothing about this project is sent until you resume");
    await expect.poll(() => projectCard.getAttribute("data-held")).toBe("true");
    expect(await seriousViolations(project)).toEqual([]);
    await project.screenshot({ path: `${shots}/project-next-runs.png`, fullPage: true });
    await project.close();
  });

  it("answers 404 'Customer not found' and 'Project not found' for malformed and unknown ids", async () => {
    for (const [path, text] of [
      ["/admin/customers/not-a-uuid", "Customer not found"],
      ["/admin/customers/00000000-0000-4000-8000-000000000000/edit", "Customer not found"],
      ["/admin/projects/12345", "Project not found"],
      ["/admin/projects/new?customer_id=oops", "Customer not found"],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } });
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain(text);
    }
  });
});
