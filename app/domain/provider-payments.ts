/**
 * A payment made through the provider, reconciled from the provider's own state (ADR 0041). An event
 * is only a hint: the app reads the PaymentIntent (its charge, refunds and disputes) and sets the
 * invoice's payment and refund entries to what it read. Pure rules here:
 *
 * - `mergeProviderStates`: a read merged with what was stored. The provider's objects only move
 *   forward (money received only grows; a refund is never taken off the list and its status goes
 *   requires_action → pending → succeeded → failed or canceled; a dispute goes from needing a
 *   response to under review to closed), so a read that started before another but is applied after
 *   it can never take the entries back: the merge keeps the furthest of each.
 * - `providerLedger`: the entries a state makes: the payment (what was received), its refunds that
 *   count (pending or succeeded, as the charge's amount_refunded counts them), a lost dispute as a
 *   refund of its amount; refunds above the payment are left out and reported.
 * - `decideProviderPayment`: whether the invoice takes a payment it has not recorded yet, or why not.
 * - The anomalies the owner is told about, and their texts.
 */
import type { InvoiceStatus, InvoiceType, PaymentMethod } from "./enums.ts";
import { canTakePayment } from "./invoice-status.ts";
import { type Cents, formatMoney } from "./money.ts";

/** The one currency the product bills in (every amount is formatted as USD). */
const billingCurrency = "usd";

/** A refund or a dispute as the provider lists it; `created` in Unix seconds. */
type ProviderEntry = { amount: Cents; status: string; created: number };

export type ProviderPaymentState = {
  paymentIntentId: string;
  /** the invoice its metadata names (set at Checkout), when it names one */
  invoiceId: string | null;
  currency: string;
  /** what the provider received (the PaymentIntent's amount_received): 0 until it succeeds */
  amountReceived: Cents;
  /** when its charge was made (Unix seconds), when there is one */
  paidAt: number | null;
  method: PaymentMethod;
  /** what the provider kept of it, when its balance transaction says so */
  fee: Cents | null;
  refunds: Record<string, ProviderEntry>;
  disputes: Record<string, ProviderEntry>;
};

const refundRank: Record<string, number> = { requires_action: 0, pending: 1, succeeded: 2, failed: 3, canceled: 3 };
const disputeRank: Record<string, number> = {
  warning_needs_response: 0,
  needs_response: 0,
  warning_under_review: 1,
  under_review: 1,
  warning_closed: 2,
  won: 2,
  lost: 2,
  prevented: 2,
};

/** Refunds the charge's amount_refunded counts: pending ones too (the money is on its way back). */
const countedRefundStatuses = new Set(["pending", "succeeded"]);
/** A dispute still open: the money is held by the provider until it closes. */
export const openDisputeStatuses = [
  "warning_needs_response",
  "needs_response",
  "warning_under_review",
  "under_review",
] as const;

export function isOpenDispute(status: string | null | undefined): boolean {
  return (openDisputeStatuses as readonly (string | null | undefined)[]).includes(status);
}

function mergeEntries(
  stored: Record<string, ProviderEntry>,
  read: Record<string, ProviderEntry>,
  rank: Record<string, number>,
): Record<string, ProviderEntry> {
  const merged: Record<string, ProviderEntry> = { ...stored };
  for (const [id, entry] of Object.entries(read)) {
    const before = merged[id];
    merged[id] =
      before && (rank[before.status] ?? 0) > (rank[entry.status] ?? 0) ? { ...entry, status: before.status } : entry;
  }
  return merged;
}

/** `read` merged with what was stored of the same PaymentIntent: the furthest of each part. */
export function mergeProviderStates(
  stored: ProviderPaymentState | null,
  read: ProviderPaymentState,
): ProviderPaymentState {
  if (!stored || stored.paymentIntentId !== read.paymentIntentId) return read;
  return {
    ...read,
    invoiceId: stored.invoiceId ?? read.invoiceId,
    amountReceived: Math.max(stored.amountReceived, read.amountReceived),
    paidAt: read.paidAt ?? stored.paidAt,
    fee: read.fee ?? stored.fee,
    refunds: mergeEntries(stored.refunds, read.refunds, refundRank),
    disputes: mergeEntries(stored.disputes, read.disputes, disputeRank),
  };
}

