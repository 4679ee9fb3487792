/**
 * Payment plans for the tests and the benchmark of payments reconciled from the provider's state
 * (ADR 0041): what happens to an invoice's online payments (two partial payments, refunds in full and
 * in part, disputes won and lost), the signed events the fake provider (tests/support/fake-stripe.ts)
 * answers for them, each delivered twice, and the invoice's figures they must end at whatever the
 * order. A seeded shuffle, so a failing order can be replayed (print the seed).
 */
import { count, eq } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { invoices, payments, refunds } from "#app/db/schema.ts";
import type { FakeStripe } from "./fake-stripe.ts";
import { insertCustomer } from "./records.ts";

type PlannedPayment = { amount: number; refunds: number[]; dispute?: "won" | "lost" };
export type PaymentPlan = { total: number; payments: PlannedPayment[] };

const plans: PaymentPlan[] = [
  // two partial payments, the first refunded in full
  {
    total: 100_000,
    payments: [
      { amount: 60_000, refunds: [60_000] },
      { amount: 40_000, refunds: [] },
    ],
  },
  // paid in full, then two partial refunds
  { total: 100_000, payments: [{ amount: 100_000, refunds: [10_000, 25_000] }] },
  // two partial payments: a partial refund of one, a lost dispute of the other
  {
    total: 100_000,
    payments: [
      { amount: 30_000, refunds: [5_000] },
      { amount: 70_000, refunds: [], dispute: "lost" },
    ],
  },
  // paid in full, disputed, the dispute won
  { total: 100_000, payments: [{ amount: 100_000, refunds: [], dispute: "won" }] },
  // paid in full, refunded in full
  { total: 100_000, payments: [{ amount: 100_000, refunds: [100_000] }] },
  // the issue's: $700 of $1,000 with $300 refunded, then another partial payment
  {
    total: 100_000,
    payments: [
      { amount: 70_000, refunds: [30_000] },
      { amount: 30_000, refunds: [] },
    ],
  },
];

/** The plan of the `index`-th invoice (they take turns). */
export function planFor(index: number): PaymentPlan {
  const plan = plans[index % plans.length];
  if (!plan) throw new Error("no plan");
  return plan;
}

/** What the invoice shows once every event of its plan is in, in cents, and how many entries it has. */
export function expectedOf(plan: PaymentPlan) {
  const kept = plan.payments.reduce(
    (sum, payment) =>
      sum +
      payment.amount -
      payment.refunds.reduce((refunded, amount) => refunded + amount, 0) -
      (payment.dispute === "lost" ? payment.amount : 0),
    0,
  );
  return {
    amountPaid: kept,
    balanceDue: Math.max(0, plan.total - kept),
    status: kept >= plan.total ? "paid" : kept > 0 ? "partial" : "sent",
    payments: plan.payments.length,
    refunds: plan.payments.reduce(
      (sum, payment) => sum + payment.refunds.length + (payment.dispute === "lost" ? 1 : 0),
      0,
    ),
    disputed: false,
  };
}

export type SignedEvent = { id: string; payload: string };

/**
 * Plays the plan on the fake provider (each session paid, refunded, disputed: the provider's state
 * ends final) and answers every event it sent: a completion per payment (and a resend of it under a
 * new id, as a provider does), each refund's event, a dispute's opening and closing. The sessions
 * must be open for the plan's payments, in order.
 */
export function playPlan(fake: FakeStripe, plan: PaymentPlan, sessionIds: readonly string[]): SignedEvent[] {
  const events: SignedEvent[] = [];
  plan.payments.forEach((payment, index) => {
    const sessionId = sessionIds[index];
    if (!sessionId) throw new Error("a session is missing for the plan");
    fake.pay(sessionId);
    events.push(fake.completedEvent(sessionId), fake.completedEvent(sessionId));
    for (const amount of payment.refunds) events.push(fake.refundEvent(sessionId, amount));
    if (payment.dispute) {
      events.push(fake.disputeEvent(sessionId));
      events.push(fake.disputeEvent(sessionId, { status: payment.dispute }));
    }
  });
  return events;
}

