/**
 * The profit report (ADR 0058): for a period, revenue invoiced and paid, time at cost and expenses,
 * grouped by month, customer or kind of project, with the margin. Pure: the model hands the sums in.
 * Revenue is what issued invoices bill in the period (less their credit notes; drafts and void ones are
 * not revenue) and what has been paid on those invoices; time and expenses count on the day they
 * happened. The table's total is the sum of its rows, so the CSV reconciles to the cent.
 */
import { z } from "zod";
import { isIsoDate } from "#app/domain/dates.ts";
import type { Cents } from "#app/domain/money.ts";
import { profitOf } from "#app/domain/time-tracking.ts";

export const profitGroupings = ["month", "customer", "type"] as const;
export type ProfitGrouping = (typeof profitGroupings)[number];
export const profitGroupingLabels: Record<ProfitGrouping, string> = {
  month: "Month",
  customer: "Customer",
  type: "Kind of project",
};

export const profitPath = "/admin/reports/profit";

const day = z.preprocess((value) => (isIsoDate(value) ? value : undefined), z.string().optional());

/** The report's address: ?from=&to=&by= (a bad value falls back to the default). */
export const profitQuerySchema = z.object({
  from: day,
  to: day,
  by: z.enum(profitGroupings).catch("month").default("month"),
});

/** The period asked for, or this year to today; an end before the start is swapped. */
export function profitPeriod(query: { from?: string; to?: string }, today: string) {
  const from = query.from ?? `${today.slice(0, 4)}-01-01`;
  const to = query.to ?? today;
  return from <= to ? { from, to } : { from: to, to: from };
}

export type ProfitPart = { key: string; label: string; cents: Cents };
export type ProfitRow = {
  key: string;
  label: string;
  invoicedCents: Cents;
  paidCents: Cents;
  timeCostCents: Cents;
  expenseCents: Cents;
  marginCents: Cents;
  marginPercent: number | null;
};

/** The rows (sorted by key: months in order, customers and kinds by name) and their total. */
export function profitTable(parts: {
  invoiced: readonly ProfitPart[];
  paid: readonly ProfitPart[];
  timeCost: readonly ProfitPart[];
  expenses: readonly ProfitPart[];
}): { rows: ProfitRow[]; total: ProfitRow } {
  const rows = new Map<string, ProfitRow>();
  const row = (part: ProfitPart) => {
    let found = rows.get(part.key);
    if (!found) {
      found = {
        key: part.key,
        label: part.label,
        invoicedCents: 0,
        paidCents: 0,
        timeCostCents: 0,
        expenseCents: 0,
        marginCents: 0,
        marginPercent: null,
      };
      rows.set(part.key, found);
    }
    return found;
  };
  for (const part of parts.invoiced) row(part).invoicedCents += part.cents;
  for (const part of parts.paid) row(part).paidCents += part.cents;
  for (const part of parts.timeCost) row(part).timeCostCents += part.cents;
  for (const part of parts.expenses) row(part).expenseCents += part.cents;
  const withMargin = (value: ProfitRow): ProfitRow => ({
    ...value,
    ...profitOf({
      revenueCents: value.invoicedCents,
      timeCostCents: value.timeCostCents,
      expenseCents: value.expenseCents,
    }),
  });
  const sorted = [...rows.values()]
    .map(withMargin)
    .sort((a, b) => a.label.localeCompare(b.label, "en") || a.key.localeCompare(b.key));
  const total = withMargin({
    key: "total",
    label: "Total",
    invoicedCents: sorted.reduce((sum, value) => sum + value.invoicedCents, 0),
    paidCents: sorted.reduce((sum, value) => sum + value.paidCents, 0),
    timeCostCents: sorted.reduce((sum, value) => sum + value.timeCostCents, 0),
    expenseCents: sorted.reduce((sum, value) => sum + value.expenseCents, 0),
    marginCents: 0,
    marginPercent: null,
  });
  return { rows: sorted, total };
}

/** The page shows this many groups at most; the CSV has every one. */
export const profitRowsShown = 50;

/**
 * The rows the page shows: all of them, or, beyond `limit` (customers over a busy year), the `limit` with the
 * most revenue invoiced, largest first, then one row of all the others together. The total is unchanged.
 */
export function profitRowsToShow(
  table: { rows: readonly ProfitRow[]; total: ProfitRow },
  by: ProfitGrouping,
  limit = profitRowsShown,
): { rows: ProfitRow[]; others: number } {
  if (table.rows.length <= limit) return { rows: [...table.rows], others: 0 };
  const ranked = [...table.rows].sort(
    (a, b) => b.invoicedCents - a.invoicedCents || b.marginCents - a.marginCents || a.key.localeCompare(b.key),
  );
  const shown = ranked.slice(0, limit);
  const rest = ranked.slice(limit);
  const sum = (pick: (row: ProfitRow) => number) => rest.reduce((total, row) => total + pick(row), 0);
  const invoicedCents = sum((row) => row.invoicedCents);
  const timeCostCents = sum((row) => row.timeCostCents);
  const expenseCents = sum((row) => row.expenseCents);
  const others: ProfitRow = {
    key: "others",
    label: `All other ${by === "customer" ? "customers" : by === "type" ? "kinds" : "months"} (${rest.length})`,
    invoicedCents,
    paidCents: sum((row) => row.paidCents),
    timeCostCents,
    expenseCents,
    ...profitOf({ revenueCents: invoicedCents, timeCostCents, expenseCents }),
  };
  return { rows: [...shown, others], others: rest.length };
}

export const profitCsvHeader = [
  "Group",
  "Revenue invoiced",
  "Revenue paid",
  "Time at cost",
  "Expenses",
  "Margin",
  "Margin %",
] as const;

export function profitCsvCells(row: ProfitRow) {
  return [
    row.label,
    { amount: row.invoicedCents },
    { amount: row.paidCents },
    { amount: row.timeCostCents },
    { amount: row.expenseCents },
    { amount: row.marginCents },
    row.marginPercent === null ? null : row.marginPercent.toFixed(1),
  ] as const;
}
