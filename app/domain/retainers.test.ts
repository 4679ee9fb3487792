import { describe, expect, it } from "vitest";
import { todayIn } from "./dates.ts";
import { scheduleFormSchema } from "./retainer-forms.ts";
import {
  duePeriods,
  firstPeriodFrom,
  nextDueOnResume,
  nextDueOnSave,
  periodAfter,
  periodDate,
  periodOn,
  type ScheduleRule,
} from "./retainers.ts";

const rule = (overrides: Partial<ScheduleRule>): ScheduleRule => ({
  frequency: "month",
  anchor: "date",
  startDate: "2026-01-15",
  endDate: null,
  ...overrides,
});
const dates = (r: ScheduleRule, count: number) => Array.from({ length: count }, (_, n) => periodDate(r, n));

describe("period dates", () => {
  it("steps weeks, months, quarters and years from the start date", () => {
    expect(dates(rule({ frequency: "week", startDate: "2026-12-24" }), 3)).toEqual([
      "2026-12-24",
      "2026-12-31",
      "2027-01-07",
    ]);
    expect(dates(rule({}), 3)).toEqual(["2026-01-15", "2026-02-15", "2026-03-15"]);
    expect(dates(rule({ frequency: "quarter", startDate: "2026-11-30" }), 3)).toEqual([
      "2026-11-30",
      "2027-02-28",
      "2027-05-30",
    ]);
    expect(dates(rule({ frequency: "year", startDate: "2028-02-29" }), 3)).toEqual([
      "2028-02-29",
      "2029-02-28",
      "2030-02-28",
    ]);
  });

  it("clamps a day-31 anchor in shorter months and comes back to the 31st", () => {
    expect(dates(rule({ startDate: "2026-01-31" }), 4)).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
    ]);
    expect(dates(rule({ startDate: "2028-01-31" }), 2)).toEqual(["2028-01-31", "2028-02-29"]);
    expect(dates(rule({ startDate: "2026-01-30" }), 3)).toEqual(["2026-01-30", "2026-02-28", "2026-03-30"]);
  });

  it("the last-day anchor falls on every month's last day, leap years included", () => {
    const last = rule({ anchor: "last_day", startDate: "2027-12-31" });
    expect(dates(last, 4)).toEqual(["2027-12-31", "2028-01-31", "2028-02-29", "2028-03-31"]);
    // a start in the middle of a month: the first period is that month's last day
    expect(periodDate(rule({ anchor: "last_day", startDate: "2026-02-10" }), 0)).toBe("2026-02-28");
    expect(dates(rule({ anchor: "last_day", frequency: "quarter", startDate: "2026-01-31" }), 3)).toEqual([
      "2026-01-31",
      "2026-04-30",
      "2026-07-31",
    ]);
  });
});

describe("the period due on a day", () => {
  it("is the latest period on or before the day, none before the first or after the end", () => {
    const monthly = rule({ startDate: "2026-01-31", endDate: "2026-06-30" });
    expect(periodOn(monthly, "2026-01-30")).toBeNull();
    expect(periodOn(monthly, "2026-01-31")).toBe("2026-01-31");
    expect(periodOn(monthly, "2026-02-27")).toBe("2026-01-31");
    expect(periodOn(monthly, "2026-02-28")).toBe("2026-02-28");
    expect(periodOn(monthly, "2026-03-30")).toBe("2026-02-28");
    expect(periodOn(monthly, "2026-03-31")).toBe("2026-03-31");
    expect(periodOn(monthly, "2026-07-31")).toBeNull();
    const weekly = rule({ frequency: "week", startDate: "2026-03-02" });
    expect(periodOn(weekly, "2026-03-08")).toBe("2026-03-02");
    expect(periodOn(weekly, "2026-03-09")).toBe("2026-03-09");
  });

  it("finds the next period from a day and after a day", () => {
    const monthly = rule({ startDate: "2026-01-31" });
    expect(firstPeriodFrom(monthly, "2026-01-01")).toBe("2026-01-31");
    expect(firstPeriodFrom(monthly, "2026-02-28")).toBe("2026-02-28");
    expect(firstPeriodFrom(monthly, "2026-03-01")).toBe("2026-03-31");
    expect(periodAfter(monthly, "2026-02-28")).toBe("2026-03-31");
    expect(periodAfter(rule({ startDate: "2026-01-31", endDate: "2026-03-30" }), "2026-02-28")).toBeNull();
  });
});

