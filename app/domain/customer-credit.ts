/**
 * A customer's credit (docs/decisions/0043-contracts-and-customer-credit.md): what a credit note on a
 * paid invoice credits beyond what was still owed is the customer's, as a ledger of entries: + the
 * credit note, - applied to an invoice (a payment of method "Customer credit"), - refunded (with how).
 * The balance is the entries' sum and never goes below 0. The forms to refund it or apply it.
 */
import { z } from "zod";
import { isIsoDate } from "#app/domain/dates.ts";
import { recordedPaymentMethods } from "#app/domain/enums.ts";
import { limits } from "#app/domain/limits.ts";
import { type Cents, formatMoney, maxMoneyCents, readTypedHundredths } from "#app/domain/money.ts";
import type { Result } from "#app/domain/result.ts";

export const creditEntryKinds = ["credit_note", "applied", "refunded"] as const;
export type CreditEntryKind = (typeof creditEntryKinds)[number];
/** The ledger's kinds, and "deducted": a credit note taken off a later invoice by a deduction line. */
export const creditEntryLabels: Record<CreditEntryKind | "deducted", string> = {
  credit_note: "Credit note",
  applied: "Applied to invoice",
  refunded: "Refunded",
  deducted: "Deducted on invoice",
};

export const creditMessages = {
  amount: "Enter an amount greater than $0.00",
  tooMuch: (balance: Cents) =>
    balance > 0
      ? `The customer's credit is ${formatMoney(balance)}: enter at most that.`
      : "The customer has no credit.",
  nothingOwed: "Nothing is owed on this invoice.",
  moreThanOwed: (owed: string) => `Apply at most what is owed on this invoice (${owed}).`,
  notPayable: "Credit can be applied only to a sent invoice that is not void.",
  method: "Please choose how the credit was refunded",
  date: "Please choose the date of the refund",
  noteTooLong: `Note must be less than ${limits.paymentNote} characters`,
  refunded: (amount: Cents) => `Refunded ${formatMoney(amount)} of credit`,
  applied: (amount: Cents, number: string) => `Applied ${formatMoney(amount)} of credit to ${number}`,
  notFound: "Customer not found",
  appliedNote: "Customer credit",
} as const;

const creditAmount = z.preprocess(
  (value) => readTypedHundredths(value) ?? undefined,
  z.number(creditMessages.amount).int().min(1, creditMessages.amount).max(maxMoneyCents, creditMessages.amount),
);

/** A post of the customer page's 'Refund credit' (the page's other forms have their own intents). */
export const refundCreditIntentSchema = z.object({ intent: z.literal("refund-credit") });

/** The customer page's 'Refund credit': how much, how, when, and a note. */
export const refundCreditSchema = z.object({
  intent: z.literal("refund-credit"),
  amount: creditAmount,
  method: z.enum(recordedPaymentMethods, creditMessages.method),
  refunded_on: z.preprocess((value) => (isIsoDate(value) ? value : undefined), z.string(creditMessages.date)),
  note: z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim() || undefined : value),
    z.string().max(limits.paymentNote, creditMessages.noteTooLong).optional(),
  ),
});
export type RefundCreditForm = z.output<typeof refundCreditSchema>;

/** The invoice page's 'Apply customer credit': how much of the credit goes to this invoice. */
export const applyCreditSchema = z.object({ amount: creditAmount });

/** May `amount` be taken from a balance? Never below 0. */
export function checkTakeCredit(balance: Cents, amount: Cents): Result {
  if (amount <= 0) return { ok: false, message: creditMessages.amount, field: "amount" };
  if (amount > balance) return { ok: false, message: creditMessages.tooMuch(balance), field: "amount" };
  return { ok: true };
}

/**
 * What a credit note of `amount` on an invoice gives the customer: the part beyond what was still owed
 * (a paid invoice's credit is all the customer's; an unpaid one's lowers what is owed and gives nothing).
 */
export function creditBeyondOwed(owed: Cents, amount: Cents): Cents {
  return Math.max(0, amount - Math.max(0, owed));
}
