import { budgetRangeLabels, projectTypeLabels } from "#app/domain/enums.ts";
import type { LeadFields } from "#app/domain/leads.ts";
import type { MailMessageContent } from "#app/domain/mail.ts";

/**
 * A one-line field as it goes into a mail header or a "Label: value" line: line breaks and other
 * control characters become spaces, so a visitor's name cannot forge lines or headers.
 */
function oneLine(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  return value.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, " ").trim();
}

/**
 * The owner's notification of a new inquiry: 'New inquiry from {name}', the fields, and a link to
 * the inbox. The link comes first and the one-line fields are kept to one line; only the message,
 * under its own heading, keeps its line breaks.
 */
export function inquiryNotification(inquiry: LeadFields, inboxUrl: string): MailMessageContent {
  const optional = (value: string | null) => (value ? oneLine(value) : "-");
  const lines = [
    `Open it in the inbox: ${inboxUrl}`,
    "",
    `Name: ${oneLine(inquiry.name)}`,
    `Email: ${oneLine(inquiry.email)}`,
    `Phone: ${optional(inquiry.phoneNumber)}`,
    `Business: ${optional(inquiry.businessName)}`,
    `Existing website: ${optional(inquiry.existingWebsiteUrl)}`,
    `Project type: ${projectTypeLabels[inquiry.projectType]}`,
    `Budget: ${inquiry.budgetRange ? budgetRangeLabels[inquiry.budgetRange] : "Not specified"}`,
    "",
    "Message:",
    inquiry.message,
  ];
  return { subject: `New inquiry from ${oneLine(inquiry.name)}`, text: lines.join("\n") };
}
