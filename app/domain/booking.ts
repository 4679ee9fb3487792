/**
 * Booking the free consultation: the owner's availability and the free slots it leaves.
 *
 * Hours are wall-clock times in the studio's time zone ('09:00'–'17:00' stays 9 to 5 across a
 * change of daylight saving time); slots are UTC instants on a fixed grid (from the start of each
 * range, one session length apart), so a slot is named by its start and the database can refuse a
 * second booking of it (a unique index on the start of booked rows; ADR 0032).
 */
import { z } from "zod";
import {
  addDaysIso,
  clockMinutes,
  formatLongDay,
  formatTimeIn,
  isIsoDate,
  isValidTimeZone,
  todayIn,
  wallClockIn,
  weekdayOf,
  zonedInstant,
} from "#app/domain/dates.ts";
import { uuidField } from "#app/domain/id-fields.ts";
import { limits, tooLong } from "#app/domain/limits.ts";
import { meetingPlaceField } from "#app/domain/meeting-place.ts";
import { emailAddress, optionalMultilineText, requiredText } from "#app/domain/validation.ts";

/** One stretch of open hours, wall-clock 'HH:MM' (24-hour) in the studio's zone. */
type OpenHours = { start: string; end: string };

/** What the owner sets in Settings (table booking_settings), the zone from business_settings. */
export type Availability = {
  timeZone: string;
  /** seven lists, Sunday first; an empty list is a closed day */
  weeklyHours: OpenHours[][];
  sessionMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minimumNoticeMinutes: number;
  /** the last bookable day is today + this many days (in the studio's zone) */
  horizonDays: number;
  /** bookings per day at most; 0 is no cap */
  dailyCap: number;
  /** 'YYYY-MM-DD' in the studio's zone */
  daysOff: string[];
  /** where the consultation happens (a call link, a phone number or an address); unset: not said */
  meetingPlace?: string | null;
};

/** A booked time another booking may not come near (its buffers apply around it). */
export type BusyTime = { startsAt: Date; endsAt: Date };

export type DaySlots = { day: string; slots: Date[] };

const weekdayHours: OpenHours[] = [{ start: "09:00", end: "17:00" }];

/** Weekdays 9 to 5, 30-minute sessions with 15 minutes after, a day's notice, three weeks ahead, four a day. */
export const defaultAvailability: Omit<Availability, "timeZone"> = {
  weeklyHours: [[], weekdayHours, weekdayHours, weekdayHours, weekdayHours, weekdayHours, []],
  sessionMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 15,
  minimumNoticeMinutes: 24 * 60,
  horizonDays: 21,
  dailyCap: 4,
  daysOff: [],
  meetingPlace: null,
};

export const weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

const minute = 60_000;

function overlaps(aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  return aStart < bEnd && bStart < aEnd;
}

/**
 * The grid of one studio day, before bookings: each range's wall-clock starts one session apart
 * whose session ends inside the range, as instants. A wall time the zone skips (clocks going
 * forward) is no slot; one it repeats (clocks going back) is its first instant only.
 */
function dayGrid(availability: Availability, day: string): Date[] {
  const session = availability.sessionMinutes;
  const slots: Date[] = [];
  const seen = new Set<number>();
  for (const hours of availability.weeklyHours[weekdayOf(day)] ?? []) {
    const start = clockMinutes(hours.start);
    const end = clockMinutes(hours.end);
    if (start === null || end === null || session <= 0) continue;
    for (let wall = start; wall + session <= end; wall += session) {
      const instant = zonedInstant(day, wall, availability.timeZone);
      if (!instant || seen.has(instant.getTime())) continue;
      seen.add(instant.getTime());
      slots.push(instant);
    }
  }
  return slots.sort((a, b) => a.getTime() - b.getTime());
}

/** The studio day ('YYYY-MM-DD') a booking falls on. */
function studioDayOf(availability: Pick<Availability, "timeZone">, instant: Date): string {
  return wallClockIn(instant, availability.timeZone).day;
}

/**
 * The free slots of `days` studio days from `from` (default: today in the studio's zone): not a
 * day off, within the horizon, at least the minimum notice after `now`, under the day's cap, and
 * clear of every booking with the buffers before and after both the booking and the slot.
 */
