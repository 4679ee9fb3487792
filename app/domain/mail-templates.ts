/**
 * The client mails the owner can word (Settings → Emails, ADR 0050): each template's subject and
 * opening text, with placeholders such as {client_name} filled when the mail is written. The defaults
 * are the texts the studio sent before they were editable. What follows the opening (the button, how
 * to pay, what changed, the studio's footer) is the mail's own and always there.
 */
import { z } from "zod";
import { tooLong } from "#app/domain/limits.ts";
import { type Cents, formatMoney } from "#app/domain/money.ts";
import { normaliseLineBreaks, requiredText } from "#app/domain/validation.ts";

export const placeholderLabels = {
  client_name: "The client's name",
  studio_name: "The studio's name",
  document_number: "The document's number (INV-0001)",
  document_type: "invoice or estimate",
  amount: "The amount (the balance due of an invoice, the total of an estimate)",
  due_date: "The due date",
  payment_amount: "The amount paid",
  payment_date: "The day it was paid",
  proposal_title: "The proposal's title",
  valid_until: "The last day the proposal can be signed",
  link_expires: "The last day the portal link works",
  deliverable_title: "The deliverable's title and version (Homepage design v2)",
  project_name: "The project's name",
  phase_name: "The phase's name",
  end_date: "The project's end date",
} as const;
export type Placeholder = keyof typeof placeholderLabels;
export type PlaceholderValues = Partial<Record<Placeholder, string>>;

type TemplateDefinition = {
  label: string;
  /** when it is sent */
  description: string;
  placeholders: readonly Placeholder[];
  subject: string;
  opening: string;
};

const document = ["client_name", "studio_name", "document_number", "amount", "due_date"] as const;

