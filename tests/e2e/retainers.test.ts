/**
 * Retainers in Chromium against the production build and a real SMTP sink: a monthly schedule in
 * "send" mode due today makes one invoice and emails it with no click at all (the server's job at
 * start); a schedule saved on the project page with its first invoice today makes and sends it at
 * once (no further click, not at the next timer tick); the project card says "per month".
 */
import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { projects, recurringSchedules } from "#app/db/schema.ts";
import { todayIn } from "#app/domain/dates.ts";
import type { ProjectPricing } from "#app/domain/projects.ts";
import { seriousViolations } from "../support/axe.ts";
import { hydrated } from "../support/browser.ts";
import { insertCustomers } from "../support/records.ts";
import type { TestServer } from "../support/server.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";
import { startSmtpSink } from "../support/smtp.ts";
import { until } from "../support/wait.ts";

const fees: ProjectPricing = {
  type: "fixed",
  phases: [],
  recurring_fees: [
    { id: "fee-1", name: "Hosting", amount: 29 },
    { id: "fee-2", name: "Care plan", amount: 20 },
  ],
};
// the studio's default zone (no Settings saved)
const today = () => todayIn("America/New_York");

async function seed(dataDir: string) {
  const database = await openDatabase({ dataDir });
  const [ada, grace] = await insertCustomers(database.db, [
    { name: "Ada Lovelace", email: "ada@client.test" },
    { name: "Grace Hopper", email: "grace@client.test" },
  ]);
  const [retained, fresh] = await database.db
    .insert(projects)
    .values([
      { customerId: ada?.id ?? "", projectName: "Hosting and care", pricingDetails: fees },
      { customerId: grace?.id ?? "", projectName: "Shop care", pricingDetails: fees },
    ])
    .returning();
  const [schedule] = await database.db
    .insert(recurringSchedules)
    .values({
      projectId: retained?.id ?? "",
      customerId: ada?.id ?? "",
      frequency: "month",
      startDate: today(),
      nextDue: today(),
      mode: "send",
    })
    .returning();
  await database.close();
  return { scheduleId: schedule?.id ?? "", retainedId: retained?.id ?? "", freshId: fresh?.id ?? "" };
}

describe("retainers", () => {
  let server: TestServer;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let app: SignedInApp<Awaited<ReturnType<typeof seed>>>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await startSignedInApp({ seed, env: { SMTP_URL: sink.url } });
    ({ server } = app);
  });
  afterAll(async () => {
    await app?.stop();
    await sink?.stop();
  });

  it("a monthly schedule due today in send mode makes one invoice and its mail without a click", async () => {
    const mail = await until(() => sink.received.find((message) => message.to.includes("ada@client.test")), {
      timeoutMs: 30_000,
      what: "the retainer's invoice mail",
    });
    expect(mail.raw).toContain("Invoice INV-0001 from");
    expect(mail.raw).toContain("Content-Type: application/pdf");

    const page = await app.adminPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/admin/projects/${app.seeded.retainedId}`);
    const section = page.locator("[data-recurring-invoices]");
    await section.waitFor();
    const made = section.locator("[data-schedule-invoice]");
    expect(await made.allTextContents()).toEqual(["INV-0001"]);
    expect(await page.locator("[data-recurring-total]").textContent()).toBe("Recurring total$49.00 per month");
    // one mail, one invoice, however long the server runs
    await page.reload();
    expect(await section.locator("[data-schedule-invoice]").count()).toBe(1);
    expect(sink.received.filter((message) => message.to.includes("ada@client.test"))).toHaveLength(1);
    // the section reads at 1024 px and on a phone, nothing sideways, axe finds nothing serious
    mkdirSync("/tmp/shots-retainers", { recursive: true });
    for (const width of [1024, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/shots-retainers/project-${width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page)).toEqual([]);
    }
    await page.context().close();
  });

  it("a schedule saved with its first invoice today sends it at once; the customer page shows the next date", async () => {
    const page = await app.adminPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/admin/projects/${app.seeded.freshId}`);
    await hydrated(page);
    const section = page.locator("[data-recurring-invoices]");
    await section.getByText("No recurring invoices scheduled").waitFor();
    await section.getByLabel("How often").selectOption("month");
    await section.getByLabel("Each invoice").selectOption("send");
    expect(await section.getByLabel("First invoice").inputValue()).toBe(today());
    await section.getByRole("button", { name: "Schedule" }).click();
    await page
      .getByRole("region", { name: /Notifications/ })
      .getByText("Recurring invoices scheduled")
      .waitFor();
    const mail = await until(() => sink.received.find((message) => message.to.includes("grace@client.test")), {
      timeoutMs: 30_000,
      what: "the new schedule's invoice mail",
    });
    expect(mail.raw).toContain("Invoice INV-0002 from");
    await section.locator("[data-schedule-invoice]").first().waitFor();
    expect(await section.locator("[data-schedule-invoice]").allTextContents()).toEqual(["INV-0002"]);
    expect(await section.locator("[data-next-due]").textContent()).toMatch(/^Next invoice: \d{2}\/\d{2}\/\d{4}$/);

    const customerId = await page.locator("a[href^='/admin/customers/']").first().getAttribute("href");
    await page.goto(`${server.url}${customerId}`);
    const listed = page.locator("[data-customer-schedules]");
    await listed.waitFor();
    expect(await listed.textContent()).toContain("Shop care");
    expect(await listed.textContent()).toContain("$49.00 per month");
    expect(await listed.locator("[data-next-due]").textContent()).toMatch(/^Next invoice \d{2}\/\d{2}\/\d{4}$/);
    await page.context().close();
  });
});
