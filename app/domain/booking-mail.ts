/**
 * The booking's mails: the confirmation to the visitor (with the link to cancel or move it), the
 * owner's notice, the word that it was moved or cancelled, and the reminder the day before. Times
 * are written in the visitor's zone and in the studio's.
 */
import { formatMomentIn } from "#app/domain/dates.ts";
import { oneLine } from "#app/domain/inquiry-mail.ts";
import type { MailMessageContent } from "#app/domain/mail.ts";

export type BookingMailFacts = {
  name: string;
  email: string;
  note: string | null;
  startsAt: Date;
  sessionMinutes: number;
  studioName: string;
  studioZone: string;
  /** the visitor's zone when known */
  visitorZone: string | null;
};

/** "Monday, November 30, 2026 at 9:00 AM (America/New_York)", plus the studio's time when the zones differ. */
function bookingWhen(facts: Pick<BookingMailFacts, "startsAt" | "studioZone" | "visitorZone">): string {
  const studio = formatMomentIn(facts.startsAt, facts.studioZone);
  if (!facts.visitorZone || facts.visitorZone === facts.studioZone) return studio;
  return `${formatMomentIn(facts.startsAt, facts.visitorZone)}, ${studio} for the studio`;
}

export function consultationTitle(studioName: string): string {
  return `Free Consultation with ${oneLine(studioName)}`;
}

export type BookingMailKind = "booked" | "moved" | "cancelled" | "reminder";

const visitorSubjects: Record<BookingMailKind, string> = {
  booked: "Your free consultation is booked",
  moved: "Your free consultation has been moved",
  cancelled: "Your free consultation is cancelled",
  reminder: "Reminder: your free consultation is tomorrow",
};

/** To the visitor; `manageUrl` (a live single-use link) is given for booked and moved. */
export function visitorBookingMail(
  kind: BookingMailKind,
  facts: BookingMailFacts,
  manageUrl: string | null,
): MailMessageContent {
  const lines = [`Hello ${oneLine(facts.name)},`, ""];
  const when = bookingWhen(facts);
  if (kind === "cancelled") {
    lines.push(`Your free consultation with ${oneLine(facts.studioName)} on ${when} is cancelled.`);
    lines.push("", "You can book another time on our site whenever you like.");
  } else {
    const verb = kind === "moved" ? "now takes place" : kind === "reminder" ? "is tomorrow" : "is booked";
    lines.push(`Your ${facts.sessionMinutes}-minute free consultation with ${oneLine(facts.studioName)} ${verb}:`);
    lines.push(when);
    if (kind !== "reminder") lines.push("", "The calendar invitation is attached.");
    if (manageUrl) lines.push("", `To cancel or choose another time (the link works once): ${manageUrl}`);
    else lines.push("", "To cancel or choose another time, use the link in your latest confirmation email.");
  }
  lines.push("", oneLine(facts.studioName));
  return { subject: visitorSubjects[kind], text: lines.join("\n") };
}

const ownerSubjects: Record<Exclude<BookingMailKind, "reminder">, (name: string) => string> = {
  booked: (name) => `New consultation booked by ${name}`,
  moved: (name) => `Consultation moved: ${name}`,
  cancelled: (name) => `Consultation cancelled: ${name}`,
};

/** To the owner: who, when, the note, and the back office's list. */
export function ownerBookingMail(
  kind: Exclude<BookingMailKind, "reminder">,
  facts: BookingMailFacts,
  bookingsUrl: string,
): MailMessageContent {
  const lines = [
    `Open the bookings: ${bookingsUrl}`,
    "",
    `When: ${formatMomentIn(facts.startsAt, facts.studioZone)}`,
    `Name: ${oneLine(facts.name)}`,
    `Email: ${oneLine(facts.email)}`,
    "",
    "Note:",
    facts.note ?? "-",
  ];
  return { subject: ownerSubjects[kind](oneLine(facts.name)), text: lines.join("\n") };
}
