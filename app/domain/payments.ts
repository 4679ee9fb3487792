/**
 * Recording a payment on an invoice: the form's schema (shared by the browser and
 * the server), its messages, and the exact arithmetic of amount paid and balance due
 * (whole cents, never floats: app/domain/money.ts).
 */

import { z } from "zod";
import { typedHundredths } from "#app/domain/amount-field.ts";
import { isIsoDate } from "#app/domain/dates.ts";
import { type RecordedPaymentMethod, recordedPaymentMethods } from "#app/domain/enums.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { limits } from "#app/domain/limits.ts";
import { type Cents, formatMoney, maxMoneyCents, tooLargeMessage } from "#app/domain/money.ts";

export const paymentMessages = {
  recorded: "Payment recorded",
  deleted: "Payment deleted",
  paidOn: "Please choose the date of the payment",
  amount: "Please enter an amount greater than $0.00",
  tooLarge: tooLargeMessage(),
  method: "Please choose how it was paid",
  noteTooLong: `Note must be less than ${limits.paymentNote} characters`,
  overpayment: (balance: Cents) =>
    balance > 0
      ? `The payment is more than the balance due (${formatMoney(balance)})`
      : "This invoice has nothing left to pay",
  estimate: "Estimates do not take payments; convert the estimate to an invoice first.",
  notPayable: "Payments can be recorded only on invoices that are sent, not on drafts or cancelled invoices.",
  notFound: "Payment not found",
  creditGiven: (credit: Cents) =>
    `A credit note on this invoice gave the customer ${formatMoney(credit)} of credit out of what was paid, so this payment can no longer be deleted.`,
  deleteTitle: "Delete payment",
  deleteQuestion: (amount: string, date: string) =>
    `Delete the payment of ${amount} on ${date}? The balance due goes back up by this amount.`,
  empty: "No payments recorded yet.",
  saveFailed: "The payment could not be saved. Please try again.",
  emailReceipt: "Email a receipt to the client",
  emailReceiptDescription: "To the customer's email address, with the invoice's PDF.",
  receiptSent: (to: string) => `Receipt emailed to ${to}`,
} as const;

/** 'Delete payment' in its confirmation: the payment's id (anything else is no payment at all). */
export const deletePaymentSchema = z.object({
  payment_id: z.preprocess((value) => parseUuid(value) ?? undefined, z.string(paymentMessages.notFound)),
});

export const paymentFormSchema = z.object({
  paid_on: z.preprocess((value) => (isIsoDate(value) ? value : undefined), z.string(paymentMessages.paidOn)),
  amount: typedHundredths(
    z.number().int().min(1, paymentMessages.amount).max(maxMoneyCents, paymentMessages.tooLarge),
    { blank: 0, invalid: 0 },
  ),
  method: z.enum(recordedPaymentMethods, paymentMessages.method),
  note: z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim() || undefined : value),
    z.string().max(limits.paymentNote, paymentMessages.noteTooLong).optional(),
  ),
  /** "Email a receipt to the client": checked in the form; a post without it sends none */
  email_receipt: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
});
export type PaymentForm = z.output<typeof paymentFormSchema>;

/** Amount paid and balance due from the payments' amounts and the invoice's total (cents). */
export function paymentTotals(totalAmount: Cents, amounts: readonly Cents[]): { amountPaid: Cents; balanceDue: Cents } {
  const amountPaid = amounts.reduce((sum, amount) => sum + amount, 0);
  return { amountPaid, balanceDue: totalAmount - amountPaid };
}

/** A new payment of `amount` is refused when it would take the amount paid above the total. */
export function isOverpayment(totalAmount: Cents, alreadyPaid: Cents, amount: Cents): boolean {
  return alreadyPaid + amount > totalAmount;
}

export const defaultPaymentMethod: RecordedPaymentMethod = "bank_transfer";
