import { describe, expect, it } from "vitest";
import {
  type Availability,
  availabilityFormDefaults,
  availabilityFormSchema,
  bookingFormSchema,
  bookingLockDays,
  bookPageCacheMs,
  defaultAvailability,
  freeSlots,
  freeSlotsFreshUntil,
  isFreeSlot,
  slotsByDayIn,
  toAvailabilitySettings,
} from "./booking.ts";
import { formatMomentIn, formatTimeIn, wallClockIn, zonedInstant } from "./dates.ts";

const newYork: Availability = {
  timeZone: "America/New_York",
  weeklyHours: [[], ...Array.from({ length: 5 }, () => [{ start: "09:00", end: "12:00" }]), []],
  sessionMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 0,
  horizonDays: 30,
  dailyCap: 0,
  daysOff: [],
};

const iso = (dates: readonly Date[]) => dates.map((date) => date.toISOString());
// Monday 2026-11-30, 08:00 in New York (13:00Z)
const mondayMorning = new Date("2026-11-30T13:00:00Z");

function day(
  availability: Availability,
  date: string,
  bookings: { startsAt: Date; endsAt: Date }[] = [],
  now = mondayMorning,
) {
  const [found] = freeSlots(availability, { now, bookings, from: date, days: 1 });
  return found?.day === date ? iso(found.slots) : [];
}

const booking = (start: string, minutes = 30) => ({
  startsAt: new Date(start),
  endsAt: new Date(new Date(start).getTime() + minutes * 60_000),
});

describe("wall clocks in a zone", () => {
  it("finds the instant of a wall time, null in the skipped hour, the first of a repeated one", () => {
    expect(zonedInstant("2026-11-30", 9 * 60, "America/New_York")?.toISOString()).toBe("2026-11-30T14:00:00.000Z");
    expect(zonedInstant("2026-07-01", 9 * 60, "America/New_York")?.toISOString()).toBe("2026-07-01T13:00:00.000Z");
    expect(zonedInstant("2026-03-08", 2 * 60 + 30, "America/New_York")).toBeNull();
    expect(zonedInstant("2026-11-01", 60 + 30, "America/New_York")?.toISOString()).toBe("2026-11-01T05:30:00.000Z");
    expect(zonedInstant("2026-11-30", 0, "Asia/Kolkata")?.toISOString()).toBe("2026-11-29T18:30:00.000Z");
    expect(wallClockIn(new Date("2026-11-29T18:30:00Z"), "Asia/Kolkata")).toEqual({ day: "2026-11-30", minutes: 0 });
  });

  it("shows a moment in a zone", () => {
    const instant = new Date("2026-11-30T14:00:00Z");
    expect(formatTimeIn(instant, "America/New_York")).toBe("9:00 AM");
    expect(formatTimeIn(instant, "Europe/Berlin")).toBe("3:00 PM");
    expect(formatMomentIn(instant, "America/New_York")).toBe("Monday, November 30, 2026 at 9:00 AM (America/New_York)");
  });
});

