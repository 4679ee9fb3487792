/**
 * Every mail a document causes goes through one function, `queueDocumentMail` (ADR 0017, 0049): the
 * owner's own sends and Save & Send, a deposit invoice on signing, a retainer's invoice in send mode, a
 * payment reminder, a revised version, the notice of a void, a receipt. In the caller's transaction (the
 * one that saved the document, when there is one) it issues a client link, writes the mail to the outbox
 * (sealed: it carries the link) with the document's PDF named as an attachment to render at delivery, in
 * its true state then (Sent, Paid, VOID), records the send history, marks a draft sent, and audits. So a
 * document saved in send mode is mailed exactly once even if the process dies right after the commit,
 * and no PDF is rendered inside a transaction (a render holds the embedded database for its duration). A
 * PDF that cannot be made at delivery is retried with the mail; after the last try the mail goes with
 * the link only and the history says why (services/mail.server.ts).
 * Payment reminders go once per offset (the history's unique (invoice, offset) keeps several instances
 * from doubling), each in its own short transaction.
 */

import type { Config } from "#app/config.server.ts";
import type { Db, Queryable } from "#app/db/client.server.ts";
import { automationMessages, builtInRuleName } from "#app/domain/automations.ts";
import { addDaysIso, todayIn } from "#app/domain/dates.ts";
import { pdfFileName } from "#app/domain/invoice-pages.ts";
import { toCents } from "#app/domain/money.ts";
import { bankTransferLines } from "#app/domain/online-payments.ts";
import { fail, type Result } from "#app/domain/result.ts";
import {
  clientLinkPath,
  type DocumentMailKind,
  documentMail,
  documentWording,
  dueReminder,
  type InvoiceSendKind,
  type MessageExtras,
  type PaymentInstructions,
  type ReceiptFacts,
  reminderOffsetLabel,
  reminderSchedule,
  type SendForm,
  type SendSubject,
  templateFor,
} from "#app/domain/sending.ts";
import type { DueSubject } from "#app/models/automations.server.ts";
import { getBusinessSettings, getStudioIdentity } from "#app/models/business-settings.server.ts";
import { latestRevisionChanges, voidDocument } from "#app/models/document-lifecycle.server.ts";
import {
  attachSendMail,
  insertSend,
  markSent,
  reminderCandidates,
  reminderStillOwed,
} from "#app/models/invoice-sends.server.ts";
import { getPrintableInvoice, type PrintableInvoice } from "#app/models/invoices.server.ts";
import { getMailWording } from "#app/models/mail-templates.server.ts";
import { getPaymentSettings } from "#app/models/payment-settings.server.ts";
import { audit, auditedChange } from "#app/services/audit.server.ts";
import { type RuleHandler, runAutomations } from "#app/services/automations.server.ts";
import { issueClientLink, newClientToken } from "#app/services/client-links.server.ts";
import type { Logger } from "#app/services/logger.server.ts";
import { enqueueMail, mailKey } from "#app/services/mail.server.ts";
import { onlinePaymentOffer } from "#app/services/online-payments.server.ts";

/** Sent, or why not: no such document, or cancelled. */
type SendResult = Result<{ invoiceType: PrintableInvoice["invoiceType"] }, "not-found" | "cancelled">;

function subjectOf(invoice: PrintableInvoice, businessName: string): SendSubject {
  return {
    invoiceType: invoice.invoiceType,
    invoiceNumber: invoice.invoiceNumber,
    businessName,
    customerName: invoice.customer.name,
    total: toCents(invoice.totalAmount) ?? 0,
    balanceDue: toCents(invoice.balanceDue) ?? 0,
    dueDate: invoice.dueDate,
  };
}

export type SendDeps = {
  db: Db;
  /** the site's address for links; the session secret's mail key seals bodies that carry a client link */
  config: Pick<Config, "publicUrl" | "sessionSecret"> & Partial<Pick<Config, "stripe">>;
  logger: Logger;
};

/** Who sends: a signed-in admin, or null for the studio's own jobs (a retainer's invoice sent by itself). */
export type SendActor = { userId: string; email: string } | null;

