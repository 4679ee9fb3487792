/**
 * A project's expenses (ADR 0058): the queries. Like time, an expense's standing is read from its invoice,
 * only an unbilled, undeleted one changes (checked against its `version`), and billing locks what it takes.
 */
import { and, asc, desc, eq, gte, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { publishChange } from "#app/db/changes.server.ts";
import type { Queryable } from "#app/db/client.server.ts";
import { expenses, invoices, projectPhases, recurringExpenses, storedFiles } from "#app/db/schema.ts";
import { centsToDecimal, toCents } from "#app/domain/money.ts";
import { periodsBetween } from "#app/domain/retainers.ts";
import { type ExpenseCategory, entryStanding } from "#app/domain/time-tracking.ts";

const cents = (value: string | null) => (value === null ? 0 : (toCents(value) ?? 0));
/** "15.00" (percent) → 1500 (hundredths of a percent) */
const hundredths = (value: string) => Math.round(Number(value) * 100);

/** What an expense is, as the form and a recurring expense give it (cents and hundredths of a percent). */
export type ExpenseFields = {
  projectId: string;
  phaseId: string | null;
  amountCents: number;
  category: ExpenseCategory;
  vendor: string;
  note: string | null;
  billable: boolean;
  markupHundredths: number;
  createdBy: string | null;
};

/** The columns of those fields, shared by `expenses` and `recurring_expenses`. */
function expenseColumns(expense: ExpenseFields) {
  return {
    projectId: expense.projectId,
    phaseId: expense.phaseId,
    amount: centsToDecimal(expense.amountCents),
    category: expense.category,
    vendor: expense.vendor,
    note: expense.note,
    billable: expense.billable,
    markupPercent: centsToDecimal(expense.markupHundredths),
    createdBy: expense.createdBy,
  };
}

export async function insertExpense(
  db: Queryable,
  expense: ExpenseFields & {
    expenseDate: string;
    receiptFileId: string | null;
    /** recorded by a recurring expense, on one of its periods: at most once per period */
    recurringExpenseId?: string;
  },
) {
  const [row] = await db
    .insert(expenses)
    .values({
      ...expenseColumns(expense),
      expenseDate: expense.expenseDate,
      receiptFileId: expense.receiptFileId,
      recurringExpenseId: expense.recurringExpenseId ?? null,
    })
    .onConflictDoNothing({ target: [expenses.recurringExpenseId, expenses.expenseDate] })
    .returning({ id: expenses.id });
  if (row) await publishChange(db, { table: "projects", id: expense.projectId });
  return row ?? null;
}

/** Marks an unbilled expense read at `version` deleted; false when it changed, went on an invoice or is gone. */
export async function deleteExpenseRow(db: Queryable, id: string, version: number, now: Date): Promise<boolean> {
  const [row] = await db
    .update(expenses)
    .set({ deletedAt: now, version: sql`${expenses.version} + 1` })
    .where(
      and(eq(expenses.id, id), eq(expenses.version, version), isNull(expenses.invoiceId), isNull(expenses.deletedAt)),
    )
    .returning({ projectId: expenses.projectId });
  if (row) await publishChange(db, { table: "projects", id: row.projectId });
  return row !== undefined;
}

export async function expenseForChange(db: Queryable, id: string) {
  const [row] = await db
    .select({
      id: expenses.id,
      projectId: expenses.projectId,
      vendor: expenses.vendor,
      deletedAt: expenses.deletedAt,
      invoiceNumber: invoices.invoiceNumber,
    })
    .from(expenses)
    .leftJoin(invoices, eq(invoices.id, expenses.invoiceId))
    .where(eq(expenses.id, id));
  return row ?? null;
}

/** A project's undeleted expenses, newest first (at most `limit`), with their standing, phase and receipt. */
export async function projectExpenses(db: Queryable, projectId: string, limit = 500) {
  const rows = await db
    .select({
      id: expenses.id,
      phaseName: projectPhases.name,
      expenseDate: expenses.expenseDate,
      amount: expenses.amount,
      category: expenses.category,
      vendor: expenses.vendor,
      note: expenses.note,
      billable: expenses.billable,
      markupPercent: expenses.markupPercent,
      billedAmount: expenses.billedAmount,
      receiptFileId: expenses.receiptFileId,
      receiptName: storedFiles.name,
      version: expenses.version,
      invoiceId: expenses.invoiceId,
      invoiceNumber: invoices.invoiceNumber,
      invoiceStatus: invoices.status,
    })
    .from(expenses)
    .leftJoin(projectPhases, eq(projectPhases.id, expenses.phaseId))
    .leftJoin(invoices, eq(invoices.id, expenses.invoiceId))
    .leftJoin(storedFiles, eq(storedFiles.id, expenses.receiptFileId))
    .where(and(eq(expenses.projectId, projectId), isNull(expenses.deletedAt)))
    .orderBy(desc(expenses.expenseDate), desc(expenses.createdAt), desc(expenses.id))
    .limit(limit);
  return rows.map(({ amount, markupPercent, billedAmount, invoiceStatus, ...row }) => ({
    ...row,
    amountCents: cents(amount),
    markupHundredths: hundredths(markupPercent),
    billedCents: billedAmount === null || row.invoiceId === null ? null : cents(billedAmount),
    standing: entryStanding(invoiceStatus ? { status: invoiceStatus } : null),
  }));
}

/**
 * A project's expenses in one read: how many, their total (not marked up: what profit takes off), and the
 * billable ones not on an invoice (how many, the first one's date) for "Invoice unbilled time".
 */
export async function projectExpenseSums(db: Queryable, projectId: string) {
  const unbilled = sql`${expenses.billable} and ${expenses.invoiceId} is null`;
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      total: sql<string>`coalesce(sum(${expenses.amount}), 0)`,
      unbilled: sql<number>`(count(*) filter (where ${unbilled}))::int`,
      firstUnbilled: sql<string | null>`min(${expenses.expenseDate}) filter (where ${unbilled})`,
    })
    .from(expenses)
    .where(and(eq(expenses.projectId, projectId), isNull(expenses.deletedAt)));
  return {
    count: Number(row?.count ?? 0),
    totalCents: cents(row?.total ?? "0"),
    unbilledCount: Number(row?.unbilled ?? 0),
    firstUnbilled: row?.firstUnbilled ?? null,
  };
}

