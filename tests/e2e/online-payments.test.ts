/**
 * Online payments end to end (ADR 0035), in Chromium against the production build, with the Stripe SDK
 * pointed at the local fake (tests/support/fake-stripe.ts; nothing reaches the internet): the client's
 * Pay button leads to the (fake) Checkout for the balance due; after the signed webhook the invoice is
 * Paid on the client page and in the admin list (a bad signature changes nothing); the PDF shows the bank
 * details, and its QR code, read by a real decoder (pdftoppm + sharp + jsQR), opens the client page.
 * Reconciled from the provider's state (ADR 0041): a refund delivered before its payment, a dispute and
 * a payment more than owed show on the invoice page, the owner's notices (axe, keyboard), the client
 * page and the portal.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import jsQR from "jsqr";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { invoiceLineItems, invoiceLinks, invoices, paymentSettings, portalLinks } from "#app/db/schema.ts";
import { portalLinkExpiry, portalLinkPath } from "#app/domain/portal.ts";
import { hashToken, newToken } from "#app/services/auth/tokens.server.ts";
import { seriousViolations } from "../support/axe.ts";
import { hydrated } from "../support/browser.ts";
import { type FakeStripe, startFakeStripe } from "../support/fake-stripe.ts";
import { insertCustomer } from "../support/records.ts";
import type { TestServer } from "../support/server.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";

async function seed(dataDir: string) {
  const database = await openDatabase({ dataDir });
  const ada = await insertCustomer(database.db, {
    name: "Ada Lovelace",
    email: "ada@client.test",
    businessName: "Analytical Engines",
  });
  const [invoice] = await database.db
    .insert(invoices)
    .values({
      invoiceNumber: "INV-0001",
      customerId: ada?.id ?? "",
      issueDate: "2026-11-01",
      dueDate: "2026-12-01",
      subtotal: "1200.00",
      totalAmount: "1200.00",
      balanceDue: "1200.00",
      status: "sent",
      sentAt: new Date(),
    })
    .returning();
  const invoiceId = invoice?.id ?? "";
  await database.db.insert(invoiceLineItems).values({
    invoiceId,
    description: "Website build",
    quantity: "1",
    unitPrice: "1200.00",
    lineTotal: "1200.00",
  });
  const token = newToken();
  await database.db.insert(invoiceLinks).values({ invoiceId, tokenHash: hashToken(token) });
  // a second invoice, paid online in part, refunded in part, disputed; the customer's portal
  const [second] = await database.db
    .insert(invoices)
    .values({
      invoiceNumber: "INV-0002",
      customerId: ada?.id ?? "",
      issueDate: "2026-11-02",
      dueDate: "2026-12-02",
      subtotal: "1000.00",
      totalAmount: "1000.00",
      balanceDue: "1000.00",
      status: "sent",
      sentAt: new Date(),
    })
    .returning();
  const secondToken = newToken();
  await database.db.insert(invoiceLinks).values({ invoiceId: second?.id ?? "", tokenHash: hashToken(secondToken) });
  const portalToken = newToken();
  await database.db.insert(portalLinks).values({
    customerId: ada?.id ?? "",
    tokenHash: hashToken(portalToken),
    expiresAt: portalLinkExpiry(new Date()),
  });
  await database.db.insert(paymentSettings).values({
    accountHolder: "Studio Design LLC",
    iban: "DE89370400440532013000",
    bic: "COBADEFFXXX",
    referenceFormat: "Invoice {number}",
  });
  await database.close();
  return { invoiceId, token, secondId: second?.id ?? "", secondToken, portalToken };
}

describe("getting paid online", () => {
  let fake: FakeStripe;
  let app: SignedInApp<Awaited<ReturnType<typeof seed>>>;
  let server: TestServer;
  let browser: Browser;
  const work = mkdtempSync(path.join(tmpdir(), "studio-pay-"));

  beforeAll(async () => {
    mkdirSync("/tmp/shots-pay", { recursive: true });
    fake = await startFakeStripe();
    app = await startSignedInApp({
      seed,
      env: {
        STRIPE_SECRET_KEY: fake.secretKey,
        STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
        STRIPE_API_URL: fake.url,
      },
    });
    ({ server, browser } = app);
  });
  afterAll(async () => {
    await app?.stop();
    await fake?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it("the client's PDF shows the bank details, and its QR code opens the client page", async () => {
    const { token } = app.seeded;
    const response = await fetch(`${server.url}/i/${token}/pdf`);
    expect(response.status).toBe(200);
    const pdf = path.join(work, "invoice.pdf");
    writeFileSync(pdf, Buffer.from(await response.arrayBuffer()));
    const text = execFileSync("pdftotext", ["-layout", pdf, "-"]).toString("utf8");
    expect(text).toContain("Pay by bank transfer");
    expect(text).toContain("Account holder: Studio Design LLC");
    expect(text).toContain("IBAN: DE89 3704 0044 0532 0130 00");
    expect(text).toContain("Reference: Invoice INV-0001");
    // a provider is set up: the link's code offers to pay online; the invoice is in US dollars, so no EPC code
    const flowing = execFileSync("pdftotext", [pdf, "-"]).toString("utf8").replace(/\s+/g, " ");
    expect(flowing).toContain("Scan to view and pay online");
    expect(flowing).not.toContain("banking app");
    execFileSync("pdftoppm", ["-png", "-r", "150", "-f", "1", "-l", "1", pdf, path.join(work, "page")]);
    const png = readFileSync(path.join(work, "page-1.png"));
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
    expect(code?.data).toMatch(new RegExp(`/i/${token}$`));
    const opened = new URL(code?.data ?? "");
    const page = await browser.newPage();
    await page.goto(`${server.url}${opened.pathname}`);
    expect(await page.getByRole("button", { name: "Pay Online $1,200.00" }).count()).toBe(1);
    await page.close();
  });
  it("a Pay the provider refuses answers under the button, in view and announced, without JavaScript", async () => {
    const { token } = app.seeded;
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const client = await context.newPage();

    await client.goto(`${server.url}/i/${token}`);
    fake.unavailable = true;
    try {
      const [response] = await Promise.all([
        client.waitForResponse((r) => r.request().method() === "POST"),
        client.getByRole("button", { name: "Pay Online $1,200.00" }).click(),
      ]);
      expect(response.status()).toBe(409);
      await client.waitForLoadState();
    } finally {
      fake.unavailable = false;
    }
    const alert = client.locator("#pay").getByRole("alert");
    expect(await alert.textContent()).toBe(
      "Online payment is not available right now. Please try again later or pay by bank transfer.",
    );
    // right under the button, and on screen without scrolling: not at the top of a long invoice
    expect(await alert.evaluate((element) => element.previousElementSibling?.textContent)).toContain("Pay Online");
    const inView = async (locator: typeof alert) =>
      locator.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
    expect(await inView(alert)).toBe(true);
    expect(await inView(client.getByRole("button", { name: "Pay Online $1,200.00" }))).toBe(true);
    await context.close();
    // the same with JavaScript on (the page is never hydrated: the same plain form), at both widths, checked by axe
    for (const width of [1280, 390]) {
      const page = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
      await page.goto(`${server.url}/i/${token}`);
      fake.unavailable = true;
      try {
        await page.getByRole("button", { name: "Pay Online $1,200.00" }).click();
        await page.locator("#pay").getByRole("alert").waitFor();
      } finally {
        fake.unavailable = false;
      }
      expect(await inView(page.locator("#pay").getByRole("alert")), `${width} px`).toBe(true);
      await page.screenshot({ path: `/tmp/shots-pay/pay-refused-${width}.png` });
      expect(await seriousViolations(page), `${width} px`).toEqual([]);
      await page.context().close();
    }
  });

  it("Settings → Payments → Check Connection says the key works (test mode) and whether Stripe sends events here", async () => {
    const page = await app.adminPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/admin/settings`);
    await hydrated(page);
    const payments = page.getByRole("region", { name: "Payments" });
    await payments.getByRole("button", { name: "Check Connection" }).click();
    const result = payments.getByRole("status");
    await expect.poll(() => result.textContent()).toContain("Connected to Stripe in test mode");
    const missing = (await result.textContent()) ?? "";
    const webhookUrl = /No webhook endpoint in Stripe sends to (\S+):/.exec(missing)?.[1];
    expect(webhookUrl).toMatch(/\/webhooks\/stripe$/);
    expect(await result.getAttribute("data-connection-check")).toBe("problem");
    expect(fake.calls).toContain("GET /v1/balance");
    await page.screenshot({ path: "/tmp/shots-pay/check-connection-1280.png", fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    fake.webhookEndpoints = [{ url: webhookUrl ?? "", status: "enabled" }];
    try {
      await payments.getByRole("button", { name: "Check Connection" }).click();
      await expect.poll(() => result.getAttribute("data-connection-check")).toBe("ok");
      expect(await result.textContent()).toContain(`Stripe sends payment events to ${webhookUrl}.`);
      // without JavaScript the same form answers with the page
      const plain = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
      const [name, value] = app.cookie.split("=") as [string, string];
      await plain.context().addCookies([{ name, value, url: server.url }]);
      await plain.setViewportSize({ width: 390, height: 844 });
      await plain.goto(`${server.url}/admin/settings`);
      await plain.getByRole("button", { name: "Check Connection" }).click();
      await plain.waitForLoadState();
      expect(await plain.getByRole("region", { name: "Payments" }).getByRole("status").textContent()).toContain(
        "Connected to Stripe in test mode",
      );
      await plain.screenshot({ path: "/tmp/shots-pay/check-connection-390.png", fullPage: true });
    } finally {
      fake.webhookEndpoints = [];
    }
  });

  it("Pay leads to Checkout for the balance; the signed webhook makes it Paid everywhere", async () => {
    const { token } = app.seeded;
    const context = await browser.newContext();
    const client = await context.newPage();
    await client.goto(`${server.url}/i/${token}`);
    await expect
      .poll(() => client.locator("[data-bank-transfer]").textContent())
      .toContain("Reference: Invoice INV-0001");
    expect(await client.locator("[data-bank-transfer]").textContent()).toContain("IBAN: DE89 3704 0044 0532 0130 00");
    await client.screenshot({ path: "/tmp/shots-pay/client-page.png", fullPage: true });
    expect(await seriousViolations(client)).toEqual([]);
    const pay = client.getByRole("button", { name: "Pay Online $1,200.00" });
    await Promise.all([client.waitForURL(`${fake.url}/checkout/**`), pay.click()]);
    expect(await client.locator("[data-amount]").getAttribute("data-amount")).toBe("120000");
    expect(await client.locator("[data-invoice]").textContent()).toBe("INV-0001");
    const sessionId = new URL(client.url()).pathname.split("/").pop() ?? "";
    expect(fake.sessions.get(sessionId)?.success_url).toMatch(
      new RegExp(`/i/${token}\\?paid=\\{CHECKOUT_SESSION_ID\\}$`),
    );

    // the client pays; a forged event is refused and changes nothing
    fake.pay(sessionId);
    const event = fake.completedEvent(sessionId);
    expect(await fake.deliver(`${server.url}/webhooks/stripe`, event, { secret: "whsec_forged" })).toBe(400);
    await client.goto(`${server.url}/i/${token}`);
    expect(await client.locator("[data-paid]").count()).toBe(0);
    // the signed one pays the invoice; a replay answers 200 and changes nothing
    expect(await fake.deliver(`${server.url}/webhooks/stripe`, event)).toBe(200);
    expect(await fake.deliver(`${server.url}/webhooks/stripe`, event)).toBe(200);

    await client.goto(`${server.url}/i/${token}?paid=${sessionId}`);
    expect(await client.locator("[data-payment-notice]").textContent()).toContain("This invoice is paid");
    expect(await client.locator("[data-paid]").textContent()).toContain("paid in full");
    expect(await client.getByRole("button", { name: /Pay Online/ }).count()).toBe(0);
    expect(await client.locator("[data-bank-transfer]").count()).toBe(0);
    await context.close();

    const owner = await app.adminPage({ viewport: { width: 1280, height: 900 } });
    await owner.goto(`${server.url}/admin/invoices`);
    const row = owner.locator("tr", { hasText: "INV-0001" });
    await expect.poll(() => row.textContent()).toContain("Paid");
    await owner.screenshot({ path: "/tmp/shots-pay/admin-list.png" });
    await owner.goto(`${server.url}/admin/settings`);
    await owner.getByRole("heading", { name: "Payments" }).waitFor();
    await owner.screenshot({ path: "/tmp/shots-pay/settings.png", fullPage: true });
    await owner.goto(`${server.url}/admin/invoices/${app.seeded.invoiceId}`);
    await expect
      .poll(() => owner.locator("[data-payment-row]").allInnerTexts())
      .toEqual([expect.stringMatching(/\$1,200\.00[\s\S]*Card[\s\S]*Paid online · fee \$35\.10/)]);
    await owner.context().close();
  });
  it("a refund before its payment, a dispute and a payment more than owed: the invoice page, the notices, the client page, the portal", async () => {
    const { secondId, secondToken, portalToken } = app.seeded;
    const webhook = `${server.url}/webhooks/stripe`;
    const paid = fake.openSession({ amount: 70_000, invoiceId: secondId, invoiceNumber: "INV-0002" });
    fake.pay(paid.id);
    const refund = fake.refundEvent(paid.id, 30_000);
    // the refund arrives first: the payment and its refund are both read from the provider
    expect(await fake.deliver(webhook, refund)).toBe(200);
    expect(await fake.deliver(webhook, fake.completedEvent(paid.id))).toBe(200);
    expect(await fake.deliver(webhook, fake.disputeEvent(paid.id, { amount: 20_000 }))).toBe(200);
    // a second payment of $800 when $600 is owed: not recorded, the owner told
    const over = fake.openSession({ amount: 80_000, invoiceId: secondId, invoiceNumber: "INV-0002" });
    fake.pay(over.id);
    expect(await fake.deliver(webhook, fake.completedEvent(over.id))).toBe(200);

    const owner = await app.adminPage({ viewport: { width: 1280, height: 900 } });
    await owner.goto(`${server.url}/admin/invoices/${secondId}`);
    await hydrated(owner);
    expect(await owner.locator('[data-figure="paid"]').textContent()).toBe("$400.00");
    expect(await owner.locator("[data-payment-row]").allInnerTexts()).toEqual([expect.stringMatching(/\$700\.00/)]);
    expect(await owner.locator("[data-refund-row]").allInnerTexts()).toEqual([
      expect.stringMatching(/^Refunded \$300\.00 on /),
    ]);
    expect(await owner.locator("[data-dispute-row]").textContent()).toContain("Disputed by the client: $200.00");
    expect(await owner.locator("[data-disputed]").textContent()).toBe("Disputed");
    expect(await owner.locator("[data-payment-anomaly]").allInnerTexts()).toEqual([
      expect.stringMatching(
        /^Online payment needs your attention: A payment of \$800\.00 is more than the \$600\.00 owed/,
      ),
    ]);
    await owner.screenshot({ path: "/tmp/shots-pay/invoice-refund-dispute.png", fullPage: true });
    expect(await seriousViolations(owner)).toEqual([]);

    // the header counts the notices; the page lists them; marked read with the keyboard alone
    const bell = owner.locator("[data-notices]");
    expect(await bell.getAttribute("aria-label")).toBe("Notices: 2 unread notices");
    await bell.click();
    await owner.waitForURL(`${server.url}/admin/notices`);
    await owner.getByRole("heading", { name: "Notices", level: 1 }).waitFor();
    expect(await owner.locator("[data-notice]").allInnerTexts()).toEqual([
      expect.stringContaining("Online payment needs your attention (invoice INV-0002)"),
      expect.stringContaining("Invoice INV-0002: the client disputed a payment of $200.00 (needs response)"),
    ]);
    expect(await seriousViolations(owner)).toEqual([]);
    await owner.screenshot({ path: "/tmp/shots-pay/notices.png", fullPage: true });
    const markRead = owner.getByRole("button", { name: /^Mark read: Invoice INV-0002/ });
    await markRead.focus();
    await owner.keyboard.press("Enter");
    await expect.poll(() => owner.locator('[data-read="true"]').count()).toBe(1);
    await expect.poll(() => bell.getAttribute("aria-label")).toBe("Notices: 1 unread notice");
    await owner.getByRole("button", { name: "Mark all read" }).click();
    await expect.poll(() => bell.getAttribute("aria-label")).toBe("Notices");
    await owner.context().close();

    // the client sees the refund on the invoice's page and in the portal
    const context = await browser.newContext();
    const client = await context.newPage();
    await client.goto(`${server.url}/i/${secondToken}`);
    expect(await client.locator("[data-refunds] li").allInnerTexts()).toEqual([
      expect.stringMatching(/^Refunded \$300\.00 on /),
    ]);
    expect(await seriousViolations(client)).toEqual([]);
    await client.goto(`${server.url}${portalLinkPath(portalToken)}`);
    expect(await client.locator('[data-portal-payment="INV-0002"] [data-portal-refund]').allInnerTexts()).toEqual([
      expect.stringMatching(/^Refunded \$300\.00 on /),
    ]);
    await context.close();
  });
});
