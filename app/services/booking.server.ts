/**
 * Booking the free consultation (ADR 0032): the visitor's booking (spam defences as on the contact
 * form, the slot checked again under the lock of its studio days so the daily cap and the buffers
 * hold under any race (ADR 0047), the database's unique index as the last word), the link that cancels
 * or moves it once, the owner's cancel and move, the mails with their calendar invitation, and the
 * reminder the day before.
 */
import { randomUUID } from "node:crypto";
import type { Submission } from "@conform-to/react";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import type { z } from "zod";
import type { AppContext } from "#app/context.server.ts";
import type { Queryable } from "#app/db/client.server.ts";
import { touchesFromCookie } from "#app/domain/attribution.ts";
import { automationMessages, builtInRuleName } from "#app/domain/automations.ts";
import {
  type Availability,
  type bookingFormSchema,
  bookingLockDays,
  type DaySlots,
  freeSlots,
  isFreeSlot,
  manageBookingPath,
} from "#app/domain/booking.ts";
import {
  type BookingMailFacts,
  type BookingMailKind,
  consultationTitle,
  invitationDescription,
  ownerBookingMail,
  visitorBookingMail,
} from "#app/domain/booking-mail.ts";
import { addDaysIso, isoDay, isValidTimeZone, utcDate } from "#app/domain/dates.ts";
import { meetingPlaceOf } from "#app/domain/meeting-place.ts";
import { fail, type Result } from "#app/domain/result.ts";
import type { DueSubject } from "#app/models/automations.server.ts";
import {
  type Booking,
  bookedTimes,
  bookingByTokenHash,
  cancelBooking,
  dueReminderBookings,
  findContactByEmail,
  getAvailabilitySettings,
  getBooking,
  insertBooking,
  linkBooking,
  lockBookingDays,
  markReminded,
  moveBooking,
} from "#app/models/bookings.server.ts";
import { getStudioIdentity, studioTimeZone } from "#app/models/business-settings.server.ts";
import { createSubmission } from "#app/models/contact-submissions.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { hashToken, looksLikeToken, newToken } from "#app/services/auth/tokens.server.ts";
import { type RuleHandler, runAutomations } from "#app/services/automations.server.ts";
import { bookFormTokenOf } from "#app/services/book-form.server.ts";
import { formTokenField, honeypotField, refilledTokensPerIp } from "#app/services/contact.server.ts";
import { checkFormToken, issueFormToken, issueRefilledFormToken } from "#app/services/form-token.server.ts";
import { type Attachment, enqueueMail, mailKey } from "#app/services/mail.server.ts";
import { hitAddressLimit, hitRateLimit } from "#app/services/rate-limit.server.ts";
import { firstPosted } from "#app/services/spam.server.ts";

const day = 86_400_000;

/**
 * Bookings (each mails a confirmation with an invitation to the address typed in) per email address
 * and day: enough for a visitor who books again, too few to use the form to mail someone else (ADR 0047).
 */
const bookingsPerRecipient = { limit: 3, windowMs: day };

export async function loadAvailability(db: Queryable): Promise<Availability> {
  // one after the other: inside a transaction the two queries share one connection
  const settings = await getAvailabilitySettings(db);
  return { ...settings, timeZone: await studioTimeZone(db) };
}

/** The free slots from today to the horizon (a booking being moved does not block itself). */
export async function openSlots(
  db: Queryable,
  options: { now?: Date; exceptId?: string; days?: number } = {},
): Promise<{ availability: Availability; days: DaySlots[] }> {
  const now = options.now ?? new Date();
  const availability = await loadAvailability(db);
  const to = utcDate(addDaysIso(isoDay(now), availability.horizonDays + 2));
  const busy = await bookedTimes(db, new Date(now.getTime() - day), to, options.exceptId);
  return { availability, days: freeSlots(availability, { now, bookings: busy, days: options.days }) };
}

/**
 * Whether `start` is free, checked under the locks of the studio days it could conflict on
 * (`lockBookingDays`), inside the transaction that then books or moves: the daily cap and the
 * buffers hold however many bookings race, on any number of instances (ADR 0047).
 */
