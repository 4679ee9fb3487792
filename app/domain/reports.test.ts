import { describe, expect, it } from "vitest";
import {
  conversionRate,
  dayLabel,
  daysEnding,
  fillSeries,
  monthLabel,
  monthlyRecurringRevenue,
  monthsEnding,
  niceMax,
  recurringForecast,
  submissionWeeksSeries,
  weekStart,
  weeksEnding,
} from "#app/domain/reports.ts";
import type { ScheduleRule } from "#app/domain/retainers.ts";

describe("report periods", () => {
  it("lists the 12 months ending with this month, across a year end", () => {
    const months = monthsEnding("2026-02-15");
    expect(months).toHaveLength(12);
    expect(months[0]).toBe("2025-03");
    expect(months.at(-1)).toBe("2026-02");
    expect(monthsEnding("2026-03-31", 2)).toEqual(["2026-02", "2026-03"]);
  });

  it("starts weeks on Monday", () => {
    expect(weekStart("2026-11-22")).toBe("2026-11-16"); // a Sunday
    expect(weekStart("2026-11-23")).toBe("2026-11-23"); // a Monday
    expect(weekStart("2027-01-01")).toBe("2026-12-28");
    expect(weeksEnding("2026-11-22", 3)).toEqual(["2026-11-02", "2026-11-09", "2026-11-16"]);
  });

  it("lists days across the DST change and month ends", () => {
    expect(daysEnding("2026-03-09", 3)).toEqual(["2026-03-07", "2026-03-08", "2026-03-09"]);
    expect(daysEnding("2026-03-01", 2)).toEqual(["2026-02-28", "2026-03-01"]);
    expect(daysEnding("2026-11-22")).toHaveLength(30);
  });

  it("zero-fills sparse rows", () => {
    expect(fillSeries(["a", "b", "c"], [{ key: "b", value: 5 }])).toEqual([
      { key: "a", value: 0 },
      { key: "b", value: 5 },
      { key: "c", value: 0 },
    ]);
  });

  it("groups submissions per week by project type", () => {
    const [first, second] = submissionWeeksSeries(
      ["2026-11-09", "2026-11-16"],
      [
        { week: "2026-11-16", projectType: "quote", count: 2 },
        { week: "2026-11-16", projectType: "webapp", count: 1 },
      ],
    );
    expect(first?.total).toBe(0);
    expect(second?.counts.quote).toBe(2);
    expect(second?.counts.webapp).toBe(1);
    expect(second?.total).toBe(3);
  });

  it("computes the conversion rate to a tenth of a percent", () => {
    expect(conversionRate(3, 8)).toBe(37.5);
    expect(conversionRate(1, 3)).toBe(33.3);
    expect(conversionRate(0, 0)).toBeNull();
  });

  it("rounds an axis up to 1, 2 or 5 times a power of ten", () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(130)).toBe(200);
    expect(niceMax(4100)).toBe(5000);
    expect(niceMax(200)).toBe(200);
  });

  it("labels months and days", () => {
    expect(monthLabel("2026-11")).toBe("Nov 2026");
    expect(dayLabel("2026-03-08")).toBe("Mar 8");
  });
});

const scheduleRule = (overrides: Partial<ScheduleRule>): ScheduleRule => ({
  frequency: "month",
  anchor: "date",
  startDate: "2026-01-15",
  endDate: null,
  ...overrides,
});

describe("revenue", () => {
  it("normalises to a month exactly: week x 52/12, quarter / 3, year / 12, rounded once", () => {
    expect(monthlyRecurringRevenue([{ frequency: "month", amount: 4900 }])).toBe(4900);
    expect(monthlyRecurringRevenue([{ frequency: "week", amount: 10000 }])).toBe(43333);
    expect(monthlyRecurringRevenue([{ frequency: "quarter", amount: 30000 }])).toBe(10000);
    expect(monthlyRecurringRevenue([{ frequency: "year", amount: 100 }])).toBe(8);
    // summed before rounding: 3 x $0.01 a year is $0.0025 a month, not 3 x $0.00
    expect(
      monthlyRecurringRevenue([
        { frequency: "year", amount: 2 },
        { frequency: "year", amount: 2 },
        { frequency: "year", amount: 2 },
      ]),
    ).toBe(1);
    expect(monthlyRecurringRevenue([])).toBe(0);
  });

  it("forecasts three months of scheduled invoices and open balances by due month", () => {
    const forecast = recurringForecast({
      today: "2026-05-20",
      schedules: [
        { rule: scheduleRule({ startDate: "2026-01-15" }), nextDue: "2026-06-15", amount: 4900 },
        { rule: scheduleRule({ frequency: "week", startDate: "2026-05-04" }), nextDue: "2026-05-25", amount: 1000 },
        {
          rule: scheduleRule({ anchor: "last_day", startDate: "2026-05-31", endDate: "2026-06-30" }),
          nextDue: "2026-05-31",
          amount: 500,
        },
      ],
      openBalances: [
        { dueDate: "2026-04-01", balance: 100 },
        { dueDate: null, balance: 10 },
        { dueDate: "2026-05-30", balance: 1 },
        { dueDate: "2026-07-01", balance: 1000 },
        { dueDate: "2026-08-01", balance: 99999 },
      ],
    });
    expect(forecast).toEqual([
      // May: the weekly on the 25th, the last-day on the 31st; the monthly's 15th is past
      { month: "2026-05", scheduled: 1000 + 500, open: 111, total: 1611 },
      // June: 15th, four Mondays (1, 8, 15, 22, 29 = five), the last-day's 30th
      { month: "2026-06", scheduled: 4900 + 5 * 1000 + 500, open: 0, total: 10400 },
      { month: "2026-07", scheduled: 4900 + 4 * 1000, open: 1000, total: 9900 },
    ]);
  });
});
