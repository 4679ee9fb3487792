/**
 * Getting paid online and by bank transfer (ADR 0035): the studio's bank details (their form and how
 * they are printed, with the invoice number as the transfer's reference), what a client may pay
 * online (the balance due, or less when the owner allows it), and the words of the Pay button and
 * the receipt. Pure: the provider itself is `services/online-payments.server.ts`.
 */
import { displayDate } from "#app/domain/dates.ts";
import type { PaymentMethod } from "#app/domain/enums.ts";
import { type Cents, formatMoney } from "#app/domain/money.ts";
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

/**
 * The provider's set-up as the owner reads it: the owner's notice when Stripe refuses the key, and
 * the lines of Settings → Payments → Check connection.
 */
export const connectionMessages = {
  keyRefusedNotice:
    "Stripe refused the secret key: clients cannot pay online. Check STRIPE_SECRET_KEY (Settings → Payments → Check connection).",
  keyForbiddenNotice:
    "Stripe refused what the secret key asked for (a restricted key without the rights it needs): clients cannot pay online. Check STRIPE_SECRET_KEY (Settings → Payments → Check connection).",
  off: "Online payments are off: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set on the server.",
  keyRefused:
    "Stripe refused the secret key (STRIPE_SECRET_KEY): it is wrong, revoked or expired. Copy a current key from Stripe's dashboard (Developers → API keys), set it and restart.",
  keyForbidden:
    "Stripe accepted the secret key but refused to show the account with it: use the secret key, or a restricted key that may read the balance and write Checkout sessions.",
  unreachable: (reason: string) => `Stripe could not be reached (${reason}). Try again in a minute.`,
  connected: (live: boolean) =>
    live
      ? "Connected to Stripe in live mode: clients pay with real cards."
      : "Connected to Stripe in test mode: no real money moves, only Stripe's test cards work.",
  webhookFound: (url: string) => `Stripe sends payment events to ${url}.`,
  webhookMissing: (url: string) =>
    `No webhook endpoint in Stripe sends to ${url}: add one (Developers → Webhooks) and set its signing secret as STRIPE_WEBHOOK_SECRET, or payments are recorded only when clients come back to the invoice page.`,
  webhookDisabled: (url: string) =>
    `The webhook endpoint ${url} is disabled in Stripe: enable it, or payments are recorded only when clients come back to the invoice page.`,
  webhookUnknown: (url: string) =>
    `This key may not list webhook endpoints: check in Stripe's dashboard that one sends to ${url}.`,
  webhookSecret:
    "STRIPE_WEBHOOK_SECRET is set. Stripe never shows it through its API: if events fail their signature check, Stripe's dashboard lists their deliveries as failed.",
} as const;

/** The result of Check connection: whether all is well, and one line per thing checked. */
export type ConnectionCheck = { ok: boolean; lines: { ok: boolean; text: string }[] };

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
export function refundLines(
  refunds: readonly { amount: Cents; kind: "refund" | "dispute"; refundedOn: string }[],
): string[] {
  return refunds.map((refund) =>
    refund.kind === "dispute"
      ? `${formatMoney(refund.amount)} of it was returned to you after a dispute on ${displayDate(refund.refundedOn)}.`
      : `Refunded ${formatMoney(refund.amount)} on ${displayDate(refund.refundedOn)}.`,
  );
}

export const balanceLine = (balanceDue: Cents) =>
  balanceDue > 0 ? `The balance due is now ${formatMoney(balanceDue)}.` : "The invoice is now paid in full.";
