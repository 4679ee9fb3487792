/**
 * Retainers: recurring schedules that invoice a project's recurring fees by themselves.
 * Periods are calendar dates in the studio's time zone ('YYYY-MM-DD'), so daylight saving time never
 * moves one: "today" is read once in the zone (`todayIn`), the rest is calendar arithmetic
 * (app/domain/dates.ts). Period n of a schedule is due on:
 *   week     start + 7n days
 *   month    the start month + n months, on the start date's day (clamped to shorter months) or the last day
 *   quarter  as month, 3 months a step
 *   year     as month, 12 months a step
 * The form's schema lives here too; monthly recurring revenue and the forecast are in app/domain/reports.ts.
 */
import { addDaysIso, addMonthsIso, utcDate } from "#app/domain/dates.ts";
import type { ScheduleAnchor, ScheduleFrequency, ScheduleMode, ScheduleStatus } from "#app/domain/enums.ts";
import type { Result } from "#app/domain/result.ts";

export type ScheduleRule = {
  frequency: ScheduleFrequency;
  anchor: ScheduleAnchor;
  /** 'YYYY-MM-DD': the first period is due on it (or, for the last-day anchor, on its month's last day) */
  startDate: string;
  /** 'YYYY-MM-DD' or null: no period is due after it */
  endDate: string | null;
};

const monthsPerStep: Record<Exclude<ScheduleFrequency, "week">, number> = { month: 1, quarter: 3, year: 12 };

const daysBetween = (from: string, to: string) =>
  Math.round((utcDate(to).getTime() - utcDate(from).getTime()) / 86_400_000);
const monthIndex = (iso: string) => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1;

/** The due date of period `n` (0 = the first), whether or not the end date has passed. */
export function periodDate(rule: ScheduleRule, n: number): string {
  if (rule.frequency === "week") return addDaysIso(rule.startDate, 7 * n);
  const day = rule.anchor === "last_day" ? "last" : Number(rule.startDate.slice(8, 10));
  return addMonthsIso(rule.startDate, n * monthsPerStep[rule.frequency], day);
}

/** The index of the latest period due on or before `day`; -1 when the first is still to come. */
function periodIndexOn(rule: ScheduleRule, day: string): number {
  let n: number;
  if (rule.frequency === "week") {
    n = Math.floor(daysBetween(rule.startDate, day) / 7);
  } else {
    n = Math.floor((monthIndex(day) - monthIndex(rule.startDate)) / monthsPerStep[rule.frequency]);
    // period n falls in the day's month or before it; later in that month than the day: the one before
    if (n >= 0 && periodDate(rule, n) > day) n -= 1;
  }
  return Math.max(n, -1);
}

const withinEnd = (rule: ScheduleRule, date: string) => rule.endDate === null || date <= rule.endDate;

/** The period due on or before `day` (the current one); null before the first or when it is past the end date. */
export function periodOn(rule: ScheduleRule, day: string): string | null {
  const n = periodIndexOn(rule, day);
  if (n < 0) return null;
  const date = periodDate(rule, n);
  return withinEnd(rule, date) ? date : null;
}

/** The first period due on or after `day`; null when none is left before the end date. */
export function firstPeriodFrom(rule: ScheduleRule, day: string): string | null {
  const n = periodIndexOn(rule, day);
  const current = n >= 0 ? periodDate(rule, n) : null;
  const date = current === day ? day : periodDate(rule, n + 1);
  return withinEnd(rule, date) ? date : null;
}

/** The first period due after `day`; null when none is left before the end date. */
export function periodAfter(rule: ScheduleRule, day: string): string | null {
  return firstPeriodFrom(rule, addDaysIso(day, 1));
}

/** Most periods one look-ahead lists (the job invoices them one transaction each, then looks again). */
const maxPeriodsPerRun = 60;

/**
 * The periods due from `from` (the schedule's next date, inclusive) through `today`, oldest first:
 * after downtime each missed period once, never one past the end date, at most `maxPeriodsPerRun`.
 */
export function duePeriods(rule: ScheduleRule, from: string, today: string, max = maxPeriodsPerRun): string[] {
  const dates: string[] = [];
  let date = firstPeriodFrom(rule, from < rule.startDate ? rule.startDate : from);
  while (date !== null && date <= today && dates.length < max) {
    dates.push(date);
    date = periodAfter(rule, date);
  }
  return dates;
}

/** Every period due from `from` through `to` (inclusive): the forecast, and the automations' runs to make. */
export function periodsBetween(rule: ScheduleRule, from: string, to: string): string[] {
  return duePeriods(rule, from, to, 400);
}

// ---------------------------------------------------------------- the form

export const scheduleMessages = {
  section: "Recurring invoices",
  created: "Recurring invoices scheduled",
  updated: "Schedule saved",
  paused: "Schedule paused",
  resumed: "Schedule resumed",
  ended: "Schedule ended",
  notFound: "Schedule not found",
  startRequired: "Please choose the date of the first invoice",
  startInPast: "The first invoice cannot be dated before today",
  endBeforeStart: "End date cannot be before the start date",
  lastDayMonthly: "The last day of the month fits monthly, quarterly or yearly schedules only",
  noFees: "Add recurring fees to the project before scheduling them",
  alreadyScheduled: "This project already has a schedule; edit it or end it first",
  notChangeable: (status: ScheduleStatus) => `This schedule is ${status} and cannot be changed`,
  empty: "No recurring invoices scheduled",
  none: "No invoices made yet",
  confirmTitle: "Create invoice from recurring fees",
  confirmQuestion: (total: string) =>
    `Create a draft invoice of ${total} from this project's recurring fees, dated today? Scheduled invoices are not affected.`,
  confirm: "Create draft invoice",
} as const;

/**
 * The next date of a schedule saved `today`: its first period on or after today (a period before today
 * is never made by a save: a schedule starting in the past invoices from now on). An edit that would
 * date its first invoice before today is refused; null when no period is left before the end date.
 */
export function nextDueOnSave(rule: ScheduleRule, today: string, isNew: boolean): Result<{ nextDue: string | null }> {
  if (isNew && periodDate(rule, 0) < today) {
    return { ok: false, message: scheduleMessages.startInPast, field: "start_date" };
  }
  return { ok: true, nextDue: firstPeriodFrom(rule, rule.startDate > today ? rule.startDate : today) };
}

/** The next date after resuming on `today`: periods while paused are skipped, not caught up. */
export function nextDueOnResume(rule: ScheduleRule, today: string): string | null {
  return firstPeriodFrom(rule, rule.startDate > today ? rule.startDate : today);
}

/** The values of the form: the stored schedule, or a monthly draft schedule starting today. */
export function scheduleFormDefaults(
  schedule: {
    frequency: ScheduleFrequency;
    anchor: ScheduleAnchor;
    startDate: string;
    endDate: string | null;
    mode: ScheduleMode;
  } | null,
  today: string,
) {
  return {
    frequency: schedule?.frequency ?? "month",
    anchor: schedule?.anchor ?? "date",
    start_date: schedule?.startDate ?? today,
    end_date: schedule?.endDate ?? "",
    mode: schedule?.mode ?? "draft",
  };
}
