/**
 * Payments on an invoice, and their refunds. Each write locks the invoice row (SELECT ... FOR UPDATE),
 * then recomputes amount_paid, balance_due and the status from the payments, refunds and credit notes
 * themselves in the same transaction (`settle`), so two payments at once are serialised and can
 * never overpay. A payment made through a provider follows the provider's state
 * (`reconcileProviderPayment`, ADR 0041).
 */
import { and, asc, eq, inArray, isNotNull, isNull, ne, notInArray, sql } from "drizzle-orm";
import type { Db, Queryable, Tx } from "#app/db/client.server.ts";
import {
  customerCreditEntries,
  customers,
  invoices,
  paymentAnomalies,
  payments,
  providerEvents,
  refunds,
} from "#app/db/schema.ts";
import { todayIn } from "#app/domain/dates.ts";
import type { PaymentMethod } from "#app/domain/enums.ts";
import { canTakePayment } from "#app/domain/invoice-status.ts";
import { type Cents, centsToDecimal, toCents } from "#app/domain/money.ts";
import { isOverpayment, type PaymentForm, paymentMessages } from "#app/domain/payments.ts";
import {
  type Anomaly,
  type AnomalyKind,
  anomalyMessages,
  decideProviderPayment,
  isOpenDispute,
  type LedgerRefund,
  mergeProviderStates,
  openDisputeStatuses,
  type ProviderPaymentState,
  providerLedger,
  sameProviderState,
} from "#app/domain/provider-payments.ts";
import { studioTimeZone } from "#app/models/business-settings.server.ts";
import { settle } from "#app/models/document-lifecycle.server.ts";

/** An invoice's payments, oldest first. */
export async function listPayments(db: Queryable, invoiceId: string) {
  const rows = await db
    .select({
      id: payments.id,
      paidOn: payments.paidOn,
      amount: payments.amount,
      method: payments.method,
      note: payments.note,
      providerFee: payments.providerFee,
      online: sql<boolean>`${payments.providerPaymentId} is not null`,
      disputeStatus: payments.disputeStatus,
      disputeAmount: payments.disputeAmount,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(eq(payments.invoiceId, invoiceId))
    .orderBy(asc(payments.paidOn), asc(payments.createdAt), asc(payments.id));
  return rows.map((row) => ({ ...row, method: row.method as PaymentMethod }));
}

/** Why a payment was refused; `field` is the form field the message belongs to. */
export class PaymentRefusedError extends Error {
  readonly reason: "not_found" | "estimate" | "not_payable" | "overpayment" | "credit_given";
  readonly field: "amount" | null;
  constructor(reason: PaymentRefusedError["reason"], message: string, field: "amount" | null = null) {
    super(message);
    this.reason = reason;
    this.field = field;
  }
}

async function lockInvoice(tx: Tx, invoiceId: string) {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for("update");
  return invoice ?? null;
}

/**
 * Records a payment: refused (PaymentRefusedError) on a missing invoice, an estimate, a draft or
 * cancelled invoice, or an amount above the balance due.
 */
export async function recordPayment(db: Db, invoiceId: string, form: PaymentForm, createdBy: string | null) {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    if (!invoice) throw new PaymentRefusedError("not_found", "Invoice not found");
    if (invoice.invoiceType === "estimate") throw new PaymentRefusedError("estimate", paymentMessages.estimate);
    if (!canTakePayment(invoice)) throw new PaymentRefusedError("not_payable", paymentMessages.notPayable);
    // what is owed: the total less the payments and credit notes already settled (`settle` keeps it)
    const owed = toCents(invoice.balanceDue) ?? 0;
    if (isOverpayment(owed, 0, form.amount)) {
      throw new PaymentRefusedError("overpayment", paymentMessages.overpayment(owed), "amount");
    }
    const [payment] = await tx
      .insert(payments)
      .values({
        invoiceId,
        paidOn: form.paid_on,
        amount: centsToDecimal(form.amount),
        method: form.method,
        note: form.note ?? null,
        createdBy,
      })
      .returning({ id: payments.id });
    if (!payment) throw new Error("payment insert returned no row");
    const totals = await settle(tx, invoice);
    return { paymentId: payment.id, invoiceNumber: invoice.invoiceNumber, ...totals };
  });
}

