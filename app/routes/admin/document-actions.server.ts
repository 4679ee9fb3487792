/**
 * The invoice page's other actions, posted to /admin/invoices/{id} with an `intent`:
 * record or delete a payment, mark an estimate accepted or declined, convert it to an invoice.
 * Each answers the one way and is audited, and works without JavaScript: success redirects with a
 * toast; invalid input is a 400 with the payment form's field errors; a refusal is its status (404
 * the invoice, payment or estimate is gone, 409 its state does not allow it) with the message on the
 * form that asked, named by `form` ("payment", "delete-payment", "estimate") so the editor's form
 * never takes it for its own.
 */

import { parseWithZod } from "@conform-to/zod/v4";
import type { RouterContextProvider } from "react-router";
import { getApp } from "#app/context.server.ts";
import { type DocumentIntent, documentIntentSchema } from "#app/domain/invoice-form.ts";
import { estimateMessages } from "#app/domain/invoice-status.ts";
import { formatMoney, toCents } from "#app/domain/money.ts";
import { deletePaymentSchema, paymentFormSchema, paymentMessages } from "#app/domain/payments.ts";
import { acceptEstimate, convertEstimate, declineEstimate, type EstimateResult } from "#app/models/estimates.server.ts";
import { deletePayment, PaymentRefusedError, recordPayment } from "#app/models/payments.server.ts";
import { invalid, redirectWithToast, refuse, serverError } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import type { SessionInfo } from "#app/services/auth.server.ts";

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

  if (intent === "record-payment") {
    const submission = parseWithZod(formData, { schema: paymentFormSchema });
    if (submission.status !== "success") {
      return invalid(submission, { form: "payment" });
    }
    try {
      const saved = await auditedChange(
        database.db,
        (tx) => recordPayment(tx, invoiceId, submission.value, session.userId),
        {
          actor: session,
          ip,
          event: "payment_recorded",
          detail: (payment) => ({
            invoice: payment.invoiceNumber,
            amount: formatMoney(submission.value.amount),
            method: submission.value.method,
            status: payment.status,
          }),
        },
      );
      return redirectWithToast(config, page, {
        type: "success",
        message: paymentMessages.recorded,
        description: `${formatMoney(submission.value.amount)} on ${saved.invoiceNumber}; balance due ${formatMoney(saved.balanceDue)}`,
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

  if (intent === "delete-payment") {
    const submission = parseWithZod(formData, { schema: deletePaymentSchema });
    const paymentId = submission.status === "success" ? submission.value.payment_id : null;
    const deleted = paymentId
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
      (tx) =>
        intent === "accept-estimate" ? acceptEstimate(tx, invoiceId, { name: null }) : declineEstimate(tx, invoiceId),
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