async function lockAndCheckSlot(
  tx: Queryable,
  availability: Availability,
  start: Date,
  now: Date,
  exceptId?: string,
): Promise<boolean> {
  await lockBookingDays(tx, bookingLockDays(availability, start));
  return slotIsFree(tx, availability, start, now, exceptId);
}

async function slotIsFree(db: Queryable, availability: Availability, start: Date, now: Date, exceptId?: string) {
  const busy = await bookedTimes(
    db,
    new Date(start.getTime() - 2 * day),
    new Date(start.getTime() + 2 * day),
    exceptId,
  );
  return isFreeSlot(availability, start, { now, bookings: busy });
}

// ---------------------------------------------------------------- the calendar invitation and the mails

type Studio = Awaited<ReturnType<typeof getStudioIdentity>>;

/**
 * The invitation (METHOD:REQUEST, or CANCEL), one UID per booking and a SEQUENCE raised on each change;
 * where it happens in LOCATION (and URL for a call link). The visitor's copy names their manage link
 * and so goes only with their sealed mail; the owner's never holds it.
 */
function bookingInvitation(
  booking: Booking,
  studio: Studio,
  facts: BookingMailFacts,
  method: "request" | "cancel",
  manageUrl: string | null = null,
): Attachment {
  const calendar = ical({
    prodId: { company: studio.businessName, product: "Studio", language: "EN" },
    method: method === "cancel" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: `${booking.id}@studio-booking`,
    sequence: booking.sequence,
    start: booking.startsAt,
    end: booking.endsAt,
    stamp: new Date(),
    // the studio's title; the visitor's note only short and labelled (ADR 0047)
    summary: consultationTitle(studio.businessName),
    description: invitationDescription(facts, manageUrl),
    location: facts.place?.text ?? null,
    url: facts.place?.kind === "link" ? facts.place.url : null,
    status: method === "cancel" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: studio.businessName, email: studio.email },
    attendees: [{ name: booking.name, email: booking.email, rsvp: false }],
  });
  return {
    filename: method === "cancel" ? "cancel.ics" : "invite.ics",
    contentType: `text/calendar; charset=utf-8; method=${method === "cancel" ? "CANCEL" : "REQUEST"}`,
    content: new TextEncoder().encode(calendar.toString()),
  };
}

type MailDeps = { config: AppContext["config"] };

function factsOf(booking: Booking, studio: Studio, availability: Availability, siteUrl: string): BookingMailFacts {
  return {
    name: booking.name,
    email: booking.email,
    note: booking.note,
    startsAt: booking.startsAt,
    sessionMinutes: Math.round((booking.endsAt.getTime() - booking.startsAt.getTime()) / 60_000),
    studioName: studio.businessName,
    studioZone: availability.timeZone,
    visitorZone: booking.timeZone,
    siteUrl,
    place: meetingPlaceOf(availability.meetingPlace),
  };
}

/** The visitor's and the owner's mails about a change, each with the invitation; a live link is sealed. */
async function mailBothSides(
  tx: Queryable,
  deps: MailDeps,
  kind: Exclude<BookingMailKind, "reminder">,
  booking: Booking,
  context: { studio: Studio; availability: Availability; token: string | null },
) {
  const facts = factsOf(booking, context.studio, context.availability, deps.config.publicUrl);
  const method = kind === "cancelled" ? "cancel" : "request";
  const manageUrl = context.token ? new URL(manageBookingPath(context.token), deps.config.publicUrl).toString() : null;
  await enqueueMail(
    tx,
    { to: booking.email, ...visitorBookingMail(kind, facts, manageUrl) },
    {
      attachments: [bookingInvitation(booking, context.studio, facts, method, manageUrl)],
      ...(manageUrl ? { seal: mailKey(deps.config.sessionSecret) } : {}),
    },
  );
  await enqueueMail(
    tx,
    { to: context.studio.email, ...ownerBookingMail(kind, facts, `${deps.config.publicUrl}/admin/bookings`) },
    { attachments: [bookingInvitation(booking, context.studio, facts, method)] },
  );
}