/**
 * Deletes one payment of an invoice and recomputes; null when there is no such payment. Refused
 * (PaymentRefusedError) when the invoice's credit notes gave the customer credit that the payments
 * left would no longer cover (ADR 0043: that credit is what was paid beyond the total). A payment of
 * customer credit takes its ledger entry with it, so the credit comes back.
 */
export async function deletePayment(db: Db, invoiceId: string, paymentId: string) {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    if (!invoice) return null;
    const [payment] = await tx
      .select({ amount: payments.amount })
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.invoiceId, invoiceId)));
    if (!payment) return null;
    const [given] = await tx
      .select({ sum: sql<string>`coalesce(sum(${customerCreditEntries.amount}), 0)` })
      .from(customerCreditEntries)
      .innerJoin(invoices, eq(invoices.id, customerCreditEntries.creditNoteId))
      .where(eq(invoices.creditedInvoiceId, invoiceId));
    const credit = toCents(given?.sum ?? "0") ?? 0;
    if (credit > 0) {
      const overpaid =
        (toCents(invoice.amountPaid) ?? 0) -
        (toCents(payment.amount) ?? 0) +
        (toCents(invoice.amountCredited) ?? 0) -
        (toCents(invoice.totalAmount) ?? 0);
      if (credit > Math.max(0, overpaid)) {
        throw new PaymentRefusedError("credit_given", paymentMessages.creditGiven(credit));
      }
    }
    const [deleted] = await tx
      .delete(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.invoiceId, invoiceId)))
      .returning({ amount: payments.amount, paidOn: payments.paidOn });
    if (!deleted) return null;
    const totals = await settle(tx, invoice);
    return { invoiceNumber: invoice.invoiceNumber, amount: deleted.amount, ...totals };
  });
}

// ---------------------------------------------------------------- payments from a provider (ADR 0035, 0041)

export type ProviderEvent = { provider: string; eventId: string; type: string; paymentId: string | null };

