/**
 * Emailing invoices and estimates: the send form, the default subject and message,
 * the client link's token format, and the payment-reminder schedule (ADR 0017). Pure: the
 * services render, store and queue.
 */

import { z } from "zod";
import { addDaysIso } from "#app/domain/dates.ts";
import { type InvoiceType, invoiceTypeLabels } from "#app/domain/enums.ts";
import { limits } from "#app/domain/limits.ts";
import { type Cents, formatMoney } from "#app/domain/money.ts";
import { emailAddress, normaliseLineBreaks, requiredText, tooLong } from "#app/domain/validation.ts";

export const sendMessages = {
  sent: (type: InvoiceType, to: string) => `${invoiceTypeLabels[type]} emailed to ${to}`,
  sentWithoutPdf: "The PDF could not be made, so the email went with the client link only.",
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

/** 'Invoice INV-0001 from Studio' */
export function defaultSubject(doc: SendSubject): string {
  return `${invoiceTypeLabels[doc.invoiceType]} ${doc.invoiceNumber} from ${doc.businessName}`;
}

/** A short, friendly default; the client link is added below it when the mail is built. */
export function defaultMessage(doc: SendSubject): string {
  const greeting = `Hello ${doc.customerName},`;
  if (doc.invoiceType === "estimate") {
    return [
      greeting,
      "",
      `Please find estimate ${doc.invoiceNumber} for ${formatMoney(doc.total)} attached.`,
      "You can review it and accept or decline it online.",
      "",
      "Thank you,",
      doc.businessName,
    ].join("\n");
  }
  const due = doc.dueDate ? `, due on ${doc.dueDate}` : "";
  return [
    greeting,
    "",
    `Please find invoice ${doc.invoiceNumber} for ${formatMoney(doc.balanceDue)}${due} attached.`,
    "",
    "Thank you for your business,",
    doc.businessName,
  ].join("\n");
}

/** How the client can pay, printed in an invoice's mail (ADR 0035). */
export type PaymentInstructions = { payOnline?: boolean; bankTransfer?: string[] | null };

/**
 * The mail's text: the owner's message, then the client link; on an invoice, how to pay: online (the
 * client page's Pay button, at `#pay`: a link in a mail never opens a payment by itself, since mail
 * scanners follow links) and by bank transfer.
 */
export function mailText(
  message: string,
  link: string,
  invoiceType: InvoiceType,
  payment: PaymentInstructions = {},
): string {
  const label = invoiceType === "estimate" ? "View, accept or decline the estimate online" : "View the invoice online";
  const parts = [`${message.trim()}\n\n${label}:\n${link}\n`];
  if (invoiceType === "invoice" && payment.payOnline) parts.push(`Pay online by card:\n${link}#pay\n`);
  if (invoiceType === "invoice" && payment.bankTransfer?.length) {
    parts.push(`Pay by bank transfer:\n${payment.bankTransfer.join("\n")}\n`);
  }
  return parts.join("\n");
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
): { subject: string; text: string } {
  const verb = answer.intent === "accept" ? "accepted" : "declined";
  const lines = [`${estimate.customerName} ${verb} estimate ${estimate.invoiceNumber} on its client link.`];
  if (answer.intent === "accept") lines.push(`Signed as: ${answer.name}`);
  lines.push("", `Open it: ${link}`);
  return {
    subject: `Estimate ${estimate.invoiceNumber} was ${verb} by ${estimate.customerName}`,
    text: lines.join("\n"),
  };
}

/** The outbox's delivery states as the send history says them. */
export const deliveryLabels: Record<string, string> = {
  pending: "Queued",
  sent: "Delivered to the mail server",
  kept: "Kept in the outbox (no SMTP)",
  failed: "Failed",
};
export const removedFromOutbox = "Removed from the outbox";

/** How a history line names a send: "Sent", or "Payment reminder (3 days before the due date)". */
export function sendKindLabel(kind: "send" | "reminder", offset: number | null): string {
  if (kind === "send") return "Sent";
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

/** How a reminder is worded for its offset. */
export function reminderSubject(doc: SendSubject, offset: number): string {
  const when = offset < 0 ? "due soon" : offset === 0 ? "due today" : "overdue";
  return `Reminder: invoice ${doc.invoiceNumber} from ${doc.businessName} is ${when}`;
}

export function reminderMessage(doc: SendSubject, offset: number): string {
  const amount = formatMoney(doc.balanceDue);
  const line =
    offset < 0
      ? `This is a friendly reminder that invoice ${doc.invoiceNumber} for ${amount} is due on ${doc.dueDate}.`
      : offset === 0
        ? `This is a friendly reminder that invoice ${doc.invoiceNumber} for ${amount} is due today.`
        : `Our records show that invoice ${doc.invoiceNumber} for ${amount} was due on ${doc.dueDate} and is still unpaid.`;
  return [
    `Hello ${doc.customerName},`,
    "",
    line,
    "If you have already paid, please ignore this message.",
    "",
    "Thank you,",
    doc.businessName,
  ].join("\n");
}
