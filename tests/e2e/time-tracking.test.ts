/**
 * Time on projects in Chromium against the production build (ADR 0058): a timer started on a phase
 * from the keyboard survives a reload and another tab, shows in the header on every page and stops from
 * there; time logged on two phases; "Invoice unbilled time" for a date range, one line per phase, with
 * the timesheet appendix, whose PDF text has the hours; the entries then read "On draft" and cannot be
 * edited; budget and profit on the page; an entry's edit dialog and the Time page at 390 px without
 * anything sideways; axe finds nothing serious. Screenshots go to /tmp/shots-time/.
 */
import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { projectPhases, projects } from "#app/db/schema.ts";
import { addDaysIso, displayDate, todayIn } from "#app/domain/dates.ts";
import { seriousViolations } from "../support/axe.ts";
import { hydrated } from "../support/browser.ts";
import { pdfText } from "../support/pdf.ts";
import { insertCustomers } from "../support/records.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";

const shots = "/tmp/shots-time";

async function seed(dataDir: string) {
  const database = await openDatabase({ dataDir });
  const [ada] = await insertCustomers(database.db, [{ name: "Ada Lovelace", email: "ada@client.test" }]);
  const [project] = await database.db
    .insert(projects)
    .values({
      customerId: ada?.id ?? "",
      projectName: "Analytical website",
      status: "in_progress",
      hourlyRate: "120.00",
      estimatedHours: "10.00",
      pricingDetails: { type: "hourly", phases: [], recurring_fees: [] },
    })
    .returning();
  const [design, build] = await database.db
    .insert(projectPhases)
    .values([
      { projectId: project?.id ?? "", position: 1, name: "Design" },
      { projectId: project?.id ?? "", position: 2, name: "Build" },
    ])
    .returning();
  await database.close();
  return { projectId: project?.id ?? "", designId: design?.id ?? "", buildId: build?.id ?? "" };
}

