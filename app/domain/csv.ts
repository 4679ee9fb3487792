/**
 * CSV as spreadsheets read it (RFC 4180): fields separated by commas, rows ended by CRLF, a field
 * quoted when it holds a comma, a quote, CR or LF, and quotes inside doubled. A text cell that
 * begins with = + - @, a tab or CR is prefixed with an apostrophe, so a spreadsheet shows it as
 * text instead of running it as a formula (CSV injection). Numbers are not text: amounts are
 * written from cents with two decimals and are never prefixed, so -12.50 stays a number.
 */
import { type Cents, centsToDecimal, toCents } from "#app/domain/money.ts";

/** A cell: text (neutralised), an amount (two decimals) or nothing. */
export type CsvCell = string | { amount: Cents } | null | undefined;

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

/** Prefixes a text that a spreadsheet would take as a formula. */
export function neutralise(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

function quote(text: string): string {
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "object") return centsToDecimal(cell.amount);
  return quote(neutralise(cell));
}

/** One row, ended by CRLF. */
export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** An amount column from a numeric(12,2) string ("1234.5" → 1234.50). */
export function amount(value: string | number | null | undefined): CsvCell {
  if (value === null || value === undefined) return null;
  const cents = toCents(value);
  return cents === null ? null : { amount: cents };
}

/** Excel opens UTF-8 CSV correctly only with a byte-order mark; other readers ignore it. */
export const csvByteOrderMark = "\uFEFF";

/** "invoices-2026-11-22.csv" */
export function csvFilename(name: string, day: string): string {
  return `${name}-${day}.csv`;
}

/** The export of a list as it is filtered: the list's query without its page, on the export's path. */
export function csvExportHref(listHref: string, exportPath: string): string {
  const params = new URLSearchParams(listHref.split("?")[1] ?? "");
  params.delete("page");
  const search = params.toString();
  return `${exportPath}${search ? `?${search}` : ""}`;
}