describe("free slots", () => {
  it("lays a grid of sessions over the day's hours in the studio's zone, as UTC instants", () => {
    expect(day(newYork, "2026-12-01")).toEqual([
      "2026-12-01T14:00:00.000Z",
      "2026-12-01T14:30:00.000Z",
      "2026-12-01T15:00:00.000Z",
      "2026-12-01T15:30:00.000Z",
      "2026-12-01T16:00:00.000Z",
      "2026-12-01T16:30:00.000Z",
    ]);
    // a weekend day has no hours
    expect(day(newYork, "2026-12-05")).toEqual([]);
    // a session longer than what is left of the hours is no slot
    expect(day({ ...newYork, sessionMinutes: 50 }, "2026-12-01")).toEqual([
      "2026-12-01T14:00:00.000Z",
      "2026-12-01T14:50:00.000Z",
      "2026-12-01T15:40:00.000Z",
    ]);
  });

  it("keeps the buffers around existing bookings and around the new slot", () => {
    const booked = [booking("2026-12-01T15:00:00Z")]; // 10:00-10:30 New York
    expect(day(newYork, "2026-12-01", booked)).not.toContain("2026-12-01T15:00:00.000Z");
    expect(day(newYork, "2026-12-01", booked)).toContain("2026-12-01T14:30:00.000Z");
    expect(day(newYork, "2026-12-01", booked)).toContain("2026-12-01T15:30:00.000Z");
    // 15 minutes after every session: after the booking, and after the new slot (which must end 15 minutes
    // before the booking starts); the same for 15 minutes before
    for (const buffers of [{ bufferAfterMinutes: 15 }, { bufferBeforeMinutes: 15 }]) {
      expect(day({ ...newYork, ...buffers }, "2026-12-01", booked)).toEqual([
        "2026-12-01T14:00:00.000Z",
        "2026-12-01T16:00:00.000Z",
        "2026-12-01T16:30:00.000Z",
      ]);
    }
    // a buffer longer than a session takes two slots on either side
    expect(day({ ...newYork, bufferAfterMinutes: 31 }, "2026-12-01", booked)).toEqual(["2026-12-01T16:30:00.000Z"]);
    // a booking of another length (the session length changed since) still blocks what it overlaps
    expect(day(newYork, "2026-12-01", [booking("2026-12-01T15:15:00Z", 60)])).toEqual([
      "2026-12-01T14:00:00.000Z",
      "2026-12-01T14:30:00.000Z",
      "2026-12-01T16:30:00.000Z",
    ]);
  });

  it("asks for the minimum notice and stops at the horizon", () => {
    const now = new Date("2026-12-01T14:10:00Z"); // 9:10 New York
    expect(day(newYork, "2026-12-01", [], now)[0]).toBe("2026-12-01T14:30:00.000Z");
    expect(day({ ...newYork, minimumNoticeMinutes: 60 }, "2026-12-01", [], now)[0]).toBe("2026-12-01T15:30:00.000Z");
    expect(day({ ...newYork, minimumNoticeMinutes: 24 * 60 }, "2026-12-01", [], now)).toEqual([]);
    const ahead = freeSlots({ ...newYork, horizonDays: 3 }, { now, bookings: [] });
    expect(ahead.map((entry) => entry.day)).toEqual(["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"]);
    // nothing before today in the studio's zone
    expect(freeSlots(newYork, { now, bookings: [], from: "2026-11-20", days: 1 })[0]?.day).toBe("2026-12-01");
  });

  it("honours the daily cap and the days off", () => {
    const two = [booking("2026-12-01T14:00:00Z"), booking("2026-12-01T16:00:00Z")];
    expect(day({ ...newYork, dailyCap: 3 }, "2026-12-01", two)).toHaveLength(4);
    expect(day({ ...newYork, dailyCap: 2 }, "2026-12-01", two)).toEqual([]);
    expect(day({ ...newYork, dailyCap: 2 }, "2026-12-02", two)).toHaveLength(6);
    expect(day({ ...newYork, daysOff: ["2026-12-01"] }, "2026-12-01")).toEqual([]);
  });

  it("counts the cap and the days off by the studio's calendar day, not UTC's", () => {
    const evening: Availability = {
      ...newYork,
      weeklyHours: Array.from({ length: 7 }, () => [{ start: "19:00", end: "21:00" }]),
    };
    // 19:00 New York on Dec 1 is Dec 2 in UTC
    expect(day(evening, "2026-12-01")[0]).toBe("2026-12-02T00:00:00.000Z");
    const late = [booking("2026-12-02T00:00:00Z")];
    expect(day({ ...evening, dailyCap: 1 }, "2026-12-01", late)).toEqual([]);
    expect(day({ ...evening, dailyCap: 1 }, "2026-12-02", late)).toHaveLength(4);
  });

  it("keeps the wall-clock hours across daylight saving time: the UTC instants move", () => {
    const everyDay: Availability = {
      ...newYork,
      weeklyHours: Array.from({ length: 7 }, () => [{ start: "09:00", end: "10:00" }]),
    };
    const now = new Date("2026-03-01T00:00:00Z");
    expect(day(everyDay, "2026-03-07", [], now)).toEqual(["2026-03-07T14:00:00.000Z", "2026-03-07T14:30:00.000Z"]);
    expect(day(everyDay, "2026-03-08", [], now)).toEqual(["2026-03-08T13:00:00.000Z", "2026-03-08T13:30:00.000Z"]);
    const autumn = new Date("2026-10-25T00:00:00Z");
    expect(day(everyDay, "2026-10-31", [], autumn)).toEqual(["2026-10-31T13:00:00.000Z", "2026-10-31T13:30:00.000Z"]);
    expect(day(everyDay, "2026-11-01", [], autumn)).toEqual(["2026-11-01T14:00:00.000Z", "2026-11-01T14:30:00.000Z"]);
  });

  it("has no slot in the hour a 23-hour day skips and no second copy of the hour a 25-hour day repeats", () => {
    const night: Availability = {
      ...newYork,
      weeklyHours: Array.from({ length: 7 }, () => [{ start: "00:00", end: "04:00" }]),
    };
    const spring = day(night, "2026-03-08", [], new Date("2026-03-01T00:00:00Z"));
    // 0:00, 0:30, 1:00, 1:30 EST, then 3:00, 3:30 EDT: 2:00 and 2:30 do not exist that night
    expect(spring).toEqual([
      "2026-03-08T05:00:00.000Z",
      "2026-03-08T05:30:00.000Z",
      "2026-03-08T06:00:00.000Z",
      "2026-03-08T06:30:00.000Z",
      "2026-03-08T07:00:00.000Z",
      "2026-03-08T07:30:00.000Z",
    ]);
    const autumn = day(night, "2026-11-01", [], new Date("2026-10-25T00:00:00Z"));
    // 1:00 and 1:30 come twice; each is offered once (its first instant, EDT)
    expect(autumn).toEqual([
      "2026-11-01T04:00:00.000Z",
      "2026-11-01T04:30:00.000Z",
      "2026-11-01T05:00:00.000Z",
      "2026-11-01T05:30:00.000Z",
      "2026-11-01T07:00:00.000Z",
      "2026-11-01T07:30:00.000Z",
      "2026-11-01T08:00:00.000Z",
      "2026-11-01T08:30:00.000Z",
    ]);
  });

  it("checks one slot again the same way, and groups slots by the visitor's day", () => {
    const booked = [booking("2026-12-01T15:00:00Z")];
    const options = { now: mondayMorning, bookings: booked };
    expect(isFreeSlot(newYork, new Date("2026-12-01T15:30:00Z"), options)).toBe(true);
    expect(isFreeSlot(newYork, new Date("2026-12-01T15:00:00Z"), options)).toBe(false);
    // off the grid
    expect(isFreeSlot(newYork, new Date("2026-12-01T15:40:00Z"), options)).toBe(false);
    const days = freeSlots(newYork, { now: mondayMorning, bookings: [], from: "2026-12-01", days: 1 });
    // 9:00-12:00 New York is 23:00-02:00 in Tokyo: two calendar days there
    expect(slotsByDayIn(days, "Asia/Tokyo").map((entry) => [entry.day, entry.slots.length])).toEqual([
      ["2026-12-01", 2],
      ["2026-12-02", 4],
    ]);
  });
});

