/**
 * Money is exact: amounts are whole cents (integers), quantities and tax rates
 * are whole hundredths. Products are taken in BigInt and rounded half away from
 * zero to the cent, once per line total and once for the tax amount
 * (docs/decisions/0003-money.md). The database stores numeric(12,2), which
 * node-postgres and PGlite return as strings such as "1234.50".
 */

export type Cents = number;

/**
 * The bounds of every number a form takes, and of every total the app computes and stores, so a
 * value the database cannot hold is refused with a message (400) before any query:
 * numeric(12,2) (amounts; quantities too, in hundredths) holds 9,999,999,999.99; numeric(10,2) (estimated hours)
 * 99,999,999.99. (Ids of serial columns have their bound in ids.ts: `parseSerialId`.)
 */
export const maxMoneyCents: Cents = 999_999_999_999;
/** estimated hours: numeric(10,2), in hundredths */
export const maxHoursHundredths = 9_999_999_999;

const decimalWithExponent = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const plainNumber = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "Must be at most 9,999,999,999.99": a field beyond its bound (in hundredths). */
export function tooLargeMessage(maxHundredths: number = maxMoneyCents): string {
  return `Must be at most ${plainNumber.format(maxHundredths / 100)}`;
}

/** A computed total (line totals, the sum of phases or fees, rate x hours) beyond what an amount holds. */
export const totalTooLargeMessage = `The total must be at most ${plainNumber.format(maxMoneyCents / 100)}`;

/** Why a typed amount with a comma that could be cents ("10,00", "1.000,50") is refused. */
export const ambiguousSeparatorMessage = "Use a dot for cents, e.g. 10.00";

/** A number typed in a form, as the one amount field reads it (`readTypedNumber`). */
export type TypedNumber =
  | { kind: "blank" }
  | { kind: "number"; hundredths: number }
  /** a comma or dot that could be the cents' separator as well as a thousands separator */
  | { kind: "ambiguous" }
  | { kind: "invalid" };

/** Commas as thousands separators only: groups of three after a first group of one to three digits. */
const thousandsGrouped = /^[+-]?[1-9]\d{0,2}(,\d{3})+(\.\d*)?$/;

/**
 * A number typed in a form, in hundredths. "12.5", "$1,200", "1,000.00", " 3 ", "1e3" are numbers
 * (a comma only ever separates thousands: groups of three digits, before any dot). A comma that
 * could be the cents' separator ("10,00", "12,5", "1.000,50", "1,0000") or more than one dot
 * ("1.000.000") is `ambiguous`: refused with `ambiguousSeparatorMessage`, never read as thousands
 * ("10,00" is not $1,000.00). Blank is `blank`, anything else `invalid`. A number too large to count
 * exactly (beyond 2^53 hundredths) is ±Number.MAX_SAFE_INTEGER, so every bound refuses it.
 */
export function readTypedNumber(value: unknown): TypedNumber {
  if (value === undefined || value === null) return { kind: "blank" };
  if (typeof value === "number") return hundredthsOf(value);
  if (typeof value !== "string") return { kind: "invalid" };
  let text = value.replace(/[$\s]/g, "");
  if (text === "") return { kind: "blank" };
  if (text.includes(",")) {
    if (!thousandsGrouped.test(text)) return { kind: "ambiguous" };
    text = text.replaceAll(",", "");
  }
  if (text.indexOf(".") !== text.lastIndexOf(".")) return { kind: "ambiguous" };
  return hundredthsOf(text);
}

function hundredthsOf(value: string | number): TypedNumber {
  const exact = parseScaled(value, 2);
  if (exact !== null) return { kind: "number", hundredths: exact };
  const text = String(value);
  if (!decimalWithExponent.test(text)) return { kind: "invalid" };
  const number = Number(text);
  const scaled = Number.isFinite(number) ? parseScaled(number, 2) : null;
  if (scaled !== null) return { kind: "number", hundredths: scaled };
  return { kind: "number", hundredths: number < 0 ? -Number.MAX_SAFE_INTEGER : Number.MAX_SAFE_INTEGER };
}

/**
 * A number typed in a form, in hundredths (`readTypedNumber`); null when blank, not a number or
 * ambiguous: for what only shows a figure (live totals). A form's schema reads its amounts with
 * `typedHundredths` (amount-field.ts), which refuses an ambiguous one with its message.
 */