export function freeSlots(
  availability: Availability,
  options: { now: Date; bookings: readonly BusyTime[]; from?: string; days?: number },
): DaySlots[] {
  const today = todayIn(availability.timeZone, options.now);
  const last = addDaysIso(today, availability.horizonDays);
  const from = options.from && options.from > today ? options.from : today;
  const days = options.days ?? availability.horizonDays + 1;
  const earliest = options.now.getTime() + availability.minimumNoticeMinutes * minute;
  const before = availability.bufferBeforeMinutes * minute;
  const after = availability.bufferAfterMinutes * minute;
  const session = availability.sessionMinutes * minute;
  const daysOff = new Set(availability.daysOff);
  const perDay = new Map<string, number>();
  for (const booking of options.bookings) {
    const day = studioDayOf(availability, booking.startsAt);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }

  const result: DaySlots[] = [];
  for (let index = 0; index < days; index++) {
    const day = addDaysIso(from, index);
    if (day > last) break;
    if (daysOff.has(day)) continue;
    if (availability.dailyCap > 0 && (perDay.get(day) ?? 0) >= availability.dailyCap) continue;
    const slots = dayGrid(availability, day).filter((slot) => {
      const start = slot.getTime();
      const end = start + session;
      if (start < earliest) return false;
      return !options.bookings.some((booking) => {
        const bookedStart = booking.startsAt.getTime();
        const bookedEnd = booking.endsAt.getTime();
        // the slot with its buffers must not touch the booking, nor the booking with its buffers the slot
        return (
          overlaps(start - before, end + after, bookedStart, bookedEnd) ||
          overlaps(start, end, bookedStart - before, bookedEnd + after)
        );
      });
    });
    if (slots.length > 0) result.push({ day, slots });
  }
  return result;
}

/** Whether `start` is a free slot now (the check a booking makes again inside its transaction). */
export function isFreeSlot(
  availability: Availability,
  start: Date,
  options: { now: Date; bookings: readonly BusyTime[] },
): boolean {
  const day = studioDayOf(availability, start);
  const [found] = freeSlots(availability, { ...options, from: day, days: 1 });
  return found?.day === day && found.slots.some((slot) => slot.getTime() === start.getTime());
}

/** The longest session the owner's form allows: a booking kept from an earlier setting is at most this long. */
const longestSessionMinutes = 240;

/**
 * The studio days whose lock a booking of `start` takes before it checks the slot again (ADR 0047):
 * the slot's own day (its daily cap) and every day on which a booking that its buffers could
 * touch may start, so two bookings that could conflict always share at least one day's lock, even
 * across midnight. Sorted: every booking takes its locks in the same order (no deadlock).
 */
export function bookingLockDays(
  availability: Pick<Availability, "timeZone" | "sessionMinutes" | "bufferBeforeMinutes" | "bufferAfterMinutes">,
  start: Date,
): string[] {
  // a booking conflicts when it starts less than the buffers and its own length before this one,
  // or less than the buffers after this one ends
  const buffers = (availability.bufferBeforeMinutes + availability.bufferAfterMinutes) * minute;
  const earliest = start.getTime() - buffers - Math.max(availability.sessionMinutes, longestSessionMinutes) * minute;
  const latest = start.getTime() + availability.sessionMinutes * minute + buffers;
  const days = [earliest, start.getTime(), latest].map((instant) => studioDayOf(availability, new Date(instant)));
  return [...new Set(days)].sort();
}

/** The slots regrouped by the calendar day they fall on in `timeZone` (the visitor's). */
export function slotsByDayIn(days: readonly DaySlots[], timeZone: string): DaySlots[] {
  const grouped = new Map<string, Date[]>();
  for (const slot of days.flatMap((entry) => entry.slots)) {
    const { day } = wallClockIn(slot, timeZone);
    grouped.set(day, [...(grouped.get(day) ?? []), slot]);
  }
  return [...grouped].map(([day, slots]) => ({ day, slots }));
}

/** The visitor's zone from the `tz` query parameter, else the studio's. */
export function visitorTimeZone(value: string | null, studioZone: string): string {
  return value && isValidTimeZone(value) ? value : studioZone;
}

// ---------------------------------------------------------------- the visitor's form

export const bookingLimits = { note: 1000, name: limits.fullName } as const;

export const bookingMessages = {
  taken: "That time was just taken. Please choose another.",
  slotRequired: "Please choose a time",
  booked: "Your consultation is booked",
  cancelled: "Your consultation is cancelled.",
  rescheduled: "Your consultation has been moved.",
  usedLink: "This link has already been used, or the consultation was cancelled.",
  /** the day's bookings for one email address are used up (each mails that address; ADR 0047) */
  recipientLimited:
    "This email address has booked several consultations today already. Please try again tomorrow, or write to us through the contact page.",
  /** a post without the page's token: the booking page's cookie did not come back (ADR 0037) */
  noToken:
    "Your consultation is not booked yet: your browser did not send back this page's cookie. Your details are kept below: please choose the time and confirm again.",
} as const;

