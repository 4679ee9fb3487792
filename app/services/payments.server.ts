/**
 * A payment the owner records by hand (the invoice page's Record Payment form): the payment and the
 * invoice's settlement (models/payments.server.ts), the customer made Active when the invoice is paid in
 * full, and, unless the owner unticked "Email a receipt to the client", the receipt through the one
 * sending path (the invoice's PDF as it stands then, Paid or Partially paid): all in one transaction
 * with its audit entry.
 */
import { formatMoney } from "#app/domain/money.ts";
import type { PaymentForm } from "#app/domain/payments.ts";
import { recordPayment } from "#app/models/payments.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { customerBecomesActive } from "#app/services/customer-status.server.ts";
import { queueDocumentMail, type SendDeps } from "#app/services/invoice-sending.server.ts";

/** Throws PaymentRefusedError when the payment is refused (models/payments.server.ts). */
export async function recordManualPayment(
  deps: Pick<SendDeps, "db" | "config">,
  input: { invoiceId: string; form: PaymentForm; actor: { userId: string; email: string }; ip: string | null },
) {
  const { form } = input;
  return auditedChange(
    deps.db,
    async (tx) => {
      const saved = await recordPayment(tx, input.invoiceId, form, input.actor.userId);
      if (saved.status === "paid") {
        await customerBecomesActive(tx, { invoiceId: input.invoiceId }, "invoice paid", {
          invoice: saved.invoiceNumber,
        });
      }
      const receipt = form.email_receipt
        ? await queueDocumentMail(tx, deps, {
            invoiceId: input.invoiceId,
            kind: "receipt",
            receipt: { amount: form.amount, paidOn: form.paid_on },
            actor: input.actor,
            ip: input.ip,
          })
        : null;
      return { ...saved, receiptTo: receipt?.ok ? receipt.to : null };
    },
    {
      actor: input.actor,
      ip: input.ip,
      event: "payment_recorded",
      detail: (payment) => ({
        invoice: payment.invoiceNumber,
        amount: formatMoney(form.amount),
        method: form.method,
        status: payment.status,
        receipt: payment.receiptTo,
      }),
    },
  );
}
