/**
 * What the invoice page shows below the editor: payments and the balance, the status as
 * shown (overdue derived, ADR 0014), and an estimate's state and conversion (ADR 0015); the
 * customer's credit to apply, and an invoice drawn from a contract: its place in it (ADR 0043).
 */

import type { DocumentActionsData } from "#app/components/admin/document-actions.tsx";
import type { Queryable } from "#app/db/client.server.ts";
import { parseUuid } from "#app/domain/ids.ts";

import { canAccept, canConvert, canDecline, canTakePayment, displayStatus } from "#app/domain/invoice-status.ts";
import { formatMoney, toCents } from "#app/domain/money.ts";
import { paymentMessages } from "#app/domain/payments.ts";
import { studioToday } from "#app/models/business-settings.server.ts";
import { contractTitleOf } from "#app/models/contracts.server.ts";
import { creditBalanceOf } from "#app/models/customer-credit.server.ts";
import { documentLifecycle } from "#app/models/document-lifecycle.server.ts";
import { convertedInvoiceOf, sourceEstimateOf } from "#app/models/estimates.server.ts";
import { contractStandingOf, type getInvoice } from "#app/models/invoices.server.ts";
import { listOpenAnomalies, listPayments, listRefunds } from "#app/models/payments.server.ts";

/** The dialogs of the lifecycle, addressed by the URL (`?dialog=void`), so they work without JavaScript. */
const lifecycleDialogs = ["revise", "void", "delete-draft", "credit-note"] as const;

export async function loadDocumentActions(
  db: Queryable,
  invoice: NonNullable<Awaited<ReturnType<typeof getInvoice>>>,
  search: URLSearchParams,
): Promise<DocumentActionsData> {
  const today = await studioToday(db);
  const balanceDue = toCents(invoice.balanceDue) ?? 0;
  const isInvoice = invoice.invoiceType === "invoice";
  const [paymentRows, refundRows, anomalies] = isInvoice
    ? await Promise.all([listPayments(db, invoice.id), listRefunds(db, invoice.id), listOpenAnomalies(db, invoice.id)])
    : [[], [], []];
  const payments = paymentRows.map((payment) => ({
    id: payment.id,
    paidOn: payment.paidOn,
    amount: toCents(payment.amount) ?? 0,
    method: payment.method,
    // a payment made online shows the provider's fee, when known (ADR 0035)
    note:
      payment.providerFee !== null
        ? `${payment.note ?? "Paid online"} · fee ${formatMoney(toCents(payment.providerFee) ?? 0)}`
        : payment.note,
    // its refunds, under it (ADR 0041)
    refunds: refundRows
      .filter((refund) => refund.paymentId === payment.id)
      .map((refund) => ({
        id: refund.id,
        amount: toCents(refund.amount) ?? 0,
        on: refund.refundedOn,
        kind: refund.kind,
      })),
    dispute:
      payment.disputeStatus !== null
        ? { status: payment.disputeStatus, amount: toCents(payment.disputeAmount ?? "0") ?? 0 }
        : null,
  }));
  const deletingId = parseUuid(search.get("delete-payment"));
  const deleting = deletingId ? payments.find((payment) => payment.id === deletingId) : undefined;
  const paymentBlocked =
    invoice.invoiceType !== "invoice"
      ? paymentMessages.estimate
      : !canTakePayment(invoice)
        ? paymentMessages.notPayable
        : null;
  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    invoiceType: invoice.invoiceType,
    status: displayStatus({ ...invoice, balanceDue }, today),
    totalAmount: toCents(invoice.totalAmount) ?? 0,
    amountPaid: toCents(invoice.amountPaid) ?? 0,
    balanceDue,
    today,
    payments,
    disputed: invoice.disputedAt !== null,
    anomalies: anomalies.map((anomaly) => ({ id: anomaly.id, message: anomaly.message })),
    paymentBlocked,
    deletingPayment: deleting ? { id: deleting.id, paidOn: deleting.paidOn, amount: deleting.amount } : null,
    estimate:
      invoice.invoiceType === "estimate"
        ? {
            canAccept: canAccept(invoice),
            canDecline: canDecline(invoice),
            canConvert: canConvert(invoice),
            acceptedAt: invoice.acceptedAt?.toISOString() ?? null,
            acceptedByName: invoice.acceptedByName,
            declinedAt: invoice.declinedAt?.toISOString() ?? null,
            convertedTo: await convertedInvoiceOf(db, invoice.id),
          }
        : null,
    sourceEstimate: await sourceEstimateOf(db, invoice.sourceEstimateId),
    customerCredit:
      invoice.invoiceType === "invoice" && balanceDue > 0 ? await creditBalanceOf(db, invoice.customerId) : 0,
    contract: invoice.contractId
      ? {
          id: invoice.contractId,
          title: (await contractTitleOf(db, invoice.contractId)) ?? "",
          standing: await contractStandingOf(db, invoice),
        }
      : null,
    lifecycle: await documentLifecycle(db, invoice),
    dialog: lifecycleDialogs.find((dialog) => dialog === search.get("dialog")) ?? null,
  };
}
