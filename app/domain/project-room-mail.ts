/**
 * The project room's mails (ADR 0057): the client's "ready for your review" (the owner's wording, Settings →
 * Emails), the owner's mail for each answer, and a fresh link asked for from an expired one.
 */
import { type MailMessageContent, mailContent, paragraphs } from "#app/domain/mail.ts";
import { defaultWording, fillWording, type MailWording } from "#app/domain/mail-templates.ts";
import {
  type DeliverableAnswer,
  deliverableAnswerLabels,
  deliverableLinkLifetimeDays,
  versionLabel,
} from "#app/domain/project-room.ts";

/** The client's mail for a new version: the owner's wording, the note, the button to the deliverable. */
export function deliverableMail(input: {
  studioName: string;
  customerName: string;
  projectName: string;
  title: string;
  version: number;
  note: string | null;
  link: string;
  wording?: MailWording;
}): MailMessageContent {
  const words = fillWording(input.wording ?? defaultWording("deliverable_ready"), {
    client_name: input.customerName,
    studio_name: input.studioName,
    deliverable_title: `${input.title} ${versionLabel(input.version)}`,
    project_name: input.projectName,
  });
  return mailContent(words.subject, [
    ...paragraphs(words.opening),
    ...(input.note ? [{ type: "text" as const, text: input.note }] : []),
    { type: "action", label: "Review it", url: input.link },
    {
      type: "text",
      text: `The link works for ${deliverableLinkLifetimeDays} days and needs no account. Keep it to yourself: anyone with it can answer for you.`,
    },
    { type: "text", text: input.studioName },
  ]);
}

/** The owner's mail for each answer. */
export function deliverableAnswerOwnerMail(input: {
  customerName: string;
  projectName: string;
  title: string;
  version: number;
  answer: DeliverableAnswer;
  name: string;
  comment: string | null;
  invoiceNumbers: readonly string[];
  link: string;
}): MailMessageContent {
  const what = `${input.title} ${versionLabel(input.version)}`;
  const subject =
    input.answer === "approved"
      ? `${input.customerName} approved ${what}`
      : `${input.customerName} asked for changes to ${what}`;
  return mailContent(subject, [
    {
      type: "fields",
      rows: [
        ["Project", input.projectName],
        ["Deliverable", what],
        ["Answer", deliverableAnswerLabels[input.answer]],
        ["Answered by", input.name],
      ],
    },
    ...(input.comment ? [{ type: "text" as const, text: input.comment }] : []),
    ...(input.invoiceNumbers.length
      ? [
          {
            type: "text" as const,
            text: `The phase is approved: invoice ${input.invoiceNumbers.join(", ")} was sent to the client.`,
          },
        ]
      : []),
    { type: "action", label: "Open the project room", url: input.link },
  ]);
}

/** A fresh link asked for from an expired one. */
export function freshDeliverableLinkMail(input: {
  studioName: string;
  customerName: string;
  title: string;
  link: string;
}) {
  return mailContent(`Your link to ${input.title}`, [
    { type: "text", text: `Hello ${input.customerName},` },
    { type: "text", text: `Here is a fresh link to ${input.title}.` },
    { type: "action", label: "Review it", url: input.link },
    { type: "text", text: input.studioName },
  ]);
}