/** A small seeded generator (mulberry32): the same seed, the same order. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/** Every event twice (the same id: a provider's retry), shuffled. */
export function deliveryOrder(events: readonly SignedEvent[], random: () => number): SignedEvent[] {
  return shuffled([...events, ...events], random);
}

/** The seed of a run: PAYMENT_SEED to replay one, else a new one (print it with the result). */
export function runSeed(): number {
  const given = Number(process.env.PAYMENT_SEED);
  return Number.isInteger(given) && given > 0 ? given : Math.floor(Math.random() * 2 ** 31) + 1;
}

/** Splits a list into batches of `size` (delivered concurrently, one batch after another). */
export function inBatches<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let index = 0; index < items.length; index += size) batches.push(items.slice(index, index + size));
  return batches;
}

export type PlannedInvoice = { id: string; number: string; plan: PaymentPlan };

/**
 * `count` customers with one sent, unpaid invoice each (numbered `${prefix}0000`…), written straight
 * to the database before any server opens it, each with its plan played on the fake provider: the
 * invoices and every event their plans sent.
 */
export async function seedPlannedInvoices(
  db: Queryable,
  fake: FakeStripe,
  options: { count: number; prefix: string },
): Promise<{ planned: PlannedInvoice[]; events: SignedEvent[] }> {
  const planned: PlannedInvoice[] = [];
  const events: SignedEvent[] = [];
  for (let index = 0; index < options.count; index++) {
    const plan = planFor(index);
    const number = `${options.prefix}${String(index).padStart(4, "0")}`;
    const customer = await insertCustomer(db, {
      name: `Client ${number}`,
      email: `${number.toLowerCase()}@client.test`,
    });
    const total = (plan.total / 100).toFixed(2);
    const [invoice] = await db
      .insert(invoices)
      .values({
        invoiceNumber: number,
        customerId: customer?.id ?? "",
        issueDate: "2026-11-01",
        status: "sent",
        sentAt: new Date(),
        subtotal: total,
        totalAmount: total,
        balanceDue: total,
      })
      .returning({ id: invoices.id });
    const id = invoice?.id ?? "";
    const sessions = plan.payments.map(
      (payment) => fake.openSession({ amount: payment.amount, invoiceId: id, invoiceNumber: number }).id,
    );
    events.push(...playPlan(fake, plan, sessions));
    planned.push({ id, number, plan });
  }
  return { planned, events };
}

/**
 * What differs from the plans: one line per invoice whose figures, payments or refunds are not its
 * plan's (lost or doubled); empty when every invoice is right.
 */
export async function planMismatches(db: Queryable, planned: readonly PlannedInvoice[]): Promise<string[]> {
  const wrong: string[] = [];
  for (const { id, number, plan } of planned) {
    const expected = expectedOf(plan);
    const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
    const [paid] = await db.select({ count: count() }).from(payments).where(eq(payments.invoiceId, id));
    const [refunded] = await db.select({ count: count() }).from(refunds).where(eq(refunds.invoiceId, id));
    const found = {
      amountPaid: row?.amountPaid,
      balanceDue: row?.balanceDue,
      status: row?.status,
      disputed: row?.disputedAt !== null,
      payments: Number(paid?.count ?? 0),
      refunds: Number(refunded?.count ?? 0),
    };
    const wanted = {
      amountPaid: (expected.amountPaid / 100).toFixed(2),
      balanceDue: (expected.balanceDue / 100).toFixed(2),
      status: expected.status,
      disputed: expected.disputed,
      payments: expected.payments,
      refunds: expected.refunds,
    };
    if (JSON.stringify(found) !== JSON.stringify(wanted)) {
      wrong.push(`${number}: ${JSON.stringify(found)}, planned ${JSON.stringify(wanted)}`);
    }
  }
  return wrong;
}