export function readTypedHundredths(value: unknown): number | null {
  const read = readTypedNumber(value);
  return read.kind === "number" ? read.hundredths : null;
}

const decimalPattern = /^([+-])?(\d*)(?:\.(\d*))?$/;

/** Parses a decimal ("12.5", "-3", "0.125") into an integer count of 1/10^scale units, rounding half away from zero. */
export function parseScaled(value: string | number, scale: number): number | null {
  const text = typeof value === "number" ? numberToPlain(value) : value.trim().replace(/[$,\s]/g, "");
  const match = decimalPattern.exec(text);
  if (!match || (match[2] === "" && (match[3] ?? "") === "")) return null;
  const [, sign, whole = "", fraction = ""] = match;
  const padded = (fraction + "0".repeat(scale + 1)).slice(0, scale + 1);
  let units = BigInt((whole || "0") + padded.slice(0, scale));
  if (Number(padded[scale]) >= 5) units += 1n;
  const result = Number(units);
  if (!Number.isSafeInteger(result)) return null;
  return sign === "-" && result !== 0 ? -result : result;
}

function numberToPlain(value: number): string {
  if (!Number.isFinite(value)) return "";
  // toFixed(10) avoids exponent notation for the magnitudes money uses
  return value.toFixed(10);
}

/** "12.34" | 12.34 -> 1234; null when not a number */
export function toCents(value: string | number): Cents | null {
  return parseScaled(value, 2);
}

/** 1234 -> "12.34", for numeric(12,2) columns */
export function centsToDecimal(cents: Cents): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** The one currency the studio bills in (ISO 4217): every amount is formatted and charged in it. */
export const billingCurrency = "USD";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: billingCurrency });

/** 123456 -> "$1,234.56" */
export function formatMoney(cents: Cents): string {
  return usd.format(cents / 100);
}

const usdCompact = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  maximumFractionDigits: 1,
});

/** 123456789 -> "$1.2M": a chart axis's short label (the exact amount is in the chart's data table). */
export function formatMoneyCompact(cents: Cents): string {
  return usdCompact.format(cents / 100);
}

/** a / b rounded half away from zero, in BigInt */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

export type LineInput = {
  /** hundredths: 1.5 -> 150 */
  quantity: number;
  unitPrice: Cents;
};

/** quantity x unit price, rounded to the cent */
export function lineTotal(line: LineInput): Cents {
  return Number(divideRounded(BigInt(line.quantity) * BigInt(line.unitPrice), 100n));
}

export type Totals = {
  lineTotals: Cents[];
  subtotal: Cents;
  taxAmount: Cents;
  /** the deduction lines' amounts added up (earlier invoices or credit notes taken off after tax) */
  deductionTotal: Cents;
  total: Cents;
  balanceDue: Cents;
};

/** The tax on an amount: rate in hundredths of a percent (7.25% -> 725), rounded half away from zero to the cent. */
export function taxOn(amount: Cents, taxRate: number): Cents {
  return Number(divideRounded(BigInt(amount) * BigInt(taxRate), 10_000n));
}

/**
 * The one totals calculation, used by the editor preview and the server.
 * taxRate is in hundredths of a percent (7.25% -> 725). Deductions (what earlier invoices of the same
 * customer billed, "Less deposit INV-0001") come off after tax, like the discount:
 * total = subtotal + tax - discount - deductions (docs/decisions/0043-contracts-and-customer-credit.md).
 */
export function calculateTotals(input: {
  lines: LineInput[];
  taxRate: number;
  discount: Cents;
  /** each deduction line's amount (positive cents) */
  deductions?: readonly Cents[];
  amountPaid?: Cents;
}): Totals {
  const lineTotals = input.lines.map(lineTotal);
  const subtotal = lineTotals.reduce((sum, value) => sum + value, 0);
  const taxAmount = taxOn(subtotal, input.taxRate);
  const deductionTotal = (input.deductions ?? []).reduce((sum, value) => sum + value, 0);
  const total = subtotal + taxAmount - input.discount - deductionTotal;
  return { lineTotals, subtotal, taxAmount, deductionTotal, total, balanceDue: total - (input.amountPaid ?? 0) };
}