function newManageToken() {
  const token = newToken();
  return { token, hash: hashToken(token) };
}

/** The hash to look up, or null for a malformed token (answered without a query). */
export function manageTokenHash(value: unknown): string | null {
  return typeof value === "string" && looksLikeToken(value) ? hashToken(value) : null;
}

// ---------------------------------------------------------------- the visitor books

type BookingApp = Pick<AppContext, "config" | "database" | "logger" | "ip">;

/** The post of the booking form as the route parsed it against `bookingFormSchema` (its payload: every posted value). */
export type BookingSubmission = Submission<z.output<typeof bookingFormSchema>>;

/**
 * Booked (`booked` null for a bot: answered as if booked, and not booked), or why not: `invalid`,
 * `stale` (an expired page), `taken` (the time is no longer free), `no-token` (no token came back:
 * the page's cookie was not sent, so the form comes again with a `formToken` of its own in the page
 * and the next press works without the cookie), `limited` (the per-address limit),
 * `recipient-limited` (this email address has had `bookingsPerRecipient` confirmations today).
 */
export type BookingOutcome = Result<
  { booked: { startsAt: Date; timeZone: string | null } | null },
  "invalid" | "stale" | "taken" | "no-token" | "limited" | "recipient-limited",
  { formToken?: string }
>;

/**
 * The token of a "no-token" answer. The visitor has filled the form in already, so it is dated back
 * by the minimum fill time (pressing Confirm again at once must not look like a bot) a few times per
 * address (the contact form's allowance for its stale answers); beyond that it is dated now.
 */
async function noTokenFormToken(app: BookingApp): Promise<string> {
  const { config, database } = app;
  const limit = await hitAddressLimit(database.db, "booking-refill", app.ip, refilledTokensPerIp);
  return limit.allowed
    ? issueRefilledFormToken(config.sessionSecret, config.contactMinFillMs)
    : issueFormToken(config.sessionSecret);
}

/**
 * A visitor's booking. The time-trap token is the form's own field when the page was rendered for
 * this visitor, else the booking page's cookie (`cookieHeader`: the cached page carries it there).
 */
