/**
 * The owner's dashboard (/admin/reports): which months, weeks and days its charts cover, zero-filled
 * series from the database's sparse rows, and the conversion rate. Periods are calendar periods in
 * the studio's time zone (ADR 0018); amounts are cents. Monthly recurring revenue and the three-month
 * forecast of the retainers (ADR 0031).
 */
import { addMonthsIso, isoDay, utcDate } from "#app/domain/dates.ts";
import { type ProjectType, projectTypes, type ScheduleFrequency } from "#app/domain/enums.ts";
import { type Cents, divideRounded } from "#app/domain/money.ts";
import { periodsBetween, type ScheduleRule } from "#app/domain/retainers.ts";

const revenueMonths = 12;
const submissionWeeks = 12;
const pageViewDays = 30;

/** The `count` months ending with the month of `today`, oldest first, as 'YYYY-MM'. */
export function monthsEnding(today: string, count = revenueMonths): string[] {
  const [y, m] = today.split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(y, m - 1 - (count - 1 - i), 1));
    return isoDay(date).slice(0, 7);
  });
}

/** The Monday (ISO week start) of the week holding `day`. */
export function weekStart(day: string): string {
  const date = utcDate(day);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - sinceMonday);
  return isoDay(date);
}

/** The `count` weeks ending with the week of `today`, oldest first, as their Mondays. */
export function weeksEnding(today: string, count = submissionWeeks): string[] {
  const last = utcDate(weekStart(today));
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(last);
    date.setUTCDate(date.getUTCDate() - 7 * (count - 1 - i));
    return isoDay(date);
  });
}

/** The `count` days ending with `today`, oldest first. */
export function daysEnding(today: string, count = pageViewDays): string[] {
  const last = utcDate(today);
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(last);
    date.setUTCDate(date.getUTCDate() - (count - 1 - i));
    return isoDay(date);
  });
}

/** A series over `keys` from sparse rows; keys without a row are 0. */
export function fillSeries(keys: readonly string[], rows: readonly { key: string; value: number }[]) {
  const values = new Map(rows.map((row) => [row.key, row.value]));
  return keys.map((key) => ({ key, value: values.get(key) ?? 0 }));
}

export type SubmissionWeek = { week: string; counts: Record<ProjectType, number>; total: number };

/** Submissions per week and project type, zero-filled. */
export function submissionWeeksSeries(
  weeks: readonly string[],
  rows: readonly { week: string; projectType: ProjectType; count: number }[],
): SubmissionWeek[] {
  return weeks.map((week) => {
    const counts = Object.fromEntries(projectTypes.map((type) => [type, 0])) as Record<ProjectType, number>;
    for (const row of rows) if (row.week === week) counts[row.projectType] += row.count;
    return { week, counts, total: Object.values(counts).reduce((sum, n) => sum + n, 0) };
  });
}

/** "3 of 8 (37.5%)"-style rate: the share in tenths of a percent, or null without submissions. */
export function conversionRate(converted: number, submissions: number): number | null {
  if (submissions <= 0) return null;
  return Math.round((converted * 1000) / submissions) / 10;
}

/** A round upper bound for a chart's axis: 1, 2 or 5 times a power of ten, at least `max`. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** 'YYYY-MM' → 'Nov 2026' */
export function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return `${shortMonths[m - 1]} ${y}`;
}
/** 'YYYY-MM-DD' → 'Nov 22' */
export function dayLabel(day: string): string {
  const [, m, d] = day.split("-").map(Number) as [number, number, number];
  return `${shortMonths[m - 1]} ${d}`;
}
const shortMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

// ---------------------------------------------------------------- recurring revenue (retainers, ADR 0031)

/** Periods a year, to normalise an amount per period to an amount per month (x / 12). */
const periodsPerYear: Record<ScheduleFrequency, bigint> = { week: 52n, month: 12n, quarter: 4n, year: 1n };

/**
 * Monthly recurring revenue of schedules: each amount per period x periods a year / 12 (week x 52/12,
 * quarter / 3, year / 12), summed exactly and rounded once, half away from zero, to the cent.
 */
export function monthlyRecurringRevenue(schedules: { frequency: ScheduleFrequency; amount: Cents }[]): Cents {
  const yearly = schedules.reduce((sum, item) => sum + BigInt(item.amount) * periodsPerYear[item.frequency], 0n);
  return Number(divideRounded(yearly, 12n));
}

export type ForecastMonth = {
  /** 'YYYY-MM' */
  month: string;
  /** invoices the active schedules will make in the month (from today on) */
  scheduled: Cents;
  /** balances of invoices sent and unpaid that fall due in the month (overdue ones count in the first) */
  open: Cents;
  total: Cents;
};

/**
 * What the next three months (this one and the two after it) should bring: the periods of active
 * schedules still to be invoiced, and open balances by due month; a balance due before this month or
 * with no due date counts in this month.
 */
export function recurringForecast(input: {
  today: string;
  schedules: { rule: ScheduleRule; nextDue: string | null; amount: Cents }[];
  openBalances: { dueDate: string | null; balance: Cents }[];
}): ForecastMonth[] {
  const months = [0, 1, 2].map((offset) => addMonthsIso(input.today, offset, 1));
  return months.map((first, index) => {
    const last = addMonthsIso(first, 0, "last");
    let scheduled = 0;
    for (const schedule of input.schedules) {
      if (schedule.nextDue === null) continue;
      const from = [first, input.today, schedule.nextDue].sort().at(-1) ?? first;
      scheduled += periodsBetween(schedule.rule, from, last).length * schedule.amount;
    }
    let open = 0;
    for (const item of input.openBalances) {
      const due = item.dueDate ?? months[0] ?? first;
      const inMonth = index === 0 ? due <= last : due >= first && due <= last;
      if (inMonth) open += item.balance;
    }
    return { month: first.slice(0, 7), scheduled, open, total: scheduled + open };
  });
}