/** How an invoice mail says to pay (ADR 0035): online when a provider is set up, the bank details. */
async function paymentInstructions(
  db: Queryable,
  deps: Pick<SendDeps, "config">,
  invoice: PrintableInvoice,
): Promise<PaymentInstructions> {
  if (invoice.invoiceType !== "invoice") return {};
  // a draft being sent takes payments once sent, in this same transaction
  const status = invoice.status === "draft" ? "sent" : invoice.status;
  const [offer, settings] = await Promise.all([
    onlinePaymentOffer(
      { db, config: { publicUrl: deps.config.publicUrl, stripe: deps.config.stripe ?? null } },
      { ...invoice, status },
    ),
    getPaymentSettings(db),
  ]);
  const balance = toCents(invoice.balanceDue) ?? 0;
  return {
    payOnline: offer !== null,
    bankTransfer: balance > 0 ? bankTransferLines(settings, invoice.invoiceNumber) : null,
  };
}

export type DocumentMailInput = {
  invoiceId: string;
  /** why it is mailed; a "send" of a revised document is a "revision" */
  kind: DocumentMailKind;
  /** the owner's send form; without it, the template's wording to the customer's address */
  form?: SendForm;
  /** a reminder's offset in days from the due date (sent once each) */
  reminderOffset?: number;
  /** a receipt's payment */
  receipt?: ReceiptFacts;
  actor: SendActor;
  ip: string | null;
  now?: Date;
};

/**
 * The mail queued, or why not: no such document, `cancelled` (only its void notice goes out), or
 * `already-sent` (that reminder was recorded before, by this run or another instance).
 */
export type QueuedDocumentMail = Result<
  {
    mailId: string;
    invoiceNumber: string;
    invoiceType: PrintableInvoice["invoiceType"];
    kind: InvoiceSendKind;
    to: string;
  },
  "not-found" | "cancelled" | "already-sent"
>;

/**
 * The one sending path (see the module comment), inside the caller's transaction `tx`: the link, the
 * outbox message with its PDF to render at delivery, the send history, a draft marked sent, the audit.
 */
export async function queueDocumentMail(
  tx: Queryable,
  deps: Pick<SendDeps, "config">,
  input: DocumentMailInput,
): Promise<QueuedDocumentMail> {
  const invoice = await getPrintableInvoice(tx, input.invoiceId);
  if (!invoice) return fail("not-found");
  if (invoice.status === "cancelled" && input.kind !== "void") return fail("cancelled");
  const kind: DocumentMailKind = input.kind === "send" && invoice.revision > 1 ? "revision" : input.kind;
  const studio = await getStudioIdentity(tx);
  const doc = subjectOf(invoice, studio.businessName);
  const to = input.form?.to ?? invoice.customer.email;
  const extras: MessageExtras =
    kind === "revision"
      ? { changes: await latestRevisionChanges(tx, invoice.id) }
      : kind === "receipt"
        ? { receipt: input.receipt }
        : {};
  const words = input.form
    ? { subject: input.form.subject, message: input.form.message }
    : documentWording(
        kind,
        doc,
        await getMailWording(tx, templateFor(kind, invoice.invoiceType, input.reminderOffset ?? null)),
        extras,
      );

  // a reminder is recorded first: another run (another instance) that recorded it already wins
  let sendId: string | null = null;
  if (kind === "reminder") {
    sendId = await insertSend(tx, {
      invoiceId: invoice.id,
      kind: "reminder",
      recipient: to,
      subject: words.subject,
      pdfAttached: true,
      reminderOffset: input.reminderOffset ?? null,
    });
    if (!sendId) return fail("already-sent");
  }

  // the notice of a void gives no link (there is nothing left to do on the document); every other mail does
  let clientUrl: string | null = null;
  if (kind !== "void") {
    const made = newClientToken();
    clientUrl = new URL(clientLinkPath(made.token), deps.config.publicUrl).toString();
    await issueClientLink(tx, deps.config.publicUrl, invoice.id, made);
  }
  const payment = kind === "void" ? {} : await paymentInstructions(tx, deps, invoice);
  const content = documentMail({
    subject: words.subject,
    message: words.message,
    link: clientUrl,
    invoiceType: invoice.invoiceType,
    payment,
  });
  const mailId = await enqueueMail(
    tx,
    { to, ...content },
    {
      seal: mailKey(deps.config.sessionSecret),
      attachments: [
        {
          filename: pdfFileName(invoice.invoiceNumber),
          contentType: "application/pdf",
          source: { kind: "document-pdf", invoiceId: invoice.id, clientUrl },
        },
      ],
    },
  );
  if (sendId) {
    await attachSendMail(tx, sendId, mailId);
  } else {
    await insertSend(tx, {
      invoiceId: invoice.id,
      kind,
      recipient: to,
      subject: words.subject,
      mailId,
      pdfAttached: true,
      pdfError: null,
      createdBy: input.actor?.userId ?? null,
    });
  }
  if (kind === "send" || kind === "revision") {
    await markSent(tx, invoice.id, input.now);
    await audit(tx, {
      event: "invoice_sent",
      userId: input.actor?.userId,
      email: input.actor?.email,
      ip: input.ip,
      detail: { invoice: invoice.invoiceNumber, to, ...(kind === "revision" ? { revision: invoice.revision } : {}) },
    });
  }
  return { ok: true, mailId, invoiceNumber: invoice.invoiceNumber, invoiceType: invoice.invoiceType, kind, to };
}

