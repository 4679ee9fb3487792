/**
 * The sources report (ADR 0060): for a period, per source, per source and campaign, or per package chosen on
 * /pricing: visits, inquiries, consultations, proposals signed, revenue invoiced and revenue paid, with the total.
 * Revenue is the profit report's (issued invoices by issue date, less credits; paid on those invoices), so the
 * totals agree to the cent. Pure: no I/O.
 */
import { z } from "zod";
import { isIsoDate } from "#app/domain/dates.ts";
import type { Cents } from "#app/domain/money.ts";
import { profitPeriod } from "#app/domain/profit.ts";

export const sourcesPath = "/admin/reports/sources";

export const sourceGroupings = ["source", "campaign", "package"] as const;
export type SourceGrouping = (typeof sourceGroupings)[number];
export const sourceGroupingLabels: Record<SourceGrouping, string> = {
  source: "Source",
  campaign: "Source and campaign",
  package: "Package",
};

export const touchChoices = ["first", "last"] as const;
export type TouchChoice = (typeof touchChoices)[number];
export const touchChoiceLabels: Record<TouchChoice, string> = { first: "First touch", last: "Last touch" };

const day = z.preprocess((value) => (isIsoDate(value) ? value : undefined), z.string().optional());

/** The report's address: ?from=&to=&by=&touch= (a bad value falls back to the default). */
export const sourcesQuerySchema = z.object({
  from: day,
  to: day,
  by: z.enum(sourceGroupings).catch("source").default("source"),
  touch: z.enum(touchChoices).catch("first").default("first"),
});

/** The period asked for, or this year to today (as the profit report). */
export const sourcesPeriod = profitPeriod;

/** One group's figures as the model sums them; `visits` null where visits do not apply (packages). */
export type SourcePart = {
  key: string;
  label: string;
  visits: number | null;
  inquiries: number;
  consultations: number;
  proposalsSigned: number;
  invoicedCents: Cents;
  paidCents: Cents;
};

export type SourceRow = SourcePart & { total?: true };

/** Rows by revenue paid, then invoiced, then inquiries, then visits (largest first), then the total row. */
export function sourcesTable(parts: readonly SourcePart[]): { rows: SourceRow[]; total: SourceRow } {
  const rows = [...parts].sort(
    (a, b) =>
      b.paidCents - a.paidCents ||
      b.invoicedCents - a.invoicedCents ||
      b.inquiries - a.inquiries ||
      (b.visits ?? 0) - (a.visits ?? 0) ||
      a.label.localeCompare(b.label),
  );
  const sum = (pick: (row: SourcePart) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const anyVisits = rows.some((row) => row.visits !== null);
  return {
    rows,
    total: {
      key: "total",
      label: "Total",
      visits: anyVisits ? sum((row) => row.visits ?? 0) : null,
      inquiries: sum((row) => row.inquiries),
      consultations: sum((row) => row.consultations),
      proposalsSigned: sum((row) => row.proposalsSigned),
      invoicedCents: sum((row) => row.invoicedCents) as Cents,
      paidCents: sum((row) => row.paidCents) as Cents,
      total: true,
    },
  };
}

/** A group's name: a source, "source / medium / campaign", or a package. */
export function sourceLabel(by: SourceGrouping, parts: { source: string; medium: string; campaign: string }): string {
  if (by !== "campaign") return parts.source;
  return [parts.source, parts.medium, parts.campaign || "(no campaign)"].join(" / ");
}

export const sourcesCsvHeader = [
  "Group",
  "Visits",
  "Inquiries",
  "Consultations",
  "Proposals signed",
  "Revenue invoiced",
  "Revenue paid",
] as const;

/** A row's cells: the group's name as text (neutralised by the CSV writer), counts as text, amounts as money. */
export function sourcesCsvCells(row: SourceRow) {
  return [
    row.label,
    row.visits === null ? null : String(row.visits),
    String(row.inquiries),
    String(row.consultations),
    String(row.proposalsSigned),
    { amount: row.invoicedCents },
    { amount: row.paidCents },
  ] as const;
}

/** The groups the chart shows (the first eight by the table's order) and their revenue paid and invoiced. */
export const sourcesChartGroups = 8;
