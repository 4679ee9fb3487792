/**
 * Payments on an invoice. Each write locks the invoice row (SELECT ... FOR UPDATE),
 * then recomputes amount_paid, balance_due and the status from the payments and credit notes
 * themselves in the same transaction (`settle`), so two payments at once are serialised and can
 * never overpay.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Queryable, Tx } from "#app/db/client.server.ts";
import { customerCreditEntries, invoices, payments, providerEvents } from "#app/db/schema.ts";
import type { PaymentMethod } from "#app/domain/enums.ts";
import { canTakePayment } from "#app/domain/invoice-status.ts";
import { type Cents, centsToDecimal, toCents } from "#app/domain/money.ts";
import { isOverpayment, type PaymentForm, paymentMessages } from "#app/domain/payments.ts";
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

// ---------------------------------------------------------------- payments from a provider (ADR 0035)

type ProviderEvent = { provider: string; eventId: string; type: string; paymentId: string | null };

/**
 * Takes the provider's event id for this transaction: false when it was taken before (a replay, or a
 * concurrent duplicate that committed first: the unique key makes the later insert wait, then find it).
 */
async function claimEvent(tx: Tx, event: ProviderEvent, invoiceId: string | null): Promise<boolean> {
  const [claimed] = await tx
    .insert(providerEvents)
    .values({ ...event, invoiceId, outcome: "received" })
    .onConflictDoNothing({ target: [providerEvents.provider, providerEvents.eventId] })
    .returning({ id: providerEvents.id });
  return claimed !== undefined;
}

async function settleEvent(tx: Tx, event: ProviderEvent | null, outcome: string) {
  if (!event) return;
  await tx
    .update(providerEvents)
    .set({ outcome: outcome.slice(0, 200) })
    .where(and(eq(providerEvents.provider, event.provider), eq(providerEvents.eventId, event.eventId)));
}

export type ProviderPaymentOutcome =
  | { outcome: "duplicate" | "already" | "refunded-before" | "not-found" }
  | { outcome: "refused"; reason: string }
  | {
      outcome: "recorded";
      paymentId: string;
      invoiceNumber: string;
      customerId: string;
      amountPaid: number;
      balanceDue: number;
    };

/**
 * Records a payment the provider confirmed (a completed Checkout session), once: `event` is the
 * provider's event (null when the client's return page reconciles). In the caller's transaction:
 * the invoice row is locked first, so a duplicate delivery, the return page and the webhook are
 * serialised; the event id and the provider's payment id are each taken once. A payment already
 * refunded (its refund arrived first) is never recorded. Refused (and kept on the event) when the
 * invoice can no longer take it: the owner sees it in the provider's dashboard and refunds it.
 */
export async function recordProviderPayment(
  tx: Tx,
  input: {
    event: ProviderEvent | null;
    invoiceId: string;
    providerPaymentId: string;
    amount: Cents;
    method: PaymentMethod;
    fee: Cents | null;
    paidOn: string;
  },
): Promise<ProviderPaymentOutcome> {
  const invoice = await lockInvoice(tx, input.invoiceId);
  if (input.event && !(await claimEvent(tx, input.event, invoice?.id ?? null))) return { outcome: "duplicate" };
  if (!invoice) {
    await settleEvent(tx, input.event, "ignored: no such invoice");
    return { outcome: "not-found" };
  }
  const [refunded] = await tx
    .select({ id: providerEvents.id })
    .from(providerEvents)
    .where(and(eq(providerEvents.paymentId, input.providerPaymentId), eq(providerEvents.type, "charge.refunded")))
    .limit(1);
  if (refunded) {
    await settleEvent(tx, input.event, "ignored: refunded before");
    return { outcome: "refunded-before" };
  }
  const [existing] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.providerPaymentId, input.providerPaymentId));
  if (existing) {
    await settleEvent(tx, input.event, "ignored: recorded before");
    return { outcome: "already" };
  }
  const owed = toCents(invoice.balanceDue) ?? 0;
  const reason = !canTakePayment(invoice)
    ? paymentMessages.notPayable
    : isOverpayment(owed, 0, input.amount)
      ? paymentMessages.overpayment(owed)
      : null;
  if (reason) {
    await settleEvent(tx, input.event, `refused: ${reason}`);
    return { outcome: "refused", reason };
  }
  const [payment] = await tx
    .insert(payments)
    .values({
      invoiceId: invoice.id,
      paidOn: input.paidOn,
      amount: centsToDecimal(input.amount),
      method: input.method,
      note: "Paid online",
      providerPaymentId: input.providerPaymentId,
      providerFee: input.fee === null ? null : centsToDecimal(input.fee),
      createdBy: null,
    })
    .returning({ id: payments.id });
  if (!payment) throw new Error("payment insert returned no row");
  const totals = await settle(tx, invoice);
  await settleEvent(tx, input.event, "recorded");
  return {
    outcome: "recorded",
    paymentId: payment.id,
    invoiceNumber: invoice.invoiceNumber,
    customerId: invoice.customerId,
    amountPaid: totals.amountPaid,
    balanceDue: totals.balanceDue,
  };
}

/**
 * A refund from the provider reverses its payment: refunded in full, the payment is removed; in
 * part, it keeps what was not refunded (`refunded` is the charge's refunded total, so each event
 * moves it only further). The event is recorded once, and also when its payment is not (yet) known,
 * so a completion arriving after its refund records nothing.
 */
export async function reverseProviderPayment(
  tx: Tx,
  input: { event: ProviderEvent; providerPaymentId: string; charged: Cents; refunded: Cents },
): Promise<{ outcome: "duplicate" | "no-payment" | "reversed"; invoiceNumber?: string }> {
  const [found] = await tx
    .select({ invoiceId: payments.invoiceId })
    .from(payments)
    .where(eq(payments.providerPaymentId, input.providerPaymentId));
  const invoice = found ? await lockInvoice(tx, found.invoiceId) : null;
  if (!(await claimEvent(tx, input.event, invoice?.id ?? null))) return { outcome: "duplicate" };
  const [payment] = invoice
    ? await tx
        .select({ id: payments.id, amount: payments.amount })
        .from(payments)
        .where(eq(payments.providerPaymentId, input.providerPaymentId))
    : [];
  if (!invoice || !payment) {
    await settleEvent(tx, input.event, "ignored: no payment recorded");
    return { outcome: "no-payment" };
  }
  const kept = Math.max(0, input.charged - input.refunded);
  if (kept === 0) {
    await tx.delete(payments).where(eq(payments.id, payment.id));
  } else if (kept < (toCents(payment.amount) ?? 0)) {
    await tx
      .update(payments)
      .set({ amount: centsToDecimal(kept) })
      .where(eq(payments.id, payment.id));
  }
  await settle(tx, invoice);
  await settleEvent(tx, input.event, kept === 0 ? "refunded" : `refunded in part: ${kept} cents kept`);
  return { outcome: "reversed", invoiceNumber: invoice.invoiceNumber };
}
