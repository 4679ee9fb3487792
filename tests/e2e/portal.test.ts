/**
 * The client portal in Chromium against the production build and a real SMTP sink (ADR 0034): the
 * owner sends the portal link from the customer page → the client opens it at 390 px, sees every
 * document and the statement (and nothing of another customer's) → opens an invoice, which becomes
 * Viewed once the view beacon has posted; the owner opening the same portal and a document marks
 * nothing; without JavaScript the portal and its View buttons still work and nothing is counted;
 * axe finds nothing serious. Screenshots go to /tmp/shots-portal/.
 */
import { mkdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { bookings, invoiceLineItems, invoices, payments, proposals } from "#app/db/schema.ts";
import { addDaysIso, todayIn } from "#app/domain/dates.ts";
import { createProposal } from "#app/models/proposals.server.ts";
import { seriousViolations } from "../support/axe.ts";
import { hydrated } from "../support/browser.ts";
import { insertCustomers, proposalForm } from "../support/records.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";
import { startSmtpSink } from "../support/smtp.ts";
import { until } from "../support/wait.ts";

const shots = "/tmp/shots-portal";
/** A person's browser (headless Chromium says HeadlessChrome, which the beacon takes for a bot). */
const userAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function seed(dataDir: string) {
  const database = await openDatabase({ dataDir });
  const db = database.db;
  const today = todayIn("America/New_York");
  const [ada, bob] = await insertCustomers(db, [
    { name: "Ada Lovelace", email: "ada@client.test", businessName: "Analytical Engines", notes: "Owner-only note" },
    { name: "Bob Builder", email: "bob@client.test" },
  ]);
  const adaId = ada?.id ?? "";
  const rows = await db
    .insert(invoices)
    .values([
      {
        invoiceNumber: "INV-0001",
        customerId: adaId,
        status: "sent",
        issueDate: addDaysIso(today, -30),
        dueDate: addDaysIso(today, -5),
        subtotal: "1200.00",
        totalAmount: "1200.00",
        amountPaid: "200.00",
        balanceDue: "1000.00",
        sentAt: new Date(),
      },
      {
        invoiceNumber: "INV-0003",
        customerId: adaId,
        status: "sent",
        issueDate: addDaysIso(today, -2),
        dueDate: addDaysIso(today, 28),
        subtotal: "300.00",
        totalAmount: "300.00",
        balanceDue: "300.00",
        sentAt: new Date(),
      },
      {
        invoiceNumber: "EST-0001",
        invoiceType: "estimate",
        customerId: adaId,
        status: "sent",
        issueDate: addDaysIso(today, -3),
        subtotal: "800.00",
        totalAmount: "800.00",
        balanceDue: "800.00",
        sentAt: new Date(),
      },
      {
        invoiceNumber: "INV-0002",
        customerId: bob?.id ?? "",
        status: "sent",
        issueDate: addDaysIso(today, -3),
        subtotal: "999.00",
        totalAmount: "999.00",
        balanceDue: "999.00",
        sentAt: new Date(),
      },
    ])
    .returning({ id: invoices.id, invoiceNumber: invoices.invoiceNumber });
  const byNumber = Object.fromEntries(rows.map((row) => [row.invoiceNumber, row.id]));
  await db.insert(invoices).values({
    invoiceNumber: "CN-0001",
    invoiceType: "credit_note",
    creditedInvoiceId: byNumber["INV-0001"],
    customerId: adaId,
    status: "sent",
    issueDate: addDaysIso(today, -1),
    subtotal: "50.00",
    totalAmount: "50.00",
    balanceDue: "0.00",
  });
  for (const row of rows) {
    await db.insert(invoiceLineItems).values({
      invoiceId: row.id,
      description: `Work for ${row.invoiceNumber}`,
      quantity: "1",
      unitPrice: "100.00",
      lineTotal: "100.00",
    });
  }
  await db.insert(payments).values({
    invoiceId: byNumber["INV-0001"] ?? "",
    paidOn: addDaysIso(today, -10),
    amount: "200.00",
    method: "card",
  });
  const start = new Date(Date.now() + 4 * 86_400_000);
  await db.insert(bookings).values({
    startsAt: start,
    endsAt: new Date(start.getTime() + 1_800_000),
    name: "Ada Lovelace",
    email: "ada@client.test",
    customerId: adaId,
  });
  const proposal = await createProposal(
    db,
    proposalForm({
      customer_id: adaId,
      title: "Analytical site",
      "tiers[0].name": "Basic",
      "tiers[0].lines[0].description": "Basic site",
      "tiers[0].lines[0].quantity": "1",
      "tiers[0].lines[0].unit_price": "500",
      agreement: "We build, you pay.",
      expires_on: addDaysIso(today, 30),
      deposit_kind: "percent",
      deposit_value: "50",
    }),
    null,
  );
  await db.update(proposals).set({ status: "sent", sentAt: new Date() }).where(eq(proposals.id, proposal.id));
  await database.close();
  return { adaId, proposalNumber: proposal.proposalNumber };
}

/** A received mail's text with its quoted-printable soft breaks undone. */
function unbroken(raw: string): string {
  return raw.replace(/=\r?\n/g, "");
}

/** The portal link in a received mail. */
function portalLink(raw: string): string {
  const text = unbroken(raw);
  const match = /https?:\/\/[^\s"<>]+\/portal\/([A-Za-z0-9_-]{43})/.exec(text);
  if (!match) throw new Error("no portal link in the mail");
  return match[0];
}

describe("the client portal", () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let app: SignedInApp<Awaited<ReturnType<typeof seed>>>;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    sink = await startSmtpSink();
    app = await startSignedInApp({ seed, env: { SMTP_URL: sink.url } });
  });
  afterAll(async () => {
    await app?.stop();
    await sink?.stop();
  });

  async function statusOf(owner: Page, number: string): Promise<string> {
    await owner.goto(`${app.server.url}/admin/invoices`);
    const row = owner.locator("tr", { hasText: number });
    await row.waitFor();
    return (await row.textContent()) ?? "";
  }

  it("owner sends the link → the client sees everything at 390 px → an invoice opened becomes Viewed; the owner's visit marks nothing", async () => {
    const { server } = app;
    const owner = await app.adminPage({ viewport: { width: 1280, height: 900 }, userAgent });
    await owner.goto(`${server.url}/admin/customers/${app.seeded.adaId}`);
    await hydrated(owner);
    const card = owner.getByRole("region", { name: "Client portal" });
    await card.getByText("No live link").waitFor();
    await card.getByRole("button", { name: "Send portal link" }).click();
    await owner
      .getByRole("region", { name: /Notifications/ })
      .getByText("Portal link emailed to ada@client.test")
      .waitFor();
    const mail = await until(() => sink.received.find((received) => unbroken(received.raw).includes("/portal/")), {
      timeoutMs: 30_000,
      what: "the portal mail",
    });
    expect(mail.to).toEqual(["ada@client.test"]);
    const link = portalLink(mail.raw).replace(/^https?:\/\/[^/]+/, server.url);
    await card.getByText("1 live link").waitFor();
    expect(await seriousViolations(owner)).toEqual([]);
    await owner.screenshot({ path: `${shots}/customer-card-1280.png`, fullPage: true });

    // the client, in a fresh phone browser
    const clientContext = await app.browser.newContext({ viewport: { width: 390, height: 844 }, userAgent });
    const client = await clientContext.newPage();
    const response = await client.goto(link);
    expect(response?.status()).toBe(200);
    const headers = response?.headers() ?? {};
    expect(headers["cache-control"]).toBe("no-store");
    expect(headers["x-robots-tag"]).toContain("noindex");
    // the page's policy replaces the site's default: one header
    expect(await response?.headerValues("referrer-policy")).toEqual(["same-origin"]);
    await client.getByRole("heading", { name: "Client portal: Analytical Engines" }).waitFor();
    const text = (await client.locator("main").textContent()) ?? "";
    for (const number of ["INV-0001", "INV-0003", "EST-0001", "CN-0001", app.seeded.proposalNumber]) {
      expect(text).toContain(number);
    }
    expect(text).not.toContain("INV-0002");
    expect(text).not.toContain("Owner-only note");
    expect(await client.locator('[data-statement="owed"]').textContent()).toBe("$1,300.00");
    expect(await client.locator('[data-statement="overdue"]').textContent()).toBe("$1,000.00");
    expect(text).toContain("Analytical site");
    expect(text).toContain("Upcoming consultations");
    // fits the phone: nothing wider than the screen
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(client)).toEqual([]);
    await client.screenshot({ path: `${shots}/portal-390.png`, fullPage: true });

    // the invoice opens on its own client page; the beacon marks it viewed
    expect(await statusOf(owner, "INV-0003")).toContain("Sent");
    await client.getByRole("button", { name: "View Invoice INV-0003" }).click();
    await client.waitForURL(/\/i\/[A-Za-z0-9_-]{43}$/);
    await client.getByRole("heading", { name: "INVOICE", exact: true }).waitFor();
    await client.locator("[data-view-beacon][data-view-sent]").waitFor({ state: "attached" });
    expect(await seriousViolations(client)).toEqual([]);
    await client.screenshot({ path: `${shots}/portal-invoice-390.png`, fullPage: true });
    expect(await statusOf(owner, "INV-0003")).toContain("Viewed");

    // the owner opens the same portal, and an estimate from it: nothing is marked
    const ownerPortal = await app.adminPage({ viewport: { width: 390, height: 844 }, userAgent });
    await ownerPortal.goto(link);
    await ownerPortal.locator("[data-view-beacon][data-view-sent]").waitFor({ state: "attached" });
    await ownerPortal.getByRole("button", { name: "View Estimate EST-0001" }).click();
    await ownerPortal.waitForURL(/\/i\/[A-Za-z0-9_-]{43}$/);
    await ownerPortal.locator("[data-view-beacon][data-view-sent]").waitFor({ state: "attached" });
    expect(await statusOf(owner, "EST-0001")).toContain("Sent");
    // the portal's own view was remembered (the client's), and the card shows it
    await owner.goto(`${server.url}/admin/customers/${app.seeded.adaId}`);
    await owner.getByRole("region", { name: "Client portal" }).getByText("last viewed").waitFor();
    // the request page, at 390 px
    await client.goto(`${server.url}/portal`);
    expect(await seriousViolations(client)).toEqual([]);
    await clientContext.close();
  });

  it("works without JavaScript: the portal, its View buttons and the request page; nothing is counted", async () => {
    const { server } = app;
    const noScript = await app.browser.newContext({
      viewport: { width: 390, height: 844 },
      userAgent,
      javaScriptEnabled: false,
    });
    const page = await noScript.newPage();
    await page.goto(`${server.url}/portal`);
    await page.getByLabel("Email address").fill("ada@client.test");
    const before = sink.received.length;
    await page.getByRole("button", { name: "Email me a link" }).click();
    await page.getByText("a link to their portal is on its way").waitFor();
    await page.screenshot({ path: `${shots}/request-390.png`, fullPage: true });
    const mail = await until(
      () => sink.received.slice(before).find((received) => unbroken(received.raw).includes("/portal/")),
      {
        timeoutMs: 30_000,
        what: "the requested portal mail",
      },
    );
    await page.goto(portalLink(mail.raw).replace(/^https?:\/\/[^/]+/, server.url));
    await page.getByRole("button", { name: "View Credit Note CN-0001" }).click();
    await page.waitForURL(/\/i\/[A-Za-z0-9_-]{43}$/);
    await page.getByRole("heading", { name: "CREDIT NOTE", exact: true }).waitFor();
    const owner = await app.adminPage({ viewport: { width: 1280, height: 900 } });
    expect(await statusOf(owner, "CN-0001")).toContain("Sent");
    // an unknown address gets the same answer
    await page.goto(`${server.url}/portal`);
    await page.getByLabel("Email address").fill("nobody@client.test");
    await page.getByRole("button", { name: "Email me a link" }).click();
    await page.getByText("a link to their portal is on its way").waitFor();
    // a wrong token is the site's 404
    const wrong = await page.goto(`${server.url}/portal/${"x".repeat(43)}`);
    expect(wrong?.status()).toBe(404);
    await noScript.close();
  });
});