/** A project's expenses in total (not marked up): what profit takes off. */
export async function projectExpenseTotal(db: Queryable, projectId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${expenses.amount}), 0)` })
    .from(expenses)
    .where(and(eq(expenses.projectId, projectId), isNull(expenses.deletedAt)));
  return cents(row?.total ?? "0");
}

/** The unbilled billable expenses of a project in [from, to], locked for the bill that takes them. */
export async function lockUnbilledExpenses(db: Queryable, projectId: string, range: { from: string; to: string }) {
  const rows = await db
    .select({
      id: expenses.id,
      expenseDate: expenses.expenseDate,
      category: expenses.category,
      vendor: expenses.vendor,
      note: expenses.note,
      amount: expenses.amount,
      markupPercent: expenses.markupPercent,
    })
    .from(expenses)
    .where(
      and(
        eq(expenses.projectId, projectId),
        isNull(expenses.deletedAt),
        isNull(expenses.invoiceId),
        eq(expenses.billable, true),
        gte(expenses.expenseDate, range.from),
        lte(expenses.expenseDate, range.to),
      ),
    )
    .orderBy(asc(expenses.expenseDate), asc(expenses.id))
    .for("update");
  return rows.map(({ amount, markupPercent, ...row }) => ({
    ...row,
    amountCents: cents(amount),
    markupHundredths: hundredths(markupPercent),
  }));
}

export async function markExpensesBilled(
  db: Queryable,
  invoiceId: string,
  billed: readonly { id: string; billedCents: number }[],
) {
  for (const expense of billed) {
    await db
      .update(expenses)
      .set({ invoiceId, billedAmount: centsToDecimal(expense.billedCents), version: sql`${expenses.version} + 1` })
      .where(and(eq(expenses.id, expense.id), isNull(expenses.invoiceId)));
  }
}

/** A voided invoice frees its expenses too. */
export async function releaseInvoicedExpenses(db: Queryable, invoiceId: string): Promise<number> {
  const freed = await db
    .update(expenses)
    .set({ invoiceId: null, billedAmount: null, version: sql`${expenses.version} + 1` })
    .where(eq(expenses.invoiceId, invoiceId))
    .returning({ id: expenses.id });
  return freed.length;
}

/** Each category's last markup: what a new expense of it starts with. */
export async function lastMarkups(db: Queryable): Promise<Record<string, number>> {
  const rows = await db
    .selectDistinctOn([expenses.category], { category: expenses.category, markupPercent: expenses.markupPercent })
    .from(expenses)
    .orderBy(expenses.category, desc(expenses.createdAt));
  return Object.fromEntries(rows.map((row) => [row.category, hundredths(row.markupPercent)]));
}

// ---------------------------------------------------------------- recurring expenses

export async function insertRecurringExpense(
  db: Queryable,
  recurring: ExpenseFields & { frequency: "month" | "year"; startDate: string; nextDue: string | null },
): Promise<string | null> {
  const [row] = await db
    .insert(recurringExpenses)
    .values({
      ...expenseColumns(recurring),
      frequency: recurring.frequency,
      startDate: recurring.startDate,
      nextDue: recurring.nextDue,
    })
    .returning({ id: recurringExpenses.id });
  return row?.id ?? null;
}

/**
 * Every recurring expense's periods due through `today` (after downtime each missed one), oldest first: the
 * automations' rule makes a run of each (ADR 0063).
 */
export async function dueRecurringExpensePeriods(db: Queryable, today: string) {
  const rows = await db
    .select({
      id: recurringExpenses.id,
      vendor: recurringExpenses.vendor,
      nextDue: recurringExpenses.nextDue,
      frequency: recurringExpenses.frequency,
      anchor: recurringExpenses.anchor,
      startDate: recurringExpenses.startDate,
      endDate: recurringExpenses.endDate,
    })
    .from(recurringExpenses)
    .where(lte(recurringExpenses.nextDue, today))
    .orderBy(asc(recurringExpenses.nextDue), asc(recurringExpenses.id));
  return rows.flatMap((row) =>
    row.nextDue === null
      ? []
      : periodsBetween(row, row.nextDue, today).map((period) => ({ id: row.id, vendor: row.vendor, period })),
  );
}

/**
 * One recurring expense, locked for the transaction that records its periods or stops it: its schedule
 * (the retainers' rule) and the expense each period records.
 */
export async function lockRecurringExpense(db: Queryable, id: string) {
  const [row] = await db.select().from(recurringExpenses).where(eq(recurringExpenses.id, id)).for("update");
  if (!row) return null;
  const expense: ExpenseFields = {
    projectId: row.projectId,
    phaseId: row.phaseId,
    amountCents: cents(row.amount),
    category: row.category,
    vendor: row.vendor,
    note: row.note,
    billable: row.billable,
    markupHundredths: hundredths(row.markupPercent),
    createdBy: row.createdBy,
  };
  return {
    id: row.id,
    nextDue: row.nextDue,
    rule: { frequency: row.frequency, anchor: row.anchor, startDate: row.startDate, endDate: row.endDate },
    expense,
  };
}

export async function setRecurringNextDue(db: Queryable, id: string, nextDue: string | null): Promise<void> {
  await db.update(recurringExpenses).set({ nextDue, updatedAt: new Date() }).where(eq(recurringExpenses.id, id));
}

/** A project's recurring expenses still running, by their next date. */
export async function projectRecurringExpenses(db: Queryable, projectId: string) {
  const rows = await db
    .select({
      id: recurringExpenses.id,
      frequency: recurringExpenses.frequency,
      nextDue: recurringExpenses.nextDue,
      amount: recurringExpenses.amount,
      category: recurringExpenses.category,
      vendor: recurringExpenses.vendor,
      billable: recurringExpenses.billable,
      phaseName: projectPhases.name,
    })
    .from(recurringExpenses)
    .leftJoin(projectPhases, eq(projectPhases.id, recurringExpenses.phaseId))
    .where(and(eq(recurringExpenses.projectId, projectId), isNotNull(recurringExpenses.nextDue)))
    .orderBy(asc(recurringExpenses.nextDue), asc(recurringExpenses.id));
  return rows.map(({ amount, ...row }) => ({ ...row, amountCents: cents(amount) }));
}
