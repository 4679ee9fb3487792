/**
 * Emailing invoices and estimates: the send form, the default subject and message,
 * the client link's token format, and the payment-reminder schedule (ADR 0017). Pure: the
 * services render, store and queue.
 */

import { z } from "zod";
import { addDaysIso, displayDate } from "#app/domain/dates.ts";
import { type InvoiceType, invoiceTypeLabels } from "#app/domain/enums.ts";
import { limits, tooLong } from "#app/domain/limits.ts";
import { type MailBlock, type MailMessageContent, mailContent, paragraphs } from "#app/domain/mail.ts";
import {
  defaultWording,
  fillWording,
  type MailTemplateKey,
  type MailWording,
  type PlaceholderValues,
} from "#app/domain/mail-templates.ts";
import { type Cents, formatMoney } from "#app/domain/money.ts";
import { emailAddress, normaliseLineBreaks, requiredText } from "#app/domain/validation.ts";

export const sendMessages = {
  sent: (type: InvoiceType, to: string) => `${invoiceTypeLabels[type]} emailed to ${to}`,
  subjectRequired: "Please enter a subject",
  messageRequired: "Please enter a message",
  cannotSend: "A cancelled document cannot be sent.",
  /** a client link to a document the studio is revising (ADR 0030) */
  revising: "This document is being revised. The new version will come to you by email.",
  revoked: "Client links revoked: the old links now show 'not found'.",
  copyLink: "Copy client link",
  linkCreated: "A new client link: anyone with it can see this document.",
  noLiveLink: "This document has no live client link: send it by email first.",
  cancelledLink: "A cancelled document cannot be shared.",
  acceptNameRequired: "Please type your full name to sign",
  accepted: "Thank you: the estimate is accepted.",
  declined: "The estimate is declined. Thank you for letting us know.",
  alreadyAnswered: "This estimate has already been answered.",
} as const;

const maxSubjectLength = 300;
const maxSendMessageLength = 5000;

export const sendFormSchema = z.object({
  to: emailAddress("Please enter the recipient's email"),
  subject: requiredText(maxSubjectLength, sendMessages.subjectRequired, tooLong("Subject", maxSubjectLength)),
  message: z.pipe(
    z.transform((value: unknown) => (typeof value === "string" ? normaliseLineBreaks(value) : value)),
    requiredText(maxSendMessageLength, sendMessages.messageRequired, tooLong("Message", maxSendMessageLength)),
  ),
});
export type SendForm = z.output<typeof sendFormSchema>;

/** 'Revoke links' on the send page (any other post is the send form). */
export const revokeLinksSchema = z.object({ intent: z.literal("revoke") });

export type SendSubject = {
  invoiceType: InvoiceType;
  invoiceNumber: string;
  businessName: string;
  customerName: string;
  total: Cents;
  balanceDue: Cents;
  dueDate: string | null;
};

/**
 * Why a document is mailed (ADR 0049): sent (by the owner, or by the studio itself: a deposit on signing,
 * a retainer in send mode), sent again as a revision, a payment reminder, the notice of a void, a receipt.
 */
export type DocumentMailKind = "send" | "revision" | "reminder" | "void" | "receipt";

/** The template that words a document mail (Settings → Emails). */
export function templateFor(
  kind: DocumentMailKind,
  invoiceType: InvoiceType,
  reminderOffset: number | null = null,
): MailTemplateKey {
  switch (kind) {
    case "revision":
      return "revision";
    case "void":
      return "void";
    case "receipt":
      return "receipt";
    case "reminder":
      return reminderOffset !== null && reminderOffset < 0
        ? "reminder_before"
        : reminderOffset === 0
          ? "reminder_due"
          : "reminder_overdue";
    case "send":
      return invoiceType === "estimate" ? "estimate" : "invoice";
  }
}

/** A payment as a receipt tells it. */
export type ReceiptFacts = { amount: Cents; paidOn: string };

/** What the placeholders of a document mail are: dates in the studio's format (MM/dd/yyyy), never ISO. */
function documentPlaceholders(doc: SendSubject, receipt?: ReceiptFacts): PlaceholderValues {
  return {
    client_name: doc.customerName,
    studio_name: doc.businessName,
    document_number: doc.invoiceNumber,
    document_type: invoiceTypeLabels[doc.invoiceType].toLowerCase(),
    amount: formatMoney(doc.invoiceType === "invoice" ? doc.balanceDue : doc.total),
    due_date: doc.dueDate ? displayDate(doc.dueDate) : "receipt",
    ...(receipt ? { payment_amount: formatMoney(receipt.amount), payment_date: displayDate(receipt.paidOn) } : {}),
  };
}

