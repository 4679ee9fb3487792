/**
 * The customer's credit applied to an invoice (docs/decisions/0043-contracts-and-customer-credit.md):
 * a payment of method "Customer credit" and its ledger entry, written together under the customer's
 * lock, then the invoice's (the one lock order of app/models/customer-credit.server.ts).
 */
import { eq } from "drizzle-orm";
import { publishChange } from "#app/db/changes.server.ts";
import type { Db } from "#app/db/client.server.ts";
import { customerCreditEntries, invoices, payments } from "#app/db/schema.ts";
import { checkTakeCredit, creditMessages } from "#app/domain/customer-credit.ts";
import { canTakePayment } from "#app/domain/invoice-status.ts";
import { type Cents, centsToDecimal, formatMoney, toCents } from "#app/domain/money.ts";
import type { Result } from "#app/domain/result.ts";
import { studioToday } from "#app/models/business-settings.server.ts";
import { creditBalanceOf, lockCustomer } from "#app/models/customer-credit.server.ts";
import { settle } from "#app/models/document-lifecycle.server.ts";

type Refused = Extract<Result, { ok: false }>;

/**
 * Applies the customer's credit to an invoice: a payment of method "Customer credit" for `amount` and
 * its ledger entry, the invoice settled. Refused when the invoice takes no payment, the amount is more
 * than is owed, or more than the credit (checked under the customer's lock, then the invoice's).
 * Deleting that payment gives the credit back (its entry goes with it).
 */
export async function applyCredit(
  db: Db,
  input: { invoiceId: string; amount: Cents; createdBy: string | null },
  now: Date = new Date(),
): Promise<null | Refused | { ok: true; invoiceNumber: string; customerId: string; balanceDue: Cents }> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ customerId: invoices.customerId })
      .from(invoices)
      .where(eq(invoices.id, input.invoiceId));
    if (!found || !(await lockCustomer(tx, found.customerId))) return null;
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, input.invoiceId)).for("update");
    if (!invoice) return null;
    if (!canTakePayment(invoice)) return { ok: false, message: creditMessages.notPayable };
    const owed = toCents(invoice.balanceDue) ?? 0;
    if (owed <= 0) return { ok: false, message: creditMessages.nothingOwed, field: "amount" };
    if (input.amount > owed) {
      return { ok: false, message: creditMessages.moreThanOwed(formatMoney(owed)), field: "amount" };
    }
    const allowed = checkTakeCredit(await creditBalanceOf(tx, invoice.customerId), input.amount);
    if (!allowed.ok) return allowed;
    const today = await studioToday(tx, now);
    const [payment] = await tx
      .insert(payments)
      .values({
        invoiceId: invoice.id,
        paidOn: today,
        amount: centsToDecimal(input.amount),
        method: "customer_credit",
        note: creditMessages.appliedNote,
        createdBy: input.createdBy,
      })
      .returning({ id: payments.id });
    if (!payment) throw new Error("payment insert returned no row");
    await tx.insert(customerCreditEntries).values({
      customerId: invoice.customerId,
      kind: "applied",
      amount: centsToDecimal(-input.amount),
      entryDate: today,
      invoiceId: invoice.id,
      paymentId: payment.id,
      createdBy: input.createdBy,
    });
    const settled = await settle(tx, invoice);
    await publishChange(tx, { table: "customers", id: invoice.customerId });
    return {
      ok: true,
      invoiceNumber: invoice.invoiceNumber,
      customerId: invoice.customerId,
      balanceDue: settled.balanceDue,
    };
  });
}