export const mailTemplates = {
  invoice: {
    label: "Invoice",
    description: "An invoice sent to the client: by you, on signing (the deposit) or by a retainer in send mode.",
    placeholders: document,
    subject: "Invoice {document_number} from {studio_name}",
    opening: "Hello {client_name},\n\nPlease find invoice {document_number} for {amount}, due on {due_date}, attached.",
  },
  estimate: {
    label: "Estimate",
    description: "An estimate sent to the client.",
    placeholders: ["client_name", "studio_name", "document_number", "amount"],
    subject: "Estimate {document_number} from {studio_name}",
    opening:
      "Hello {client_name},\n\nPlease find estimate {document_number} for {amount} attached.\nYou can review it and accept or decline it online.",
  },
  revision: {
    label: "Revised document",
    description: "A revised invoice or estimate sent again; the mail lists what changed below the opening.",
    placeholders: [...document, "document_type"],
    subject: "Revised {document_type} {document_number} from {studio_name}",
    opening:
      "Hello {client_name},\n\nWe have revised {document_type} {document_number}, now {amount}. This version replaces the one we sent before.",
  },
  reminder_before: {
    label: "Payment reminder: due soon",
    description: "A reminder before the due date (Settings → Invoices sets the days).",
    placeholders: document,
    subject: "Reminder: invoice {document_number} from {studio_name} is due soon",
    opening:
      "Hello {client_name},\n\nThis is a friendly reminder that invoice {document_number} for {amount} is due on {due_date}.\nIf you have already paid, please ignore this message.",
  },
  reminder_due: {
    label: "Payment reminder: due today",
    description: "A reminder on the due date.",
    placeholders: document,
    subject: "Reminder: invoice {document_number} from {studio_name} is due today",
    opening:
      "Hello {client_name},\n\nThis is a friendly reminder that invoice {document_number} for {amount} is due today.\nIf you have already paid, please ignore this message.",
  },
  reminder_overdue: {
    label: "Payment reminder: overdue",
    description: "A reminder after the due date.",
    placeholders: document,
    subject: "Reminder: invoice {document_number} from {studio_name} is overdue",
    opening:
      "Hello {client_name},\n\nOur records show that invoice {document_number} for {amount} was due on {due_date} and is still unpaid.\nIf you have already paid, please ignore this message.",
  },
  receipt: {
    label: "Payment receipt",
    description: "A payment recorded on an invoice, by you or online; the mail says the balance below the opening.",
    placeholders: ["client_name", "studio_name", "document_number", "payment_amount", "payment_date"],
    subject: "Receipt for invoice {document_number} from {studio_name}",
    opening:
      "Hello {client_name},\n\nWe received your payment of {payment_amount} for invoice {document_number} on {payment_date}.",
  },
  void: {
    label: "Void notice",
    description: "A sent invoice or estimate voided; the void copy is attached.",
    placeholders: ["client_name", "studio_name", "document_number", "document_type", "amount"],
    subject: "Void: {document_type} {document_number} from {studio_name}",
    opening:
      "Hello {client_name},\n\nWe have voided {document_type} {document_number} ({amount}): nothing is owed on it any more. The void copy is attached for your records.",
  },
  proposal: {
    label: "Proposal",
    description: "A proposal sent to the client to sign.",
    placeholders: ["client_name", "studio_name", "document_number", "proposal_title", "valid_until"],
    subject: "Proposal {document_number} from {studio_name}",
    opening:
      "Hello {client_name},\n\nHere is our proposal {document_number}: {proposal_title}.\nChoose the package and add-ons that suit you, read the agreement and sign it online.",
  },
  proposal_signed: {
    label: "Signed proposal",
    description: "The client's copy once they sign a proposal, with the signed PDF.",
    placeholders: ["client_name", "studio_name", "document_number", "proposal_title"],
    subject: "Signed: proposal {document_number} from {studio_name}",
    opening: "Hello {client_name},\n\nThank you for signing. Your signed copy is attached.",
  },
  portal_link: {
    label: "Client portal link",
    description: "A link to the client's portal, sent by you or asked for by the client.",
    placeholders: ["client_name", "studio_name", "link_expires"],
    subject: "Your client portal at {studio_name}",
    opening:
      "Hello {client_name},\n\nYour proposals, estimates, invoices, payments, bookings and projects with {studio_name} are on your client portal.",
  },
  deliverable_ready: {
    label: "Deliverable to review",
    description:
      "A new version of a deliverable posted in the project room, for the client to approve or ask changes to.",
    placeholders: ["client_name", "studio_name", "deliverable_title", "project_name"],
    subject: "{deliverable_title} is ready for your review",
    opening:
      "Hello {client_name},\n\n{deliverable_title} for {project_name} is ready. Please have a look, then approve it or tell us what should change.",
  },
  testimonial_request: {
    label: "Testimonial request",
    description:
      "Asks the client of a completed project how it went: a rating, a few words, and whether you may publish them.",
    placeholders: ["client_name", "studio_name", "project_name"],
    subject: "How was working with {studio_name}?",
    opening:
      "Hello {client_name},\n\nThank you for choosing us for {project_name}. Would you tell us how it went? It takes two minutes: a rating and a few words, and you decide whether we may share them.",
  },
} as const satisfies Record<string, TemplateDefinition>;

export type MailTemplateKey = keyof typeof mailTemplates;
export const mailTemplateKeys = Object.keys(mailTemplates) as MailTemplateKey[];

export function isMailTemplateKey(value: unknown): value is MailTemplateKey {
  return typeof value === "string" && Object.hasOwn(mailTemplates, value);
}

/** A template's wording: the owner's, or the default. */
export type MailWording = { subject: string; opening: string };

export function defaultWording(key: MailTemplateKey): MailWording {
  return { subject: mailTemplates[key].subject, opening: mailTemplates[key].opening };
}

const placeholderPattern = /\{([a-z_]+)\}/g;

/** Replaces each known placeholder with its value; an unknown one (or one without a value) stays as typed. */
function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(placeholderPattern, (whole, name: string) =>
    Object.hasOwn(placeholderLabels, name) && values[name as Placeholder] !== undefined
      ? (values[name as Placeholder] as string)
      : whole,
  );
}

/** A template's wording with the values in: the subject on one line. */
export function fillWording(wording: MailWording, values: PlaceholderValues): MailWording {
  return {
    subject: fillPlaceholders(wording.subject, values).replace(/\s+/g, " ").trim().slice(0, maxTemplateSubject),
    opening: fillPlaceholders(wording.opening, values).trim(),
  };
}