export async function bookConsultation(
  app: BookingApp,
  submission: BookingSubmission,
  now = new Date(),
  cookieHeader: string | null = null,
): Promise<BookingOutcome> {
  const { config, database, logger } = app;
  const posted = submission.payload;
  const ignored: BookingOutcome = { ok: true, booked: null };
  const honeypot = firstPosted(posted, honeypotField);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    logger.info({ reason: "honeypot" }, "booking refused");
    return ignored;
  }
  const token = checkFormToken(
    config.sessionSecret,
    bookFormTokenOf(firstPosted(posted, formTokenField), cookieHeader),
    now.getTime(),
    config.contactMinFillMs,
  );
  if (token === "missing") {
    logger.info({ reason: "no-token" }, "booking form shown again: no token came back");
    return fail("no-token", { formToken: await noTokenFormToken(app) });
  }
  if (token === "invalid" || token === "too-fast") {
    logger.info({ reason: token }, "booking refused");
    return ignored;
  }
  if (token === "expired") return fail("stale");
  if (submission.status !== "success") return fail("invalid");
  if (config.contactRateLimit) {
    const limit = await hitAddressLimit(database.db, "booking", app.ip, config.contactRateLimit);
    if (!limit.allowed) return fail("limited", { retryAfterSeconds: limit.retryAfterSeconds });
  }

  const form = submission.value;
  const zone = firstPosted(posted, "tz");
  const timeZone = typeof zone === "string" && isValidTimeZone(zone) ? zone : null;
  const availability = await loadAvailability(database.db);
  const studio = await getStudioIdentity(database.db);
  const manage = newManageToken();
  // where the visitor came from (their visit cookie, ADR 0060): kept with the booking and a new inquiry
  const touches = touchesFromCookie(cookieHeader);
  const booked = await database.db.transaction(async (tx): Promise<Booking | null | RetryAfter> => {
    if (!(await lockAndCheckSlot(tx, availability, form.slot, now))) return null;
    // counted only for a time still free, so a visitor who picks a taken time may try another
    const perRecipient = await hitRateLimit(
      tx,
      `booking:email:${form.email.trim().toLowerCase()}`,
      bookingsPerRecipient,
      now,
    );
    if (!perRecipient.allowed) return { retryAfterSeconds: perRecipient.retryAfterSeconds };
    const created = await insertBooking(tx, {
      startsAt: form.slot,
      endsAt: new Date(form.slot.getTime() + availability.sessionMinutes * 60_000),
      name: form.name,
      email: form.email,
      note: form.note ?? null,
      timeZone,
      manageTokenHash: manage.hash,
      touches,
    });
    if (!created) return null;
    await mailBothSides(tx, app, "booked", created, { studio, availability, token: manage.token });
    const contact = await findContactByEmail(tx, form.email);
    if (contact.customerId || contact.submissionId) {
      await linkBooking(tx, created.id, { customerId: contact.customerId, contactSubmissionId: contact.submissionId });
    } else {
      // a new submission in the inbox; its insert comes last (the status counters' row lock)
      const id = randomUUID();
      await createSubmission(
        tx,
        {
          name: form.name,
          email: form.email,
          phoneNumber: null,
          customerType: null,
          packageName: null,
          businessName: null,
          existingWebsiteUrl: null,
          projectType: "consultation",
          budgetRange: null,
          message: consultationMessage(form.note, created.startsAt, availability.timeZone),
        },
        id,
        touches,
      );
      await linkBooking(tx, created.id, { contactSubmissionId: id });
    }
    return created;
  });
  if (!booked) return fail("taken");
  if ("retryAfterSeconds" in booked) {
    logger.info({ reason: "recipient-limit" }, "booking refused");
    return fail("recipient-limited", { retryAfterSeconds: booked.retryAfterSeconds });
  }
  logger.info({ bookingId: booked.id }, "consultation booked");
  return { ok: true, booked: { startsAt: booked.startsAt, timeZone } };
}

type RetryAfter = { retryAfterSeconds: number };

function consultationMessage(note: string | undefined, startsAt: Date, studioZone: string): string {
  const when = `Booked a free consultation for ${startsAt.toISOString()} (${studioZone}).`;
  return (note ? `${when}\n\n${note}` : when).slice(0, 2000);
}

// ---------------------------------------------------------------- the visitor's link: cancel or move, once

/** Cancelled, or moved (to `startsAt`); or why not: the booking is `gone` (used link, cancelled), the time `taken`. */
export type ManageOutcome = Result<
  { change: "cancelled" } | { change: "moved"; startsAt: Date; timeZone: string | null },
  "gone" | "taken"
>;

type ManageDeps = Pick<AppContext, "config" | "database" | "logger">;

/** Cancels or moves the booking the link names; the link is used up either way (a move mails a new one). */
export async function manageBooking(
  deps: ManageDeps,
  tokenHash: string,
  change: { intent: "cancel" } | { intent: "reschedule"; slot: Date },
  now = new Date(),
): Promise<ManageOutcome> {
  const { database } = deps;
  const availability = await loadAvailability(database.db);
  const studio = await getStudioIdentity(database.db);
  const outcome = await database.db.transaction(async (tx): Promise<ManageOutcome> => {
    const booking = await bookingByTokenHash(tx, tokenHash, true);
    if (!booking) return fail("gone");
    return changeBooking(tx, deps, booking, change, { studio, availability, now });
  });
  return outcome;
}

