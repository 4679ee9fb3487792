import { type BudgetRange, budgetRangeLabels, type ProjectType, projectTypeLabels } from "#app/domain/enums.ts";
import type { MailMessageContent } from "#app/domain/mail.ts";

type Inquiry = {
  name: string;
  email: string;
  phoneNumber: string | null;
  businessName: string | null;
  existingWebsiteUrl: string | null;
  projectType: ProjectType;
  budgetRange: BudgetRange | null;
  message: string;
};

/** The owner's notification of a new inquiry: 'New inquiry from {name}', the fields, and a link to the inbox. */
export function inquiryNotification(inquiry: Inquiry, inboxUrl: string): MailMessageContent {
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
