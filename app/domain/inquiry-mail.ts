import { budgetRangeLabels, projectTypeLabels } from "#app/domain/enums.ts";
import type { LeadFields } from "#app/domain/leads.ts";
import type { MailMessageContent } from "#app/domain/mail.ts";

/** The owner's notification of a new inquiry: 'New inquiry from {name}', the fields, and a link to the inbox. */
export function inquiryNotification(inquiry: LeadFields, inboxUrl: string): MailMessageContent {
  const lines = [
    `Name: ${inquiry.name}`,
    `Email: ${inquiry.email}`,
    `Phone: ${inquiry.phoneNumber ?? "-"}`,
    `Business: ${inquiry.businessName ?? "-"}`,
    `Existing website: ${inquiry.existingWebsiteUrl ?? "-"}`,
    `Project type: ${projectTypeLabels[inquiry.projectType]}`,
    `Budget: ${inquiry.budgetRange ? budgetRangeLabels[inquiry.budgetRange] : "Not specified"}`,
    "",
    "Message:",
    inquiry.message,
    "",
    `Open it in the inbox: ${inboxUrl}`,
  ];
  return { subject: `New inquiry from ${inquiry.name}`, text: lines.join("\n") };
}
