import { describe, expect, it } from "vitest";
import {
  type BookingMailFacts,
  consultationTitle,
  invitationDescription,
  invitationNoteLength,
  ownerBookingMail,
  visitorBookingMail,
} from "./booking-mail.ts";

const facts: BookingMailFacts = {
  name: "Ada\nLovelace",
  email: "ada@example.test",
  note: "Line one\nline two",
  startsAt: new Date("2026-12-01T15:00:00Z"),
  sessionMinutes: 30,
  studioName: "Pixel & Co",
  studioZone: "America/New_York",
  visitorZone: "Europe/Berlin",
  siteUrl: "https://pixel.example/",
};

describe("the visitor's mails (ADR 0047)", () => {
  it("confirm a request made on the studio's website, the name given only as a labelled line", () => {
    const mail = visitorBookingMail("booked", facts, "https://pixel.example/book/manage/abc");
    expect(mail.subject).toBe("Confirmation of your free consultation request on Pixel & Co's website");
    const lines = mail.text.split("\n");
    expect(lines.slice(0, 4)).toEqual([
      "Hello,",
      "",
      "This email confirms a request made on Pixel & Co's website (pixel.example): a free consultation was booked there with this email address.",
      "Name given on the booking form: Ada Lovelace",
    ]);
    expect(mail.text).toContain("Tuesday, December 1, 2026 at 4:00 PM");
    expect(mail.text).toContain(
      "To cancel or choose another time, use this link (it works once):\n\nManage your booking:\nhttps://pixel.example/book/manage/abc",
    );
    expect(mail.text).toContain(
      "If you did not make this request, cancel it with the link above, or ignore this email.",
    );
    // the note never reaches the visitor's address in the mail's text
    expect(mail.text).not.toContain("Line one");
  });

  it("greet nobody by the typed name after a move, a cancellation or in the reminder", () => {
    for (const kind of ["moved", "cancelled", "reminder"] as const) {
      const mail = visitorBookingMail(kind, facts, null);
      expect(mail.text.startsWith("Hello,\n")).toBe(true);
      expect(mail.text).not.toContain("Ada");
    }
  });
});

describe("the calendar invitation (ADR 0047)", () => {
  it("has the studio's title and a description that says where it was booked, the note labelled", () => {
    expect(consultationTitle("Pixel & Co")).toBe("Free Consultation with Pixel & Co");
    expect(invitationDescription(facts)).toBe(
      `Free consultation requested on Pixel & Co's website (pixel.example).\nNote typed on the booking form by the person who booked: "Line one line two"`,
    );
    expect(invitationDescription({ ...facts, note: null })).toBe(
      "Free consultation requested on Pixel & Co's website (pixel.example).",
    );
  });

  it("cuts a long note to a short line", () => {
    const description = invitationDescription({ ...facts, note: `${"word ".repeat(100)}end` });
    const note = /"(.*)"$/.exec(description)?.[1] ?? "";
    expect(note.length).toBe(invitationNoteLength);
    expect(note.endsWith("…")).toBe(true);
    expect(description).not.toContain("end");
  });
});

describe("the owner's notice", () => {
  it("keeps the whole note under its heading", () => {
    const mail = ownerBookingMail("booked", facts, "https://pixel.example/admin/bookings");
    expect(mail.subject).toBe("New consultation booked by Ada Lovelace");
    expect(mail.text).toContain("Note:\nLine one\nline two");
  });
});
