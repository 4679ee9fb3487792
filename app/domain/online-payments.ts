/**
 * Getting paid online and by bank transfer (ADR 0035): the studio's bank details (their form and how
 * they are printed, with the invoice number as the transfer's reference), what a client may pay
 * online (the balance due, or less when the owner allows it), and the words of the Pay button and
 * the receipt. Pure: the provider itself is `services/online-payments.server.ts`.
 */
import { z } from "zod";
import { typedHundredths } from "#app/domain/amount-field.ts";
import { displayDate } from "#app/domain/dates.ts";
import type { PaymentMethod } from "#app/domain/enums.ts";
import { type MailMessageContent, mailContent, paragraphs } from "#app/domain/mail.ts";
import { defaultWording, fillWording, type MailWording } from "#app/domain/mail-templates.ts";
import { type Cents, formatMoney, maxMoneyCents } from "#app/domain/money.ts";
import type { Result } from "#app/domain/result.ts";

export const onlinePaymentMessages = {
  payButton: "Pay Online",
  payPartialLabel: "Amount to pay",
  paid: "Thank you: your payment was received. This invoice is paid.",
  paidPartly: (balance: Cents) =>
    `Thank you: your payment was received. The balance due is now ${formatMoney(balance)}.`,
  processing:
    "Thank you: your payment is being processed. This page will show it once the payment provider confirms it.",
  cancelled: "The payment was not completed. You can try again at any time.",
  notPayable: "This invoice cannot be paid online.",
  amount: "Please enter an amount to pay",
  tooSmall: `The smallest online payment is ${formatMoney(50)}`,
  tooLarge: (balance: Cents) => `You can pay at most the balance due (${formatMoney(balance)})`,
  unavailable: "Online payment is not available right now. Please try again later or pay by bank transfer.",
  settingsSaved: "Payment settings saved successfully",
  iban: "Enter a valid IBAN (for example DE89 3704 0044 0532 0130 00)",
  bic: "Enter a valid BIC (8 or 11 letters and digits)",
  accountNumber: "Enter the account number: 4 to 34 letters or digits",
  routingNumber: "Enter the routing number or sort code: 6 to 20 digits",
  referenceFormat: "Use at most 100 characters, including {number} for the invoice number",
  holderNeeded: "Enter the account holder to print the bank details",
  accountNeeded: "Enter an IBAN or an account number",
} as const;

/** Stripe refuses card payments under $0.50. */
export const smallestOnlinePayment: Cents = 50;

// ---------------------------------------------------------------- bank details

export type PaymentSettings = {
  accountHolder: string | null;
  bankName: string | null;
  iban: string | null;
  bic: string | null;
  accountNumber: string | null;
  routingNumber: string | null;
  referenceFormat: string;
  allowPartialPayments: boolean;
};

export const defaultPaymentSettings: PaymentSettings = {
  accountHolder: null,
  bankName: null,
  iban: null,
  bic: null,
  accountNumber: null,
  routingNumber: null,
  referenceFormat: "{number}",
  allowPartialPayments: false,
};

/** The ISO 13616 check: the country and check digits moved to the end, letters as numbers, mod 97 = 1. */
export function isValidIban(value: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(value)) return false;
  const moved = `${value.slice(4)}${value.slice(0, 4)}`;
  let remainder = 0;
  for (const char of moved) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** "de89 3704 0044 0532 0130 00" -> "DE89370400440532013000" */
const compact = (value: unknown) => (typeof value === "string" ? value.replace(/[\s-]+/g, "").toUpperCase() : value);
const blank = (value: unknown) => (typeof value === "string" ? value.trim() || undefined : value);
const text = (max: number, message: string) => z.preprocess(blank, z.string().max(max, message).optional());

export const paymentSettingsSchema = z
  .object({
    account_holder: text(200, "Account holder must be less than 200 characters"),
    bank_name: text(200, "Bank name must be less than 200 characters"),
    iban: z.preprocess(
      (value) => blank(compact(value)),
      z.string().refine(isValidIban, onlinePaymentMessages.iban).optional(),
    ),
    bic: z.preprocess(
      (value) => blank(compact(value)),
      z
        .string()
        .regex(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, onlinePaymentMessages.bic)
        .optional(),
    ),
    account_number: z.preprocess(
      (value) => blank(compact(value)),
      z
        .string()
        .regex(/^[A-Z0-9]{4,34}$/, onlinePaymentMessages.accountNumber)
        .optional(),
    ),
    routing_number: z.preprocess(
      (value) => blank(compact(value)),
      z
        .string()
        .regex(/^\d{6,20}$/, onlinePaymentMessages.routingNumber)
        .optional(),
    ),
    reference_format: z.preprocess(
      (value) => blank(value) ?? "{number}",
      z
        .string()
        .max(100, onlinePaymentMessages.referenceFormat)
        .refine((value) => value.includes("{number}"), onlinePaymentMessages.referenceFormat),
    ),
    allow_partial_payments: z.preprocess((value) => value === "on" || value === true, z.boolean()),
  })
  .refine((form) => !(form.iban || form.account_number) || form.account_holder, {
    path: ["account_holder"],
    error: onlinePaymentMessages.holderNeeded,
  })
  .refine((form) => !form.account_holder || form.iban || form.account_number, {
    path: ["iban"],
    error: onlinePaymentMessages.accountNeeded,
  });
export type PaymentSettingsForm = z.output<typeof paymentSettingsSchema>;

export function toPaymentSettings(form: PaymentSettingsForm): PaymentSettings {
  return {
    accountHolder: form.account_holder ?? null,
    bankName: form.bank_name ?? null,
    iban: form.iban ?? null,
    bic: form.bic ?? null,
    accountNumber: form.account_number ?? null,
    routingNumber: form.routing_number ?? null,
    referenceFormat: form.reference_format,
    allowPartialPayments: form.allow_partial_payments,
  };
}