describe("the days a booking locks (ADR 0047)", () => {
  it("is the slot's own studio day, plus the neighbour a conflicting booking could start on", () => {
    // 10:00 New York: nothing that could touch it starts on another day
    expect(bookingLockDays(newYork, new Date("2026-12-01T15:00:00Z"))).toEqual(["2026-12-01"]);
    // 00:30 New York: a booking of the evening before (with its buffers) could reach it
    const buffered = { ...newYork, bufferBeforeMinutes: 15, bufferAfterMinutes: 15 };
    expect(bookingLockDays(buffered, new Date("2026-12-02T05:30:00Z"))).toEqual(["2026-12-01", "2026-12-02"]);
    // 23:30 New York, with a 15-minute buffer: one starting 00:00 the next day is in reach
    expect(bookingLockDays(buffered, new Date("2026-12-02T04:30:00Z"))).toEqual(["2026-12-01", "2026-12-02"]);
    // the studio's calendar, not UTC's: 19:00 New York on Dec 1 is Dec 2 in UTC
    expect(bookingLockDays(newYork, new Date("2026-12-02T00:00:00Z"))).toEqual(["2026-12-01"]);
  });

  it("gives any two bookings that could conflict a day in common", () => {
    const settings = { ...newYork, sessionMinutes: 60, bufferBeforeMinutes: 30, bufferAfterMinutes: 45 };
    const [before, after, length] = [30 * 60_000, 45 * 60_000, 60 * 60_000];
    const start = new Date("2026-12-02T04:00:00Z").getTime(); // 23:00 New York
    let conflicts = 0;
    for (let offset = -600; offset <= 600; offset += 15) {
      const other = start + offset * 60_000;
      // freeSlots' rule: either one with its buffers touches the other
      const touches = (a: number, b: number) => a - before < b + length && b < a + length + after;
      if (!touches(start, other) && !touches(other, start)) continue;
      conflicts++;
      const mine = bookingLockDays(settings, new Date(start));
      const theirs = bookingLockDays(settings, new Date(other));
      expect(
        mine.filter((day) => theirs.includes(day)),
        `offset ${offset}`,
      ).not.toEqual([]);
    }
    expect(conflicts).toBeGreaterThan(10);
  });
});