/** 'Invoice INV-0001 from Studio' (or the owner's own wording) */
export function defaultSubject(
  doc: SendSubject,
  wording: MailWording = defaultWording(templateFor("send", doc.invoiceType)),
) {
  return fillWording(wording, documentPlaceholders(doc)).subject;
}

/** What a document mail says after its opening, whatever the wording: what changed, the balance. */
export type MessageExtras = { changes?: readonly string[]; receipt?: ReceiptFacts };

/**
 * The mail's message: the template's opening filled in, what the kind of mail always says after it
 * (what a revision changed, the balance after a payment), and the sign-off. The client link and how to
 * pay are added below it when the mail is built (`documentMail`).
 */
export function defaultMessage(
  doc: SendSubject,
  wording: MailWording = defaultWording(templateFor("send", doc.invoiceType)),
  extras: MessageExtras = {},
): string {
  const opening = fillWording(wording, documentPlaceholders(doc, extras.receipt)).opening;
  const parts = [opening];
  if (extras.changes?.length)
    parts.push(["What changed:", ...extras.changes.map((change) => `- ${change}`)].join("\n"));
  if (extras.receipt) {
    parts.push(
      doc.balanceDue > 0
        ? `The balance due is now ${formatMoney(doc.balanceDue)}.`
        : "The invoice is now paid in full.",
    );
  }
  const signOff = doc.invoiceType === "invoice" && !extras.receipt ? "Thank you for your business," : "Thank you,";
  parts.push(`${signOff}\n${doc.businessName}`);
  return parts.join("\n\n");
}

/** The subject and message of a document mail of `kind`, in the owner's wording. */
export function documentWording(
  kind: DocumentMailKind,
  doc: SendSubject,
  wording: MailWording,
  extras: MessageExtras = {},
): { subject: string; message: string } {
  return {
    subject: fillWording(wording, documentPlaceholders(doc, extras.receipt)).subject,
    message: defaultMessage(doc, wording, kind === "revision" || kind === "receipt" ? extras : {}),
  };
}

/** How the client can pay, printed in an invoice's mail (ADR 0035). */
export type PaymentInstructions = { payOnline?: boolean; bankTransfer?: string[] | null };

/**
 * A document's mail: the message, then the client link as the one button (when the mail gives one);
 * on an invoice with something to pay, how to pay: online (the client page's Pay button, at `#pay`: a
 * link in a mail never opens a payment by itself, since mail scanners follow links) and by bank transfer.
 */
export function documentMail(input: {
  subject: string;
  message: string;
  link: string | null;
  invoiceType: InvoiceType;
  payment?: PaymentInstructions;
}): MailMessageContent {
  const { link, invoiceType } = input;
  const payment = input.payment ?? {};
  const blocks: MailBlock[] = paragraphs(input.message);
  if (link) {
    const label =
      invoiceType === "estimate"
        ? "View, accept or decline the estimate online"
        : invoiceType === "invoice" && payment.payOnline
          ? "View and pay the invoice online"
          : invoiceType === "credit_note"
            ? "View the credit note online"
            : "View the invoice online";
    blocks.push({ type: "action", label, url: link });
    if (invoiceType === "invoice" && payment.payOnline) {
      blocks.push({ type: "link", label: "Pay online by card", url: `${link}#pay` });
    }
  }
  if (invoiceType === "invoice" && payment.bankTransfer?.length) {
    blocks.push(
      { type: "heading", text: "Pay by bank transfer" },
      { type: "text", text: payment.bankTransfer.join("\n") },
    );
  }
  return mailContent(input.subject, blocks);
}

/** The text of a document's mail (without the studio's footer): see `documentMail`. */
export function mailText(
  message: string,
  link: string,
  invoiceType: InvoiceType,
  payment: PaymentInstructions = {},
): string {
  return documentMail({ subject: "", message, link, invoiceType, payment }).text;
}

// ---------------------------------------------------------------- client links

export function clientLinkPath(token: string): string {
  return `/i/${token}`;
}

/** The client's answer on the link: accepting is signed with a typed full name (2 characters or more). */
export const acceptFormSchema = z
  .object({
    intent: z.enum(["accept", "decline"]),
    name: z.string().trim().max(limits.personName, tooLong("Name", limits.personName)).optional().default(""),
  })
  .refine((answer) => answer.intent === "decline" || answer.name.length >= 2, {
    path: ["name"],
    error: sendMessages.acceptNameRequired,
  });
export type EstimateAnswer = z.output<typeof acceptFormSchema>;

