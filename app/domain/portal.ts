/**
 * The client portal (ADR 0034): a customer's page at /portal/{token} with their proposals,
 * estimates, invoices, credit notes and payments, a statement, upcoming bookings and projects.
 * Pure rules: how long a link lives, which records a client sees as open or past, the statement's
 * arithmetic (cents), the forms (the public request for a link, the owner's actions on the
 * customer page, a portal's "open this document" button) and the portal mail's text.
 */
import { z } from "zod";
import { addDaysIso, displayDate } from "#app/domain/dates.ts";
import type { InvoiceStatus, InvoiceType, ProposalState } from "#app/domain/enums.ts";
import { uuidField } from "#app/domain/id-fields.ts";
import { isOverdue } from "#app/domain/invoice-status.ts";
import { type MailMessageContent, mailContent, paragraphs } from "#app/domain/mail.ts";
import { defaultWording, fillWording, type MailWording } from "#app/domain/mail-templates.ts";
import type { Cents } from "#app/domain/money.ts";
import { emailAddress } from "#app/domain/validation.ts";

// ---------------------------------------------------------------- links

/**
 * How long a portal link opens the portal: 30 days from when it is issued. The one place to change
 * it (the ADR says so); a link already issued keeps the expiry it was stored with.
 */
export const portalLinkLifetimeDays = 30;

export function portalLinkPath(token: string): string {
  return `/portal/${token}`;
}

/** When a link issued at `now` stops opening the portal. */
export function portalLinkExpiry(now: Date, days: number = portalLinkLifetimeDays): Date {
  return new Date(now.getTime() + days * 86_400_000);
}

// ---------------------------------------------------------------- what the client sees

export type StatementDocument = {
  invoiceType: InvoiceType;
  /** the stored status */
  status: InvoiceStatus;
  balanceDue: Cents;
  dueDate: string | null;
};

/** Stored statuses of an invoice whose balance is still owed. */
const owedStatuses: readonly InvoiceStatus[] = ["sent", "viewed", "partial", "overdue"];

/** An invoice (not an estimate or a credit note) sent, not paid or cancelled, with a balance: what Pay is offered on. */
export function isOwed(document: StatementDocument): boolean {
  return document.invoiceType === "invoice" && owedStatuses.includes(document.status) && document.balanceDue > 0;
}

/**
 * Open: still asks something of the client (an invoice with a balance, an estimate awaiting an
 * answer, a proposal to sign). Past: everything else shown.
 */
export function isOpenDocument(document: StatementDocument): boolean {
  if (document.invoiceType === "estimate") return document.status === "sent" || document.status === "viewed";
  return isOwed(document);
}

export function isOpenProposal(proposal: { state: ProposalState }): boolean {
  return proposal.state === "sent" || proposal.state === "viewed";
}

export type Statement = {
  /** the balances of the invoices owed, in cents */
  owed: Cents;
  owedCount: number;
  /** the part of `owed` past its due date (the studio's today) */
  overdue: Cents;
  overdueCount: number;
  /** the earliest due date among the owed invoices not yet overdue, if any */
  nextDueDate: string | null;
};

/**
 * The statement: what is owed and what is overdue, as the owner's Outstanding and Overdue read
 * them (`receivableTotals`; the integration tests prove the two agree). Balances are already net of
 * payments and credit notes, so credit notes and payments add nothing here.
 */
export function portalStatement(documents: readonly StatementDocument[], today: string): Statement {
  let owed = 0;
  let owedCount = 0;
  let overdue = 0;
  let overdueCount = 0;
  let nextDueDate: string | null = null;
  for (const document of documents) {
    if (!isOwed(document)) continue;
    owed += document.balanceDue;
    owedCount += 1;
    if (isOverdue(document, today)) {
      overdue += document.balanceDue;
      overdueCount += 1;
    } else if (document.dueDate !== null && (nextDueDate === null || document.dueDate < nextDueDate)) {
      nextDueDate = document.dueDate;
    }
  }
  return { owed, owedCount, overdue, overdueCount, nextDueDate };
}

// ---------------------------------------------------------------- forms

export const portalMessages = {
  emailRequired: "Enter your email address",
  requested:
    "If this address belongs to one of our clients, a link to their portal is on its way. It may take a few minutes.",
  invalidLink: "This portal link is not valid or has expired. You can ask for a new one below.",
  notFound: "Not found",
  sent: (to: string) => `Portal link emailed to ${to}`,
  copied: "Portal link created: copy it now, it is shown once.",
  revoked: (count: number) =>
    count === 0 ? "No live portal links to revoke" : `${count} portal ${count === 1 ? "link" : "links"} revoked`,
  noEmail: "This customer has no email address",
} as const;

/** The public page's form: the address to send a fresh link to. */
export const portalRequestSchema = z.object({ email: emailAddress(portalMessages.emailRequired) });

/** The owner's actions in the customer page's Client portal card. */
const portalIntents = ["portal-send", "portal-copy", "portal-revoke"] as const;
export const portalActionSchema = z.object({ intent: z.enum(portalIntents) });

/** A portal's Answer / Open button: which record to open on its own client page. */
export const portalOpenSchema = z.object({
  kind: z.enum(["document", "proposal", "deliverable"]),
  id: uuidField(portalMessages.notFound),
  /** "pay": open an invoice at its How to pay section (Pay Online, bank details; ADR 0035) */
  to: z.enum(["view", "pay"]).catch("view"),
});
export type PortalOpen = z.output<typeof portalOpenSchema>;

// ---------------------------------------------------------------- mail

export function portalMail(input: {
  studioName: string;
  customerName: string;
  link: string;
  /** the studio's today, for the expiry's date */
  today: string;
  days?: number;
  /** the owner's wording (Settings → Emails) */
  wording?: MailWording;
}): MailMessageContent {
  const until = displayDate(addDaysIso(input.today, input.days ?? portalLinkLifetimeDays));
  const words = fillWording(input.wording ?? defaultWording("portal_link"), {
    client_name: input.customerName,
    studio_name: input.studioName,
    link_expires: until,
  });
  return mailContent(words.subject, [
    ...paragraphs(words.opening),
    { type: "action", label: "Open your client portal", url: input.link },
    {
      type: "text",
      text: `The link works until ${until}. Keep it to yourself: anyone with it can see your documents. You can ask for a new one at any time on the portal's page.`,
    },
    { type: "text", text: input.studioName },
  ]);
}
