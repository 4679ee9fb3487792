import { budgetRangeLabels, projectTypeLabels } from "#app/domain/enums.ts";
import { type MailMessageContent, mailContent } from "#app/domain/mail.ts";
import type { SubmissionFields } from "#app/domain/submissions.ts";

/**
 * A one-line field as it goes into a mail header or a "Label: value" line: line breaks and other
 * control characters become spaces, so a visitor's name cannot forge lines or headers.
 */
export function oneLine(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  return value.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, " ").trim();
}

/**
 * The owner's notification of a new inquiry: 'New inquiry from {name}', the fields, and a link to
 * the inbox. The link comes first and the one-line fields are kept to one line; only the message,
 * under its own heading, keeps its line breaks.
 */
export function inquiryNotification(submission: SubmissionFields, inboxUrl: string): MailMessageContent {
  const optional = (value: string | null) => (value ? oneLine(value) : "-");
  return mailContent(`New inquiry from ${oneLine(submission.name)}`, [
    { type: "action", label: "Open it in the inbox", url: inboxUrl },
    {
      type: "fields",
      rows: [
        ["Name", oneLine(submission.name)],
        ["Email", oneLine(submission.email)],
        ["Phone", optional(submission.phoneNumber)],
        ["Business", optional(submission.businessName)],
        ["Existing website", optional(submission.existingWebsiteUrl)],
        ["Project type", projectTypeLabels[submission.projectType]],
        ["Budget", submission.budgetRange ? budgetRangeLabels[submission.budgetRange] : "Not specified"],
        ["Package", optional(submission.packageName ?? null)],
      ],
    },
    { type: "heading", text: "Message:" },
    { type: "text", text: submission.message },
  ]);
}
