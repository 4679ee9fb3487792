/**
 * Emailing a document (ADR 0017): a new client link, the PDF rendered and attached,
 * one outbox message, the send history row, draft → sent, and the audit entry, all in one
 * transaction. A PDF that fails to render never drops the email: it goes with the link only,
 * the failure is logged and recorded in the history for the owner to see.
 * Payment reminders use the same path without the PDF, once per offset (the history's unique
 * (invoice, offset) keeps several instances from doubling), each in its own short transaction.
 */

import type { Config } from "#app/config.server.ts";
import type { Db } from "#app/db/client.server.ts";
import { todayIn } from "#app/domain/dates.ts";
import { pdfFileName } from "#app/domain/invoice-form.ts";

import { toCents } from "#app/domain/money.ts";
import { bankTransferLines } from "#app/domain/online-payments.ts";
import {
  clientLinkPath,
  defaultMessage,
  defaultSubject,
  dueReminder,
  mailText,
  type PaymentInstructions,
  reminderMessage,
  reminderSubject,
  type SendForm,
  type SendSubject,
} from "#app/domain/sending.ts";
import { getBusinessSettings, getStudioIdentity } from "#app/models/business-settings.server.ts";
import { attachSendMail, insertSend, markSent, reminderCandidates } from "#app/models/invoice-sends.server.ts";
import { getPrintableInvoice, type PrintableInvoice } from "#app/models/invoices.server.ts";
import { getPaymentSettings } from "#app/models/payment-settings.server.ts";
import { audit } from "#app/services/audit.server.ts";
import { restAfter } from "#app/services/background.server.ts";
import { issueClientLink, newClientToken } from "#app/services/client-links.server.ts";
import { renderDocumentPdf } from "#app/services/document-pdf-file.server.ts";
import type { Logger } from "#app/services/logger.server.ts";
import { enqueueMail, mailKey } from "#app/services/mail.server.ts";
import { onlinePaymentOffer } from "#app/services/online-payments.server.ts";

export type SendResult =
  | { status: "sent"; pdfAttached: boolean; invoiceType: PrintableInvoice["invoiceType"] }
  | { status: "not-found" }
  | { status: "cancelled" };

/** Renders the document's PDF; null (and logged) when rendering fails. */
async function renderPdf(db: Db, invoice: PrintableInvoice, logger: Logger, clientUrl?: string) {
  try {
    // an email is worth waiting for a render slot longer than a page is
    return { bytes: await renderDocumentPdf(db, invoice, { maxWaitMs: 60_000, clientUrl }), error: null };
  } catch (error) {
    logger.error({ err: error, invoice: invoice.id }, "invoice PDF could not be rendered for an email");
    const reason = error instanceof Error ? error.message : String(error);
    return { bytes: null, error: reason.slice(0, 500) || "rendering failed" };
  }
}

/** What the email says about paying (ADR 0035): online when a provider is set up, the bank details. */
async function paymentInstructions(deps: SendDeps, invoice: PrintableInvoice): Promise<PaymentInstructions> {
  if (invoice.invoiceType !== "invoice") return {};
  const [offer, settings] = await Promise.all([
    onlinePaymentOffer(
      { db: deps.db, config: { publicUrl: deps.config.publicUrl, stripe: deps.config.stripe ?? null } },
      invoice,
    ),
    getPaymentSettings(deps.db),
  ]);
  const balance = toCents(invoice.balanceDue) ?? 0;
  return {
    payOnline: offer !== null,
    bankTransfer: balance > 0 ? bankTransferLines(settings, invoice.invoiceNumber) : null,
  };
}

export function subjectOf(invoice: PrintableInvoice, businessName: string): SendSubject {
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
  /** for tests: make the PDF fail */
  render?: typeof renderPdf;
};

/** Who sends: a signed-in admin, or null for the studio's own jobs (a retainer's invoice sent by itself). */
export type SendActor = { userId: string; email: string } | null;

export async function sendDocument(
  deps: SendDeps,
  input: { invoiceId: string; form: SendForm; actor: SendActor; ip: string | null },
): Promise<SendResult> {
  const invoice = await getPrintableInvoice(deps.db, input.invoiceId);
  if (!invoice) return { status: "not-found" };
  if (invoice.status === "cancelled") return { status: "cancelled" };
  // the link's token is made first: the PDF prints its address as a QR code; it is stored with the mail
  const made = newClientToken();
  const clientUrl = new URL(clientLinkPath(made.token), deps.config.publicUrl).toString();
  const pdf = await (deps.render ?? renderPdf)(deps.db, invoice, deps.logger, clientUrl);
  const howToPay = await paymentInstructions(deps, invoice);
  await deps.db.transaction(async (tx) => {
    const link = await issueClientLink(tx, deps.config.publicUrl, invoice.id, made);
    const mailId = await enqueueMail(
      tx,
      {
        to: input.form.to,
        subject: input.form.subject,
        text: mailText(input.form.message, link, invoice.invoiceType, howToPay),
      },
      {
        seal: mailKey(deps.config.sessionSecret),
        attachments: pdf.bytes
          ? [{ filename: pdfFileName(invoice.invoiceNumber), contentType: "application/pdf", content: pdf.bytes }]
          : [],
      },
    );
    await insertSend(tx, {
      invoiceId: invoice.id,
      kind: "send",
      recipient: input.form.to,
      subject: input.form.subject,
      mailId,
      pdfAttached: pdf.bytes !== null,
      pdfError: pdf.error,
      createdBy: input.actor?.userId ?? null,
    });
    await markSent(tx, invoice.id);
    await audit(tx, {
      event: "invoice_sent",
      userId: input.actor?.userId,
      email: input.actor?.email,
      ip: input.ip,
      detail: { invoice: invoice.invoiceNumber, to: input.form.to, pdf: pdf.bytes !== null },
    });
  });
  return { status: "sent", pdfAttached: pdf.bytes !== null, invoiceType: invoice.invoiceType };
}

