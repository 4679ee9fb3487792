import { describe, expect, it } from "vitest";
import {
  addDaysIso,
  addMonthsIso,
  daysInMonth,
  displayDate,
  filterTimeZoneGroups,
  formatDate,
  formatDateTime,
  formatDay,
  isIsoDate,
  isoDay,
  monthBoundsIso,
  startOfTodayIn,
  timeZoneChoices,
  timeZoneGroups,
  todayIn,
} from "./dates.ts";

describe("calendar dates", () => {
  it("adds days across month ends, leap days and years, in UTC arithmetic", () => {
    expect(addDaysIso("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDaysIso("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDaysIso("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDaysIso("2026-03-08", 30)).toBe("2026-04-07");
    expect(addDaysIso("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("knows a real calendar date", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    for (const bad of ["2026-02-29", "2026-13-01", "26-01-01", "1899-12-31", "2026-1-1", 20260101]) {
      expect(isIsoDate(bad), String(bad)).toBe(false);
    }
  });

  it("today depends on the zone, not on the server", () => {
    const instant = new Date("2026-06-15T00:30:00Z");
    expect(isoDay(instant)).toBe("2026-06-15");
    expect(todayIn("America/New_York", instant)).toBe("2026-06-14");
    expect(todayIn("Pacific/Kiritimati", instant)).toBe("2026-06-15");
    expect(todayIn("not/a-zone", instant)).toBe("2026-06-14");
  });
});

describe("months", () => {
  it("counts the days of a month, leap years included", () => {
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2026, 12)).toBe(31);
    expect(daysInMonth(2026, 4)).toBe(30);
  });

  it("adds months on the same day, clamped to shorter months, or on the last day", () => {
    expect(addMonthsIso("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonthsIso("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonthsIso("2026-01-31", 2)).toBe("2026-03-31");
    expect(addMonthsIso("2026-11-15", 3)).toBe("2027-02-15");
    expect(addMonthsIso("2026-03-31", -1)).toBe("2026-02-28");
    expect(addMonthsIso("2026-02-28", 1, "last")).toBe("2026-03-31");
    expect(addMonthsIso("2026-02-10", 0, 1)).toBe("2026-02-01");
    expect(addMonthsIso("2026-12-10", 1, 31)).toBe("2027-01-31");
  });

  it("gives a month's first and last day", () => {
    expect(monthBoundsIso("2028-02-14")).toEqual({ first: "2028-02-01", last: "2028-02-29" });
  });
});

describe("how dates are shown", () => {
  it("writes the spec's formats with plain spaces", () => {
    const date = new Date(2026, 0, 5, 15, 4);
    expect(formatDate(date)).toBe("Jan 5, 2026");
    expect(formatDateTime(date)).toBe("January 5, 2026 at 3:04 PM");
    expect(formatDateTime(new Date(2026, 10, 25, 0, 7))).toBe("November 25, 2026 at 12:07 AM");
    expect(displayDate("2026-01-05")).toBe("01/05/2026");
    expect(displayDate("nonsense")).toBe("");
    expect(formatDay("2026-01-05")).toBe("01/05/2026");
    expect(formatDay(date)).toBe("Jan 5, 2026");
  });
});

describe("the start of today in a zone", () => {
  it("is the zone's midnight, also across a change of offset", () => {
    expect(startOfTodayIn("America/New_York", new Date("2026-11-27T12:00:00Z")).toISOString()).toBe(
      "2026-11-27T05:00:00.000Z",
    );
    expect(startOfTodayIn("America/New_York", new Date("2026-11-27T04:59:00Z")).toISOString()).toBe(
      "2026-11-26T05:00:00.000Z",
    );
    // the day clocks go forward in New York starts at its usual midnight (EST)
    expect(startOfTodayIn("America/New_York", new Date("2026-03-08T15:00:00Z")).toISOString()).toBe(
      "2026-03-08T05:00:00.000Z",
    );
    // Santiago skips midnight when clocks go forward: today starts at 01:00
    expect(startOfTodayIn("America/Santiago", new Date("2026-09-06T12:00:00Z")).toISOString()).toBe(
      "2026-09-06T04:00:00.000Z",
    );
  });
});

describe("time zones grouped by region", () => {
  const zones = ["America/Argentina/Buenos_Aires", "Europe/Berlin", "America/New_York", "UTC", "Asia/Tokyo"];

  it("groups by the region before the first slash, regions sorted, zones without one last", () => {
    expect(timeZoneGroups(zones)).toEqual([
      {
        region: "America",
        zones: [
          { value: "America/Argentina/Buenos_Aires", label: "Argentina / Buenos Aires" },
          { value: "America/New_York", label: "New York" },
        ],
      },
      { region: "Asia", zones: [{ value: "Asia/Tokyo", label: "Tokyo" }] },
      { region: "Europe", zones: [{ value: "Europe/Berlin", label: "Berlin" }] },
      { region: "Other", zones: [{ value: "UTC", label: "UTC" }] },
    ]);
  });

  it("every zone the settings offer is in exactly one group", () => {
    const all = timeZoneChoices();
    expect(
      timeZoneGroups(all)
        .flatMap((group) => group.zones.map((zone) => zone.value))
        .sort(),
    ).toEqual([...all].sort());
  });

  it("filters on every word, ignoring case and underscores, and keeps the chosen zone", () => {
    const groups = timeZoneGroups(zones);
    expect(filterTimeZoneGroups(groups, "new york").flatMap((group) => group.zones.map((zone) => zone.value))).toEqual([
      "America/New_York",
    ]);
    expect(filterTimeZoneGroups(groups, "EUROPE").map((group) => group.region)).toEqual(["Europe"]);
    expect(
      filterTimeZoneGroups(groups, "berlin", "Asia/Tokyo").flatMap((group) => group.zones.map((zone) => zone.value)),
    ).toEqual(["Asia/Tokyo", "Europe/Berlin"]);
    expect(filterTimeZoneGroups(groups, "  ")).toEqual(groups);
    expect(filterTimeZoneGroups(groups, "atlantis")).toEqual([]);
  });
});