/** The owner's notice that a client answered an estimate on its link. */
export function estimateAnsweredMail(
  answer: EstimateAnswer,
  estimate: { invoiceNumber: string; customerName: string },
  link: string,
): MailMessageContent {
  const verb = answer.intent === "accept" ? "accepted" : "declined";
  const blocks: MailBlock[] = [
    { type: "text", text: `${estimate.customerName} ${verb} estimate ${estimate.invoiceNumber} on its client link.` },
  ];
  if (answer.intent === "accept") blocks.push({ type: "fields", rows: [["Signed as", answer.name]] });
  blocks.push({ type: "action", label: "Open it", url: link });
  return mailContent(`Estimate ${estimate.invoiceNumber} was ${verb} by ${estimate.customerName}`, blocks);
}

/** The kinds of the send history (the table's enum: app/db/schema.ts). */
export type InvoiceSendKind = "send" | "reminder" | "revision" | "void" | "receipt";

/** The outbox's delivery states as the send history says them. */
export const deliveryLabels: Record<string, string> = {
  pending: "Queued",
  sent: "Delivered to the mail server",
  kept: "Kept in the outbox (no SMTP)",
  failed: "Failed",
};
export const removedFromOutbox = "Removed from the outbox";

/** How a history line names a send: "Sent", or "Payment reminder (3 days before the due date)". */
export function sendKindLabel(kind: InvoiceSendKind, offset: number | null): string {
  if (kind === "send") return "Sent";
  if (kind === "revision") return "Revised version sent";
  if (kind === "void") return "Void notice";
  if (kind === "receipt") return "Payment receipt";
  if (offset === null) return "Payment reminder";
  if (offset === 0) return "Payment reminder (on the due date)";
  return offset < 0
    ? `Payment reminder (${-offset} days before the due date)`
    : `Payment reminder (${offset} days after the due date)`;
}

// ---------------------------------------------------------------- reminders

export const defaultReminderOffsets = [-3, 0, 7] as const;
const reminderOffsetRange = { min: -60, max: 365 } as const;
const maxReminders = 5;
export const reminderOffsetsMessage = `Enter up to ${maxReminders} whole numbers of days between ${reminderOffsetRange.min} and ${reminderOffsetRange.max}, separated by commas (for example -3, 0, 7)`;

/** "-3, 0, 7" → [-3, 0, 7] (sorted, unique); blank → [] (no reminders); null when invalid. */
export function parseReminderOffsets(text: string): number[] | null {
  const trimmed = text.trim();
  if (trimmed === "") return [];
  const parts = trimmed.split(/[,\s]+/).filter(Boolean);
  const values: number[] = [];
  for (const part of parts) {
    if (!/^[+-]?\d{1,3}$/.test(part)) return null;
    const value = Number(part);
    if (value < reminderOffsetRange.min || value > reminderOffsetRange.max) return null;
    values.push(value);
  }
  const unique = [...new Set(values)].sort((a, b) => a - b);
  return unique.length > maxReminders ? null : unique;
}

export function formatReminderOffsets(offsets: readonly number[]): string {
  return offsets.join(", ");
}

/** A reminder's day in words: "3 days before the due date", "on the due date", "7 days after the due date". */
export function reminderOffsetLabel(offset: number): string {
  if (offset === 0) return "on the due date";
  const days = Math.abs(offset);
  return `${days} ${days === 1 ? "day" : "days"} ${offset < 0 ? "before" : "after"} the due date`;
}

/**
 * Which reminder to send today, if any: the latest offset whose day (due date + offset) has come,
 * that falls after the day the invoice was sent (no reminder right after sending), and that was not
 * sent before. A missed day is caught up once, never as a burst: earlier offsets are skipped.
 */
export function dueReminder(input: {
  dueDate: string;
  sentDay: string;
  today: string;
  offsets: readonly number[];
  alreadySent: readonly number[];
}): number | null {
  const candidates = input.offsets.filter((offset) => {
    const day = addDaysIso(input.dueDate, offset);
    return day > input.sentDay && day <= input.today;
  });
  const latest = candidates.length ? Math.max(...candidates) : null;
  if (latest === null || input.alreadySent.includes(latest)) return null;
  // a later reminder already went: never send an earlier one after it
  if (input.alreadySent.some((sent) => sent > latest)) return null;
  return latest;
}

/**
 * Every reminder still to come for an invoice, in order: the one due today (`dueReminder`), then each offset whose
 * day is after today and after the day it was sent, unless a later reminder already went.
 */
export function reminderSchedule(input: Parameters<typeof dueReminder>[0]): number[] {
  const now = dueReminder(input);
  const latestSent = input.alreadySent.length ? Math.max(...input.alreadySent) : null;
  const later = input.offsets.filter((offset) => {
    const day = addDaysIso(input.dueDate, offset);
    return day > input.today && day > input.sentDay && (latestSent === null || offset > latestSent);
  });
  return [...(now === null ? [] : [now]), ...[...later].sort((a, b) => a - b)];
}
