/**
 * CSV as spreadsheets read it (RFC 4180): fields separated by commas, rows ended by CRLF, a field
 * quoted when it holds a comma, a quote, CR or LF, and quotes inside doubled. Numbers are not text:
 * amounts are written from cents with two decimals and are never touched, so -12.50 stays a number.
 *
 * CSV injection: a spreadsheet runs a cell that begins with = + - @ (Excel, LibreOffice with "evaluate
 * formulas", Google Sheets) as a formula. A cell does not begin only where this file begins one:
 * - Excel opening a .csv splits on the system's list separator, which is `;` wherever the decimal
 *   separator is a comma (German, French, Dutch... locales), and honours quotes only at the start of
 *   one of its fields, so `a;=HYPERLINK(...)` written as one of our cells becomes two cells for it;
 * - LibreOffice's import dialog lets the user tick comma, semicolon, tab and others at once, and can
 *   trim spaces before evaluating;
 * - Google Sheets guesses the separator (or takes a custom one) and evaluates formulas it finds;
 * - a reader that ignores or misreads quotes splits `"x,=1+1"` at its comma or a line break.
 * So the rule is about every place a cell could begin, whatever the separator: the start of the text,
 * and right after a comma, a semicolon, a tab, a CR or an LF inside it. Where what follows (after any
 * spaces and double quotes, which readers may trim or unquote) is = + - or @, an apostrophe is
 * inserted right there, so each piece a spreadsheet could cut out begins with an apostrophe and is
 * shown as text. A text beginning with a tab or CR also gets one (some readers trim them away). The
 * apostrophe is visible where the piece is not a cell of its own ("Call back; '+49 30 123"); that is
 * the price of a file no locale can run. The scan never crosses a separator, so it stays linear.
 */
import { type Cents, centsToDecimal, toCents } from "#app/domain/money.ts";

/** A cell: text (neutralised), an amount (two decimals) or nothing. */
export type CsvCell = string | { amount: Cents } | null | undefined;

/** A place a spreadsheet may start a cell (text start or after , ; tab CR LF) where a formula follows. */
const formulaPiece = /(^|[,;\t\r\n])([ "]*[=+\-@])/g;
const blankStart = /^[\t\r]/;
const needsQuotes = /[",\r\n]/;

/** Puts an apostrophe wherever a spreadsheet, splitting on any separator, would find a formula. */
export function neutralise(text: string): string {
  const pieces = text.replace(formulaPiece, "$1'$2");
  return blankStart.test(pieces) ? `'${pieces}` : pieces;
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
