/**
 * A customer's credit (docs/decisions/0043-contracts-and-customer-credit.md): a ledger of entries,
 * the balance their sum. Whatever takes from it (applying it to an invoice, refunding it) locks the
 * customer's row first and checks the balance inside that lock, so two at once never take it below 0.
 * Lock order: the customer, then the invoice (a credit note and `applyCredit` in
 * credit-payments.server.ts do the same), so none of them can deadlock another.
 */
import { desc, eq, sql } from "drizzle-orm";
import { publishChange } from "#app/db/changes.server.ts";
import type { Db, Queryable, Tx } from "#app/db/client.server.ts";
import { customerCreditEntries, customers, invoices } from "#app/db/schema.ts";
import { type CreditEntryKind, checkTakeCredit, type RefundCreditForm } from "#app/domain/customer-credit.ts";
import type { PaymentMethod } from "#app/domain/enums.ts";
import { type Cents, centsToDecimal, toCents } from "#app/domain/money.ts";
import type { Result } from "#app/domain/result.ts";

type Refused = Extract<Result, { ok: false }>;

/** Locks the customer's row (FOR UPDATE): the one lock every change of its credit takes first. */
export async function lockCustomer(tx: Tx, customerId: string): Promise<boolean> {
  const [row] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for("update");
  return row !== undefined;
}

/** The customer's credit balance (cents). */
export async function creditBalanceOf(db: Queryable, customerId: string): Promise<Cents> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${customerCreditEntries.amount}), 0)` })
    .from(customerCreditEntries)
    .where(eq(customerCreditEntries.customerId, customerId));
  return toCents(row?.sum ?? "0") ?? 0;
}

/** The customer's ledger, newest first, with the credit note or invoice of each entry. */
export async function listCreditEntries(db: Queryable, customerId: string) {
  const rows = await db
    .select({
      id: customerCreditEntries.id,
      kind: customerCreditEntries.kind,
      amount: customerCreditEntries.amount,
      entryDate: customerCreditEntries.entryDate,
      method: customerCreditEntries.method,
      note: customerCreditEntries.note,
      documentId: sql<
        string | null
      >`coalesce(${customerCreditEntries.creditNoteId}, ${customerCreditEntries.invoiceId})`,
      documentNumber: invoices.invoiceNumber,
    })
    .from(customerCreditEntries)
    .leftJoin(
      invoices,
      sql`${invoices.id} = coalesce(${customerCreditEntries.creditNoteId}, ${customerCreditEntries.invoiceId})`,
    )
    .where(eq(customerCreditEntries.customerId, customerId))
    .orderBy(desc(customerCreditEntries.createdAt), desc(customerCreditEntries.id))
    .limit(200);
  return rows.map((row) => ({
    ...row,
    kind: row.kind as CreditEntryKind,
    amount: toCents(row.amount) ?? 0,
    method: row.method as PaymentMethod | null,
  }));
}

/**
 * What a credit note credited beyond what was still owed, as the customer's credit: in the credit
 * note's transaction, under the customer's lock the caller took.
 */
export async function recordCreditFromNote(
  tx: Tx,
  input: { customerId: string; creditNoteId: string; amount: Cents; entryDate: string; createdBy?: string | null },
): Promise<void> {
  if (input.amount <= 0) return;
  await tx.insert(customerCreditEntries).values({
    customerId: input.customerId,
    kind: "credit_note",
    amount: centsToDecimal(input.amount),
    entryDate: input.entryDate,
    creditNoteId: input.creditNoteId,
    createdBy: input.createdBy ?? null,
  });
  await publishChange(tx, { table: "customers", id: input.customerId });
}

/** Refunds part or all of the customer's credit, with how and when (never below 0, under the customer's lock). */
export async function refundCredit(
  db: Db,
  input: { customerId: string; form: RefundCreditForm; createdBy: string | null },
): Promise<null | Refused | { ok: true; balance: Cents }> {
  return db.transaction(async (tx) => {
    if (!(await lockCustomer(tx, input.customerId))) return null;
    const balance = await creditBalanceOf(tx, input.customerId);
    const allowed = checkTakeCredit(balance, input.form.amount);
    if (!allowed.ok) return allowed;
    await tx.insert(customerCreditEntries).values({
      customerId: input.customerId,
      kind: "refunded",
      amount: centsToDecimal(-input.form.amount),
      entryDate: input.form.refunded_on,
      method: input.form.method,
      note: input.form.note ?? null,
      createdBy: input.createdBy,
    });
    await publishChange(tx, { table: "customers", id: input.customerId });
    return { ok: true, balance: balance - input.form.amount };
  });
}