describe("how long a rendered booking page holds (ADR 0037)", () => {
  const withNotice = { ...newYork, minimumNoticeMinutes: 60 };
  const at = (text: string) => new Date(text);

  it("until the first offered slot falls inside the minimum notice", () => {
    // Monday 08:00 New York: the first slot is 09:00 with no notice, 09:30 with an hour's
    const now = at("2026-11-30T13:00:00Z");
    const days = freeSlots(withNotice, { now, bookings: [] });
    expect(days[0]?.slots[0]?.toISOString()).toBe("2026-11-30T14:00:00.000Z");
    // 09:00 leaves at 08:00 + the notice: now, so the page holds no longer than its render
    expect(freeSlotsFreshUntil(withNotice, days, now)).toBe(now.getTime());
    const later = at("2026-11-30T13:00:01Z");
    const next = freeSlots(withNotice, { now: later, bookings: [] });
    expect(next[0]?.slots[0]?.toISOString()).toBe("2026-11-30T14:30:00.000Z");
    // 09:30 leaves at 08:30: later than the cap, so the cap decides
    expect(freeSlotsFreshUntil(withNotice, next, later)).toBe(later.getTime() + bookPageCacheMs);
    const close = at("2026-11-30T13:29:30Z");
    expect(freeSlotsFreshUntil(withNotice, next, close)).toBe(at("2026-11-30T13:30:00Z").getTime());
  });

  it("until the studio's day changes, and at most bookPageCacheMs", () => {
    // Friday 23:59:30 in New York: Saturday starts in 30 s (the horizon moves a day)
    const now = at("2026-12-05T04:59:30Z");
    expect(freeSlotsFreshUntil(newYork, [], now)).toBe(at("2026-12-05T05:00:00Z").getTime());
    expect(freeSlotsFreshUntil(newYork, [], at("2026-12-04T17:00:00Z"))).toBe(
      at("2026-12-04T17:00:00Z").getTime() + bookPageCacheMs,
    );
    // Kolkata's midnight is 18:30 UTC
    expect(freeSlotsFreshUntil({ ...newYork, timeZone: "Asia/Kolkata" }, [], at("2026-12-04T18:29:50Z"))).toBe(
      at("2026-12-04T18:30:00Z").getTime(),
    );
  });
});

describe("the forms", () => {
  it("reads the visitor's booking", () => {
    const parsed = bookingFormSchema.safeParse({
      slot: "2026-12-01T15:00:00.000Z",
      name: " Ada ",
      email: "ada@example.com",
    });
    expect(parsed.success && parsed.data.slot.toISOString()).toBe("2026-12-01T15:00:00.000Z");
    expect(bookingFormSchema.safeParse({ slot: "tomorrow", name: "Ada", email: "ada@example.com" }).success).toBe(
      false,
    );
    expect(bookingFormSchema.safeParse({ slot: "2026-12-01T15:00:00Z", name: "", email: "x" }).success).toBe(false);
  });

  it("round-trips the owner's availability and refuses hours that end before they start", () => {
    const values = availabilityFormDefaults(defaultAvailability);
    const parsed = availabilityFormSchema.parse(values);
    expect(toAvailabilitySettings(parsed)).toEqual(defaultAvailability);
    const wrong = availabilityFormSchema.safeParse({ ...values, start_1: "17:00", end_1: "09:00" });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.path).toEqual(["start_1"]);
    expect(availabilityFormSchema.safeParse({ ...values, days_off: "2026-12-24 tomorrow" }).success).toBe(false);
    expect(
      toAvailabilitySettings(
        availabilityFormSchema.parse({ ...values, days_off: "2026-12-25\n2026-12-24, 2026-12-25" }),
      ).daysOff,
    ).toEqual(["2026-12-24", "2026-12-25"]);
  });
});
