/**
 * The rules of an invoice's and an estimate's status after it is saved:
 * payments move an invoice between sent/viewed, partial and paid; "overdue" is derived
 * when read, never stored (ADR 0014); an estimate goes draft → sent → viewed →
 * accepted | declined, and an accepted estimate converts to one invoice (ADR 0015).
 * The SQL twin of `isOverdue` is `overdueCondition` in app/models/invoices.server.ts;
 * tests/integration/payments.test.ts proves they agree.
 */
import type { InvoiceStatus, InvoiceType } from "#app/domain/enums.ts";
import type { Cents } from "#app/domain/money.ts";

// ---------------------------------------------------------------- overdue

/**
 * The stored statuses an unpaid invoice can be overdue in ("overdue" itself is never stored by
 * this code; a row stored so by older data counts like the others).
 */
export const overdueStatuses = ["sent", "viewed", "partial", "overdue"] as const satisfies readonly InvoiceStatus[];

export type OverdueInput = {
  invoiceType: InvoiceType;
  status: InvoiceStatus;
  balanceDue: Cents;
  dueDate: string | null;
};

/**
 * A sent, viewed or partial invoice (never an estimate) with a balance above 0 and a due date
 * before `today` (the studio's calendar date, `todayIn`) is overdue.
 */
export function isOverdue(invoice: OverdueInput, today: string): boolean {
  return (
    invoice.invoiceType === "invoice" &&
    (overdueStatuses as readonly string[]).includes(invoice.status) &&
    invoice.balanceDue > 0 &&
    invoice.dueDate !== null &&
    invoice.dueDate < today
  );
}

/** The status a list, a badge or a page shows: the stored one, or "overdue" when it is. */
export function displayStatus(invoice: OverdueInput, today: string): InvoiceStatus {
  return isOverdue(invoice, today) ? "overdue" : invoice.status;
}

// ---------------------------------------------------------------- payments

/** The statuses whose invoices cannot take payments. */
const noPaymentStatuses = ["draft", "cancelled"] as const satisfies readonly InvoiceStatus[];

/** Only invoices (not estimates) that are not draft or cancelled take payments. */
export function canTakePayment(invoice: { invoiceType: InvoiceType; status: InvoiceStatus }): boolean {
  return invoice.invoiceType === "invoice" && !(noPaymentStatuses as readonly InvoiceStatus[]).includes(invoice.status);
}

// ---------------------------------------------------------------- estimates (ADR 0015)

type EstimateState = { invoiceType: InvoiceType; status: InvoiceStatus };

/** A sent or viewed estimate can be accepted (by the client on its link, or by the owner for them). */
export function canAccept(estimate: EstimateState): boolean {
  return estimate.invoiceType === "estimate" && (estimate.status === "sent" || estimate.status === "viewed");
}

/** A sent or viewed estimate can be declined. */
export function canDecline(estimate: EstimateState): boolean {
  return canAccept(estimate);
}

/** Only an accepted estimate converts to an invoice (once: the invoice links back to it). */
export function canConvert(estimate: EstimateState): boolean {
  return estimate.invoiceType === "estimate" && estimate.status === "accepted";
}

export const estimateMessages = {
  notFound: "Estimate not found",
  accepted: "Estimate marked as accepted",
  declined: "Estimate marked as declined",
  cannotAccept: "Only a sent or viewed estimate can be accepted or declined.",
  cannotConvert: "Only an accepted estimate can be converted to an invoice.",
  converted: (number: string) => `Invoice ${number} created from the estimate`,
  alreadyConverted: (number: string) => `This estimate was already converted to ${number}`,
} as const;
