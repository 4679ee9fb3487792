/**
 * The lifecycle of a money document (docs/decisions/0030-document-lifecycle.md): which action a
 * document in a given state allows, and the message when it does not. One table for the editor's
 * buttons, the routes and the models: the models ask the same question inside the row lock, so a
 * page that skipped it still cannot rewrite a record.
 *
 * - A **draft** is the only state saved in place. It can be deleted while it holds the newest number
 *   of its type (the number goes back, numbering stays gap-free), else voided (it keeps its number).
 * - A **sent** invoice or estimate is locked. A change is a **revision** (the version sent is kept in
 *   the history, the document returns to draft under the same number, to be sent again), a **void**
 *   (cancelled with a reason, number kept) or a **credit note**: up to the invoice's total less its
 *   earlier credit notes, paid or not; what it credits beyond what was still owed becomes the
 *   customer's credit (app/domain/customer-credit.ts, ADR 0043).
 * - An **answered** estimate keeps its answer in its history; revising it asks for a new answer.
 *   A **converted** estimate is closed for good.
 * - A **credit note** is issued once and never changed.
 */
import type { InvoiceStatus, InvoiceType } from "#app/domain/enums.ts";
import { limits, tooLong } from "#app/domain/limits.ts";
import { type Cents, formatMoney, toCents } from "#app/domain/money.ts";
import type { Result } from "#app/domain/result.ts";

export const documentActions = ["edit", "send", "revise", "void", "delete", "credit", "duplicate", "pay"] as const;
export type DocumentAction = (typeof documentActions)[number];

export type LifecycleState = {
  invoiceType: InvoiceType;
  status: InvoiceStatus;
  /** it has been sent at least once (sent_at set): a record the client may hold */
  sent: boolean;
  /** an estimate that became an invoice */
  converted: boolean;
  voided: boolean;
  amountPaid: Cents;
  amountCredited: Cents;
  totalAmount: Cents;
  /** a draft's number is the newest of its type (only then can deleting it give the number back) */
  newestNumber?: boolean;
};

/** The lifecycle state of a stored document row (amounts as stored decimal strings). */
export function lifecycleState(
  row: {
    invoiceType: InvoiceType;
    status: InvoiceStatus;
    sentAt: Date | string | null;
    revision: number;
    voidedAt: Date | string | null;
    amountPaid: string;
    amountCredited: string;
    totalAmount: string;
  },
  extra: { converted: boolean; newestNumber?: boolean },
): LifecycleState {
  return {
    invoiceType: row.invoiceType,
    status: row.status,
    sent: row.sentAt !== null || row.revision > 1,
    converted: extra.converted,
    voided: row.voidedAt !== null,
    amountPaid: toCents(row.amountPaid) ?? 0,
    amountCredited: toCents(row.amountCredited) ?? 0,
    totalAmount: toCents(row.totalAmount) ?? 0,
    newestNumber: extra.newestNumber ?? false,
  };
}

const kindWord: Record<InvoiceType, string> = { invoice: "invoice", estimate: "estimate", credit_note: "credit note" };

