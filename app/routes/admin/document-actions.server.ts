/**
 * The document page's other actions, posted to /admin/invoices/{id} with an `intent`:
 * record or delete a payment, apply the customer's credit (ADR 0043), mark an estimate accepted or
 * declined, convert it to an invoice;
 * the lifecycle's revise, void, delete a draft, issue a credit note, duplicate (ADR 0030); a fresh
 * client link to copy.
 * Each answers the one way and is audited, and works without JavaScript: success redirects with a
 * toast; invalid input is a 400 with the payment form's field errors; a refusal is its status (404
 * the invoice, payment or estimate is gone, 409 its state does not allow it) with the message on the
 * form that asked, named by `form` ("payment", "delete-payment", "estimate", "lifecycle", the
 * lifecycle dialogs' "revise", "void", "credit-note", and "client-link") so the editor's form never
 * takes it for its own.
 */

import { parseWithZod } from "@conform-to/zod/v4";
import type { RouterContextProvider } from "react-router";
import type { ClientLinkAnswer } from "#app/components/admin/client-link.tsx";
import { getApp } from "#app/context.server.ts";
import { applyCreditSchema, creditMessages } from "#app/domain/customer-credit.ts";
import { lifecycleMessages } from "#app/domain/document-lifecycle.ts";
import { creditNoteFormSchema, reviseFormSchema, voidFormSchema } from "#app/domain/document-lifecycle-forms.ts";
import { type DocumentIntent, documentIntentSchema } from "#app/domain/invoice-form.ts";
import { invoiceMessages } from "#app/domain/invoice-pages.ts";
import { estimateMessages } from "#app/domain/invoice-status.ts";
import { formatMoney, toCents } from "#app/domain/money.ts";
import { deletePaymentSchema, paymentFormSchema, paymentMessages } from "#app/domain/payments.ts";
import { sendMessages } from "#app/domain/sending.ts";
import { applyCredit } from "#app/models/credit-payments.server.ts";
import {
  deleteDraft,
  duplicateDocument,
  issueCreditNote,
  reviseDocument,
} from "#app/models/document-lifecycle.server.ts";
import { acceptEstimate, convertEstimate, declineEstimate, type EstimateResult } from "#app/models/estimates.server.ts";
import { deletePayment, PaymentRefusedError } from "#app/models/payments.server.ts";
import { invalid, notFound, redirectWithToast, refuse, serverError } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import type { SessionInfo } from "#app/services/auth.server.ts";
import { copyClientLink } from "#app/services/client-links.server.ts";
import { customerBecomesActive } from "#app/services/customer-status.server.ts";
import { voidWithNotice } from "#app/services/invoice-sending.server.ts";
import { recordManualPayment } from "#app/services/payments.server.ts";

/** The intent of a post for these actions, or null (the editor's own save). */
export function documentIntentOf(formData: FormData): DocumentIntent | null {
  const posted = documentIntentSchema.safeParse(Object.fromEntries(formData));
  return posted.success ? posted.data.intent : null;
}