/** Placeholders in `text` that `key`'s template does not offer. */
export function unknownPlaceholders(key: MailTemplateKey, text: string): string[] {
  return placeholdersOutside(mailTemplates[key].placeholders, text);
}

/** Placeholders in `text` that are not among `offered` (a template's, an automation's), each once, in order. */
export function placeholdersOutside(offered: readonly string[], text: string): string[] {
  const known = new Set<string>(offered);
  return [...new Set([...text.matchAll(placeholderPattern)].map((match) => match[1] ?? ""))].filter(
    (name) => !known.has(name),
  );
}

/** What the preview fills in: a sample client and document. */
export const samplePlaceholderValues: Required<PlaceholderValues> = {
  client_name: "Ada Lovelace",
  studio_name: "Your Studio",
  document_number: "INV-0042",
  document_type: "invoice",
  amount: formatMoney(125_000 as Cents),
  due_date: "12/15/2026",
  payment_amount: formatMoney(50_000 as Cents),
  payment_date: "12/01/2026",
  proposal_title: "A new website",
  valid_until: "12/31/2026",
  link_expires: "12/31/2026",
  deliverable_title: "Homepage design v2",
  project_name: "A new website",
  phase_name: "Design",
  end_date: "12/20/2026",
};

// ---------------------------------------------------------------- the form

const maxTemplateSubject = 200;
const maxTemplateOpening = 2000;

export const mailTemplateMessages = {
  saved: (label: string) => `${label} mail saved`,
  reset: (label: string) => `${label} mail is back to its default`,
  subjectRequired: "Please enter a subject",
  openingRequired: "Please enter the opening text",
  unknown: (names: string[], offered: readonly string[]) =>
    `Unknown placeholder${names.length > 1 ? "s" : ""} ${names.map((name) => `{${name}}`).join(", ")}: this mail offers ${offered.map((name) => `{${name}}`).join(", ")}`,
  accentInvalid: "Enter a colour as #rrggbb, for example #16a34a",
  accentSaved: "Mail colour saved",
} as const;

const templateKeyField = z.string().refine(isMailTemplateKey, "Unknown template");

/** A template's subject and opening (posted with intent "save"): no placeholder the mail does not offer. */
export const mailWordingFormSchema = z
  .object({
    intent: z.literal("save"),
    key: templateKeyField,
    subject: z.pipe(
      requiredText(maxTemplateSubject, mailTemplateMessages.subjectRequired, tooLong("Subject", maxTemplateSubject)),
      z.transform((value: string) => value.replace(/\s+/g, " ")),
    ),
    opening: z.pipe(
      z.transform((value: unknown) => (typeof value === "string" ? normaliseLineBreaks(value) : value)),
      requiredText(
        maxTemplateOpening,
        mailTemplateMessages.openingRequired,
        tooLong("Opening text", maxTemplateOpening),
      ),
    ),
  })
  .superRefine((value, context) => {
    if (!isMailTemplateKey(value.key)) return;
    const offered = mailTemplates[value.key].placeholders;
    for (const field of ["subject", "opening"] as const) {
      const unknown = unknownPlaceholders(value.key, value[field]);
      if (unknown.length) {
        context.addIssue({ code: "custom", path: [field], message: mailTemplateMessages.unknown(unknown, offered) });
      }
    }
  });

/** The mails' accent colour (posted with intent "accent"). */
export const accentFormSchema = z.object({
  intent: z.literal("accent"),
  accent: z
    .string()
    .trim()
    .regex(/^#?([0-9a-f]{3}|[0-9a-f]{6})$/i, mailTemplateMessages.accentInvalid),
});

/** Everything Settings → Emails posts: save a wording, reset one to its default, the accent colour. */
export const mailTemplateFormSchema = z.discriminatedUnion("intent", [
  mailWordingFormSchema,
  z.object({ intent: z.literal("reset"), key: templateKeyField }),
  accentFormSchema,
]);

/** The owner's page of the studio's mails (its route and page chunk share it). */
export const emailSettingsPath = "/admin/settings/emails";