/** A value as JSON with its object keys sorted (a jsonb column gives them back in its own order). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Whether two states say the same (the one stored and a merged read: then nothing is to change). */
export function sameProviderState(a: ProviderPaymentState, b: ProviderPaymentState): boolean {
  return canonical(a) === canonical(b);
}

/** A refund entry of the ledger: a refund, or a lost dispute counted as one. */
export type LedgerRefund = { providerRefundId: string; kind: "refund" | "dispute"; amount: Cents; created: number };

export type ProviderLedger = {
  received: Cents;
  refunds: LedgerRefund[];
  refunded: Cents;
  /** what the refunds would take beyond the payment (left out of the ledger) */
  excess: Cents;
  /** received less refunded */
  net: Cents;
  /** the dispute to show: an open one first, else the newest */
  dispute: { providerDisputeId: string; status: string; amount: Cents; created: number; open: boolean } | null;
};

const byCreated = (a: { created: number; id: string }, b: { created: number; id: string }) =>
  a.created - b.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The entries a state makes on the invoice: the payment received, and the refunds that count. */
export function providerLedger(state: ProviderPaymentState): ProviderLedger {
  const candidates = [
    ...Object.entries(state.refunds)
      .filter(([, refund]) => countedRefundStatuses.has(refund.status) && refund.amount > 0)
      .map(([id, refund]) => ({ id, kind: "refund" as const, amount: refund.amount, created: refund.created })),
    ...Object.entries(state.disputes)
      .filter(([, dispute]) => dispute.status === "lost" && dispute.amount > 0)
      .map(([id, dispute]) => ({ id, kind: "dispute" as const, amount: dispute.amount, created: dispute.created })),
  ].sort(byCreated);
  const refunds: LedgerRefund[] = [];
  let refunded = 0;
  let excess = 0;
  for (const candidate of candidates) {
    if (refunded + candidate.amount > state.amountReceived) {
      excess += candidate.amount;
      continue;
    }
    refunded += candidate.amount;
    refunds.push({
      providerRefundId: candidate.id,
      kind: candidate.kind,
      amount: candidate.amount,
      created: candidate.created,
    });
  }
  const disputes = Object.entries(state.disputes)
    .map(([id, dispute]) => ({ id, ...dispute, open: isOpenDispute(dispute.status) }))
    .sort((a, b) => Number(b.open) - Number(a.open) || -byCreated(a, b));
  const shown = disputes[0];
  return {
    received: state.amountReceived,
    refunds,
    refunded,
    excess,
    net: state.amountReceived - refunded,
    dispute: shown
      ? {
          providerDisputeId: shown.id,
          status: shown.status,
          amount: shown.amount,
          created: shown.created,
          open: shown.open,
        }
      : null,
  };
}

const anomalyKinds = [
  "unknown_invoice",
  "unknown_payment",
  "invoice_mismatch",
  "currency",
  "not_payable",
  "more_than_owed",
  "refund_above_payment",
] as const;
export type AnomalyKind = (typeof anomalyKinds)[number];

export type Anomaly = { kind: AnomalyKind; message: string };

