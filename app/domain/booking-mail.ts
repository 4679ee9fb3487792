/**
 * The booking's mails: the confirmation to the visitor (with the link to cancel or move it), the
 * owner's notice, the word that it was moved or cancelled, and the reminder the day before. Times
 * are written in the visitor's zone and in the studio's.
 *
 * Anyone can type any address into /book, so what reaches that address says plainly that it confirms
 * a request made on the studio's website, and carries the visitor's own words only labelled as such:
 * the greeting names nobody, the name given is a labelled line, the invitation's title is the
 * studio's, and its description holds the note short and labelled (ADR 0047).
 */
import { formatMomentIn } from "#app/domain/dates.ts";
import { oneLine } from "#app/domain/inquiry-mail.ts";
import { type MailBlock, type MailMessageContent, mailContent } from "#app/domain/mail.ts";
import type { MeetingPlace } from "#app/domain/meeting-place.ts";

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
  /** the studio's public address (PUBLIC_URL): where the booking was requested */
  siteUrl: string;
  /** where the consultation happens, as the owner set it; absent: not said */
  place?: MeetingPlace | null;
};

/** "Where: ..." as a reader sees it: the call link, "by phone: ..." or the address. */
function meetingPlaceLine(place: MeetingPlace): string {
  if (place.kind === "link") return `Where: a video call, ${place.url}`;
  if (place.kind === "phone") return `Where: by phone, ${place.text}`;
  return `Where: ${place.text}`;
}

/** The place's blocks in a mail: the line, and the call link as a link to open. */
function placeBlocks(place: MeetingPlace | null | undefined): MailBlock[] {
  if (!place) return [];
  const blocks: MailBlock[] = [{ type: "text", text: meetingPlaceLine(place) }];
  if (place.kind === "link") blocks.push({ type: "link", label: "Join the call", url: place.url });
  return blocks;
}

/** "Monday, November 30, 2026 at 9:00 AM (America/New_York)", plus the studio's time when the zones differ. */
function bookingWhen(facts: Pick<BookingMailFacts, "startsAt" | "studioZone" | "visitorZone">): string {
  const studio = formatMomentIn(facts.startsAt, facts.studioZone);
  if (!facts.visitorZone || facts.visitorZone === facts.studioZone) return studio;
  return `${formatMomentIn(facts.startsAt, facts.visitorZone)}, ${studio} for the studio`;
}

export function consultationTitle(studioName: string): string {
  return `Free Consultation with ${oneLine(studioName)}`;
}

/** The visitor's note in the invitation: this long at most, on one line. */
export const invitationNoteLength = 140;

function shortened(text: string, length: number): string {
  const line = oneLine(text);
  return line.length > length ? `${line.slice(0, length - 1).trimEnd()}…` : line;
}

/** The site's address as a reader sees it: "studio.example" (the host of PUBLIC_URL). */
function siteName(siteUrl: string): string {
  try {
    return new URL(siteUrl).host;
  } catch {
    return oneLine(siteUrl);
  }
}

/**
 * The calendar invitation's description: where the booking was made, and the visitor's note (if any)
 * labelled as theirs and cut to `invitationNoteLength` characters. The title (`consultationTitle`) has
 * no visitor text at all.
 */
export function invitationDescription(
  facts: Pick<BookingMailFacts, "note" | "studioName" | "siteUrl" | "place">,
  manageUrl: string | null = null,
): string {
  const lines = [`Free consultation requested on ${oneLine(facts.studioName)}'s website (${siteName(facts.siteUrl)}).`];
  if (facts.place) lines.push(meetingPlaceLine(facts.place));
  const note = facts.note ? shortened(facts.note, invitationNoteLength) : "";
  if (note) lines.push(`Note typed on the booking form by the person who booked: "${note}"`);
  if (manageUrl) lines.push(`To cancel or choose another time (the link works once): ${manageUrl}`);
  return lines.join("\n");
}

export type BookingMailKind = "booked" | "moved" | "cancelled" | "reminder";

const visitorSubjects: Record<BookingMailKind, (studioName: string) => string> = {
  booked: (studio) => `Confirmation of your free consultation request on ${studio}'s website`,
  moved: () => "Your free consultation has been moved",
  cancelled: () => "Your free consultation is cancelled",
  reminder: () => "Reminder: your free consultation is tomorrow",
};

/** To the visitor; `manageUrl` (a live single-use link) is given for booked and moved. */
export function visitorBookingMail(
  kind: BookingMailKind,
  facts: BookingMailFacts,
  manageUrl: string | null,
): MailMessageContent {
  const studio = oneLine(facts.studioName);
  const blocks: MailBlock[] = [{ type: "text", text: "Hello," }];
  const when = bookingWhen(facts);
  if (kind === "booked") {
    blocks.push({
      type: "text",
      text: `This email confirms a request made on ${studio}'s website (${siteName(facts.siteUrl)}): a free consultation was booked there with this email address.\nName given on the booking form: ${shortened(facts.name, 101)}`,
    });
  }
  if (kind === "cancelled") {
    blocks.push(
      { type: "text", text: `Your free consultation with ${studio} on ${when} is cancelled.` },
      { type: "text", text: "You can book another time on our site whenever you like." },
    );
  } else {
    const verb = kind === "moved" ? "now takes place" : kind === "reminder" ? "is tomorrow" : "is booked";
    blocks.push({
      type: "text",
      text: `Your ${facts.sessionMinutes}-minute free consultation with ${studio} ${verb}:\n${when}`,
    });
    blocks.push(...placeBlocks(facts.place));
    if (kind !== "reminder") blocks.push({ type: "text", text: "The calendar invitation is attached." });
    if (manageUrl) {
      blocks.push(
        { type: "text", text: "To cancel or choose another time, use this link (it works once):" },
        { type: "action", label: "Manage your booking", url: manageUrl },
      );
    } else {
      blocks.push({
        type: "text",
        text: "To cancel or choose another time, use the link in your latest confirmation email.",
      });
    }
    if (kind === "booked") {
      blocks.push({
        type: "text",
        text: "If you did not make this request, cancel it with the link above, or ignore this email.",
      });
    }
  }
  blocks.push({ type: "text", text: studio });
  return mailContent(visitorSubjects[kind](studio), blocks);
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
  return mailContent(ownerSubjects[kind](oneLine(facts.name)), [
    { type: "action", label: "Open the bookings", url: bookingsUrl },
    {
      type: "fields",
      rows: [
        ["When", formatMomentIn(facts.startsAt, facts.studioZone)],
        ...(facts.place ? [["Where", facts.place.text] as const] : []),
        ["Name", oneLine(facts.name)],
        ["Email", oneLine(facts.email)],
      ],
    },
    { type: "heading", text: "Note:" },
    { type: "text", text: facts.note ?? "-" },
  ]);
}
