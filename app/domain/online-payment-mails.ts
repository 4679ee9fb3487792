/** The client's receipt and refund mails after an online payment, in the owner's wording (Settings → Emails). */
import { displayDate } from "#app/domain/dates.ts";
import { type MailMessageContent, mailContent, paragraphs } from "#app/domain/mail.ts";
import { defaultWording, fillWording, type MailWording } from "#app/domain/mail-templates.ts";
import { type Cents, formatMoney } from "#app/domain/money.ts";
import { balanceLine, refundLines } from "#app/domain/online-payments.ts";

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
