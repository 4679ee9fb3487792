/**
 * A customer's credit (docs/decisions/0043-contracts-and-customer-credit.md): a ledger of entries,
 * the balance their sum less what live invoices deduct of the customer's credit notes (a deduction
 * line that takes a credit note off draws on the credit that note gave). Whatever takes from it
 * (applying it to an invoice, refunding it, deducting a credit note) locks the customer's row first and
 * checks the balance inside that lock, so two at once never take it below 0.
 * Lock order: the customer, then the invoice (a credit note and `applyCredit` in
 * credit-payments.server.ts do the same), so none of them can deadlock another.
 */
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { publishChange } from "#app/db/changes.server.ts";
import type { Db, Queryable, Tx } from "#app/db/client.server.ts";
import { customerCreditEntries, customers, invoiceLineItems, invoices } from "#app/db/schema.ts";
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

const creditNote = alias(invoices, "credit_note");

/**
 * The deduction lines of live (not void) invoices that take off one of the customer's credit notes;
 * `except` leaves out an invoice being saved (its lines are about to be replaced).
 */
function creditNoteDeductions(db: Queryable, customerId: string, except?: string | null) {
  return db
    .select({
      id: invoiceLineItems.id,
      amount: invoiceLineItems.unitPrice,
      invoiceId: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      issueDate: invoices.issueDate,
      creditNoteNumber: creditNote.invoiceNumber,
    })
    .from(invoiceLineItems)
    .innerJoin(creditNote, eq(creditNote.id, invoiceLineItems.deductedInvoiceId))
    .innerJoin(invoices, eq(invoices.id, invoiceLineItems.invoiceId))
    .where(
      and(
        eq(creditNote.customerId, customerId),
        eq(creditNote.invoiceType, "credit_note"),
        isNull(invoices.voidedAt),
        except ? ne(invoices.id, except) : undefined,
      ),
    );
}

/** The customer's credit balance (cents): the ledger's sum less what live invoices deduct of its credit notes. */
export async function creditBalanceOf(
  db: Queryable,
  customerId: string,
  options: { exceptInvoice?: string | null } = {},
): Promise<Cents> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${customerCreditEntries.amount}), 0)` })
    .from(customerCreditEntries)
    .where(eq(customerCreditEntries.customerId, customerId));
  const deducted = (await creditNoteDeductions(db, customerId, options.exceptInvoice)).reduce(
    (sum, line) => sum + (toCents(line.amount) ?? 0),
    0,
  );
  return (toCents(row?.sum ?? "0") ?? 0) - deducted;
}

/** What a credit note gave the customer (its ledger entry), or 0. */
export async function creditGivenBy(db: Queryable, creditNoteId: string): Promise<Cents> {
  const [row] = await db
    .select({ amount: customerCreditEntries.amount })
    .from(customerCreditEntries)
    .where(eq(customerCreditEntries.creditNoteId, creditNoteId));
  return row ? (toCents(row.amount) ?? 0) : 0;
}

/**
 * The customer's ledger, newest first, with the credit note or invoice of each entry; the deductions
 * of its credit notes on live invoices among them (kind "deducted").
 */
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
  const entries = rows.map((row) => ({
    ...row,
    kind: row.kind as CreditEntryKind | "deducted",
    amount: toCents(row.amount) ?? 0,
    method: row.method as PaymentMethod | null,
  }));
  const deductions = (await creditNoteDeductions(db, customerId)).map((line) => ({
    id: line.id,
    kind: "deducted" as const,
    amount: -(toCents(line.amount) ?? 0),
    entryDate: line.issueDate,
    method: null,
    note: `Less credit note ${line.creditNoteNumber}`,
    documentId: line.invoiceId,
    documentNumber: line.invoiceNumber,
  }));
  return [...entries, ...deductions].sort((a, b) =>
    a.entryDate < b.entryDate ? 1 : a.entryDate > b.entryDate ? -1 : 0,
  );
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
