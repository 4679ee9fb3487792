import { describe, expect, it } from "vitest";
import { meetingPlaceField, meetingPlaceMessages, meetingPlaceOf, readMeetingPlace } from "./meeting-place.ts";

describe("the consultation's meeting place", () => {
  it("reads a call link, a phone number or an address, on one line", () => {
    expect(readMeetingPlace("https://meet.example.com/abc-def")).toEqual({
      place: { kind: "link", text: "https://meet.example.com/abc-def", url: "https://meet.example.com/abc-def" },
    });
    expect(readMeetingPlace("www.zoom.example/j/123")).toMatchObject({
      place: { kind: "link", url: "https://www.zoom.example/j/123" },
    });
    expect(readMeetingPlace("+1 (555) 010-2030")).toEqual({ place: { kind: "phone", text: "+1 (555) 010-2030" } });
    expect(readMeetingPlace("tel:+15550102030")).toEqual({ place: { kind: "phone", text: "+15550102030" } });
    expect(readMeetingPlace("  12 Harbour Street,\n  Suite 4, Portland ")).toEqual({
      place: { kind: "address", text: "12 Harbour Street, Suite 4, Portland" },
    });
    expect(readMeetingPlace("   ")).toEqual({ place: null });
  });

  it("refuses a link that is no web address, a phone of too few digits and a too short or too long address", () => {
    expect(readMeetingPlace("javascript://alert(1)")).toEqual({ error: meetingPlaceMessages.link });
    expect(readMeetingPlace("ftp://files.example.com")).toEqual({ error: meetingPlaceMessages.link });
    expect(readMeetingPlace("555-01")).toEqual({ error: meetingPlaceMessages.phone });
    expect(readMeetingPlace("Hq")).toEqual({ error: meetingPlaceMessages.address });
    expect(readMeetingPlace("a".repeat(301))).toEqual({ error: meetingPlaceMessages.address });
  });

  it("the form field keeps the place as written or nothing, and says what is wrong", () => {
    expect(meetingPlaceField.parse("")).toBeNull();
    expect(meetingPlaceField.parse(undefined)).toBeNull();
    expect(meetingPlaceField.parse("https://meet.example.com/x")).toBe("https://meet.example.com/x");
    const wrong = meetingPlaceField.safeParse("12");
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe(meetingPlaceMessages.phone);
    expect(meetingPlaceOf(null)).toBeNull();
    expect(meetingPlaceOf("https://meet.example.com/x")).toMatchObject({ kind: "link" });
  });
});
