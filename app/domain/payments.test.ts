import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { isOverpayment, paymentFormSchema, paymentMessages, paymentTotals } from "#app/domain/payments.ts";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return parseWithZod(data, { schema: paymentFormSchema });
}

describe("payment form", () => {
  it("reads an amount in exact cents", () => {
    const parsed = form({ paid_on: "2026-03-01", amount: "0.10", method: "card" });
    expect(parsed.status).toBe("success");
    if (parsed.status === "success")
      // "Email a receipt to the client" unticked (a post without it) sends none
      expect(parsed.value).toEqual({ paid_on: "2026-03-01", amount: 10, method: "card", email_receipt: false });
    const typed = form({ paid_on: "2026-03-01", amount: "$1,234.56", method: "check", note: "  #1042 " });
    if (typed.status === "success") expect(typed.value).toMatchObject({ amount: 123_456, note: "#1042" });
    else throw new Error("expected success");
  });

  it("refuses a zero, negative or missing amount, a bad date and an unknown method", () => {
    const parsed = form({ paid_on: "2026-02-30", amount: "0", method: "bitcoin" });
    expect(parsed.status).toBe("error");
    const errors = parsed.status === "error" ? (parsed.error ?? {}) : {};
    expect(errors.amount).toEqual([paymentMessages.amount]);
    expect(errors.paid_on).toEqual([paymentMessages.paidOn]);
    expect(errors.method).toEqual([paymentMessages.method]);
    const negative = form({ paid_on: "2026-03-01", amount: "-5", method: "cash" });
    expect(negative.status === "error" && negative.error?.amount).toEqual([paymentMessages.amount]);
  });

  it("refuses an amount beyond what the database holds, however it is written", () => {
    for (const amount of ["10000000000", "9999999999.999", "99999999999999999999999", "1e30"]) {
      const parsed = form({ paid_on: "2026-03-01", amount, method: "cash" });
      expect(parsed.status === "error" && parsed.error?.amount, amount).toEqual(["Must be at most 9,999,999,999.99"]);
    }
    expect(form({ paid_on: "2026-03-01", amount: "9999999999.99", method: "cash" }).status).toBe("success");
  });

  it("refuses a note over the limit", () => {
    const parsed = form({ paid_on: "2026-03-01", amount: "1", method: "other", note: "x".repeat(501) });
    expect(parsed.status === "error" && parsed.error?.note).toEqual([paymentMessages.noteTooLong]);
  });
});

describe("payment arithmetic", () => {
  it("adds cents exactly (no float drift)", () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; in cents it is 30
    expect(paymentTotals(30, [10, 20])).toEqual({ amountPaid: 30, balanceDue: 0 });
    expect(paymentTotals(100_000, [33_333, 33_333, 33_334])).toEqual({ amountPaid: 100_000, balanceDue: 0 });
    expect(paymentTotals(12_345, [])).toEqual({ amountPaid: 0, balanceDue: 12_345 });
  });

  it("is an overpayment only above the total", () => {
    expect(isOverpayment(10_000, 9_999, 1)).toBe(false);
    expect(isOverpayment(10_000, 9_999, 2)).toBe(true);
    expect(isOverpayment(10_000, 10_000, 1)).toBe(true);
  });

  it("says the balance in the overpayment message", () => {
    expect(paymentMessages.overpayment(4_250)).toBe("The payment is more than the balance due ($42.50)");
    expect(paymentMessages.overpayment(0)).toBe("This invoice has nothing left to pay");
  });
});
