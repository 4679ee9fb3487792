/**
 * Where the free consultation happens, as the owner writes it in the availability settings: a call
 * link (http or https), a phone number (the phone rule of every form) or a free-text address. It goes
 * into the confirmation mail and the calendar invitation (LOCATION, and URL for a call link).
 */
import { z } from "zod";
import { httpUrl, phoneNumber } from "#app/domain/validation.ts";

export const meetingPlaceMax = 300;

export type MeetingPlace =
  | { kind: "link"; text: string; url: string }
  | { kind: "phone"; text: string }
  | { kind: "address"; text: string };

export const meetingPlaceMessages = {
  link: "Enter the call link as a full web address, like https://meet.example.com/studio",
  phone: "Enter the phone number with 10 to 20 digits, spaces, hyphens, parentheses or plus",
  address: `Enter a call link (https://...), a phone number or an address of 5 to ${meetingPlaceMax} characters`,
} as const;

/** Blank space (line breaks too) collapsed: the place is one line in a mail and an invitation. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

function looksLikeLink(value: string): boolean {
  return /^[a-z][a-z\d+.-]*:\/\//i.test(value) || /^www\./i.test(value);
}

function looksLikePhone(value: string): boolean {
  return /^(tel:)?[\d\s\-()+.]+$/i.test(value) && /\d/.test(value);
}

/** The place as written, classified; the message when it is none of a link, a phone or an address. */
export function readMeetingPlace(value: string): { place: MeetingPlace | null } | { error: string } {
  const text = oneLine(value);
  if (text === "") return { place: null };
  if (looksLikeLink(text)) {
    const url = httpUrl.safeParse(text);
    return url.success
      ? { place: { kind: "link", text: url.data, url: url.data } }
      : { error: meetingPlaceMessages.link };
  }
  if (looksLikePhone(text)) {
    const phone = text.replace(/^tel:/i, "").trim();
    return phoneNumber.safeParse(phone).success
      ? { place: { kind: "phone", text: phone } }
      : { error: meetingPlaceMessages.phone };
  }
  if (text.length < 5 || text.length > meetingPlaceMax || !/\p{L}/u.test(text)) {
    return { error: meetingPlaceMessages.address };
  }
  return { place: { kind: "address", text } };
}

/** A stored place (already checked when saved), or null when none is set. */
export function meetingPlaceOf(value: string | null | undefined): MeetingPlace | null {
  if (!value) return null;
  const read = readMeetingPlace(value);
  return "place" in read ? read.place : { kind: "address", text: oneLine(value) };
}

/** The settings form's field: blank is no place; otherwise a link, a phone or an address, kept as written (one line). */
export const meetingPlaceField = z
  .string()
  .optional()
  .transform((value, context) => {
    const read = readMeetingPlace(value ?? "");
    if ("error" in read) {
      context.addIssue({ code: "custom", message: read.error });
      return z.NEVER;
    }
    return read.place?.text ?? null;
  });