/** The owner's texts: what happened and what to do about it. */
export const anomalyMessages = {
  unknownInvoice: (paymentId: string) =>
    `A payment (${paymentId}) names no invoice of this studio; nothing was recorded. Check it in Stripe's dashboard.`,
  unknownPayment: (what: string) =>
    `An event about ${what} could not be matched with a payment in Stripe; nothing was recorded.`,
  invoiceMismatch: (paymentId: string) =>
    `A payment (${paymentId}) names two different invoices; nothing was recorded. Check it in Stripe's dashboard.`,
  currency: (currency: string, amount: Cents) =>
    `A payment of ${(amount / 100).toFixed(2)} ${currency.toUpperCase()} is not in USD; it was not recorded. Refund it in Stripe's dashboard, or record it by hand.`,
  notPayable: (amount: Cents, status: InvoiceStatus) =>
    `A payment of ${formatMoney(amount)} arrived for an invoice that can no longer take one (${status}); it was not recorded. Refund it in Stripe's dashboard.`,
  moreThanOwed: (amount: Cents, owed: Cents) =>
    `A payment of ${formatMoney(amount)} is more than the ${formatMoney(owed)} owed; it was not recorded. Refund the difference in Stripe's dashboard, then the payment is recorded.`,
  refundAbovePayment: (excess: Cents, received: Cents) =>
    `Refunds of ${formatMoney(excess)} go beyond the payment of ${formatMoney(received)}; they were not recorded.`,
} as const;

/** How the invoice page and the notices introduce an anomaly. */
export const anomalyHeading = "Online payment needs your attention";

export type PaymentDecision =
  | { record: true }
  | { record: false; reason: "unpaid" }
  | { record: false; anomaly: Anomaly };

/**
 * Whether a state makes a payment on the invoice. A payment already recorded follows its state. A new
 * one must be in USD, received, and (for what is kept of it after refunds) fit what the invoice still
 * owes; a payment refunded in full is recorded whatever the invoice's state (it changes nothing owed).
 */
export function decideProviderPayment(input: {
  recorded: boolean;
  state: ProviderPaymentState;
  ledger: ProviderLedger;
  invoice: { invoiceType: InvoiceType; status: InvoiceStatus; owed: Cents };
}): PaymentDecision {
  const { state, ledger, invoice } = input;
  if (state.currency !== billingCurrency) {
    return {
      record: false,
      anomaly: { kind: "currency", message: anomalyMessages.currency(state.currency, ledger.received) },
    };
  }
  if (input.recorded) return { record: true };
  if (ledger.received <= 0) return { record: false, reason: "unpaid" };
  if (ledger.net > 0 && !canTakePayment(invoice)) {
    return {
      record: false,
      anomaly: { kind: "not_payable", message: anomalyMessages.notPayable(ledger.net, invoice.status) },
    };
  }
  if (ledger.net > invoice.owed) {
    return {
      record: false,
      anomaly: { kind: "more_than_owed", message: anomalyMessages.moreThanOwed(ledger.net, invoice.owed) },
    };
  }
  return { record: true };
}

/** The owner's notice about a dispute that opened or closed on an invoice. */
export function disputeNotice(input: {
  invoiceNumber: string;
  amount: Cents;
  status: string;
  opened: boolean;
}): string {
  const amount = formatMoney(input.amount);
  if (input.opened) {
    return `Invoice ${input.invoiceNumber}: the client disputed a payment of ${amount} (${disputeStatusLabel(input.status)}). Answer it in Stripe's dashboard.`;
  }
  if (input.status === "lost")
    return `Invoice ${input.invoiceNumber}: the dispute of ${amount} was lost; it counts as refunded.`;
  if (input.status === "won")
    return `Invoice ${input.invoiceNumber}: the dispute of ${amount} was won; the payment stands.`;
  return `Invoice ${input.invoiceNumber}: the dispute of ${amount} was closed (${disputeStatusLabel(input.status)}).`;
}

/** The line under a payment for each of its refunds (the invoice page, the portal, mails). */
export function refundLine(refund: { amount: Cents; kind: "refund" | "dispute" }, day: string): string {
  return refund.kind === "dispute"
    ? `Lost in a dispute: ${formatMoney(refund.amount)} on ${day}`
    : `Refunded ${formatMoney(refund.amount)} on ${day}`;
}

/** A dispute's status as the owner reads it ("needs response", "won"). */
export function disputeStatusLabel(status: string): string {
  return status.replace(/^warning_/, "inquiry: ").replaceAll("_", " ");
}
