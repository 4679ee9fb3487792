/**
 * The one module for calendar dates and times: the studio's time zones and "today" in one of them,
 * calendar-date arithmetic on 'YYYY-MM-DD' strings (UTC arithmetic: no zone can shift a calendar
 * date), and how dates are shown (en-US, as the spec's calendar does), on Intl alone.
 */

export const defaultTimeZone = "America/New_York";

/** Zone names already checked: building an Intl.DateTimeFormat to check one costs about a millisecond. */
const checkedTimeZones = new Map<string, boolean>();

/** An IANA time zone this runtime knows (the Settings select offers exactly these). */
export function isValidTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value === "" || value.length > 64) return false;
  const known = checkedTimeZones.get(value);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    valid = true;
  } catch {
    valid = false;
  }
  // a bounded memo: names come from Settings, a few in practice
  if (checkedTimeZones.size < 1000) checkedTimeZones.set(value, valid);
  return valid;
}

/** Every time zone offered in Settings: the runtime's list, plus UTC (which some runtimes omit). */
export function timeZoneChoices(): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return zones.includes("UTC") ? zones : [...zones, "UTC"].sort();
}

/** A time zone of the Settings select (aliases such as "US/Eastern" are refused: pick the canonical name). */
export function isOfferedTimeZone(value: unknown): value is string {
  return typeof value === "string" && timeZoneChoices().includes(value);
}

const todayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date ('YYYY-MM-DD') it is at `now` in `timeZone` (an unknown zone falls back to the default). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const zone = isValidTimeZone(timeZone) ? timeZone : defaultTimeZone;
  let formatter = todayFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    todayFormatters.set(zone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

// ---------------------------------------------------------------- calendar dates

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date written 'YYYY-MM-DD' (from 1900 on). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== "string" || !isoDate.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900;
}

/** The UTC calendar date of an instant, 'YYYY-MM-DD'. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' as the instant it starts in UTC (for calendar arithmetic only). */
export function utcDate(day: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** 'YYYY-MM-DD' + n days */
export function addDaysIso(day: string, days: number): string {
  const date = utcDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return isoDay(date);
}

/** How many days month `month` (1-12) of `year` has (leap years counted). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * 'YYYY-MM-DD' moved by whole months, on day `day` of the month reached (default: the same day),
 * clamped to that month's last day: 2026-01-31 + 1 month = 2026-02-28; day "last" is always the last day.
 */
export function addMonthsIso(iso: string, months: number, day: number | "last" = Number(iso.slice(8, 10))): string {
  const [y, m] = iso.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = daysInMonth(year, month);
  const chosen = day === "last" ? last : Math.min(day, last);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(chosen).padStart(2, "0")}`;
}

/** The first and last day of the month of a 'YYYY-MM-DD' date. */
export function monthBoundsIso(iso: string): { first: string; last: string } {
  return { first: addMonthsIso(iso, 0, 1), last: addMonthsIso(iso, 0, "last") };
}

// ---------------------------------------------------------------- how dates are shown

/** 'YYYY-MM-DD' -> 'MM/dd/yyyy', the editor's and the printable view's date format */
export function displayDate(iso: string | null | undefined): string {
  return iso && isIsoDate(iso) ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : "";
}

const shortDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const longDateTime = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

/** "Jan 5, 2026" */
export function formatDate(date: Date): string {
  return shortDate.format(date);
}

/** "January 5, 2026 at 3:04 PM" (plain spaces: not ICU's narrow no-break space before PM) */
export function formatDateTime(date: Date): string {
  const part = Object.fromEntries(longDateTime.formatToParts(date).map((piece) => [piece.type, piece.value]));
  return `${part.month} ${part.day}, ${part.year} at ${part.hour}:${part.minute} ${part.dayPeriod}`;
}

/** A Date as 'Jan 5, 2026'; a calendar date column ('2026-01-05') as the spec's MM/dd/yyyy. */
export function formatDay(value: Date | string): string {
  return typeof value === "string" ? displayDate(value) : formatDate(value);
}
