/**
 * Getting a document to the client, in Chromium against the production build and a real SMTP sink:
 * the owner sends an invoice → the mail arrives with the PDF attached and a client link → a fresh
 * browser (no account) opens the link → the owner sees Viewed; an estimate sent and accepted on
 * its link with JavaScript off → the owner sees Accepted. Screenshots go to /tmp/shots-sending/.
 */
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { invoiceLineItems, invoices } from "#app/db/schema.ts";
import { seriousViolations } from "../support/axe.ts";
import { downloadedBytes, hydrated } from "../support/browser.ts";
import { insertCustomer } from "../support/records.ts";
import type { TestServer } from "../support/server.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";
import { startSmtpSink } from "../support/smtp.ts";
import { until } from "../support/wait.ts";

const shots = "/tmp/shots-sending";

/** The client link in a received mail (quoted-printable soft breaks undone). */
function clientLink(raw: string): string {
  const text = raw.replace(/=\r?\n/g, "");
  const match = /https?:\/\/[^\s"<>]+\/i\/([A-Za-z0-9_-]{43})/.exec(text);
  if (!match) throw new Error("no client link in the mail");
  return match[0];
}

async function seed(dataDir: string) {
  const database = await openDatabase({ dataDir });
  const ada = await insertCustomer(database.db, {
    name: "Ada Lovelace",
    email: "ada@client.test",
    businessName: "Analytical Engines",
  });
  const customerId = ada?.id ?? "";
  const created = await database.db
    .insert(invoices)
    .values([
      {
        invoiceNumber: "INV-0001",
        customerId,
        issueDate: "2026-11-01",
        dueDate: "2026-12-01",
        subtotal: "1200.00",
        totalAmount: "1200.00",
        balanceDue: "1200.00",
      },
      {
        invoiceNumber: "EST-0001",
        invoiceType: "estimate",
        customerId,
        issueDate: "2026-11-02",
        subtotal: "800.00",
        totalAmount: "800.00",
        balanceDue: "800.00",
        terms: "Half up front, half on launch.",
      },
    ])
    .returning({ id: invoices.id, invoiceNumber: invoices.invoiceNumber });
  for (const row of created) {
    await database.db.insert(invoiceLineItems).values({
      invoiceId: row.id,
      description: row.invoiceNumber.startsWith("INV") ? "Website build" : "Web app prototype",
      quantity: "1",
      unitPrice: row.invoiceNumber.startsWith("INV") ? "1200.00" : "800.00",
      lineTotal: row.invoiceNumber.startsWith("INV") ? "1200.00" : "800.00",
    });
  }
  await database.close();
  const byNumber = Object.fromEntries(created.map((row) => [row.invoiceNumber, row.id]));
  return { invoiceId: byNumber["INV-0001"] ?? "", estimateId: byNumber["EST-0001"] ?? "" };
}

describe("sending invoices and estimates", () => {
  let server: TestServer;
  let browser: Browser;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let ids: { invoiceId: string; estimateId: string };
  let app: SignedInApp<typeof ids>;

  const ownerPage = () => app.adminPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });

  async function send(page: Page, id: string, subject: string) {
    const before = sink.received.length;
    await page.goto(`${server.url}/admin/invoices/${id}/send`);
    await hydrated(page);
    expect(await page.getByLabel("To", { exact: true }).inputValue()).toBe("ada@client.test");
    await page.getByLabel("Subject", { exact: true }).fill(subject);
    await page.getByRole("button", { name: "Send Email" }).click();
    await page
      .getByRole("region", { name: /Notifications/ })
      .getByText("emailed to ada@client.test")
      .waitFor();
    return until(() => sink.received.slice(before).find((mail) => mail.raw.includes(subject)), {
      timeoutMs: 30_000,
      what: `the mail "${subject}"`,
    });
  }

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    sink = await startSmtpSink();
    app = await startSignedInApp({ seed, env: { SMTP_URL: sink.url } });
    ({ server, browser, seeded: ids } = app);
  });
  afterAll(async () => {
    await app?.stop();
    await sink?.stop();
  });

  it("send an invoice → the mail has the PDF and a link → the client opens it → the owner sees Viewed", async () => {
    const owner = await ownerPage();
    const mail = await send(owner, ids.invoiceId, "Your invoice INV-0001");
    expect(mail.to).toEqual(["ada@client.test"]);
    expect(mail.raw).toContain("Content-Type: application/pdf");
    expect(mail.raw).toMatch(/filename="?INV-0001\.pdf/);
    const link = clientLink(mail.raw);
    await owner.screenshot({ path: `${shots}/send-1280.png`, fullPage: true });
    expect(await seriousViolations(owner)).toEqual([]);
    await owner.getByText("Sent to ada@client.test").waitFor();

    // a fresh browser, no account (a person's user agent: the view beacon takes HeadlessChrome for a bot)
    const client = await (
      await browser.newContext({
        viewport: { width: 390, height: 844 },
        userAgent:
          "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      })
    ).newPage();
    const response = await client.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    expect(response?.headers()["x-robots-tag"]).toContain("noindex");
    await client.getByRole("heading", { name: "INVOICE", exact: true }).waitFor();
    expect(await client.locator("article").textContent()).toContain("Website build");
    // the view beacon has posted (the page was on screen): the document is Viewed
    await client.locator("[data-view-beacon][data-view-sent]").waitFor({ state: "attached" });
    const [download] = await Promise.all([
      client.waitForEvent("download"),
      client.getByRole("link", { name: "Download PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("INV-0001.pdf");
    await client.screenshot({ path: `${shots}/client-invoice-390.png`, fullPage: true });
    expect(await seriousViolations(client)).toEqual([]);

    await owner.goto(`${server.url}/admin/invoices`);
    const row = owner.locator("tr", { hasText: "INV-0001" });
    await row.waitFor();
    expect(await row.textContent()).toContain("Viewed");

    // a wrong token is the site's 404
    const wrong = await client.goto(`${server.url}/i/${"x".repeat(43)}`);
    expect(wrong?.status()).toBe(404);
  });

  it("send an estimate → the client accepts it on its link without JavaScript → the owner sees Accepted", async () => {
    const owner = await ownerPage();
    const mail = await send(owner, ids.estimateId, "Your estimate EST-0001");
    const link = clientLink(mail.raw).replace(/^https?:\/\/[^/]+/, server.url);
    const client = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await client.goto(link);
    await client.getByText("Half up front, half on launch.").waitFor();
    await client.getByRole("button", { name: "Accept Estimate" }).click();
    await client.getByText("Please type your full name to sign").waitFor();
    await client.getByLabel("Full name").fill("Ada Lovelace");
    await client.getByRole("button", { name: "Accept Estimate" }).click();
    await client.getByText("Thank you: the estimate is accepted.").waitFor();
    await client.getByText("Accepted by Ada Lovelace").waitFor();
    await client.screenshot({ path: `${shots}/client-estimate-accepted.png`, fullPage: true });

    await owner.goto(`${server.url}/admin/invoices/${ids.estimateId}`);
    await owner.locator("[data-invoice-status]").getByText("Accepted").waitFor();
    // the owner was told by mail
    await until(
      () => sink.received.find((message) => message.raw.includes("Estimate EST-0001 was accepted by Ada Lovelace")),
      { timeoutMs: 30_000, what: "the owner's acceptance mail" },
    );
  });

  it("Export CSV downloads only the rows the list's filters select", async () => {
    const owner = await ownerPage();
    await owner.goto(`${server.url}/admin/invoices?type=estimate`);
    const [download] = await Promise.all([
      owner.waitForEvent("download"),
      owner.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await downloadedBytes(download)).toString("utf8");
    const lines = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Number,Type,Customer,Business,Issue Date,Due Date,Deducted,Total,Paid,Credited,Balance,Status",
    );
    expect(lines.slice(1)).toEqual([
      "EST-0001,Estimate,Ada Lovelace,Analytical Engines,2026-11-02,,0.00,800.00,0.00,0.00,800.00,Accepted",
    ]);
  });

  it("the owner's dashboard shows what is outstanding, with charts that read as tables, at 1280 and 390 px", async () => {
    const owner = await ownerPage();
    for (const width of [1280, 390]) {
      await owner.setViewportSize({ width, height: 900 });
      await owner.goto(`${server.url}/admin/reports`);
      await owner.getByRole("heading", { name: "Reports", level: 1 }).waitFor();
      expect(await owner.locator("dl").textContent()).toContain("Outstanding$1,200.00");
      expect(await owner.getByRole("img", { name: /Paid revenue by month/ }).count()).toBe(1);
      expect(await owner.getByRole("img", { name: /Submissions per week by project type/ }).count()).toBe(1);
      expect(await owner.getByRole("img", { name: /Public page views per day/ }).count()).toBe(1);
      await owner.getByText("Show data").first().click();
      expect(await owner.getByRole("table").first().isVisible()).toBe(true);
      await owner.screenshot({ path: `${shots}/reports-${width}.png`, fullPage: true });
      expect(await seriousViolations(owner)).toEqual([]);
    }
  });
});