describe("time on projects", () => {
  let app: SignedInApp<Awaited<ReturnType<typeof seed>>>;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    app = await startSignedInApp({ seed });
  });
  afterAll(async () => {
    await app?.stop();
  });

  const toast = (page: import("playwright-core").Page, text: string | RegExp) =>
    page
      .getByRole("region", { name: /Notifications/ })
      .getByText(text)
      .waitFor();

  it("a timer started by keyboard survives a reload and another tab, and stops from the header", async () => {
    const { projectId, designId } = app.seeded;
    const page = await app.adminPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${app.server.url}/admin/projects/${projectId}/time`);
    await hydrated(page);
    const timer = page.getByRole("region", { name: "Timer" });
    // keyboard only: the phase chosen in the select, the note typed, Enter starts it
    const work = timer.getByLabel("Project");
    await work.focus();
    await work.selectOption(`${projectId}:${designId}`);
    await page.keyboard.press("Tab");
    await page.keyboard.type("Wireframes");
    await page.keyboard.press("Enter");
    await toast(page, "Timer started on Analytical website");
    await timer.getByText("Running on").waitFor();

    // the header shows it on every page, after a reload and in another tab
    await page.reload();
    await hydrated(page);
    expect(await page.locator("[data-header-timer]").getAttribute("data-header-timer")).toBe("running");
    // on a phone the running timer still fits the header beside Logout
    await page.setViewportSize({ width: 390, height: 844 });
    const logout = await page.getByRole("button", { name: "Logout" }).boundingBox();
    expect((logout?.x ?? 999) + (logout?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(await page.locator("[data-header-timer]").isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/header-running-390.png` });
    const other = await page.context().newPage();
    await other.goto(`${app.server.url}/admin/invoices`);
    await hydrated(other);
    const stop = other.getByRole("button", { name: "Stop the timer on Analytical website · Design" });
    await stop.waitFor();
    await other.screenshot({ path: `${shots}/header-running-1280.png` });
    // stopped from the header with the keyboard: back on the page it was pressed on
    await stop.focus();
    await other.keyboard.press("Enter");
    await toast(other, /Timer stopped: 0:0\d logged/);
    expect(new URL(other.url()).pathname).toBe("/admin/invoices");
    expect(await other.locator("[data-header-timer]").getAttribute("data-header-timer")).toBe("idle");
    await other.close();
    await page.context().close();
  });

  it("logs time on two phases, invoices a date range by phase with the timesheet, and locks the entries", async () => {
    const { projectId, designId, buildId } = app.seeded;
    const today = todayIn("America/New_York");
    const page = await app.adminPage({ viewport: { width: 1280, height: 900 } });
    const pagePath = `/admin/projects/${projectId}/time`;
    await page.goto(`${app.server.url}${pagePath}`);
    await hydrated(page);
    const log = page.getByRole("region", { name: "Log time" });
    for (const [phase, time] of [
      [designId, "1:30"],
      [buildId, "2"],
    ] as const) {
      await log.getByLabel("Project").selectOption(`${projectId}:${phase}`);
      await log.getByLabel("Time", { exact: true }).fill(time);
      await log.getByRole("button", { name: "Log time" }).click();
      await toast(page, time === "2" ? "2:00 logged" : "1:30 logged");
      await hydrated(page);
      // the form starts blank again once the entry is in the list
      await expect.poll(() => log.getByLabel("Time", { exact: true }).inputValue()).toBe("");
    }
    // a bad duration is refused with its message, and nothing is logged
    await log.getByLabel("Time", { exact: true }).fill("-1:00");
    await log.getByRole("button", { name: "Log time" }).click();
    await log.getByText("The time cannot be negative").waitFor();
    expect(await page.locator("[data-time-entry]").count()).toBe(3);

    const summary = page.locator("[data-time-summary]");
    expect(await summary.textContent()).toContain("of 10 h estimated");

    // the edit dialog of an unbilled entry, at 390 px
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("link", { name: /Edit the entry of .*, 2:00/ }).click();
    const dialog = page.getByRole("dialog", { name: "Edit time entry" });
    await dialog.waitFor();
    await page.screenshot({ path: `${shots}/edit-entry-390.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel("Note").fill("Header and footer");
    await dialog.getByRole("button", { name: "Save entry" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByText("Header and footer").waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });

    // a cost rate for the owner, and a billable expense with its receipt (a PDF)
    const rates = page.getByRole("region", { name: "Rates" });
    await rates.getByLabel("For").selectOption({ label: "owner@studio.test" });
    await rates.getByLabel("Cost rate per hour").fill("40");
    await rates.getByRole("button", { name: "Save rate" }).click();
    await toast(page, "Rate saved");
    await hydrated(page);
    const spend = page.getByRole("region", { name: "Expenses" });
    await spend.getByLabel("Amount").fill("20");
    await spend.getByLabel("Vendor").fill("Fly.io");
    await spend.getByLabel("Markup %").fill("10");
    await spend.getByLabel("Bill it to the client").check();
    await spend.getByLabel("Receipt (image or PDF)").setInputFiles({
      name: "receipt.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
    });
    await spend.getByRole("button", { name: "Add expense" }).click();
    await toast(page, "Expense from Fly.io added");
    await spend.getByRole("link", { name: "Receipt of Fly.io" }).waitFor();
    await hydrated(page);
    // the form starts blank again: a second click does not add the same expense twice
    await expect.poll(() => spend.getByLabel("Vendor").inputValue()).toBe("");
    expect(await spend.getByLabel("Amount").inputValue()).toBe("");
    // a licence that repeats every month from a date still to come: listed, recorded by the job on its date
    const licenceDay = addDaysIso(today, 10);
    await spend.getByLabel("Date").fill(licenceDay);
    await spend.getByLabel("Amount").fill("15");
    await spend.getByLabel("Vendor").fill("Figma");
    await spend.getByLabel("Category").selectOption({ label: "Licences" });
    await spend.getByLabel("Repeats").selectOption({ label: "Every month" });
    await spend.getByRole("button", { name: "Add expense" }).click();
    await toast(page, `Expense from Figma added; it repeats every month, next on ${displayDate(licenceDay)}`);
    const recurring = spend.getByRole("region", { name: "Recurring expenses" });
    const figma = recurring.locator("[data-recurring-expense]").filter({ hasText: "Figma" });
    expect(await figma.textContent()).toContain("Every month");
    expect(await spend.locator("[data-expense]").filter({ hasText: "Figma" }).count()).toBe(0);
    await hydrated(page);

    const bill = page.getByRole("region", { name: "Invoice unbilled time" });
    await bill.getByLabel("From", { exact: true }).fill(today);
    await bill.getByLabel("To", { exact: true }).fill(today);
    await bill.getByLabel("Lines").selectOption("phase");
    await bill.getByLabel("Rounding for this customer").selectOption("15");
    expect(await bill.getByLabel("Add the timesheet to the PDF").isChecked()).toBe(true);
    await bill.getByRole("button", { name: "Invoice unbilled time" }).click();
    await page.waitForURL(/\/admin\/invoices\/[0-9a-f-]{36}$/);
    await toast(page, /Draft INV-0001 made from 3:3\d of unbilled time/);
    const invoicePath = new URL(page.url()).pathname;

    const pdf = await fetch(`${app.server.url}${invoicePath}.pdf`, { headers: { cookie: app.cookie } });
    expect(pdf.status).toBe(200);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain("Design: time");
    expect(text).toContain("Build: time");
    expect(text).toContain("Timesheet");
    expect(text).toContain("Design: Wireframes");
    expect(text).toContain("Build: Header and footer");
    expect(text).toContain("1.5 h");
    expect(text).toMatch(/Total: 3\.5\d? h/);
    expect(text).toContain("Hosting: Fly.io");
    expect(text).toContain("$22.00");

    // back on the project: the entries are on the draft, without Edit or Delete
    await page.goto(`${app.server.url}${pagePath}`);
    await hydrated(page);
    const rows = page.locator("[data-time-entry]");
    expect(await page.locator("[data-time-entry][data-standing='on_draft']").count()).toBe(3);
    expect(await rows.first().textContent()).toContain("On draft INV-0001");
    expect(await page.getByRole("link", { name: /Edit the entry/ }).count()).toBe(0);
    expect(await summary.textContent()).toContain("Unbilled$0.00");
    for (const width of [1024, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${shots}/project-time-${width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page)).toEqual([]);
    }
    // stopping the licence keeps nothing more to come
    await page.getByRole("button", { name: "Stop repeating the expense from Figma" }).click();
    await toast(page, "Figma no longer repeats");
    await page.getByRole("region", { name: "Recurring expenses" }).waitFor({ state: "detached" });
    // an hour bank of 1 hour a month: this month's hours beyond it wait for a decision, then are absorbed
    const bank = page.getByRole("region", { name: "Hour bank" });
    await bank.getByLabel("Hours included each month").fill("1");
    await bank.getByRole("button", { name: "Save" }).click();
    await toast(page, "The hour bank is 1 h a month");
    const month = today.slice(0, 7);
    const row = page.locator(`[data-bank-month="${month}"]`);
    expect(await row.textContent()).toContain("To decide");
    await page.getByRole("button", { name: new RegExp(`^Absorb .* beyond the bank in ${month}$`) }).click();
    await toast(page, /beyond the bank absorbed/);
    expect(await page.locator(`[data-bank-month="${month}"]`).textContent()).toContain("Absorbed");

    // the profit report by customer shows what the project page shows: time at cost and the expense
    const projectProfit = (await summary.textContent()) ?? "";
    const timeAtCost = /time at cost (\$[\d,]+\.\d\d)/.exec(projectProfit)?.[1];
    expect(timeAtCost).toMatch(/^\$1\d\d\.\d\d$/);
    expect(projectProfit).toContain("expenses $20.00");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${app.server.url}/admin/reports/profit?by=customer`);
    const ada = page.locator("tr[data-profit-row]").filter({ hasText: "Ada Lovelace" });
    const cells = await ada.locator("td").allTextContents();
    expect(cells.slice(0, 6)).toEqual([
      "Ada Lovelace",
      "$0.00",
      "$0.00",
      timeAtCost,
      "$20.00",
      expect.stringMatching(/^-\$/),
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/profit-1280.png`, fullPage: true });

    // the person's Time page lists the same entries at 390 px
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.server.url}/admin/time`);
    await hydrated(page);
    expect(await page.locator("[data-time-entry]").count()).toBe(3);
    // time logged here is listed, and the form starts blank again
    const mine = page.getByRole("region", { name: "Log time" });
    await mine.getByLabel("Project").selectOption({ index: 1 });
    await mine.getByLabel("Time", { exact: true }).fill("0:45");
    await mine.getByRole("button", { name: "Log time" }).click();
    await toast(page, "0:45 logged");
    await expect.poll(() => page.locator("[data-time-entry]").count()).toBe(4);
    await expect.poll(() => mine.getByLabel("Time", { exact: true }).inputValue()).toBe("");
    await page.screenshot({ path: `${shots}/time-390.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