/**
 * The send page (the owner's recipient, subject and message) or, without a form, 'Save & Send' in the
 * editor (the template's wording to the customer): in a transaction of its own.
 */
export async function sendDocument(
  deps: SendDeps,
  input: { invoiceId: string; form?: SendForm; actor: SendActor; ip: string | null },
): Promise<SendResult> {
  const queued = await deps.db.transaction((tx) => queueDocumentMail(tx, deps, { ...input, kind: "send" }));
  if (queued.ok) return { ok: true, invoiceType: queued.invoiceType };
  return fail(queued.reason === "not-found" ? "not-found" : "cancelled");
}

/**
 * Voids a document (models/document-lifecycle.server.ts) and, when it had been sent, mails the client a
 * notice with the VOID PDF, in the void's transaction with its audit entry. `noticeTo`: who was told.
 */
export async function voidWithNotice(
  deps: Pick<SendDeps, "db" | "config">,
  input: { invoiceId: string; reason: string; actor: { userId: string; email: string }; ip: string | null },
) {
  return auditedChange(
    deps.db,
    async (tx) => {
      const outcome = await voidDocument(tx, input.invoiceId, input.reason);
      if (!outcome?.ok) return outcome;
      const notice = outcome.sent
        ? await queueDocumentMail(tx, deps, {
            invoiceId: input.invoiceId,
            kind: "void",
            actor: input.actor,
            ip: input.ip,
          })
        : null;
      return { ...outcome, noticeTo: notice?.ok ? notice.to : null };
    },
    {
      actor: input.actor,
      ip: input.ip,
      event: "document_voided",
      when: (result) => result.ok,
      detail: (result) => ({
        document: result.ok ? result.invoiceNumber : null,
        reason: input.reason,
        notice: result.ok ? result.noticeTo : null,
      }),
    },
  );
}

/** The send page's defaults: the template's subject and message (a revision's says what changed). */
export async function sendDefaults(
  db: Queryable,
  invoice: PrintableInvoice,
): Promise<{ subject: string; message: string }> {
  const studio = await getStudioIdentity(db);
  const kind: DocumentMailKind = invoice.revision > 1 ? "revision" : "send";
  return documentWording(
    kind,
    subjectOf(invoice, studio.businessName),
    await getMailWording(db, templateFor(kind, invoice.invoiceType)),
    kind === "revision" ? { changes: await latestRevisionChanges(db, invoice.id) } : {},
  );
}

/** A reminder run's subject: the invoice and the offset from its due date ("{id}:{offset}"). */
function reminderSubject(subjectId: string): { invoiceId: string; offset: number } | null {
  const match = /^([0-9a-f-]{36}):(-?\d{1,3})$/.exec(subjectId);
  return match ? { invoiceId: match[1] ?? "", offset: Number(match[2]) } : null;
}

