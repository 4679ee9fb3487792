/**
 * Online payments (ADR 0035) on both databases, against the SDK pointed at the local fake
 * (tests/support/fake-stripe.ts): a signed event pays once; a replay, a concurrent duplicate and a bad
 * signature change nothing; a partial payment; a refund reverses its payment (and a completion arriving
 * after it records nothing); the client's return page reconciles before the webhook.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Config } from "#app/config.server.ts";
import {
  auditLog,
  invoices,
  mailAttachments,
  mailOutbox,
  ownerNotices,
  payments,
  providerEvents,
} from "#app/db/schema.ts";
import { connectionMessages, defaultPaymentSettings, onlinePaymentMessages } from "#app/domain/online-payments.ts";
import { getPrintableInvoice } from "#app/models/invoices.server.ts";
import { getPaymentSettings, savePaymentSettings } from "#app/models/payment-settings.server.ts";
import { listPayments, listRefunds } from "#app/models/payments.server.ts";
import * as settings from "#app/routes/admin/settings.tsx";
import { answerStripeWebhook } from "#app/routes/webhook-answer.server.ts";
import { findClientDocument } from "#app/services/client-documents.server.ts";
import { sendDocument } from "#app/services/invoice-sending.server.ts";
import { createLogger } from "#app/services/logger.server.ts";
import { mailKey } from "#app/services/mail.server.ts";
import { checkStripeConnection, reconcileCheckoutReturn, startCheckout } from "#app/services/online-payments.server.ts";
import { openText } from "#app/services/sealing.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { type FakeStripe, fakeFee, startFakeStripe } from "../support/fake-stripe.ts";
import { insertCustomer, insertInvoice } from "../support/records.ts";
import { routeHarness, testConfig } from "../support/routes.ts";
import { until } from "../support/wait.ts";

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake?.stop();
});

describeEachDatabase("online payments", (database, kind) => {
  const db = () => database().db;
  const config = (): Pick<Config, "publicUrl" | "stripe"> => ({
    publicUrl: "http://studio.test",
    stripe: { secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiUrl: fake.url },
  });
  const deps = () => ({ db: db(), config: config() });
  let invoiceId = "";

  beforeEach(async () => {
    const customer = await insertCustomer(db(), { email: "ada@client.test" });
    const row = await insertInvoice(db(), {
      invoiceNumber: "INV-0007",
      customerId: customer.id,
      status: "sent",
      subtotal: "1000.00",
      totalAmount: "1000.00",
      balanceDue: "1000.00",
    });
    invoiceId = row.id;
  });

  async function checkout(requested?: number) {
    const invoice = await getPrintableInvoice(db(), invoiceId);
    if (!invoice) throw new Error("no invoice");
    const started = await startCheckout(deps(), { invoice, token: "T".repeat(43), requested });
    if (!started.ok) throw new Error(started.message);
    const sessionId = started.url.split("/").pop() ?? "";
    return { url: started.url, sessionId, session: fake.sessions.get(sessionId) };
  }
  const webhook = (payload: string, signature: string | null) =>
    answerStripeWebhook(deps(), Buffer.from(payload), signature);
  const stored = async () => {
    const [row] = await db().select().from(invoices).where(eq(invoices.id, invoiceId));
    return row;
  };

  it("a signed completed session pays the invoice once: card, the fee, a receipt, the event kept", async () => {
    const { sessionId, session } = await checkout();
    expect(session).toMatchObject({
      amount_total: 100_000,
      client_reference_id: invoiceId,
      metadata: { invoice_id: invoiceId, invoice_number: "INV-0007" },
      success_url: `http://studio.test/i/${"T".repeat(43)}?paid={CHECKOUT_SESSION_ID}`,
    });
    fake.pay(sessionId);
    const event = fake.completedEvent(sessionId);
    expect(await webhook(event.payload, fake.sign(event.payload))).toMatchObject({ status: 200, recorded: true });
    expect(await stored()).toMatchObject({ status: "paid", amountPaid: "1000.00", balanceDue: "0.00" });
    const [payment] = await listPayments(db(), invoiceId);
    expect(payment).toMatchObject({
      amount: "1000.00",
      method: "card",
      providerFee: (fakeFee(100_000) / 100).toFixed(2),
    });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, "ada@client.test"));
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringContaining("Receipt for invoice INV-0007")]);
    expect(await db().select().from(providerEvents)).toMatchObject([
      { eventId: event.id, invoiceId, outcome: "reconciled: 100000 cents received, 0 refunded" },
    ]);

    // the same event again: nothing changes
    expect(await webhook(event.payload, fake.sign(event.payload))).toMatchObject({ status: 200, recorded: false });
    // another event for the same payment (a resend with a new id): nothing changes either
    const again = fake.completedEvent(sessionId);
    expect(await webhook(again.payload, fake.sign(again.payload))).toMatchObject({ status: 200, recorded: false });
    expect(await db().select().from(payments)).toHaveLength(1);
    expect(await db().select().from(mailOutbox)).toHaveLength(1);
  });

  it("a concurrent duplicate records one payment", async () => {
    const { sessionId } = await checkout();
    fake.pay(sessionId);
    const event = fake.completedEvent(sessionId);
    const answers = await Promise.all([
      webhook(event.payload, fake.sign(event.payload)),
      webhook(event.payload, fake.sign(event.payload)),
      reconcileCheckoutReturn(deps(), { invoiceId, sessionId }),
    ]);
    expect(answers.slice(0, 2).filter((answer) => typeof answer === "object" && answer.status === 200)).toHaveLength(2);
    expect(await db().select().from(payments)).toHaveLength(1);
    expect(await stored()).toMatchObject({ status: "paid", amountPaid: "1000.00" });
  });

  it("a bad signature answers 400 and changes nothing", async () => {
    const { sessionId } = await checkout();
    fake.pay(sessionId);
    const event = fake.completedEvent(sessionId);
    expect(await webhook(event.payload, fake.sign(event.payload, "whsec_someoneElse"))).toMatchObject({ status: 400 });
    expect(await webhook(event.payload, null)).toMatchObject({ status: 400 });
    // signed, then altered
    const signature = fake.sign(event.payload);
    expect(await webhook(event.payload.replace("100000", "1"), signature)).toMatchObject({ status: 400 });
    expect(await db().select().from(payments)).toHaveLength(0);
    expect(await db().select().from(providerEvents)).toHaveLength(0);
    expect(await stored()).toMatchObject({ status: "sent", balanceDue: "1000.00" });
  });

  it("a partial payment when the owner allows it; more than the balance is refused", async () => {
    const invoice = await getPrintableInvoice(db(), invoiceId);
    if (!invoice) throw new Error("no invoice");
    // not allowed yet: the balance is asked whatever the client typed
    expect((await checkout(40_000)).session?.amount_total).toBe(100_000);
    await savePaymentSettings(db(), { ...defaultPaymentSettings, allowPartialPayments: true });
    const { sessionId, session } = await checkout(40_000);
    expect(session?.amount_total).toBe(40_000);
    expect(await startCheckout(deps(), { invoice, token: "T".repeat(43), requested: 100_001 })).toMatchObject({
      ok: false,
      field: "amount",
    });
    fake.pay(sessionId);
    const event = fake.completedEvent(sessionId);
    expect(await webhook(event.payload, fake.sign(event.payload))).toMatchObject({ recorded: true });
    expect(await stored()).toMatchObject({ status: "partial", amountPaid: "400.00", balanceDue: "600.00" });
  });

  it("a refund is an entry under its payment, never a change to it; replays and late completions change nothing", async () => {
    const { sessionId } = await checkout();
    fake.pay(sessionId);
    const completed = fake.completedEvent(sessionId);
    await webhook(completed.payload, fake.sign(completed.payload));
    const partly = fake.refundEvent(sessionId, 30_000);
    expect(await webhook(partly.payload, fake.sign(partly.payload))).toMatchObject({ status: 200, recorded: true });
    expect(await stored()).toMatchObject({ status: "partial", amountPaid: "700.00", balanceDue: "300.00" });
    const rest = fake.refundEvent(sessionId);
    expect(await webhook(rest.payload, fake.sign(rest.payload))).toMatchObject({ status: 200, recorded: true });
    expect(await stored()).toMatchObject({ status: "sent", amountPaid: "0.00", balanceDue: "1000.00" });
    expect(await db().select({ amount: payments.amount }).from(payments)).toEqual([{ amount: "1000.00" }]);
    const entries = await listRefunds(db(), invoiceId);
    expect(entries.map((entry) => [entry.providerRefundId, entry.amount, entry.kind])).toEqual([
      [partly.refundId, "300.00", "refund"],
      [rest.refundId, "700.00", "refund"],
    ]);
    // the client got the receipt, then a refund notice for each refund
    const subjects = (await db().select().from(mailOutbox)).map((mail) => mail.subject).sort();
    expect(subjects).toEqual([
      expect.stringContaining("Receipt for invoice INV-0007"),
      expect.stringContaining("Refund for invoice INV-0007"),
      expect.stringContaining("Refund for invoice INV-0007"),
    ]);
    // replays of the refunds and of the completion, a resend with a new id, the return page: nothing changes
    expect(await webhook(rest.payload, fake.sign(rest.payload))).toMatchObject({ recorded: false });
    expect(await webhook(completed.payload, fake.sign(completed.payload))).toMatchObject({ recorded: false });
    const late = fake.completedEvent(sessionId);
    expect(await webhook(late.payload, fake.sign(late.payload))).toMatchObject({ recorded: false });
    expect(await reconcileCheckoutReturn(deps(), { invoiceId, sessionId })).toBe("paid");
    expect(await db().select().from(payments)).toHaveLength(1);
    expect(await listRefunds(db(), invoiceId)).toHaveLength(2);
    expect(await db().select().from(mailOutbox)).toHaveLength(3);
    expect(await stored()).toMatchObject({ status: "sent", amountPaid: "0.00", balanceDue: "1000.00" });
  });

  it("defect: a partial refund delivered before its completion keeps what was not refunded ($400 of $1,000 paid)", async () => {
    await savePaymentSettings(db(), { ...defaultPaymentSettings, allowPartialPayments: true });
    const { sessionId } = await checkout(70_000);
    fake.pay(sessionId);
    const refund = fake.refundEvent(sessionId, 30_000);
    const completed = fake.completedEvent(sessionId);
    expect(await webhook(refund.payload, fake.sign(refund.payload))).toMatchObject({ status: 200 });
    expect(await webhook(completed.payload, fake.sign(completed.payload))).toMatchObject({ status: 200 });
    expect(await stored()).toMatchObject({ status: "partial", amountPaid: "400.00", balanceDue: "600.00" });
    // resending everything changes nothing
    for (const event of [refund, completed, refund]) await webhook(event.payload, fake.sign(event.payload));
    expect(await stored()).toMatchObject({ status: "partial", amountPaid: "400.00", balanceDue: "600.00" });
  });

  // the race needs two connections: PGlite runs one transaction at a time
  if (kind === "postgres") {
    it("defect: a full refund delivered while its payment is still being written leaves nothing paid", async () => {
      const { sessionId } = await checkout();
      fake.pay(sessionId);
      const completed = fake.completedEvent(sessionId);
      const refund = fake.refundEvent(sessionId);
      // another connection holds the outbox: the completion's transaction, once it has written the
      // payment, waits at its receipt, uncommitted, for as long as the test wants
      const { default: pg } = await import("pg");
      const holder = new pg.Client({ connectionString: database().url });
      await holder.connect();
      // how many transactions wait for a lock (asked on a connection of its own: a transaction sees one
      // snapshot of the statistics)
      const probe = new pg.Client({ connectionString: database().url });
      await probe.connect();
      const waiting = async () =>
        Number(
          (
            await probe.query(
              "select count(*) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
            )
          ).rows[0]?.count ?? 0,
        );
      try {
        await holder.query("begin");
        await holder.query("lock table mail_outbox in exclusive mode");
        const first = webhook(completed.payload, fake.sign(completed.payload));
        await until(async () => (await waiting()) >= 1, { what: "the completion waiting at its receipt" });
        // the refund arrives meanwhile: it either finishes, or waits for the invoice the completion holds
        let refundDone = false;
        const second = webhook(refund.payload, fake.sign(refund.payload)).finally(() => {
          refundDone = true;
        });
        await until(async () => refundDone || (await waiting()) >= 2, { what: "the refund done or waiting" });
        await holder.query("commit");
        expect((await Promise.all([first, second])).map((answer) => answer.status)).toEqual([200, 200]);
      } finally {
        await holder.end();
        await probe.end();
      }
      expect(await stored()).toMatchObject({ status: "sent", amountPaid: "0.00", balanceDue: "1000.00" });
    });
  }

  it("full refunds delivered 0-60 ms after their completions leave nothing paid", async () => {
    const customer = await insertCustomer(db(), { name: "Grace Hopper" });
    const rounds = await Promise.all(
      Array.from({ length: 24 }, async (_, index) => {
        const row = await insertInvoice(db(), {
          invoiceNumber: `INV-1${String(index).padStart(3, "0")}`,
          customerId: customer.id,
          status: "sent",
          subtotal: "500.00",
          totalAmount: "500.00",
          balanceDue: "500.00",
        });
        const invoice = await getPrintableInvoice(db(), row.id);
        if (!invoice) throw new Error("no invoice");
        const started = await startCheckout(deps(), { invoice, token: "T".repeat(43), requested: undefined });
        if (!started.ok) throw new Error(started.message);
        const sessionId = started.url.split("/").pop() ?? "";
        fake.pay(sessionId);
        return { id: row.id, completed: fake.completedEvent(sessionId), refund: fake.refundEvent(sessionId) };
      }),
    );
    // each refund leaves a few milliseconds after its completion (a spread, not a wait for anything)
    const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await Promise.all(
      rounds.flatMap((round, index) => [
        webhook(round.completed.payload, fake.sign(round.completed.payload)),
        later(index * 2.5).then(() => webhook(round.refund.payload, fake.sign(round.refund.payload))),
      ]),
    );
    const rows = await db().select().from(invoices).where(eq(invoices.customerId, customer.id));
    expect(rows.map((row) => `${row.invoiceNumber} ${row.status} ${row.amountPaid}`).sort()).toEqual(
      rounds.map((_, index) => `INV-1${String(index).padStart(3, "0")} sent 0.00`),
    );
  });

  it("the return page reconciles before the webhook; the webhook then changes nothing", async () => {
    const { sessionId } = await checkout();
    expect(await reconcileCheckoutReturn(deps(), { invoiceId, sessionId })).toBe("processing");
    fake.pay(sessionId);
    expect(await reconcileCheckoutReturn(deps(), { invoiceId, sessionId })).toBe("paid");
    expect(await stored()).toMatchObject({ status: "paid" });
    const event = fake.completedEvent(sessionId);
    expect(await webhook(event.payload, fake.sign(event.payload))).toMatchObject({ status: 200, recorded: false });
    expect(await db().select().from(payments)).toHaveLength(1);
    // another invoice's session is not this invoice's payment
    expect(await reconcileCheckoutReturn(deps(), { invoiceId: crypto.randomUUID(), sessionId })).toBe("unknown");
  });

  it("the email says how to pay (online, bank transfer), and its PDF gets the link it carries for the QR code", async () => {
    await savePaymentSettings(db(), {
      ...defaultPaymentSettings,
      accountHolder: "Studio LLC",
      iban: "DE89370400440532013000",
      referenceFormat: "Invoice {number}",
    });
    const result = await sendDocument(
      { db: db(), config: { ...testConfig, stripe: config().stripe }, logger: createLogger("silent") },
      { invoiceId, form: { to: "ada@client.test", subject: "Invoice", message: "Hello" }, actor: null, ip: null },
    );
    expect(result.ok).toBe(true);
    const [mail] = await db().select().from(mailOutbox);
    const text = openText(mailKey(testConfig.sessionSecret), mail?.text ?? "") ?? "";
    const link = /https?:\/\/\S+\/i\/[\w-]{43}/.exec(text)?.[0] ?? "";
    // the PDF is rendered at delivery with the link the mail carries, for its QR code (sealed at rest)
    const [attachment] = await db().select().from(mailAttachments);
    const source = JSON.parse(openText(mailKey(testConfig.sessionSecret), attachment?.source ?? "") ?? "{}");
    expect(source).toEqual({ kind: "document-pdf", invoiceId, clientUrl: link });
    expect(text).toContain(`Pay online by card:\n${link}#pay`);
    expect(text).toContain("Pay by bank transfer\nAccount holder: Studio LLC\nIBAN: DE89 3704 0044 0532 0130 00");
    expect(text).toContain("Reference: Invoice INV-0007");
    // the link printed in the PDF is the one stored: it opens the invoice
    const opened = await findClientDocument(db(), link.split("/").pop(), "203.0.113.5");
    expect(opened).toMatchObject({ ok: true, invoice: { id: invoiceId } });
  });

  it("Settings → Payments saves the bank details through the form kit, and refuses a wrong IBAN on its field", async () => {
    const { call, cookieFor } = routeHarness(database);
    const admin = await cookieFor("owner@studio.test", true);
    const form = {
      intent: "payment-settings",
      account_holder: "Studio LLC",
      iban: "DE89 3704 0044 0532 0130 01",
      reference_format: "Invoice {number}",
      allow_partial_payments: "on",
    };
    const bad = await call(settings.action, "/admin/settings", { cookie: admin, form });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ result: { error: { iban: [onlinePaymentMessages.iban] } } });
    const good = await call(settings.action, "/admin/settings", {
      cookie: admin,
      form: { ...form, iban: "DE89 3704 0044 0532 0130 00" },
    });
    expect(good.status).toBe(302);
    expect(await getPaymentSettings(db())).toMatchObject({
      accountHolder: "Studio LLC",
      iban: "DE89370400440532013000",
      referenceFormat: "Invoice {number}",
      allowPartialPayments: true,
    });
  });
  it("a key Stripe refuses: the client reads the usual message; the owner gets one audit entry and one notice per key", async () => {
    const invoice = await getPrintableInvoice(db(), invoiceId);
    if (!invoice) throw new Error("no invoice");
    const stripe = { secretKey: "sk_test_revoked", webhookSecret: fake.webhookSecret, apiUrl: fake.url };
    const wrong = { ...config(), stripe };
    for (let click = 0; click < 3; click++) {
      const started = await startCheckout(
        { db: db(), config: wrong, logger: createLogger("silent") },
        { invoice, token: "T".repeat(43), requested: undefined },
      );
      expect(started).toEqual({ ok: false, message: onlinePaymentMessages.unavailable });
    }
    const notices = await db().select().from(ownerNotices);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      kind: "payment_setup",
      message: connectionMessages.keyRefusedNotice,
      link: "/admin/settings#payment-settings-title",
    });
    expect(notices[0]?.key).not.toContain("revoked");
    const entries = await db().select().from(auditLog).where(eq(auditLog.event, "online_payment_key_refused"));
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries[0]?.detail)).not.toContain("revoked");
    // Check Connection says what is wrong, and tells the owner nothing new
    const check = await checkStripeConnection({ db: db(), config: wrong });
    expect(check).toEqual({ ok: false, lines: [{ ok: false, text: connectionMessages.keyRefused }] });
    expect(await db().select().from(ownerNotices)).toHaveLength(1);
    // another wrong key is another problem
    const other = { ...wrong, stripe: { ...wrong.stripe, secretKey: "sk_test_other" } };
    await checkStripeConnection({ db: db(), config: other });
    expect(await db().select().from(ownerNotices)).toHaveLength(2);
    // an unreachable provider is no key problem: no notice
    fake.unavailable = true;
    try {
      const down = await checkStripeConnection({ db: db(), config: config() });
      expect(down.ok).toBe(false);
      expect(down.lines[0]?.text).toMatch(/^Stripe could not be reached/);
    } finally {
      fake.unavailable = false;
    }
    expect(await db().select().from(ownerNotices)).toHaveLength(2);
    // the right key: test mode, and no endpoint sends events here yet
    const fine = await checkStripeConnection({ db: db(), config: config() });
    expect(fine.ok).toBe(false);
    expect(fine.lines.map((line) => line.text)).toEqual([
      connectionMessages.connected(false),
      connectionMessages.webhookMissing("http://studio.test/webhooks/stripe"),
      connectionMessages.webhookSecret,
    ]);
    fake.webhookEndpoints = [{ url: "http://studio.test/webhooks/stripe", status: "disabled" }];
    try {
      expect((await checkStripeConnection({ db: db(), config: config() })).lines[1]).toEqual({
        ok: false,
        text: connectionMessages.webhookDisabled("http://studio.test/webhooks/stripe"),
      });
      fake.webhookEndpoints = [{ url: "http://studio.test/webhooks/stripe", status: "enabled" }];
      expect(await checkStripeConnection({ db: db(), config: config() })).toMatchObject({ ok: true });
    } finally {
      fake.webhookEndpoints = [];
    }
    // without keys: online payments are off
    expect(await checkStripeConnection({ db: db(), config: { ...config(), stripe: null } })).toEqual({
      ok: false,
      lines: [{ ok: false, text: connectionMessages.off }],
    });
  });
});
