/** Bookings of the free consultation and the owner's availability (ADR 0032). */
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { publishChange } from "#app/db/changes.server.ts";
import type { Queryable } from "#app/db/client.server.ts";
import { bookingSettings, bookings, contactSubmissions, customers } from "#app/db/schema.ts";
import type { Touches } from "#app/domain/attribution.ts";
import {
  type AvailabilitySettings,
  availabilityChangeId,
  type BookingView,
  type BusyTime,
  defaultAvailability,
} from "#app/domain/booking.ts";

export type Booking = typeof bookings.$inferSelect;

export async function getAvailabilitySettings(db: Queryable): Promise<AvailabilitySettings> {
  const [row] = await db.select().from(bookingSettings).limit(1);
  if (!row) return defaultAvailability;
  return {
    weeklyHours: row.weeklyHours,
    sessionMinutes: row.sessionMinutes,
    bufferBeforeMinutes: row.bufferBeforeMinutes,
    bufferAfterMinutes: row.bufferAfterMinutes,
    minimumNoticeMinutes: row.minimumNoticeMinutes,
    horizonDays: row.horizonDays,
    dailyCap: row.dailyCap,
    daysOff: row.daysOff,
    meetingPlace: row.meetingPlace,
  };
}

/** Saves the availability; the booking page's cached renders hear of it (`bookings` change event, ADR 0037). */
export async function saveAvailabilitySettings(db: Queryable, settings: AvailabilitySettings): Promise<void> {
  const values = { id: 1, ...settings, updatedAt: new Date() };
  await db.insert(bookingSettings).values(values).onConflictDoUpdate({ target: bookingSettings.id, set: values });
  await publishChange(db, { table: "bookings", id: availabilityChangeId });
}

/**
 * Takes the transaction-scoped lock of each studio day (`bookingLockDays`, already sorted): a booking,
 * a move or a check made after it sees every booking committed by a transaction that held one of
 * them, on any instance (ADR 0047). Released at commit or rollback.
 */