/** 'Save & Send' in the editor: the email goes to the customer with the default subject and message. */
export async function sendWithDefaults(
  deps: SendDeps,
  input: { invoiceId: string; actor: SendActor; ip: string | null },
): Promise<SendResult> {
  const invoice = await getPrintableInvoice(deps.db, input.invoiceId);
  if (!invoice) return { status: "not-found" };
  const doc = subjectOf(invoice, (await getStudioIdentity(deps.db)).businessName);
  return sendDocument(deps, {
    ...input,
    form: { to: invoice.customer.email, subject: defaultSubject(doc), message: defaultMessage(doc) },
  });
}

/**
 * Queues the payment reminders due today (in the studio's time zone) and returns how many. Each in
 * its own short transaction, with a rest between them (a day after downtime may hold many: ADR 0048),
 * recorded once per (invoice, offset) by the history's unique key, so several instances at once never
 * send one twice. Once `signal` is aborted (shutting down) it stops between two reminders and calls
 * `onPostponed`: the rest are queued by the next run, the same day.
 */
export async function queueDueReminders(
  deps: SendDeps,
  now = new Date(),
  options: { signal?: AbortSignal; onPostponed?: () => void } = {},
): Promise<number> {
  const settings = await getBusinessSettings(deps.db);
  const offsets = settings?.reminderOffsets ?? [-3, 0, 7];
  if (offsets.length === 0) return 0;
  const timeZone = settings?.timeZone ?? "America/New_York";
  const today = todayIn(timeZone, now);
  const businessName = settings?.businessName ?? (await getStudioIdentity(deps.db)).businessName;
  let queued = 0;
  for (const candidate of await reminderCandidates(deps.db)) {
    if (!candidate.dueDate) continue;
    const offset = dueReminder({
      dueDate: candidate.dueDate,
      sentDay: candidate.sentAt ? todayIn(timeZone, candidate.sentAt) : "0000-00-00",
      today,
      offsets,
      alreadySent: (candidate.alreadySent ?? []).filter((value): value is number => value !== null),
    });
    if (offset === null) continue;
    if (options.signal?.aborted) {
      options.onPostponed?.();
      break;
    }
    const doc: SendSubject = {
      invoiceType: "invoice",
      invoiceNumber: candidate.invoiceNumber,
      businessName,
      customerName: candidate.customerName,
      total: toCents(candidate.totalAmount) ?? 0,
      balanceDue: toCents(candidate.balanceDue) ?? 0,
      dueDate: candidate.dueDate,
    };
    const started = performance.now();
    const made = await deps.db.transaction(async (tx) => {
      const subject = reminderSubject(doc, offset);
      // another run (another instance) that recorded it first wins; this one skips it
      const sendId = await insertSend(tx, {
        invoiceId: candidate.id,
        kind: "reminder",
        recipient: candidate.customerEmail,
        subject,
        pdfAttached: false,
        reminderOffset: offset,
      });
      if (!sendId) return false;
      const link = await issueClientLink(tx, deps.config.publicUrl, candidate.id);
      const mailId = await enqueueMail(
        tx,
        {
          to: candidate.customerEmail,
          subject,
          text: mailText(
            reminderMessage(doc, offset),
            link,
            "invoice",
            await paymentInstructionsFor(tx, deps, candidate),
          ),
        },
        { seal: mailKey(deps.config.sessionSecret) },
      );
      await attachSendMail(tx, sendId, mailId);
      return true;
    });
    if (!made) continue;
    queued++;
    await restAfter(started);
  }
  return queued;
}

/** How to pay an invoice, for a mail (reminders, a signed proposal's deposit): online when Stripe is configured and something is owed, and the bank details. */
export async function paymentInstructionsFor(
  tx: Parameters<typeof getPaymentSettings>[0],
  deps: Pick<SendDeps, "config">,
  candidate: { invoiceNumber: string; balanceDue: string },
): Promise<PaymentInstructions> {
  const settings = await getPaymentSettings(tx);
  return {
    payOnline: Boolean(deps.config.stripe) && (toCents(candidate.balanceDue) ?? 0) > 0,
    bankTransfer: bankTransferLines(settings, candidate.invoiceNumber),
  };
}
