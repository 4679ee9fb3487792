import { describe, expect, it } from "vitest";
import { isOfferedTimeZone, isValidTimeZone, timeZoneChoices, todayIn } from "#app/domain/dates.ts";
import type { InvoiceStatus } from "#app/domain/enums.ts";
import {
  canAccept,
  canConvert,
  canDecline,
  canTakePayment,
  displayStatus,
  isOverdue,
} from "#app/domain/invoice-status.ts";

const unpaid = (status: InvoiceStatus, dueDate: string | null, balanceDue = 10_000) => ({
  invoiceType: "invoice" as const,
  status,
  balanceDue,
  dueDate,
});

describe("todayIn", () => {
  it("is the calendar date of the studio's time zone, not of UTC", () => {
    const instant = new Date("2026-06-15T02:00:00Z");
    expect(todayIn("UTC", instant)).toBe("2026-06-15");
    expect(todayIn("America/New_York", instant)).toBe("2026-06-14");
    expect(todayIn("Asia/Tokyo", instant)).toBe("2026-06-15");
  });

  it("moves midnight from 05:00 to 04:00 UTC on the March DST change in New York", () => {
    // 8 March 2026: clocks go from 02:00 EST to 03:00 EDT
    expect(todayIn("America/New_York", new Date("2026-03-08T04:59:59Z"))).toBe("2026-03-07");
    expect(todayIn("America/New_York", new Date("2026-03-08T05:00:00Z"))).toBe("2026-03-08");
    expect(todayIn("America/New_York", new Date("2026-03-09T03:59:59Z"))).toBe("2026-03-08");
    expect(todayIn("America/New_York", new Date("2026-03-09T04:00:00Z"))).toBe("2026-03-09");
  });

  it("moves midnight from 04:00 to 05:00 UTC on the November DST change in New York", () => {
    // 1 November 2026: clocks go from 02:00 EDT back to 01:00 EST (a 25-hour day)
    expect(todayIn("America/New_York", new Date("2026-11-01T03:59:59Z"))).toBe("2026-10-31");
    expect(todayIn("America/New_York", new Date("2026-11-01T04:00:00Z"))).toBe("2026-11-01");
    expect(todayIn("America/New_York", new Date("2026-11-02T04:59:59Z"))).toBe("2026-11-01");
    expect(todayIn("America/New_York", new Date("2026-11-02T05:00:00Z"))).toBe("2026-11-02");
  });

  it("gives different dates at one instant on either side of the date line", () => {
    const midnightUtc = new Date("2026-06-15T00:00:00Z");
    expect(todayIn("Pacific/Kiritimati", midnightUtc)).toBe("2026-06-15"); // UTC+14
    expect(todayIn("Pacific/Pago_Pago", midnightUtc)).toBe("2026-06-14"); // UTC-11
    const beforeMidnightUtc = new Date("2026-06-14T23:59:59Z");
    expect(todayIn("Pacific/Kiritimati", beforeMidnightUtc)).toBe("2026-06-15");
    expect(todayIn("Pacific/Pago_Pago", beforeMidnightUtc)).toBe("2026-06-14");
    // Kiritimati's 10:00 UTC is its midnight: 25 hours ahead of Pago Pago
    expect(todayIn("Pacific/Kiritimati", new Date("2026-06-15T10:00:00Z"))).toBe("2026-06-16");
    expect(todayIn("Pacific/Pago_Pago", new Date("2026-06-15T10:00:00Z"))).toBe("2026-06-14");
  });

  it("falls back to New York for an unknown zone", () => {
    const instant = new Date("2026-06-15T02:00:00Z");
    expect(todayIn("Mars/Olympus_Mons", instant)).toBe("2026-06-14");
  });
});