export async function lockBookingDays(tx: Queryable, days: readonly string[]): Promise<void> {
  for (const day of days) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`studio:booking-day:${day}`}))`);
  }
}

/** Booked times that touch [from, to) (cancelled rows free their time). */
export async function bookedTimes(db: Queryable, from: Date, to: Date, exceptId?: string): Promise<BusyTime[]> {
  const rows = await db
    .select({ id: bookings.id, startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .where(and(eq(bookings.status, "booked"), lt(bookings.startsAt, to), gt(bookings.endsAt, from)));
  return rows.filter((row) => row.id !== exceptId).map(({ startsAt, endsAt }) => ({ startsAt, endsAt }));
}

export type NewBooking = {
  startsAt: Date;
  endsAt: Date;
  name: string;
  email: string;
  note: string | null;
  timeZone: string | null;
  manageTokenHash: string;
  /** where the visitor came from (ADR 0060) */
  touches?: Touches | null;
};

/**
 * Books a slot, or null when a booked row already starts then: the partial unique index decides
 * (`on conflict do nothing` waits for a racing insert to commit, then yields), so the transaction
 * stays usable and the caller answers "just taken".
 */
export async function insertBooking(db: Queryable, row: NewBooking): Promise<Booking | null> {
  const [created] = await db
    .insert(bookings)
    .values(row)
    .onConflictDoNothing({ target: bookings.startsAt, where: sql`${bookings.status} = 'booked'` })
    .returning();
  if (created) await publishChange(db, { table: "bookings", id: created.id });
  return created ?? null;
}

/**
 * Moves a booking to another slot; null when that slot is taken. The old start is freed by the same
 * update, so no other booking can slip in between.
 */
export async function moveBooking(
  db: Queryable,
  id: string,
  change: { startsAt: Date; endsAt: Date; manageTokenHash: string | null },
): Promise<Booking | null> {
  const [taken] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, "booked"), eq(bookings.startsAt, change.startsAt)))
    .limit(1);
  if (taken && taken.id !== id) return null;
  try {
    const [moved] = await db
      .update(bookings)
      .set({ ...change, reminderSentAt: null, sequence: sql`${bookings.sequence} + 1` })
      .where(and(eq(bookings.id, id), eq(bookings.status, "booked")))
      .returning();
    if (moved) await publishChange(db, { table: "bookings", id });
    return moved ?? null;
  } catch (error) {
    if (isBookedSlotConflict(error)) return null;
    throw error;
  }
}

/** The unique violation of the booked-slot index (a race the select above could not see). */
function isBookedSlotConflict(error: unknown): boolean {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const fields = cause as { code?: string; constraint?: string; message?: string };
  return (
    fields?.code === "23505" &&
    (fields.constraint === "bookings_booked_slot_key" || String(fields.message).includes("bookings_booked_slot_key"))
  );
}

export async function cancelBooking(db: Queryable, id: string): Promise<Booking | null> {
  const [cancelled] = await db
    .update(bookings)
    .set({
      status: "cancelled",
      cancelledAt: new Date(),
      manageTokenHash: null,
      sequence: sql`${bookings.sequence} + 1`,
    })
    .where(and(eq(bookings.id, id), eq(bookings.status, "booked")))
    .returning();
  if (cancelled) await publishChange(db, { table: "bookings", id });
  return cancelled ?? null;
}

/** A live booking by its link's hash, locked for the change the link makes. */
export async function bookingByTokenHash(db: Queryable, hash: string, lock = false): Promise<Booking | null> {
  const query = db
    .select()
    .from(bookings)
    .where(and(eq(bookings.manageTokenHash, hash), eq(bookings.status, "booked")))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function getBooking(db: Queryable, id: string, lock = false): Promise<Booking | null> {
  const query = db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function linkBooking(
  db: Queryable,
  id: string,
  link: { contactSubmissionId?: string | null; customerId?: string | null },
): Promise<void> {
  await db.update(bookings).set(link).where(eq(bookings.id, id));
}

/** The customer, else the newest open submission (new or in progress), with this email. */
export async function findContactByEmail(
  db: Queryable,
  email: string,
): Promise<{ customerId: string | null; submissionId: string | null }> {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`lower(${customers.email}) = lower(${email})`)
    .limit(1);
  if (customer) return { customerId: customer.id, submissionId: null };
  const [submission] = await db
    .select({ id: contactSubmissions.id })
    .from(contactSubmissions)
    .where(
      and(
        sql`lower(${contactSubmissions.email}) = lower(${email})`,
        inArray(contactSubmissions.status, ["new", "in-progress"]),
      ),
    )
    .orderBy(desc(contactSubmissions.createdAt))
    .limit(1);
  return { customerId: null, submissionId: submission?.id ?? null };
}

const bookingPageSize = 50;

/** The back office's list: upcoming (soonest first), past or cancelled (latest first). */
export async function listBookings(db: Queryable, view: BookingView, now: Date = new Date()): Promise<Booking[]> {
  const where =
    view === "cancelled"
      ? eq(bookings.status, "cancelled")
      : view === "upcoming"
        ? and(eq(bookings.status, "booked"), gte(bookings.endsAt, now))
        : and(eq(bookings.status, "booked"), lt(bookings.endsAt, now));
  return db
    .select()
    .from(bookings)
    .where(where)
    .orderBy(view === "upcoming" ? asc(bookings.startsAt) : desc(bookings.startsAt))
    .limit(bookingPageSize);
}

/** The bookings whose day-before reminder is due: booked, starting within `withinMs` of now, not yet reminded. */
export function dueReminderBookings(db: Queryable, now: Date, withinMs: number, customerId?: string) {
  return db
    .select({
      id: bookings.id,
      name: bookings.name,
      email: bookings.email,
      startsAt: bookings.startsAt,
      customerId: bookings.customerId,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, "booked"),
        isNull(bookings.reminderSentAt),
        gt(bookings.startsAt, now),
        Number.isFinite(withinMs) ? lte(bookings.startsAt, new Date(now.getTime() + withinMs)) : undefined,
        customerId ? eq(bookings.customerId, customerId) : undefined,
      ),
    )
    .orderBy(asc(bookings.startsAt));
}

/**
 * Marks a booking reminded, once: only while it is booked, not reminded yet, and still starts when the reminder
 * was scheduled for (a moved booking gets its own reminder). Null when it is not so any more.
 */
export async function markReminded(db: Queryable, id: string, startsAt: Date, now: Date): Promise<Booking | null> {
  const [row] = await db
    .update(bookings)
    .set({ reminderSentAt: now })
    .where(
      and(
        eq(bookings.id, id),
        eq(bookings.status, "booked"),
        isNull(bookings.reminderSentAt),
        eq(bookings.startsAt, startsAt),
        gt(bookings.startsAt, now),
      ),
    )
    .returning();
  return row ?? null;
}
