/**
 * Asking the client of a completed project for a testimonial (ADR 0062): the link the mail carries, how long it
 * works, the words of each answer, and the two mails (the client's request in the owner's wording, the owner's
 * news of each answer). The answer itself is `clientTestimonialSchema` (app/domain/case-studies.ts): a rating of
 * 3 or less, or one without the client's permission, stays with the owner. Pure: no I/O.
 */
import { testimonialShowable } from "#app/domain/case-studies.ts";
import type { TestimonialPermission } from "#app/domain/enums.ts";
import { type MailMessageContent, mailContent, paragraphs } from "#app/domain/mail.ts";
import { defaultWording, fillWording, type MailWording } from "#app/domain/mail-templates.ts";

/** How long a request's link works. */
export const testimonialLinkLifetimeDays = 30;

export function testimonialLinkPath(token: string): string {
  return `/t/${token}`;
}

/** The owner's "Request a testimonial" on a completed project posts here. */
export function testimonialRequestPath(projectId: string): string {
  return `/admin/projects/${projectId}/testimonial-request`;
}

export const testimonialRequestMessages = {
  sent: (email: string) => `Testimonial request sent to ${email}`,
  notCompleted: "A testimonial is asked for once the project is completed",
  noEmail: "The customer has no email address to send the request to",
  projectNotFound: "Project not found",
  expired: "This link has expired. Please ask the studio for a new one.",
  answered: "Thank you: your answer has reached us already.",
  thanks: "Thank you! Your words have reached us.",
  /** the owner's mail: where the answer may go */
  shownOnSite: "It can go on the home page and on the project's case study.",
  lowRating: "A rating of 3 or less stays with you: it is never shown on the site.",
  noPermission: "Without the client's permission it stays with you.",
} as const;

/** The permission the client's answer records: theirs when they gave it, else none. */
export function permissionFromClient(consent: boolean): TestimonialPermission {
  return consent ? "client_form" : "none";
}

/** The client's mail: the owner's wording and the button to the form. */
export function testimonialRequestMail(input: {
  studioName: string;
  customerName: string;
  projectName: string;
  link: string;
  wording?: MailWording;
}): MailMessageContent {
  const words = fillWording(input.wording ?? defaultWording("testimonial_request"), {
    client_name: input.customerName,
    studio_name: input.studioName,
    project_name: input.projectName,
  });
  return mailContent(words.subject, [
    ...paragraphs(words.opening),
    { type: "action", label: "Share your experience", url: input.link },
    {
      type: "text",
      text: `The link works for ${testimonialLinkLifetimeDays} days and needs no account. Nothing is published without your permission.`,
    },
    { type: "text", text: input.studioName },
  ]);
}

/** The owner's news of an answer: the rating, the words, and whether they may be shown. */
export function testimonialAnswerOwnerMail(input: {
  customerName: string;
  projectName: string;
  authorName: string;
  rating: number;
  quote: string;
  permission: TestimonialPermission;
  link: string;
}): MailMessageContent {
  const showable = testimonialShowable(input).ok;
  const subject = `${input.customerName} rated ${input.projectName} ${input.rating} of 5`;
  return mailContent(subject, [
    {
      type: "fields",
      rows: [
        ["Project", input.projectName],
        ["Answered by", input.authorName],
        ["Rating", `${input.rating} of 5`],
        ["May be published", input.permission === "none" ? "No" : "Yes"],
      ],
    },
    { type: "text", text: input.quote },
    {
      type: "text",
      text: showable
        ? testimonialRequestMessages.shownOnSite
        : input.rating <= 3
          ? testimonialRequestMessages.lowRating
          : testimonialRequestMessages.noPermission,
    },
    { type: "action", label: "Open the testimonials", url: input.link },
  ]);
}