export const lifecycleMessages = {
  locked: (type: InvoiceType) =>
    `This ${kindWord[type]} has been sent, so it is locked: revise it to make a new version, or void it.`,
  paidLocked:
    "This invoice has payments or credit notes, so it is locked: record a credit note to change what is owed.",
  estimateClosed: "This estimate has been answered or converted, so it can no longer be changed.",
  convertedClosed: "This estimate was converted to an invoice, so it is closed.",
  creditNoteFinal: "A credit note is final: it cannot be changed, voided or deleted.",
  voided: (type: InvoiceType) => `This ${kindWord[type]} is void: it can no longer be changed.`,
  notSentYet: (type: InvoiceType) => `This ${kindWord[type]} is a draft: edit it instead.`,
  deleteOnlyDraft: "Only a draft that was never sent can be deleted.",
  deleteOnlyNewest: (type: InvoiceType) =>
    `Only the newest ${kindWord[type]} draft can be deleted, so numbers stay without gaps: void this one instead (it keeps its number).`,
  voidHasMoney: "This invoice has payments or credit notes: delete the payments or credit what is owed instead.",
  creditOnlySent: "Only a sent invoice can be credited.",
  creditNothingOwed: "Its credit notes already credit the whole invoice, so there is nothing left to credit.",
  creditTooLarge: (creditable: Cents) =>
    `A credit note can be at most the invoice's total less its earlier credit notes (${formatMoney(creditable)}).`,
  /** voiding an invoice another live invoice deducts (ADR 0043) */
  voidDeducted: (numbers: string) =>
    `${numbers} deducts this invoice: void or revise that one first, or credit this one instead.`,
  creditPositive: "Enter an amount greater than 0.",
  payNotInvoice: "Only invoices take payments.",
  payNotPayable: "Only a sent invoice that is not void takes payments.",
  voidReasonRequired: "Please give a reason for voiding.",
  reviseReasonRequired: "Please say what changes in this revision.",
  creditReasonRequired: "Please give a reason for the credit.",
  reasonTooLong: tooLong("Reason", limits.changeReason),
  notFound: "Invoice not found",
  deleted: (number: string) => `${number} deleted`,
  voidedDone: (number: string) => `${number} is void`,
  voidNoticeSent: (to: string) => `The client was emailed a notice with the VOID PDF at ${to}.`,
  revisedDone: (number: string, revision: number) => `${number} revision ${revision} is a draft: edit and send it`,
  creditedDone: (creditNumber: string, invoiceNumber: string) =>
    `Credit note ${creditNumber} issued for ${invoiceNumber}`,
  duplicated: (number: string) => `Copied to a new draft, ${number}`,
  creditedToCustomer: (credit: Cents) => `${formatMoney(credit)} beyond what was owed is now the customer's credit.`,
} as const;

/**
 * A document's amount as it counts for the customer: a credit note takes back, so lists and the CSV
 * show it below zero (Total Billed sums the same way).
 */
export function signedAmount(type: InvoiceType, cents: Cents): Cents {
  return type === "credit_note" && cents !== 0 ? -cents : cents;
}

// ---------------------------------------------------------------- the forms (posted with their intent)

