/**
 * Online payments reconciled from the provider's state (ADR 0041), on both databases, through the
 * real webhook handler against the fake provider, which keeps the state its events describe:
 * - the property: 12 invoices, each with a plan (two partial payments, refunds in full and in part,
 *   disputes won and lost), every event twice, delivered in a seeded random order in concurrent
 *   batches (on PostgreSQL by two "instances": two connection pools on one database), then everything
 *   resent: each invoice ends at its plan's figures, no payment or refund doubled, one receipt a payment;
 * - disputes mark the invoice and tell the owner; a lost one counts as a refund, a won one clears the mark;
 * - bad input is an anomaly on the invoice or the event, with an audit entry and one notice, answered 200;
 *   a failure of ours answers 500 and leaves the event to the provider's retry;
 * - refunds in the reports' revenue and the portal's payments; the owner's notices page.
 */
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Config } from "#app/config.server.ts";
import { type Database, openDatabase } from "#app/db/client.server.ts";
import {
  auditLog,
  invoices,
  mailOutbox,
  ownerNotices,
  paymentAnomalies,
  payments,
  providerEvents,
  refunds,
} from "#app/db/schema.ts";
import { defaultPaymentSettings } from "#app/domain/online-payments.ts";
import type { ProviderPaymentState } from "#app/domain/provider-payments.ts";
import { savePaymentSettings } from "#app/models/payment-settings.server.ts";
import { reconcileProviderPayment } from "#app/models/payments.server.ts";
import { portalPayments } from "#app/models/portal.server.ts";
import { revenueByMonth } from "#app/models/reports.server.ts";
import * as layout from "#app/routes/admin/layout.tsx";
import * as notices from "#app/routes/admin/notices.tsx";
import { answerStripeWebhook } from "#app/routes/webhook-answer.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { type FakeStripe, startFakeStripe } from "../support/fake-stripe.ts";
import {
  deliveryOrder,
  expectedOf,
  inBatches,
  planFor,
  playPlan,
  runSeed,
  type SignedEvent,
  seededRandom,
} from "../support/payment-plans.ts";
import { insertCustomer, insertInvoice } from "../support/records.ts";
import { routeHarness } from "../support/routes.ts";

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake?.stop();
});

const dollars = (cents: number) => (cents / 100).toFixed(2);