describe("due periods (the job's catch-up)", () => {
  it("lists every missed period once, oldest first, up to today", () => {
    const monthly = rule({ startDate: "2026-01-31" });
    expect(duePeriods(monthly, "2026-01-31", "2026-04-29")).toEqual(["2026-01-31", "2026-02-28", "2026-03-31"]);
    // the next run, from the next date: nothing twice
    expect(duePeriods(monthly, "2026-04-30", "2026-04-29")).toEqual([]);
    expect(duePeriods(monthly, "2026-04-30", "2026-04-30")).toEqual(["2026-04-30"]);
  });

  it("stops at the end date and at the run's limit", () => {
    expect(duePeriods(rule({ endDate: "2026-03-15" }), "2026-01-15", "2026-12-31")).toEqual([
      "2026-01-15",
      "2026-02-15",
      "2026-03-15",
    ]);
    expect(
      duePeriods(rule({ frequency: "week", startDate: "2020-01-06" }), "2020-01-06", "2026-01-01", 5),
    ).toHaveLength(5);
  });

  it("never moves with daylight saving time: periods are calendar dates in the studio's zone", () => {
    const zone = "America/New_York";
    const weekly = rule({ frequency: "week", startDate: "2026-03-02" });
    // 2026-03-08 02:00 the clocks spring forward; 2026-11-01 02:00 they fall back
    const mondays = ["2026-03-09T04:30:00Z", "2026-03-09T05:30:00Z"].map((instant) => todayIn(zone, new Date(instant)));
    expect(mondays).toEqual(["2026-03-09", "2026-03-09"]);
    expect(duePeriods(weekly, "2026-03-09", todayIn(zone, new Date("2026-03-09T04:30:00Z")))).toEqual(["2026-03-09"]);
    // one minute before local midnight on the Sunday the clocks fall back: still Sunday, nothing due
    expect(todayIn(zone, new Date("2026-11-02T04:59:00Z"))).toBe("2026-11-01");
    expect(duePeriods(rule({ frequency: "week", startDate: "2026-10-26" }), "2026-11-02", "2026-11-01")).toEqual([]);
    expect(
      duePeriods(
        rule({ frequency: "week", startDate: "2026-10-26" }),
        "2026-11-02",
        todayIn(zone, new Date("2026-11-02T05:00:00Z")),
      ),
    ).toEqual(["2026-11-02"]);
  });
});

describe("saving, pausing and resuming", () => {
  it("a new schedule starts today or later; an edit goes on from today", () => {
    expect(nextDueOnSave(rule({ startDate: "2026-05-01" }), "2026-05-01", true)).toEqual({
      ok: true,
      nextDue: "2026-05-01",
    });
    expect(nextDueOnSave(rule({ startDate: "2026-04-30" }), "2026-05-01", true)).toMatchObject({
      ok: false,
      field: "start_date",
    });
    // last day of a month that is not over yet: allowed
    expect(nextDueOnSave(rule({ anchor: "last_day", startDate: "2026-05-01" }), "2026-05-20", true)).toEqual({
      ok: true,
      nextDue: "2026-05-31",
    });
    expect(nextDueOnSave(rule({ startDate: "2026-01-15" }), "2026-05-20", false)).toEqual({
      ok: true,
      nextDue: "2026-06-15",
    });
  });

  it("resuming skips the periods of the pause", () => {
    expect(nextDueOnResume(rule({ startDate: "2026-01-15" }), "2026-05-20")).toBe("2026-06-15");
    expect(nextDueOnResume(rule({ startDate: "2026-01-15" }), "2026-06-15")).toBe("2026-06-15");
    expect(nextDueOnResume(rule({ startDate: "2026-01-15", endDate: "2026-06-01" }), "2026-05-20")).toBeNull();
  });

  it("the form refuses an end before the start and a last-day weekly schedule", () => {
    const parsed = scheduleFormSchema.safeParse({
      frequency: "week",
      anchor: "last_day",
      start_date: "2026-05-01",
      end_date: "2026-04-01",
      mode: "send",
    });
    expect(parsed.success).toBe(false);
    const paths = parsed.error?.issues.map((issue) => issue.path.join(".")).sort();
    expect(paths).toEqual(["anchor", "end_date"]);
    expect(scheduleFormSchema.parse({ start_date: "2026-05-01", end_date: "" })).toEqual({
      frequency: "month",
      anchor: "date",
      start_date: "2026-05-01",
      end_date: undefined,
      mode: "draft",
    });
    expect(scheduleFormSchema.safeParse({ start_date: "" }).success).toBe(false);
  });
});
