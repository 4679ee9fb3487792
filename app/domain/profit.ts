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