/**
 * The built-in rule "Payment reminders" (ADR 0063): for each sent, unpaid invoice whose reminder of the day is due
 * (Settings → Invoices sets the days before and after the due date), a run per (invoice, offset), due that day;
 * the step queues the reminder through the one sending path, recorded once per (invoice, offset) by the history's
 * unique key as before, or is skipped when the invoice was cancelled or the reminder already went.
 */
/**
 * The payment reminders a pass finds (`schedule` picks the offsets of each unpaid invoice: the one due today, or
 * every one still to come), each a run at its day; of one customer, or of every customer.
 */
async function reminderSubjects(
  db: Queryable,
  now: Date,
  schedule: (input: Parameters<typeof dueReminder>[0]) => number[],
  customerId?: string,
): Promise<DueSubject[]> {
  const settings = await getBusinessSettings(db);
  const offsets = settings?.reminderOffsets ?? [-3, 0, 7];
  if (offsets.length === 0) return [];
  const timeZone = settings?.timeZone ?? "America/New_York";
  const today = todayIn(timeZone, now);
  const subjects: DueSubject[] = [];
  for (const candidate of await reminderCandidates(db, customerId)) {
    if (!candidate.dueDate) continue;
    const dueDate = candidate.dueDate;
    const chosen = schedule({
      dueDate,
      sentDay: candidate.sentAt ? todayIn(timeZone, candidate.sentAt) : "0000-00-00",
      today,
      offsets,
      alreadySent: (candidate.alreadySent ?? []).filter((value): value is number => value !== null),
    });
    for (const offset of chosen) {
      subjects.push({
        subjectType: "invoice",
        subjectId: `${candidate.id}:${offset}`,
        subjectLabel: `${candidate.invoiceNumber} · ${candidate.customerName} (${reminderOffsetLabel(offset)})`,
        dueAt: new Date(`${addDaysIso(dueDate, offset)}T00:00:00Z`),
        customerId: candidate.customerId,
        projectId: candidate.projectId,
      });
    }
  }
  return subjects;
}

export function paymentReminderRule(deps: SendDeps): RuleHandler {
  return {
    key: "payment-reminder",
    name: builtInRuleName("payment-reminder"),
    due(db, now) {
      return reminderSubjects(db, now, (input) => {
        const offset = dueReminder(input);
        return offset === null ? [] : [offset];
      });
    },
    upcoming(db, customerId, now) {
      return reminderSubjects(db, now, reminderSchedule, customerId);
    },
    async perform(tx, run) {
      const subject = reminderSubject(run.subjectId);
      if (!subject) return fail("skipped", { message: automationMessages.invoiceGone });
      // paid, cancelled or reminders turned off since the run was scheduled: nothing to remind
      if (!(await reminderStillOwed(tx, subject.invoiceId))) {
        return fail("skipped", { message: automationMessages.reminderNotOwed });
      }
      const made = await queueDocumentMail(tx, deps, {
        invoiceId: subject.invoiceId,
        kind: "reminder",
        reminderOffset: subject.offset,
        actor: null,
        ip: null,
      });
      if (made.ok) return { ok: true };
      const why = made.reason === "already-sent" ? automationMessages.reminderSent : automationMessages.invoiceGone;
      return fail("skipped", { message: why });
    },
  };
}

/**
 * Queues the payment reminders due today through their rule: each run in its own short transaction, with a rest
 * between them (ADR 0048), once per (invoice, offset) however many instances run at once. Once `signal` is
 * aborted (shutting down) it stops between two reminders and calls `onPostponed`: the rest wait for the next pass.
 */
export async function queueDueReminders(
  deps: SendDeps,
  now = new Date(),
  options: { signal?: AbortSignal; onPostponed?: () => void } = {},
): Promise<number> {
  const pass = await runAutomations(deps.db, [paymentReminderRule(deps)], now, { ...options, pace: true });
  return pass.sent;
}
