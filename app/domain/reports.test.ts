import { describe, expect, it } from "vitest";
import {
  conversionRate,
  dayLabel,
  daysEnding,
  fillSeries,
  monthLabel,
  monthsEnding,
  niceMax,
  submissionWeeksSeries,
  weekStart,
  weeksEnding,
} from "#app/domain/reports.ts";

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