/** Whether an event id was acted on before (a replay): read without a lock, to skip it cheaply. */
export async function eventSeen(db: Queryable, event: Pick<ProviderEvent, "provider" | "eventId">): Promise<boolean> {
  const [row] = await db
    .select({ id: providerEvents.id })
    .from(providerEvents)
    .where(and(eq(providerEvents.provider, event.provider), eq(providerEvents.eventId, event.eventId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Keeps the provider's event, once, with what it did and on which invoice (the trail of the provider's
 * events; `eventSeen` skips its replays). Written last in the transaction that acted on it: a concurrent
 * duplicate waits for the invoice's lock, finds the entries already right and changes nothing, then
 * finds the event taken (false).
 */
export async function recordProviderEvent(
  tx: Tx,
  event: ProviderEvent,
  outcome: string,
  invoiceId: string | null,
): Promise<boolean> {
  const [recorded] = await tx
    .insert(providerEvents)
    .values({ ...event, invoiceId, outcome: outcome.slice(0, 200) })
    .onConflictDoNothing({ target: [providerEvents.provider, providerEvents.eventId] })
    .returning({ id: providerEvents.id });
  return recorded !== undefined;
}

/**
 * An anomaly, once per `key` (its kind and subject): true when it is new, or was resolved and is back
 * (the caller then tells the owner); false when it is already open.
 */
export async function recordPaymentAnomaly(
  tx: Tx,
  input: {
    key: string;
    kind: AnomalyKind;
    invoiceId: string | null;
    provider: string;
    paymentId: string | null;
    eventId: string | null;
    message: string;
  },
): Promise<boolean> {
  const [row] = await tx
    .insert(paymentAnomalies)
    .values({ ...input, key: input.key.slice(0, 300), message: input.message.slice(0, 500) })
    .onConflictDoUpdate({
      target: paymentAnomalies.key,
      set: { resolvedAt: null, message: sql`excluded.message`, createdAt: sql`now()` },
      setWhere: sql`${paymentAnomalies.resolvedAt} is not null`,
    })
    .returning({ id: paymentAnomalies.id });
  return row !== undefined;
}

/** The open anomalies of a provider's payment, but for the kinds still true, are resolved. */
async function resolvePaymentAnomalies(tx: Tx, paymentId: string, stillOpen: readonly AnomalyKind[]) {
  await tx
    .update(paymentAnomalies)
    .set({ resolvedAt: sql`now()` })
    .where(
      and(
        eq(paymentAnomalies.paymentId, paymentId),
        isNull(paymentAnomalies.resolvedAt),
        stillOpen.length ? notInArray(paymentAnomalies.kind, [...stillOpen]) : undefined,
      ),
    );
}

/** An invoice's open anomalies, oldest first (the invoice page's notice). */
export async function listOpenAnomalies(db: Queryable, invoiceId: string) {
  return db
    .select({
      id: paymentAnomalies.id,
      kind: paymentAnomalies.kind,
      message: paymentAnomalies.message,
      createdAt: paymentAnomalies.createdAt,
    })
    .from(paymentAnomalies)
    .where(and(eq(paymentAnomalies.invoiceId, invoiceId), isNull(paymentAnomalies.resolvedAt)))
    .orderBy(asc(paymentAnomalies.createdAt), asc(paymentAnomalies.id));
}

/** The refunds of an invoice's payments, oldest first. */
export async function listRefunds(db: Queryable, invoiceId: string) {
  const rows = await db
    .select({
      id: refunds.id,
      paymentId: refunds.paymentId,
      amount: refunds.amount,
      refundedOn: refunds.refundedOn,
      kind: refunds.kind,
      providerRefundId: refunds.providerRefundId,
    })
    .from(refunds)
    .where(eq(refunds.invoiceId, invoiceId))
    .orderBy(asc(refunds.refundedOn), asc(refunds.createdAt), asc(refunds.id));
  return rows.map((row) => ({ ...row, kind: row.kind as LedgerRefund["kind"] }));
}

const dayOf = (seconds: number, timeZone: string) => todayIn(timeZone, new Date(seconds * 1000));

export type ProviderReconcileOutcome =
  | { outcome: "unknown-invoice" }
  | { outcome: "unpaid"; invoiceNumber: string }
  /** the payment is recorded and its state is the one applied before: nothing to change */
  | { outcome: "unchanged"; invoiceNumber: string; received: Cents }
  | { outcome: "anomaly"; anomaly: Anomaly; invoiceNumber: string; customerId: string; isNew: boolean }
  | {
      outcome: "applied";
      paymentId: string;
      invoiceNumber: string;
      customerId: string;
      amountPaid: Cents;
      balanceDue: Cents;
      paidOn: string;
      received: Cents;
      /** the payment was recorded by this call (its receipt is due) */
      newPayment: boolean;
      /** refunds this call added, with their day */
      newRefunds: (LedgerRefund & { refundedOn: string })[];
      /** every refund entry of the payment now */
      refunds: (LedgerRefund & { refundedOn: string })[];
      /** the payment's dispute before and after, when either is known */
      dispute: { before: string | null; after: string | null; amount: Cents } | null;
      /** an anomaly this call found (refunds above the payment) and whether it is new */
      anomaly: { anomaly: Anomaly; isNew: boolean } | null;
      /** the customer, when a new payment or refund is to be mailed */
      recipient: { name: string; email: string } | null;
    };

/**
 * Sets an invoice's entries of one provider payment to the provider's state (ADR 0041), in the
 * caller's transaction: the invoice row is locked first (as every payment write does), so everything
 * that pays one invoice is serialised on both databases; then the state read is merged with what was
 * stored (`mergeProviderStates`: a read older than one applied before takes nothing back); the payment
 * is inserted or updated by its PaymentIntent id, its refund entries made exactly those of the state
 * (by their provider ids), its dispute kept, and the invoice settled. Whatever the order the provider's
 * events arrive in, and however often, the entries end as the newest state read.
 */
export async function reconcileProviderPayment(
  tx: Tx,
  input: { provider: string; invoiceId: string; read: ProviderPaymentState },
): Promise<ProviderReconcileOutcome> {
  const invoice = await lockInvoice(tx, input.invoiceId);
  if (!invoice) return { outcome: "unknown-invoice" };
  const paymentIntentId = input.read.paymentIntentId;
  const [existing] = await tx
    .select({
      id: payments.id,
      invoiceId: payments.invoiceId,
      providerState: payments.providerState,
      disputeStatus: payments.disputeStatus,
    })
    .from(payments)
    .where(eq(payments.providerPaymentId, paymentIntentId));
  if (existing && existing.invoiceId !== invoice.id) {
    const anomaly = { kind: "invoice_mismatch" as const, message: anomalyMessages.invoiceMismatch(paymentIntentId) };
    const isNew = await recordPaymentAnomaly(tx, {
      key: `${anomaly.kind}:${input.provider}:${paymentIntentId}`,
      ...anomaly,
      invoiceId: invoice.id,
      provider: input.provider,
      paymentId: paymentIntentId,
      eventId: null,
    });
    return { outcome: "anomaly", anomaly, invoiceNumber: invoice.invoiceNumber, customerId: invoice.customerId, isNew };
  }
  const state = mergeProviderStates(existing?.providerState ?? null, input.read);
  const ledger = providerLedger(state);
  const decision = decideProviderPayment({
    recorded: existing !== undefined,
    state,
    ledger,
    invoice: { invoiceType: invoice.invoiceType, status: invoice.status, owed: toCents(invoice.balanceDue) ?? 0 },
  });
  if (!decision.record) {
    if ("reason" in decision) return { outcome: "unpaid", invoiceNumber: invoice.invoiceNumber };
    const isNew = await recordPaymentAnomaly(tx, {
      key: `${decision.anomaly.kind}:${input.provider}:${paymentIntentId}`,
      ...decision.anomaly,
      invoiceId: invoice.id,
      provider: input.provider,
      paymentId: paymentIntentId,
      eventId: null,
    });
    return {
      outcome: "anomaly",
      anomaly: decision.anomaly,
      invoiceNumber: invoice.invoiceNumber,
      customerId: invoice.customerId,
      isNew,
    };
  }

  // nothing new since the state applied before (a resend, a second event about the same change): the
  // entries, the figures and the mark are already this state's
  if (existing?.providerState && sameProviderState(existing.providerState, state)) {
    return { outcome: "unchanged", invoiceNumber: invoice.invoiceNumber, received: ledger.received };
  }

  // the studio's time zone names the days; read only when a payment or a refund is new
  let zone: string | undefined;
  const timeZone = async () => (zone ??= await studioTimeZone(tx));
  const disputeStatus = ledger.dispute?.status ?? null;
  const disputeAmount = ledger.dispute ? centsToDecimal(ledger.dispute.amount) : null;
  const values = {
    amount: centsToDecimal(ledger.received),
    method: state.method,
    providerFee: state.fee === null ? null : centsToDecimal(state.fee),
    providerState: state,
    disputeStatus,
    disputeAmount,
  };
  let paymentId: string;
  let paidOn: string;
  if (existing) {
    const [updated] = await tx
      .update(payments)
      .set(values)
      .where(eq(payments.id, existing.id))
      .returning({ paidOn: payments.paidOn });
    paymentId = existing.id;
    paidOn = updated?.paidOn ?? "";
  } else {
    paidOn = state.paidAt ? dayOf(state.paidAt, await timeZone()) : todayIn(await timeZone());
    const [inserted] = await tx
      .insert(payments)
      .values({
        ...values,
        invoiceId: invoice.id,
        paidOn,
        note: "Paid online",
        providerPaymentId: paymentIntentId,
        createdBy: null,
      })
      .returning({ id: payments.id });
    if (!inserted) throw new Error("payment insert returned no row");
    paymentId = inserted.id;
  }

  const { entries, added } = await syncProviderRefunds(tx, {
    invoiceId: invoice.id,
    paymentId,
    existing: existing !== undefined,
    ledger,
    method: state.method,
    timeZone,
  });

  const totals = await settle(tx, invoice);
  await markDisputed(tx, invoice, paymentId, disputeStatus);

  let anomaly: { anomaly: Anomaly; isNew: boolean } | null = null;
  if (ledger.excess > 0) {
    const found = {
      kind: "refund_above_payment" as const,
      message: anomalyMessages.refundAbovePayment(ledger.excess, ledger.received),
    };
    const isNew = await recordPaymentAnomaly(tx, {
      key: `${found.kind}:${input.provider}:${paymentIntentId}`,
      ...found,
      invoiceId: invoice.id,
      provider: input.provider,
      paymentId: paymentIntentId,
      eventId: null,
    });
    anomaly = { anomaly: found, isNew };
  }
  // an anomaly of this payment is behind it once its state no longer shows it: one recorded before
  // it was recorded (more than owed, ...) or refunds above it that no longer are
  const hadExcess = existing?.providerState ? providerLedger(existing.providerState).excess > 0 : false;
  if (!existing || (hadExcess && ledger.excess === 0)) {
    await resolvePaymentAnomalies(tx, paymentIntentId, ledger.excess > 0 ? ["refund_above_payment"] : []);
  }
  // who the client's mail goes to, when there is one to send (a new payment or refund)
  const [recipient] =
    !existing || added.length
      ? await tx
          .select({ name: customers.name, email: customers.email })
          .from(customers)
          .where(eq(customers.id, invoice.customerId))
      : [];

  const disputeBefore = existing?.disputeStatus ?? null;
  return {
    outcome: "applied",
    paymentId,
    invoiceNumber: invoice.invoiceNumber,
    customerId: invoice.customerId,
    amountPaid: totals.amountPaid,
    balanceDue: totals.balanceDue,
    paidOn,
    received: ledger.received,
    newPayment: !existing,
    newRefunds: added,
    refunds: entries,
    recipient: recipient ?? null,
    dispute:
      disputeBefore !== null || disputeStatus !== null
        ? { before: disputeBefore, after: disputeStatus, amount: ledger.dispute?.amount ?? 0 }
        : null,
    anomaly,
  };
}

/**
 * A provider payment's refund entries made exactly its ledger's, by their provider ids (a new payment
 * has none yet): those gone are deleted, the new ones inserted on the day they were made. Returns them
 * all (`entries`) and the new ones (`added`).
 */
async function syncProviderRefunds(
  tx: Tx,
  input: {
    invoiceId: string;
    paymentId: string;
    existing: boolean;
    ledger: ReturnType<typeof providerLedger>;
    method: ProviderPaymentState["method"];
    timeZone: () => Promise<string>;
  },
) {
  const stored = input.existing
    ? await tx
        .select({ id: refunds.id, providerRefundId: refunds.providerRefundId, refundedOn: refunds.refundedOn })
        .from(refunds)
        .where(and(eq(refunds.paymentId, input.paymentId), isNotNull(refunds.providerRefundId)))
    : [];
  const wanted = new Set(input.ledger.refunds.map((entry) => entry.providerRefundId));
  const gone = stored.filter((row) => !wanted.has(row.providerRefundId ?? ""));
  if (gone.length)
    await tx.delete(refunds).where(
      inArray(
        refunds.id,
        gone.map((row) => row.id),
      ),
    );
  const known = new Map(stored.map((row) => [row.providerRefundId, row.refundedOn]));
  const entries: (LedgerRefund & { refundedOn: string })[] = [];
  const added: (LedgerRefund & { refundedOn: string })[] = [];
  for (const refund of input.ledger.refunds) {
    const day = known.get(refund.providerRefundId);
    const entry = { ...refund, refundedOn: day ?? dayOf(refund.created, await input.timeZone()) };
    entries.push(entry);
    if (day === undefined) added.push(entry);
  }
  if (added.length) {
    await tx
      .insert(refunds)
      .values(
        added.map((entry) => ({
          paymentId: input.paymentId,
          invoiceId: input.invoiceId,
          amount: centsToDecimal(entry.amount),
          refundedOn: entry.refundedOn,
          kind: entry.kind,
          method: input.method,
          note: entry.kind === "dispute" ? "Dispute lost" : "Refunded online",
          providerRefundId: entry.providerRefundId,
        })),
      )
      .onConflictDoNothing({ target: refunds.providerRefundId });
  }
  return { entries, added };
}

/**
 * The invoice's mark: one of its payments has an open dispute (another's asked only when the mark is
 * on and this payment's dispute is not open: an open one elsewhere set it when it was reconciled).
 */
async function markDisputed(
  tx: Tx,
  invoice: { id: string; disputedAt: Date | null },
  paymentId: string,
  disputeStatus: string | null,
) {
  const openHere = isOpenDispute(disputeStatus);
  const openElsewhere =
    !openHere && invoice.disputedAt !== null
      ? (
          await tx
            .select({ id: payments.id })
            .from(payments)
            .where(
              and(
                eq(payments.invoiceId, invoice.id),
                inArray(payments.disputeStatus, [...openDisputeStatuses]),
                ne(payments.id, paymentId),
              ),
            )
            .limit(1)
        ).length > 0
      : false;
  const disputedAt = openHere || openElsewhere ? (invoice.disputedAt ?? new Date()) : null;
  if ((disputedAt === null) !== (invoice.disputedAt === null)) {
    await tx.update(invoices).set({ disputedAt }).where(eq(invoices.id, invoice.id));
  }
}