describeEachDatabase("payments reconciled from the provider's state", (database, kind) => {
  const db = () => database().db;
  const config = (): Pick<Config, "publicUrl" | "stripe"> => ({
    publicUrl: "http://studio.test",
    stripe: { secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiUrl: fake.url },
  });
  const deliver = (target: Database["db"], event: SignedEvent) =>
    answerStripeWebhook({ db: target, config: config() }, Buffer.from(event.payload), fake.sign(event.payload));

  async function invoiceWithSessions(number: string, total: number, amounts: readonly number[]) {
    const customer = await insertCustomer(db(), {
      name: `Client ${number}`,
      email: `${number.toLowerCase()}@client.test`,
    });
    const row = await insertInvoice(db(), {
      invoiceNumber: number,
      customerId: customer.id,
      status: "sent",
      subtotal: dollars(total),
      totalAmount: dollars(total),
      balanceDue: dollars(total),
    });
    const sessions = amounts.map(
      (amount) => fake.openSession({ amount, invoiceId: row.id, invoiceNumber: number, email: customer.email }).id,
    );
    return { id: row.id, customerId: customer.id, sessions };
  }
  const invoiceRow = async (id: string) => {
    const [row] = await db().select().from(invoices).where(eq(invoices.id, id));
    if (!row) throw new Error("no invoice");
    return row;
  };

  it("any order, every event twice, concurrent (two instances on PostgreSQL), then resent: each invoice ends at its plan", async () => {
    const seed = runSeed();
    const random = seededRandom(seed);
    let second: Database | null = null;
    if (kind === "postgres") second = await openDatabase({ databaseUrl: database().url ?? "", poolSize: 5 });
    try {
      const planned = await Promise.all(
        Array.from({ length: 12 }, async (_, index) => {
          const plan = planFor(index);
          const number = `INV-2${String(index).padStart(3, "0")}`;
          const invoice = await invoiceWithSessions(
            number,
            plan.total,
            plan.payments.map((payment) => payment.amount),
          );
          return { number, plan, invoice, events: playPlan(fake, plan, invoice.sessions) };
        }),
      );
      const all = planned.flatMap((entry) => entry.events);
      const instances = second ? [db(), second.db] : [db()];
      let turn = 0;
      const run = async (order: SignedEvent[]) => {
        for (const batch of inBatches(order, 8)) {
          const answers = await Promise.all(
            batch.map((event) => deliver(instances[turn++ % instances.length] ?? db(), event)),
          );
          expect(
            answers.map((answer) => answer.status),
            `seed ${seed}`,
          ).toEqual(batch.map(() => 200));
        }
      };
      await run(deliveryOrder(all, random));
      // resend everything, in another order
      await run(deliveryOrder(all, random));

      for (const { number, plan, invoice } of planned) {
        const expected = expectedOf(plan);
        const row = await invoiceRow(invoice.id);
        const where = `${number} (seed ${seed}; replay with PAYMENT_SEED=${seed})`;
        expect(
          {
            amountPaid: row.amountPaid,
            balanceDue: row.balanceDue,
            status: row.status,
            disputed: row.disputedAt !== null,
          },
          where,
        ).toEqual({
          amountPaid: dollars(expected.amountPaid),
          balanceDue: dollars(expected.balanceDue),
          status: expected.status,
          disputed: false,
        });
        expect(await db().select().from(payments).where(eq(payments.invoiceId, invoice.id)), where).toHaveLength(
          expected.payments,
        );
        expect(await db().select().from(refunds).where(eq(refunds.invoiceId, invoice.id)), where).toHaveLength(
          expected.refunds,
        );
        const receipts = await db()
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.to, `${number.toLowerCase()}@client.test`), like(mailOutbox.subject, "Receipt%")));
        expect(receipts, where).toHaveLength(expected.payments);
      }
      expect(await db().select().from(paymentAnomalies), `seed ${seed}`).toEqual([]);
      // each event id taken once
      expect(await db().select().from(providerEvents), `seed ${seed}`).toHaveLength(all.length);
    } finally {
      await second?.close();
    }
  });

  it("a read older than one applied before it takes nothing back (two deliveries whose reads crossed)", async () => {
    const invoice = await invoiceWithSessions("INV-0090", 100_000, [100_000]);
    const read = (refunds: ProviderPaymentState["refunds"], disputes: ProviderPaymentState["disputes"] = {}) => ({
      paymentIntentId: "pi_crossed",
      invoiceId: invoice.id,
      currency: "usd",
      amountReceived: 100_000,
      paidAt: Math.floor(Date.now() / 1000),
      method: "card" as const,
      fee: null,
      refunds,
      disputes,
    });
    const newer = read(
      {
        re_1: { amount: 20_000, status: "succeeded", created: 1 },
        re_2: { amount: 30_000, status: "failed", created: 2 },
      },
      { du_1: { amount: 50_000, status: "lost", created: 3 } },
    );
    const older = read(
      {
        re_1: { amount: 20_000, status: "pending", created: 1 },
        re_2: { amount: 30_000, status: "succeeded", created: 2 },
      },
      {
        du_1: { amount: 50_000, status: "needs_response", created: 3 },
      },
    );
    const apply = (state: ProviderPaymentState) =>
      db().transaction((tx) =>
        reconcileProviderPayment(tx, { provider: "stripe", invoiceId: invoice.id, read: state }),
      );
    await apply(newer);
    const after = await invoiceRow(invoice.id);
    await apply(older);
    expect(await invoiceRow(invoice.id)).toMatchObject({
      amountPaid: after.amountPaid,
      disputedAt: null,
      status: after.status,
    });
    expect(after.amountPaid).toBe("300.00");
    expect((await db().select({ id: refunds.providerRefundId }).from(refunds)).map((row) => row.id).sort()).toEqual([
      "du_1",
      "re_1",
    ]);
  });

  it("a dispute marks the invoice and tells the owner; lost, it counts as a refund; won, the mark goes", async () => {
    const lost = await invoiceWithSessions("INV-0101", 100_000, [70_000]);
    const won = await invoiceWithSessions("INV-0102", 100_000, [100_000]);
    for (const invoice of [lost, won]) {
      const sessionId = invoice.sessions[0] ?? "";
      fake.pay(sessionId);
      await deliver(db(), fake.completedEvent(sessionId));
      expect((await deliver(db(), fake.disputeEvent(sessionId))).status).toBe(200);
      expect(await invoiceRow(invoice.id)).toMatchObject({ disputedAt: expect.any(Date) });
    }
    expect((await db().select().from(ownerNotices)).map((notice) => notice.message).sort()).toEqual([
      "Invoice INV-0101: the client disputed a payment of $700.00 (needs response). Answer it in Stripe's dashboard.",
      "Invoice INV-0102: the client disputed a payment of $1,000.00 (needs response). Answer it in Stripe's dashboard.",
    ]);
    // the same dispute event again, and a move within the open states, tell the owner nothing new
    const moved = fake.disputeEvent(lost.sessions[0] ?? "", { status: "under_review" });
    await deliver(db(), moved);
    await deliver(db(), moved);
    expect(await db().select().from(ownerNotices)).toHaveLength(2);

    await deliver(db(), fake.disputeEvent(lost.sessions[0] ?? "", { status: "lost" }));
    await deliver(db(), fake.disputeEvent(won.sessions[0] ?? "", { status: "won" }));
    expect(await invoiceRow(lost.id)).toMatchObject({ disputedAt: null, amountPaid: "0.00", status: "sent" });
    expect(await invoiceRow(won.id)).toMatchObject({ disputedAt: null, amountPaid: "1000.00", status: "paid" });
    expect(await db().select({ amount: refunds.amount, kind: refunds.kind }).from(refunds)).toEqual([
      { amount: "700.00", kind: "dispute" },
    ]);
    const notes = (await db().select().from(ownerNotices)).map((notice) => notice.message);
    expect(notes).toContain("Invoice INV-0101: the dispute of $700.00 was lost; it counts as refunded.");
    expect(notes).toContain("Invoice INV-0102: the dispute of $1,000.00 was won; the payment stands.");
    const events = (await db().select().from(auditLog)).map((entry) => entry.event);
    expect(events.filter((event) => event === "online_payment_disputed")).toHaveLength(2);
    expect(events.filter((event) => event === "online_payment_dispute_closed")).toHaveLength(2);
  });

  it("bad input is an anomaly with an audit entry and one notice, answered 200; a refund then makes it fit", async () => {
    await savePaymentSettings(db(), { ...defaultPaymentSettings, allowPartialPayments: true });
    // more than owed: two sessions of $700 for $1,000
    const over = await invoiceWithSessions("INV-0201", 100_000, [70_000, 70_000]);
    for (const sessionId of over.sessions) fake.pay(sessionId);
    const first = fake.completedEvent(over.sessions[0] ?? "");
    const second = fake.completedEvent(over.sessions[1] ?? "");
    expect((await deliver(db(), first)).status).toBe(200);
    expect((await deliver(db(), second)).status).toBe(200);
    expect((await deliver(db(), fake.completedEvent(over.sessions[1] ?? ""))).status).toBe(200);
    expect(await invoiceRow(over.id)).toMatchObject({ amountPaid: "700.00" });
    const [anomaly] = await db().select().from(paymentAnomalies);
    expect(anomaly).toMatchObject({
      kind: "more_than_owed",
      invoiceId: over.id,
      resolvedAt: null,
      message: expect.stringContaining("A payment of $700.00 is more than the $300.00 owed"),
    });
    expect(await db().select().from(ownerNotices)).toMatchObject([
      {
        kind: "payment_anomaly",
        link: `/admin/invoices/${over.id}`,
        message: expect.stringMatching(
          /^Online payment needs your attention \(invoice INV-0201\): A payment of \$700\.00/,
        ),
      },
    ]);
    // the owner refunds $400 of the second payment in the provider's dashboard: now it fits, and is recorded
    await deliver(db(), fake.refundEvent(over.sessions[1] ?? "", 40_000));
    expect(await invoiceRow(over.id)).toMatchObject({ amountPaid: "1000.00", status: "paid" });
    expect(await db().select().from(paymentAnomalies)).toMatchObject([{ resolvedAt: expect.any(Date) }]);

    // a refund above its payment: the refunds that fit are recorded, the rest is an anomaly
    const above = await invoiceWithSessions("INV-0202", 50_000, [50_000]);
    const sessionId = above.sessions[0] ?? "";
    fake.pay(sessionId);
    await deliver(db(), fake.completedEvent(sessionId));
    await deliver(db(), fake.refundEvent(sessionId, 40_000));
    const excess = fake.refundEvent(sessionId, 20_000);
    expect((await deliver(db(), excess)).status).toBe(200);
    expect(await invoiceRow(above.id)).toMatchObject({ amountPaid: "100.00" });
    expect(
      await db().select().from(paymentAnomalies).where(eq(paymentAnomalies.kind, "refund_above_payment")),
    ).toMatchObject([
      { invoiceId: above.id, message: expect.stringContaining("Refunds of $200.00 go beyond the payment of $500.00") },
    ]);

    // not USD
    const euro = await invoiceWithSessions("INV-0203", 10_000, [10_000]);
    fake.pay(euro.sessions[0] ?? "", { currency: "eur" });
    expect((await deliver(db(), fake.completedEvent(euro.sessions[0] ?? ""))).status).toBe(200);
    expect(await invoiceRow(euro.id)).toMatchObject({ amountPaid: "0.00" });
    expect(await db().select().from(paymentAnomalies).where(eq(paymentAnomalies.kind, "currency"))).toMatchObject([
      { invoiceId: euro.id, message: expect.stringContaining("100.00 EUR is not in USD") },
    ]);

    // an invoice that is not ours: the anomaly is on the event, with no invoice
    const stranger = fake.openSession({ amount: 5_000, invoiceId: crypto.randomUUID(), invoiceNumber: "X-1" });
    fake.pay(stranger.id);
    const strange = fake.completedEvent(stranger.id);
    expect((await deliver(db(), strange)).status).toBe(200);
    expect((await deliver(db(), fake.completedEvent(stranger.id))).status).toBe(200);
    expect(
      await db().select().from(paymentAnomalies).where(eq(paymentAnomalies.kind, "unknown_invoice")),
    ).toMatchObject([{ invoiceId: null, paymentId: stranger.payment_intent }]);
    expect(await db().select().from(providerEvents).where(eq(providerEvents.eventId, strange.id))).toMatchObject([
      { invoiceId: null, outcome: "anomaly: unknown_invoice" },
    ]);
    // an event naming a payment the provider does not know
    const unknown = fake.event("charge.refunded", {
      id: "ch_x",
      object: "charge",
      payment_intent: "pi_unknown",
      metadata: {},
    });
    expect((await deliver(db(), unknown)).status).toBe(200);
    expect(await db().select().from(paymentAnomalies).where(eq(paymentAnomalies.kind, "unknown_payment"))).toHaveLength(
      1,
    );

    // one notice and one audit entry per cause, however often it was seen
    const kinds = (await db().select().from(paymentAnomalies)).map((row) => row.kind).sort();
    expect(kinds).toEqual(["currency", "more_than_owed", "refund_above_payment", "unknown_invoice", "unknown_payment"]);
    expect(await db().select().from(ownerNotices)).toHaveLength(5);
    const audited = (await db().select().from(auditLog)).filter((entry) => entry.event === "online_payment_anomaly");
    expect(audited).toHaveLength(5);
  });

  it("a failure of ours (the provider's API unreachable) answers 500 and leaves the event to the retry", async () => {
    const invoice = await invoiceWithSessions("INV-0301", 20_000, [20_000]);
    const sessionId = invoice.sessions[0] ?? "";
    fake.pay(sessionId);
    const event = fake.completedEvent(sessionId);
    fake.unavailable = true;
    try {
      expect((await deliver(db(), event)).status).toBe(500);
    } finally {
      fake.unavailable = false;
    }
    expect(await db().select().from(providerEvents)).toEqual([]);
    expect(await deliver(db(), event)).toMatchObject({ status: 200, recorded: true });
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "paid", amountPaid: "200.00" });
  });

  it("refunds count against the month's revenue and show under their payment in the portal", async () => {
    const invoice = await invoiceWithSessions("INV-0401", 100_000, [100_000]);
    const sessionId = invoice.sessions[0] ?? "";
    fake.pay(sessionId);
    await deliver(db(), fake.completedEvent(sessionId));
    await deliver(db(), fake.refundEvent(sessionId, 25_000));
    const [payment] = await db().select().from(payments);
    const month = payment?.paidOn.slice(0, 7) ?? "";
    expect(await revenueByMonth(db(), `${month}-01`, `${month}-28`)).toEqual([{ key: month, value: 75_000 }]);
    expect(await portalPayments(db(), invoice.customerId)).toMatchObject([
      { amount: 100_000, invoiceNumber: "INV-0401", refunds: [{ amount: 25_000, kind: "refund" }] },
    ]);
  });

  it("the owner's notices: a count in the layout, the list, mark one read, mark all read; admins only", async () => {
    const { call, cookieFor } = routeHarness(database);
    const admin = await cookieFor("owner@studio.test", true);
    const member = await cookieFor("member@studio.test", false);
    const invoice = await invoiceWithSessions("INV-0501", 10_000, [10_000]);
    const sessionId = invoice.sessions[0] ?? "";
    fake.pay(sessionId);
    await deliver(db(), fake.completedEvent(sessionId));
    await deliver(db(), fake.disputeEvent(sessionId));
    await deliver(db(), fake.disputeEvent(sessionId, { status: "won" }));

    expect((await call(notices.loader, "/admin/notices", { cookie: member })).status).toBe(403);
    expect(
      (await call(notices.action, "/admin/notices", { cookie: member, form: { intent: "read-all" } })).status,
    ).toBe(403);
    expect((await call(layout.loader, "/admin/notices", { cookie: admin })).data).toMatchObject({ unreadNotices: 2 });
    const page = await call(notices.loader, "/admin/notices", { cookie: admin });
    const listed = (page.data as { notices: { id: string; message: string; read: boolean; link: string }[] }).notices;
    expect(listed.map((notice) => [notice.message, notice.read, notice.link])).toEqual([
      [expect.stringContaining("the dispute of $100.00 was won"), false, `/admin/invoices/${invoice.id}`],
      [expect.stringContaining("the client disputed a payment of $100.00"), false, `/admin/invoices/${invoice.id}`],
    ]);
    const read = await call(notices.action, "/admin/notices", {
      cookie: admin,
      form: { intent: "read", notice_id: listed[1]?.id ?? "" },
    });
    expect(read.status).toBe(302);
    expect((await call(layout.loader, "/admin/notices", { cookie: admin })).data).toMatchObject({ unreadNotices: 1 });
    const missing = await call(notices.action, "/admin/notices", {
      cookie: admin,
      form: { intent: "read", notice_id: crypto.randomUUID() },
    });
    expect(missing.status).toBe(404);
    expect((await call(notices.action, "/admin/notices", { cookie: admin, form: { intent: "read-all" } })).status).toBe(
      302,
    );
    expect((await call(layout.loader, "/admin/notices", { cookie: admin })).data).toMatchObject({ unreadNotices: 0 });
  });
});