export async function documentAction({
  intent,
  invoiceId,
  formData,
  session,
  context,
}: {
  intent: DocumentIntent;
  invoiceId: string;
  formData: FormData;
  session: SessionInfo;
  context: Readonly<RouterContextProvider>;
}) {
  const { config, database, ip, logger } = getApp(context);
  const page = `/admin/invoices/${invoiceId}`;

  switch (intent) {
    case "revise":
    case "void":
    case "delete-draft":
    case "credit-note":
    case "duplicate":
      return lifecycleAction({ intent, invoiceId, formData, session, context });
    case "client-link": {
      // 'Copy client link': a fresh link, shown once on the page
      const copied = await copyClientLink(
        { db: database.db, publicUrl: config.publicUrl },
        { invoiceId, actor: { userId: session.userId, email: session.email }, ip },
      );
      if (copied.ok) return { clientLink: copied.link } satisfies ClientLinkAnswer;
      if (copied.reason === "not-found") notFound(invoiceMessages.notFound);
      const reason = copied.reason === "cancelled" ? sendMessages.cancelledLink : sendMessages.noLiveLink;
      return refuse(409, reason, { form: intent });
    }
  }

  if (intent === "record-payment") {
    const submission = parseWithZod(formData, { schema: paymentFormSchema });
    if (submission.status !== "success") {
      return invalid(submission, { form: "payment" });
    }
    try {
      const saved = await recordManualPayment(
        { db: database.db, config },
        { invoiceId, form: submission.value, actor: { userId: session.userId, email: session.email }, ip },
      );
      const receipt = saved.receiptTo ? ` ${paymentMessages.receiptSent(saved.receiptTo)}.` : "";
      return redirectWithToast(config, page, {
        type: "success",
        message: paymentMessages.recorded,
        description: `${formatMoney(submission.value.amount)} on ${saved.invoiceNumber}; balance due ${formatMoney(saved.balanceDue)}.${receipt}`,
        id: "payment",
      });
    } catch (caught) {
      if (caught instanceof PaymentRefusedError) {
        if (caught.reason === "not_found") return refuse(404, caught.message, { submission, form: "payment" });
        // an amount over the balance is the form's input; an estimate or an invoice not payable, its state
        if (caught.field) {
          return invalid(submission, {
            form: "payment",
            fieldErrors: { [caught.field]: [caught.message] },
            toast: { type: "error", message: caught.message },
          });
        }
        return refuse(409, caught.message, { submission, form: "payment" });
      }
      logger.error({ err: caught, invoice: invoiceId }, "payment save failed");
      return serverError(
        submission,
        { type: "error", message: "Error", description: paymentMessages.saveFailed },
        { form: "payment" },
      );
    }
  }

  if (intent === "apply-credit") {
    const submission = parseWithZod(formData, { schema: applyCreditSchema });
    if (submission.status !== "success") return invalid(submission, { form: "apply-credit" });
    const amount = submission.value.amount;
    const applied = await auditedChange(
      database.db,
      (tx) => applyCredit(tx, { invoiceId, amount, createdBy: session.userId }),
      {
        actor: session,
        ip,
        event: "credit_applied",
        when: (result) => result?.ok === true,
        detail: (result) => ({ invoice: result?.ok ? result.invoiceNumber : null, amount: formatMoney(amount) }),
      },
    );
    if (!applied) return refuse(404, invoiceMessages.notFound, { form: "apply-credit" });
    if (!applied.ok) {
      return applied.field
        ? invalid(submission, {
            form: "apply-credit",
            fieldErrors: { [applied.field]: [applied.message] },
            toast: { type: "error", message: applied.message },
          })
        : refuse(409, applied.message, { submission, form: "apply-credit" });
    }
    return redirectWithToast(config, page, {
      type: "success",
      message: creditMessages.applied(amount, applied.invoiceNumber),
      description: `Balance due ${formatMoney(applied.balanceDue)}`,
      id: "apply-credit",
    });
  }

  if (intent === "delete-payment") {
    const submission = parseWithZod(formData, { schema: deletePaymentSchema });
    const paymentId = submission.status === "success" ? submission.value.payment_id : null;
    let deleted: Awaited<ReturnType<typeof deletePayment>> = null;
    try {
      deleted = paymentId
        ? await auditedChange(database.db, async (tx) => (await deletePayment(tx, invoiceId, paymentId)) ?? null, {
            actor: session,
            ip,
            event: "payment_deleted",
            detail: (payment) => ({
              invoice: payment.invoiceNumber,
              amount: formatMoney(toCents(payment.amount) ?? 0),
              status: payment.status,
            }),
          })
        : null;
    } catch (caught) {
      if (caught instanceof PaymentRefusedError) return refuse(409, caught.message, { form: "delete-payment" });
      throw caught;
    }
    if (!deleted) return refuse(404, paymentMessages.notFound, { form: "delete-payment" });
    return redirectWithToast(config, page, {
      type: "success",
      message: paymentMessages.deleted,
      description: `Balance due ${formatMoney(deleted.balanceDue)}`,
    });
  }

  if (intent === "accept-estimate" || intent === "decline-estimate") {
    const result = await auditedChange<EstimateResult<{ invoiceNumber: string }>>(
      database.db,
      async (tx) => {
        if (intent === "decline-estimate") return declineEstimate(tx, invoiceId);
        const accepted = await acceptEstimate(tx, invoiceId, { name: null });
        if (accepted.ok) {
          await customerBecomesActive(tx, { invoiceId }, "estimate accepted", {
            estimate: accepted.value.invoiceNumber,
          });
        }
        return accepted;
      },
      {
        actor: session,
        ip,
        event: intent === "accept-estimate" ? "estimate_accepted" : "estimate_declined",
        when: (outcome) => outcome.ok,
        detail: (outcome) => ({ estimate: outcome.ok ? outcome.value.invoiceNumber : null, by: "owner" }),
      },
    );
    if (!result.ok) {
      return result.reason === "not_found"
        ? refuse(404, estimateMessages.notFound, { form: "estimate" })
        : refuse(409, estimateMessages.cannotAccept, { form: "estimate" });
    }
    return redirectWithToast(config, page, {
      type: "success",
      message: intent === "accept-estimate" ? estimateMessages.accepted : estimateMessages.declined,
    });
  }

  // convert-estimate
  const converted = await auditedChange(database.db, (tx) => convertEstimate(tx, invoiceId), {
    actor: session,
    ip,
    event: "estimate_converted",
    when: (outcome) => outcome.ok && outcome.value.created,
    detail: (outcome) => ({ invoice: outcome.ok ? outcome.value.invoiceNumber : null }),
  });
  if (!converted.ok) {
    return converted.reason === "not_found"
      ? refuse(404, estimateMessages.notFound, { form: "estimate" })
      : refuse(409, estimateMessages.cannotConvert, { form: "estimate" });
  }
  const invoice = converted.value;
  if (!invoice.created) {
    return redirectWithToast(config, `/admin/invoices/${invoice.id}`, {
      type: "info",
      message: estimateMessages.alreadyConverted(invoice.invoiceNumber),
    });
  }
  return redirectWithToast(config, `/admin/invoices/${invoice.id}`, {
    type: "success",
    message: estimateMessages.converted(invoice.invoiceNumber),
  });
}