/** A reason written as a sentence: a full stop added unless it already ends with one (or ? or !). */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]["'”’)]?$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** What a new credit note may credit: the invoice's total less its credit notes (never below 0), paid or not. */
export function amountCreditable(state: Pick<LifecycleState, "totalAmount" | "amountCredited">): Cents {
  return Math.max(0, state.totalAmount - state.amountCredited);
}

/** What is still owed on an invoice: the total less payments and credit notes (never below 0). */
export function amountOwed(state: Pick<LifecycleState, "totalAmount" | "amountPaid" | "amountCredited">): Cents {
  return Math.max(0, state.totalAmount - state.amountPaid - state.amountCredited);
}

const ok = { ok: true } as const;
const no = (message: string) => ({ ok: false, message }) as const;

/**
 * May `action` happen to a document in `state`? `{ ok: true }` or `{ ok: false, message }`, with
 * the message the owner reads. `credit` takes the amount asked for (cents).
 */
export function checkAction(state: LifecycleState, action: DocumentAction, amount?: Cents): Result {
  const type = state.invoiceType;
  if (type === "credit_note") return no(lifecycleMessages.creditNoteFinal);
  if (state.voided || state.status === "cancelled") {
    return action === "duplicate" ? ok : no(lifecycleMessages.voided(type));
  }
  const estimateClosed =
    type === "estimate" && (state.converted || state.status === "accepted" || state.status === "declined");
  const hasMoney = state.amountPaid > 0 || state.amountCredited > 0;
  switch (action) {
    case "duplicate":
      return ok;
    case "edit":
      if (state.status === "draft") return ok;
      if (estimateClosed) return no(lifecycleMessages.estimateClosed);
      if (hasMoney) return no(lifecycleMessages.paidLocked);
      return no(lifecycleMessages.locked(type));
    case "send":
      if (estimateClosed) return no(lifecycleMessages.estimateClosed);
      return ok;
    case "revise":
      if (state.status === "draft") return no(lifecycleMessages.notSentYet(type));
      if (state.converted) return no(lifecycleMessages.convertedClosed);
      if (hasMoney) return no(lifecycleMessages.paidLocked);
      return ok;
    case "void":
      if (state.converted) return no(lifecycleMessages.convertedClosed);
      if (hasMoney) return no(lifecycleMessages.voidHasMoney);
      return ok;
    case "delete":
      if (state.status !== "draft" || state.sent || state.converted) return no(lifecycleMessages.deleteOnlyDraft);
      if (!state.newestNumber) return no(lifecycleMessages.deleteOnlyNewest(type));
      return ok;
    case "credit": {
      if (type !== "invoice" || state.status === "draft") return no(lifecycleMessages.creditOnlySent);
      const creditable = amountCreditable(state);
      if (creditable === 0) return no(lifecycleMessages.creditNothingOwed);
      if (amount !== undefined && amount <= 0) return no(lifecycleMessages.creditPositive);
      if (amount !== undefined && amount > creditable) return no(lifecycleMessages.creditTooLarge(creditable));
      return ok;
    }
    case "pay":
      if (type !== "invoice") return no(lifecycleMessages.payNotInvoice);
      if (state.status === "draft") return no(lifecycleMessages.payNotPayable);
      return ok;
  }
}

/** Every action allowed now (the editor shows these buttons and no others). */
export function allowedActions(state: LifecycleState): DocumentAction[] {
  return documentActions.filter((action) => checkAction(state, action).ok);
}

/**
 * The stored status once payments and credit notes add up: settled when they cover the total (paid
 * when any of it was paid, cancelled when all of it was credited), partial when some is paid, and
 * back to viewed or sent when none is. Drafts, void documents and estimates keep theirs.
 */
export function statusAfterSettlement(invoice: {
  invoiceType: InvoiceType;
  status: InvoiceStatus;
  voided: boolean;
  totalAmount: Cents;
  amountPaid: Cents;
  amountCredited: Cents;
  viewedAt: Date | string | null;
}): InvoiceStatus {
  if (invoice.invoiceType !== "invoice" || invoice.voided || invoice.status === "draft") return invoice.status;
  const settled = invoice.amountPaid + invoice.amountCredited;
  if (settled > 0 && settled >= invoice.totalAmount) return invoice.amountPaid > 0 ? "paid" : "cancelled";
  if (invoice.amountPaid > 0 || invoice.amountCredited > 0)
    return invoice.amountPaid > 0 ? "partial" : reopened(invoice);
  return reopened(invoice);
}

function reopened(invoice: { status: InvoiceStatus; viewedAt: Date | string | null }): InvoiceStatus {
  if (invoice.status === "paid" || invoice.status === "partial" || invoice.status === "cancelled") {
    return invoice.viewedAt ? "viewed" : "sent";
  }
  return invoice.status;
}

// ---------------------------------------------------------------- history

/** What a revision keeps of the version it replaced (the `document_revisions.snapshot` column). */
export type DocumentSnapshot = {
  status: InvoiceStatus;
  issueDate: string;
  dueDate: string | null;
  taxRate: string;
  discountAmount: string;
  totalAmount: string;
  notes: string | null;
  terms: string | null;
  sentAt: string | null;
  viewedAt: string | null;
  acceptedAt: string | null;
  declinedAt: string | null;
  acceptedByName: string | null;
  lines: { description: string; quantity: string; unitPrice: string; lineTotal: string }[];
};

/**
 * What changed from one version to the next, in words ("Total $1,000.00 → $1,200.00", "Line items"),
 * for the history. Amounts are the stored decimal strings.
 */
export function describeChanges(before: DocumentSnapshot, after: DocumentSnapshot): string[] {
  const changes: string[] = [];
  const money = (value: string) => formatMoney(toCents(value) ?? 0);
  if (before.totalAmount !== after.totalAmount) {
    changes.push(`Total ${money(before.totalAmount)} → ${money(after.totalAmount)}`);
  }
  const lineKey = (line: DocumentSnapshot["lines"][number]) =>
    `${line.description}\u0000${Number(line.quantity)}\u0000${Number(line.unitPrice)}`;
  if (before.lines.map(lineKey).join("\u0001") !== after.lines.map(lineKey).join("\u0001")) changes.push("Line items");
  if (before.issueDate !== after.issueDate) changes.push(`Issue date ${before.issueDate} → ${after.issueDate}`);
  if (before.dueDate !== after.dueDate)
    changes.push(`Due date ${before.dueDate ?? "none"} → ${after.dueDate ?? "none"}`);
  if (Number(before.taxRate) !== Number(after.taxRate))
    changes.push(`Tax ${Number(before.taxRate)}% → ${Number(after.taxRate)}%`);
  if (Number(before.discountAmount) !== Number(after.discountAmount)) {
    changes.push(`Discount ${money(before.discountAmount)} → ${money(after.discountAmount)}`);
  }
  if ((before.notes ?? "") !== (after.notes ?? "")) changes.push("Notes");
  if ((before.terms ?? "") !== (after.terms ?? "")) changes.push("Terms");
  return changes;
}