describe("time zones", () => {
  it("knows IANA names and refuses others", () => {
    expect(isValidTimeZone("America/New_York")).toBe(true);
    expect(isValidTimeZone("Pacific/Kiritimati")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus_Mons")).toBe(false);
    // answered again from the memo, the same way
    expect(isValidTimeZone("America/New_York")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
    expect(isValidTimeZone(42)).toBe(false);
  });

  it("offers the runtime's list (with UTC), and only those names are accepted from the form", () => {
    const choices = timeZoneChoices();
    expect(choices).toContain("America/New_York");
    expect(choices).toContain("UTC");
    expect(choices.length).toBeGreaterThan(300);
    expect(isOfferedTimeZone("Europe/Paris")).toBe(true);
    expect(isOfferedTimeZone("<script>")).toBe(false);
  });
});

describe("isOverdue and displayStatus", () => {
  const today = "2026-03-08";

  it("is overdue when sent, viewed or partial, with a balance, due before today", () => {
    for (const status of ["sent", "viewed", "partial"] as const) {
      expect(isOverdue(unpaid(status, "2026-03-07"), today)).toBe(true);
      expect(displayStatus(unpaid(status, "2026-03-07"), today)).toBe("overdue");
    }
  });

  it("is not overdue on the due date itself, nor without a due date", () => {
    expect(isOverdue(unpaid("sent", "2026-03-08"), today)).toBe(false);
    expect(isOverdue(unpaid("sent", null), today)).toBe(false);
    expect(displayStatus(unpaid("sent", "2026-03-08"), today)).toBe("sent");
  });

  it("is never overdue for drafts, paid, cancelled, estimates or a zero balance", () => {
    for (const status of ["draft", "paid", "cancelled", "accepted", "declined"] as const) {
      expect(isOverdue(unpaid(status, "2026-01-01"), today)).toBe(false);
      expect(displayStatus(unpaid(status, "2026-01-01"), today)).toBe(status);
    }
    expect(isOverdue({ ...unpaid("sent", "2026-01-01"), invoiceType: "estimate" }, today)).toBe(false);
    expect(isOverdue(unpaid("partial", "2026-01-01", 0), today)).toBe(false);
  });

  it("turns overdue at the studio's midnight across the March DST change", () => {
    const invoice = unpaid("sent", "2026-03-07");
    const at = (iso: string) => isOverdue(invoice, todayIn("America/New_York", new Date(iso)));
    expect(at("2026-03-08T04:59:59Z")).toBe(false);
    expect(at("2026-03-08T05:00:00Z")).toBe(true);
    const after = unpaid("sent", "2026-03-08");
    expect(isOverdue(after, todayIn("America/New_York", new Date("2026-03-09T03:59:59Z")))).toBe(false);
    expect(isOverdue(after, todayIn("America/New_York", new Date("2026-03-09T04:00:00Z")))).toBe(true);
  });

  it("turns overdue at the studio's midnight across the November DST change", () => {
    const invoice = unpaid("viewed", "2026-11-01");
    const at = (iso: string) => isOverdue(invoice, todayIn("America/New_York", new Date(iso)));
    expect(at("2026-11-02T04:59:59Z")).toBe(false);
    expect(at("2026-11-02T05:00:00Z")).toBe(true);
  });

  it("depends on the studio's side of the date line at midnight UTC", () => {
    const invoice = unpaid("partial", "2026-06-14");
    const instant = new Date("2026-06-15T00:00:00Z");
    expect(isOverdue(invoice, todayIn("Pacific/Kiritimati", instant))).toBe(true);
    expect(isOverdue(invoice, todayIn("Pacific/Pago_Pago", instant))).toBe(false);
  });
});

describe("canTakePayment", () => {
  it("takes payments only on invoices that are neither draft nor cancelled", () => {
    expect(canTakePayment({ invoiceType: "invoice", status: "sent" })).toBe(true);
    expect(canTakePayment({ invoiceType: "invoice", status: "partial" })).toBe(true);
    expect(canTakePayment({ invoiceType: "invoice", status: "draft" })).toBe(false);
    expect(canTakePayment({ invoiceType: "invoice", status: "cancelled" })).toBe(false);
    expect(canTakePayment({ invoiceType: "estimate", status: "sent" })).toBe(false);
  });
});

describe("estimate transitions (ADR 0015)", () => {
  const estimate = (status: InvoiceStatus) => ({ invoiceType: "estimate" as const, status });

  it("accepts and declines only sent or viewed estimates", () => {
    for (const status of ["sent", "viewed"] as const) {
      expect(canAccept(estimate(status))).toBe(true);
      expect(canDecline(estimate(status))).toBe(true);
    }
    for (const status of ["draft", "accepted", "declined", "cancelled", "paid"] as const) {
      expect(canAccept(estimate(status))).toBe(false);
      expect(canDecline(estimate(status))).toBe(false);
    }
    expect(canAccept({ invoiceType: "invoice", status: "sent" })).toBe(false);
  });

  it("converts only accepted estimates", () => {
    expect(canConvert(estimate("accepted"))).toBe(true);
    for (const status of ["draft", "sent", "viewed", "declined"] as const) {
      expect(canConvert(estimate(status))).toBe(false);
    }
    expect(canConvert({ invoiceType: "invoice", status: "accepted" })).toBe(false);
  });
});