type Refusal = { ok: false; message: string };

/**
 * Revise, void, delete a draft, issue a credit note, duplicate: each through its model, which decides
 * inside the row lock (app/domain/document-lifecycle.ts); gone is 404, a state that does not allow it
 * 409 with the rule's message, a reason missing or too long 400 on the dialog's field. Audited in the
 * change's transaction, only when it happened.
 */
async function lifecycleAction({
  intent,
  invoiceId,
  formData,
  session,
  context,
}: {
  intent: "revise" | "void" | "delete-draft" | "credit-note" | "duplicate";
  invoiceId: string;
  formData: FormData;
  session: SessionInfo;
  context: Readonly<RouterContextProvider>;
}) {
  const { config, database, ip } = getApp(context);
  const page = `/admin/invoices/${invoiceId}`;
  const done = <T extends { ok: true } | Refusal>(outcome: T | null) => outcome?.ok === true;
  const gone = () => refuse(404, lifecycleMessages.notFound, { form: intent });
  const refused = (outcome: Refusal, submission?: NonNullable<Parameters<typeof refuse>[2]>["submission"]) =>
    refuse(409, outcome.message, {
      form: intent === "delete-draft" || intent === "duplicate" ? "lifecycle" : intent,
      submission,
    });

  if (intent === "void") {
    const submission = parseWithZod(formData, { schema: voidFormSchema });
    if (submission.status !== "success") return invalid(submission, { form: intent });
    const reason = submission.value.reason;
    const outcome = await voidWithNotice(
      { db: database.db, config },
      { invoiceId, reason, actor: { userId: session.userId, email: session.email }, ip },
    );
    if (!outcome) return gone();
    if (!outcome.ok) return refused(outcome, submission);
    return redirectWithToast(config, page, {
      type: "success",
      message: lifecycleMessages.voidedDone(outcome.invoiceNumber),
      ...(outcome.noticeTo ? { description: lifecycleMessages.voidNoticeSent(outcome.noticeTo) } : {}),
      // replaces the dialog's failure toast, if there was one
      id: "void",
    });
  }

  if (intent === "revise") {
    const submission = parseWithZod(formData, { schema: reviseFormSchema });
    if (submission.status !== "success") return invalid(submission, { form: intent });
    const reason = submission.value.reason;
    const outcome = await auditedChange(
      database.db,
      (tx) => reviseDocument(tx, invoiceId, { reason, createdBy: session.userId }),
      {
        actor: session,
        ip,
        event: "document_revised",
        when: done,
        detail: (result) => ({
          document: result?.ok ? result.invoiceNumber : null,
          revision: result?.ok ? result.revision : null,
          reason,
        }),
      },
    );
    if (!outcome) return gone();
    if (!outcome.ok) return refused(outcome, submission);
    return redirectWithToast(config, page, {
      type: "success",
      message: lifecycleMessages.revisedDone(outcome.invoiceNumber, outcome.revision),
      // replaces the dialog's failure toast, if there was one
      id: "revise",
    });
  }

  if (intent === "credit-note") {
    const submission = parseWithZod(formData, { schema: creditNoteFormSchema });
    if (submission.status !== "success") return invalid(submission, { form: intent });
    const { amount, reason } = submission.value;
    const outcome = await auditedChange(
      database.db,
      (tx) => issueCreditNote(tx, invoiceId, { amount, reason, createdBy: session.userId }),
      {
        actor: session,
        ip,
        event: "credit_note_issued",
        when: done,
        detail: (result) => ({
          creditNote: result?.ok ? result.invoiceNumber : null,
          invoice: result?.ok ? result.creditedNumber : null,
          amount: formatMoney(amount),
          customerCredit: result?.ok ? formatMoney(result.customerCredit) : null,
          reason,
        }),
      },
    );
    if (!outcome) return gone();
    if (!outcome.ok) {
      // an amount above what is owed is the amount field's to show
      return invalid(submission, {
        form: intent,
        fieldErrors: { amount: [outcome.message] },
        toast: { type: "error", message: outcome.message },
      });
    }
    return redirectWithToast(config, page, {
      type: "success",
      message: lifecycleMessages.creditedDone(outcome.invoiceNumber, outcome.creditedNumber),
      description:
        outcome.customerCredit > 0 ? lifecycleMessages.creditedToCustomer(outcome.customerCredit) : undefined,
      // replaces the dialog's failure toast, if there was one
      id: "credit-note",
    });
  }

  if (intent === "delete-draft") {
    const outcome = await auditedChange(database.db, (tx) => deleteDraft(tx, invoiceId), {
      actor: session,
      ip,
      event: "draft_deleted",
      when: done,
      detail: (result) => ({ document: result?.ok ? result.invoiceNumber : null }),
    });
    if (!outcome) return gone();
    if (!outcome.ok) return refused(outcome);
    return redirectWithToast(config, "/admin/invoices", {
      type: "success",
      message: lifecycleMessages.deleted(outcome.invoiceNumber),
    });
  }

  // duplicate
  const outcome = await auditedChange(database.db, (tx) => duplicateDocument(tx, invoiceId), {
    actor: session,
    ip,
    event: "document_duplicated",
    when: done,
    detail: (result) => ({ copy: result?.ok ? result.invoiceNumber : null }),
  });
  if (!outcome) return gone();
  if (!outcome.ok) return refused(outcome);
  return redirectWithToast(config, `/admin/invoices/${outcome.id}`, {
    type: "success",
    message: lifecycleMessages.duplicated(outcome.invoiceNumber),
  });
}
