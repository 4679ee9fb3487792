/**
 * Payments on an invoice. Each write locks the invoice row (SELECT ... FOR UPDATE),
 * then recomputes amount_paid, balance_due and the status from the payments and credit notes
 * themselves in the same transaction (`settle`), so two payments at once are serialised and can
 * never overpay.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Db, Queryable, Tx } from "#app/db/client.server.ts";
import { invoices, payments } from "#app/db/schema.ts";
import type { PaymentMethod } from "#app/domain/enums.ts";
import { canTakePayment } from "#app/domain/invoice-status.ts";
import { centsToDecimal, toCents } from "#app/domain/money.ts";
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
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(eq(payments.invoiceId, invoiceId))
    .orderBy(asc(payments.paidOn), asc(payments.createdAt), asc(payments.id));
  return rows.map((row) => ({ ...row, method: row.method as PaymentMethod }));
}

/** Why a payment was refused; `field` is the form field the message belongs to. */
export class PaymentRefusedError extends Error {
  readonly reason: "not_found" | "estimate" | "not_payable" | "overpayment";
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

/** Deletes one payment of an invoice and recomputes; null when there is no such payment. */
export async function deletePayment(db: Db, invoiceId: string, paymentId: string) {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    if (!invoice) return null;
    const [deleted] = await tx
      .delete(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.invoiceId, invoiceId)))
      .returning({ amount: payments.amount, paidOn: payments.paidOn });
    if (!deleted) return null;
    const totals = await settle(tx, invoice);
    return { invoiceNumber: invoice.invoiceNumber, amount: deleted.amount, ...totals };
  });
}