/** A slot as the form posts it: its start, an ISO instant. */
const slotField = z
  .string({ error: bookingMessages.slotRequired })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/, bookingMessages.slotRequired)
  .transform((value) => new Date(value))
  .refine((date) => !Number.isNaN(date.getTime()), bookingMessages.slotRequired);

export const bookingFormSchema = z.object({
  slot: slotField,
  name: requiredText(bookingLimits.name, "Name is required", tooLong("Name", bookingLimits.name)),
  email: emailAddress(),
  note: optionalMultilineText(bookingLimits.note, "Note"),
});

/** The manage page's two forms: cancel, or move to another slot. */
export const manageBookingSchema = z.discriminatedUnion("intent", [
  // the first post asks to confirm; the second, with confirm=yes, cancels
  z.object({ intent: z.literal("cancel"), confirm: z.literal("yes").optional() }),
  z.object({ intent: z.literal("reschedule"), slot: slotField }),
]);

// ---------------------------------------------------------------- the owner's settings form

const hoursMessage = "Enter both times as HH:MM, the end after the start";

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number from ${min} to ${max}` })
    .int(`${label} must be a whole number from ${min} to ${max}`)
    .min(min, `${label} must be a whole number from ${min} to ${max}`)
    .max(max, `${label} must be a whole number from ${min} to ${max}`);

const clockField = z.string().trim().optional();

const dayFields = {
  start_0: clockField,
  end_0: clockField,
  start_1: clockField,
  end_1: clockField,
  start_2: clockField,
  end_2: clockField,
  start_3: clockField,
  end_3: clockField,
  start_4: clockField,
  end_4: clockField,
  start_5: clockField,
  end_5: clockField,
  start_6: clockField,
  end_6: clockField,
};
type DayField = keyof typeof dayFields;

function dayOff(value: string): boolean {
  return isIsoDate(value);
}

export const availabilityFormSchema = z
  .object({
    session_minutes: wholeNumber("Session length", 10, 240),
    buffer_before_minutes: wholeNumber("Buffer before", 0, 240),
    buffer_after_minutes: wholeNumber("Buffer after", 0, 240),
    minimum_notice_hours: wholeNumber("Minimum notice", 0, 24 * 30),
    horizon_days: wholeNumber("Booking window", 1, 365),
    daily_cap: wholeNumber("Daily limit", 0, 50),
    days_off: z
      .string()
      .optional()
      .transform((value) => [...new Set((value ?? "").split(/[\s,]+/).filter(Boolean))].sort())
      .refine((days) => days.every(dayOff), "Days off must be dates written YYYY-MM-DD"),
    meeting_place: meetingPlaceField,
    ...dayFields,
  })
  .superRefine((value, context) => {
    for (let index = 0; index < 7; index++) {
      const start = value[`start_${index}` as DayField] ?? "";
      const end = value[`end_${index}` as DayField] ?? "";
      if (start === "" && end === "") continue;
      const from = clockMinutes(start);
      const to = clockMinutes(end);
      if (from === null || to === null || to <= from) {
        context.addIssue({ code: "custom", message: hoursMessage, path: [`start_${index}`] });
      }
    }
  });

export type AvailabilitySettings = Omit<Availability, "timeZone">;

/** The form's values as the settings row keeps them (one stretch of hours per weekday). */
export function toAvailabilitySettings(form: z.output<typeof availabilityFormSchema>): AvailabilitySettings {
  return {
    weeklyHours: weekdayNames.map((_, index) => {
      const start = form[`start_${index}` as DayField] ?? "";
      const end = form[`end_${index}` as DayField] ?? "";
      return start && end ? [{ start, end }] : [];
    }),
    sessionMinutes: form.session_minutes,
    bufferBeforeMinutes: form.buffer_before_minutes,
    bufferAfterMinutes: form.buffer_after_minutes,
    minimumNoticeMinutes: form.minimum_notice_hours * 60,
    horizonDays: form.horizon_days,
    dailyCap: form.daily_cap,
    daysOff: form.days_off,
    meetingPlace: form.meeting_place,
  };
}

/** The settings as the form's default values. */
export function availabilityFormDefaults(settings: AvailabilitySettings): Record<string, string> {
  const days: Record<string, string> = {};
  weekdayNames.forEach((_, index) => {
    const first = settings.weeklyHours[index]?.[0];
    days[`start_${index}`] = first?.start ?? "";
    days[`end_${index}`] = first?.end ?? "";
  });
  return {
    session_minutes: String(settings.sessionMinutes),
    buffer_before_minutes: String(settings.bufferBeforeMinutes),
    buffer_after_minutes: String(settings.bufferAfterMinutes),
    minimum_notice_hours: String(Math.round(settings.minimumNoticeMinutes / 60)),
    horizon_days: String(settings.horizonDays),
    daily_cap: String(settings.dailyCap),
    days_off: settings.daysOff.join("\n"),
    meeting_place: settings.meetingPlace ?? "",
    ...days,
  };
}

// ---------------------------------------------------------------- the back office's list

export const bookingAdminMessages = {
  gone: "Booking not found",
  cancelled: "Consultation cancelled. The visitor has been told by email.",
  moved: "Consultation moved. The visitor has been sent the new time.",
  saved: "Availability saved",
} as const;

/** The list's row actions: cancel, or move to another free slot (the dialog's form). */
export const bookingActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel"), id: uuidField(bookingAdminMessages.gone) }),
  z.object({ intent: z.literal("move"), id: uuidField(bookingAdminMessages.gone), slot: slotField }),
]);
export const bookingFormIds = { row: "booking-row", move: "booking-move" } as const;

export const bookingViews = ["upcoming", "past", "cancelled"] as const;
export type BookingView = (typeof bookingViews)[number];

export function parseBookingView(value: string | null): BookingView {
  return bookingViews.includes(value as BookingView) ? (value as BookingView) : "upcoming";
}

/** The id of the `bookings` change event that says the availability or the studio's zone changed. */
export const availabilityChangeId = "availability";

/** The public booking page. */
export const bookPath = "/book";

/**
 * The longest a rendered booking page is served from the public-page cache (ADR 0037): the
 * entry's version also moves with every booking, cancellation, move and availability change.
 */
export const bookPageCacheMs = 60_000;

/**
 * Until when the free times of a page rendered at `now` hold without any booking or settings change:
 * until the first offered slot falls inside the minimum notice, the studio's day changes (the horizon
 * moves, today's slots go) or `bookPageCacheMs` has passed, whichever comes first (epoch ms).
 */
export function freeSlotsFreshUntil(
  availability: Pick<Availability, "timeZone" | "minimumNoticeMinutes">,
  days: readonly DaySlots[],
  now: Date,
): number {
  let until = now.getTime() + bookPageCacheMs;
  const first = days[0]?.slots[0];
  if (first) until = Math.min(until, first.getTime() - availability.minimumNoticeMinutes * minute);
  const tomorrow = addDaysIso(todayIn(availability.timeZone, now), 1);
  // a zone whose clocks skip midnight starts its day at 01:00
  const midnight =
    zonedInstant(tomorrow, 0, availability.timeZone) ?? zonedInstant(tomorrow, 60, availability.timeZone);
  if (midnight) until = Math.min(until, midnight.getTime());
  return Math.max(until, now.getTime());
}

/** The manage page's address for a token. */
export function manageBookingPath(token: string): string {
  return `/book/manage/${token}`;
}

// ---------------------------------------------------------------- the public page's picker

export type SlotPickerView = {
  zone: string;
  studioZone: string;
  days: { day: string; label: string; count: number }[];
  selected: { day: string; label: string; slots: { value: string; time: string; studioTime: string | null }[] } | null;
};

/** The days (in the visitor's zone) and the chosen day's slots, as the page shows them. */
export function slotPickerView(
  days: readonly DaySlots[],
  zone: string,
  studioZone: string,
  chosenDay: string | null,
): SlotPickerView {
  const grouped = slotsByDayIn(days, zone);
  const selected = grouped.find((entry) => entry.day === chosenDay) ?? grouped[0] ?? null;
  return {
    zone,
    studioZone,
    days: grouped.map((entry) => ({ day: entry.day, label: formatLongDay(entry.day), count: entry.slots.length })),
    selected: selected
      ? {
          day: selected.day,
          label: formatLongDay(selected.day),
          slots: selected.slots.map((slot) => ({
            value: slot.toISOString(),
            time: formatTimeIn(slot, zone),
            studioTime: zone === studioZone ? null : formatTimeIn(slot, studioZone),
          })),
        }
      : null,
  };
}