/** The owner cancels or moves a booking from the back office (audited); the visitor is told, with a new link after a move. */
export async function changeBookingAsOwner(
  deps: ManageDeps,
  bookingId: string,
  change: { intent: "cancel" } | { intent: "reschedule"; slot: Date },
  audit: { actor: { userId: string; email: string }; ip: string | null },
  now = new Date(),
): Promise<ManageOutcome> {
  const { database } = deps;
  const availability = await loadAvailability(database.db);
  const studio = await getStudioIdentity(database.db);
  const outcome = await auditedChange(
    database.db,
    async (tx): Promise<ManageOutcome> => {
      const booking = await getBooking(tx, bookingId, true);
      if (booking?.status !== "booked") return fail("gone");
      return changeBooking(tx, deps, booking, change, { studio, availability, now });
    },
    {
      ...audit,
      event: change.intent === "cancel" ? "booking_cancelled" : "booking_moved",
      when: (result) => result.ok,
      detail: (result) => ({
        booking: bookingId,
        ...(result.ok && result.change === "moved" ? { startsAt: result.startsAt.toISOString() } : {}),
      }),
    },
  );
  return outcome;
}

async function changeBooking(
  tx: Queryable,
  deps: ManageDeps,
  booking: Booking,
  change: { intent: "cancel" } | { intent: "reschedule"; slot: Date },
  context: { studio: Studio; availability: Availability; now: Date },
): Promise<ManageOutcome> {
  if (change.intent === "cancel") {
    const cancelled = await cancelBooking(tx, booking.id);
    if (!cancelled) return fail("gone");
    await mailBothSides(tx, deps, "cancelled", cancelled, { ...context, token: null });
    return { ok: true, change: "cancelled" };
  }
  if (!(await lockAndCheckSlot(tx, context.availability, change.slot, context.now, booking.id))) {
    return fail("taken");
  }
  const manage = newManageToken();
  const moved = await moveBooking(tx, booking.id, {
    startsAt: change.slot,
    endsAt: new Date(change.slot.getTime() + context.availability.sessionMinutes * 60_000),
    manageTokenHash: manage.hash,
  });
  if (!moved) return fail("taken");
  await mailBothSides(tx, deps, "moved", moved, { ...context, token: manage.token });
  return { ok: true, change: "moved", startsAt: moved.startsAt, timeZone: moved.timeZone };
}

// ---------------------------------------------------------------- the reminder the day before

/**
 * The built-in rule "Consultation reminder" (ADR 0063): a run per booking due for its reminder (starting within a
 * day), due the day before its start; the step marks the booking reminded and queues the mail, or is skipped when
 * the booking was cancelled, moved or reminded meanwhile.
 */
/** A booking's reminder as a run: the day before it starts. */
const reminderSubject = (booking: Awaited<ReturnType<typeof dueReminderBookings>>[number]): DueSubject => ({
  subjectType: "booking",
  subjectId: booking.id,
  subjectLabel: `${booking.name} <${booking.email}>`,
  dueAt: new Date(booking.startsAt.getTime() - day),
  customerId: booking.customerId,
});

export function bookingReminderRule(deps: { config: Pick<MailDeps["config"], "publicUrl"> }): RuleHandler {
  let facts: { availability: Availability; studio: Studio } | undefined;
  return {
    key: "booking-reminder",
    name: builtInRuleName("booking-reminder"),
    async due(db, now) {
      return (await dueReminderBookings(db, now, day)).map(reminderSubject);
    },
    async upcoming(db, customerId, now) {
      return (await dueReminderBookings(db, now, Number.POSITIVE_INFINITY, customerId)).map(reminderSubject);
    },
    async perform(tx, run, now) {
      const booking = await markReminded(tx, run.subjectId, new Date(run.dueAt.getTime() + day), now);
      if (!booking) return fail("skipped", { message: automationMessages.bookingGone });
      // read once a pass: the studio and its hours do not change between two reminders of one pass
      facts ??= { availability: await loadAvailability(tx), studio: await getStudioIdentity(tx) };
      const { availability, studio } = facts;
      await enqueueMail(tx, {
        to: booking.email,
        ...visitorBookingMail("reminder", factsOf(booking, studio, availability, deps.config.publicUrl), null),
      });
      return { ok: true };
    },
  };
}

/** Queues the reminder of every booking starting within a day, through the rule (once each: its run). */
export async function sendBookingReminders(deps: MailDeps & { database: AppContext["database"] }, now = new Date()) {
  const pass = await runAutomations(deps.database.db, [bookingReminderRule(deps)], now);
  return pass.sent;
}