/** "DE89370400440532013000" -> "DE89 3704 0044 0532 0130 00" */
export function formatIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, "$1 ");
}

/** The transfer's reference: the format with the invoice number in place of {number}. */
export function transferReference(format: string, invoiceNumber: string): string {
  return format.replaceAll("{number}", invoiceNumber);
}

/**
 * The bank details as printed (client page, PDF, email), the reference last; null when the studio
 * has none (nothing is printed).
 */
export function bankTransferLines(settings: PaymentSettings, invoiceNumber: string): string[] | null {
  if (!settings.accountHolder || !(settings.iban || settings.accountNumber)) return null;
  return [
    `Account holder: ${settings.accountHolder}`,
    ...(settings.bankName ? [`Bank: ${settings.bankName}`] : []),
    ...(settings.iban ? [`IBAN: ${formatIban(settings.iban)}`] : []),
    ...(settings.bic ? [`BIC: ${settings.bic}`] : []),
    ...(settings.accountNumber ? [`Account number: ${settings.accountNumber}`] : []),
    ...(settings.routingNumber ? [`Routing number: ${settings.routingNumber}`] : []),
    `Reference: ${transferReference(settings.referenceFormat, invoiceNumber)}`,
  ];
}

export const bankTransferHeading = "Pay by bank transfer";

// ---------------------------------------------------------------- paying online

/** The client's Pay form: an amount only when partial payments are allowed (blank: the balance). */
export const payFormSchema = z.object({
  amount: typedHundredths(
    z
      .number(onlinePaymentMessages.amount)
      .int(onlinePaymentMessages.amount)
      .max(maxMoneyCents, onlinePaymentMessages.amount)
      .optional(),
    { invalid: 0 },
  ),
});

/** What one Checkout session asks for: the balance due, or the amount asked within it when allowed. */
export function checkoutAmount(input: {
  balanceDue: Cents;
  requested: Cents | undefined;
  allowPartial: boolean;
}): Result<{ amount: Cents }> {
  const { balanceDue, requested, allowPartial } = input;
  if (balanceDue < smallestOnlinePayment) return { ok: false, message: onlinePaymentMessages.notPayable };
  const amount = allowPartial && requested !== undefined ? requested : balanceDue;
  if (amount < smallestOnlinePayment) return { ok: false, message: onlinePaymentMessages.tooSmall, field: "amount" };
  if (amount > balanceDue) {
    return { ok: false, message: onlinePaymentMessages.tooLarge(balanceDue), field: "amount" };
  }
  return { ok: true, amount };
}

/** How the provider says it was paid, as one of ours. */
export function paymentMethodOf(providerType: string | null | undefined): PaymentMethod {
  if (!providerType || providerType === "card" || providerType === "link") return "card";
  if (/bank|transfer|sepa|ach|bacs|becs/.test(providerType)) return "bank_transfer";
  return "other";
}

/** The lines a mail gives a payment's refunds ("Refunded $300.00 on 11/03/2026."), dates in the studio's format. */
function refundLines(refunds: readonly { amount: Cents; kind: "refund" | "dispute"; refundedOn: string }[]): string[] {
  return refunds.map((refund) =>
    refund.kind === "dispute"
      ? `${formatMoney(refund.amount)} of it was returned to you after a dispute on ${displayDate(refund.refundedOn)}.`
      : `Refunded ${formatMoney(refund.amount)} on ${displayDate(refund.refundedOn)}.`,
  );
}

const balanceLine = (balanceDue: Cents) =>
  balanceDue > 0 ? `The balance due is now ${formatMoney(balanceDue)}.` : "The invoice is now paid in full.";

/**
 * The client's receipt by email after an online payment, in the owner's wording of receipts (Settings →
 * Emails); the refunds already made on it, when it is recorded after them (events arrive in any order:
 * ADR 0041), are listed under it.
 */
export function receiptMail(input: {
  invoiceNumber: string;
  businessName: string;
  customerName: string;
  amount: Cents;
  balanceDue: Cents;
  paidOn: string;
  refunds?: readonly { amount: Cents; kind: "refund" | "dispute"; refundedOn: string }[];
  wording?: MailWording;
}): MailMessageContent {
  const words = fillWording(input.wording ?? defaultWording("receipt"), {
    client_name: input.customerName,
    studio_name: input.businessName,
    document_number: input.invoiceNumber,
    payment_amount: formatMoney(input.amount),
    payment_date: displayDate(input.paidOn),
  });
  const after = [...refundLines(input.refunds ?? []), balanceLine(input.balanceDue)];
  return mailContent(words.subject, [
    ...paragraphs(words.opening),
    { type: "text", text: after.join("\n") },
    { type: "text", text: `Thank you,\n${input.businessName}` },
  ]);
}

/** The client's notice by email of money given back on an online payment. */
export function refundMail(input: {
  invoiceNumber: string;
  businessName: string;
  customerName: string;
  refunds: readonly { amount: Cents; kind: "refund" | "dispute"; refundedOn: string }[];
  balanceDue: Cents;
}): MailMessageContent {
  return mailContent(`Refund for invoice ${input.invoiceNumber} from ${input.businessName}`, [
    { type: "text", text: `Hello ${input.customerName},` },
    {
      type: "text",
      text: [
        `About your online payment for invoice ${input.invoiceNumber}:`,
        ...refundLines(input.refunds),
        `The balance due is now ${formatMoney(input.balanceDue)}.`,
      ].join("\n"),
    },
    { type: "text", text: input.businessName },
  ]);
}
