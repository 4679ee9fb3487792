/**
 * The one module for calendar dates and times: the studio's time zones and "today" in one of them,
 * calendar-date arithmetic on 'YYYY-MM-DD' strings (UTC arithmetic: no zone can shift a calendar
 * date), and how dates are shown (en-US, as the calendar does), on Intl alone.
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

export type TimeZoneGroup = { region: string; zones: { value: string; label: string }[] };

/**
 * The zones grouped by region for a select's optgroups: "Europe/Berlin" is "Berlin" under "Europe",
 * "America/Argentina/Buenos_Aires" is "Argentina / Buenos Aires" under "America"; a zone without a
 * region (UTC) is under "Other", last. Regions in alphabetical order, zones in the given order.
 */
export function timeZoneGroups(zones: readonly string[]): TimeZoneGroup[] {
  const groups = new Map<string, TimeZoneGroup["zones"]>();
  for (const zone of zones) {
    const slash = zone.indexOf("/");
    const region = slash > 0 ? zone.slice(0, slash) : "Other";
    const place = slash > 0 ? zone.slice(slash + 1) : zone;
    const list = groups.get(region) ?? [];
    list.push({ value: zone, label: place.replaceAll("_", " ").replaceAll("/", " / ") });
    groups.set(region, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === "Other" ? 1 : b === "Other" ? -1 : a.localeCompare(b)))
    .map(([region, list]) => ({ region, zones: list }));
}

/** The groups narrowed to zones whose name has every word of `query` (case and "_" ignored); `keep` stays. */
export function filterTimeZoneGroups(groups: readonly TimeZoneGroup[], query: string, keep?: string): TimeZoneGroup[] {
  const words = query.toLowerCase().replaceAll("_", " ").split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...groups];
  return groups
    .map((group) => ({
      region: group.region,
      zones: group.zones.filter((zone) => {
        const name = `${group.region} ${zone.value}`.toLowerCase().replaceAll("_", " ");
        return zone.value === keep || words.every((word) => name.includes(word));
      }),
    }))
    .filter((group) => group.zones.length > 0);
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

/** The instant today began in `timeZone` (its first wall-clock minute, should the zone skip midnight). */
export function startOfTodayIn(timeZone: string, now: Date = new Date()): Date {
  const zone = isValidTimeZone(timeZone) ? timeZone : defaultTimeZone;
  const day = todayIn(zone, now);
  for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
    const instant = zonedInstant(day, minutes, zone);
    if (instant) return instant;
  }
  return utcDate(day);
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

/** A Date as 'Jan 5, 2026'; a calendar date column ('2026-01-05') as MM/dd/yyyy. */
export function formatDay(value: Date | string): string {
  return typeof value === "string" ? displayDate(value) : formatDate(value);
}

// ---------------------------------------------------------------- wall clocks in a zone

const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = wallClockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallClockFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** What the wall clock reads in `timeZone` at an instant: the calendar day and the minutes since its midnight. */
export function wallClockIn(date: Date, timeZone: string): { day: string; minutes: number } {
  const part = Object.fromEntries(
    wallClockFormatter(timeZone)
      .formatToParts(date)
      .map((piece) => [piece.type, piece.value]),
  );
  return { day: `${part.year}-${part.month}-${part.day}`, minutes: Number(part.hour) * 60 + Number(part.minute) };
}

/** How far `timeZone`'s wall clock is ahead of UTC at an instant, in milliseconds (whole seconds). */
function zoneOffsetMs(date: Date, timeZone: string): number {
  const part = Object.fromEntries(
    wallClockFormatter(timeZone)
      .formatToParts(date)
      .map((piece) => [piece.type, Number(piece.value)]),
  );
  const wall = Date.UTC(
    part.year ?? 0,
    (part.month ?? 1) - 1,
    part.day ?? 1,
    part.hour ?? 0,
    part.minute ?? 0,
    part.second ?? 0,
  );
  return wall - Math.floor(date.getTime() / 1000) * 1000;
}

/**
 * The instant at which the wall clock in `timeZone` reads `minutes` after midnight of `day`
 * ('YYYY-MM-DD'). A time the zone skips (the hour lost when clocks go forward) is null; a time it
 * repeats (clocks go back) is its first instant.
 */
export function zonedInstant(day: string, minutes: number, timeZone: string): Date | null {
  const wall = utcDate(day).getTime() + minutes * 60_000;
  // the zone's offsets around that wall time: a day either side covers any change of offset
  const offsets = new Set([-86_400_000, 0, 86_400_000].map((shift) => zoneOffsetMs(new Date(wall + shift), timeZone)));
  const matches = [...offsets]
    .map((offset) => new Date(wall - offset))
    .filter((instant) => {
      const clock = wallClockIn(instant, timeZone);
      return clock.day === day && clock.minutes === minutes;
    })
    .sort((a, b) => a.getTime() - b.getTime());
  return matches[0] ?? null;
}

/** The day of the week of 'YYYY-MM-DD': 0 Sunday … 6 Saturday. */
export function weekdayOf(day: string): number {
  return utcDate(day).getUTCDay();
}

/** 'HH:MM' (24-hour) -> minutes since midnight, or null. '24:00' is the end of the day. */
export function clockMinutes(value: string): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(value);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 1440 ? minutes : null;
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();
const dayInZoneFormatters = new Map<string, Intl.DateTimeFormat>();

function cachedFormatter(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let formatter = cache.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, ...options });
    cache.set(timeZone, formatter);
  }
  return formatter;
}

/** "9:30 AM" on the wall clock of `timeZone` (plain spaces). */
export function formatTimeIn(date: Date, timeZone: string): string {
  return cachedFormatter(timeFormatters, timeZone, { hour: "numeric", minute: "2-digit", hour12: true })
    .format(date)
    .replace(/\s/g, " ");
}

/** "Wednesday, November 25" for 'YYYY-MM-DD'. */
export function formatLongDay(day: string): string {
  return cachedFormatter(dayInZoneFormatters, "UTC", { weekday: "long", month: "long", day: "numeric" }).format(
    utcDate(day),
  );
}

/** "Wednesday, November 25, 2026 at 9:30 AM (America/New_York)": a moment as a person in `timeZone` reads it. */
export function formatMomentIn(date: Date, timeZone: string): string {
  const { day } = wallClockIn(date, timeZone);
  return `${formatLongDay(day)}, ${day.slice(0, 4)} at ${formatTimeIn(date, timeZone)} (${timeZone})`;
}
