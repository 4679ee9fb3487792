import { describe, expect, it } from "vitest";
import {
  calculateTotals,
  centsToDecimal,
  formatMoney,
  formatMoneyCompact,
  lineTotal,
  maxMoneyCents,
  parseScaled,
  readTypedHundredths,
  toCents,
  tooLargeMessage,
  totalTooLargeMessage,
} from "#app/domain/money.ts";

describe("toCents", () => {
  it.each([
    ["12.34", 1234],
    ["12.3", 1230],
    ["12", 1200],
    [".5", 50],
    ["0.005", 1],
    ["0.004", 0],
    ["-0.005", -1],
    ["$1,234.56", 123456],
    [" 7 ", 700],
    [19.99, 1999],
    [0.1 + 0.2, 30],
  ])("%s -> %s", (input, expected) => {
    expect(toCents(input)).toBe(expected);
  });

  it.each(["", "abc", "1.2.3", "--1", "."])("refuses %j", (input) => {
    expect(toCents(input)).toBeNull();
  });
});

describe("parseScaled", () => {
  it("keeps the requested scale", () => {
    expect(parseScaled("7.255", 2)).toBe(726);
    expect(parseScaled("1.5", 0)).toBe(2);
    expect(parseScaled("-1.5", 0)).toBe(-2);
  });
});

describe("centsToDecimal and formatMoney", () => {
  it("writes numeric(12,2) text", () => {
    expect(centsToDecimal(0)).toBe("0.00");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(123456)).toBe("1234.56");
    expect(centsToDecimal(-250)).toBe("-2.50");
  });
  it("shows dollars with two decimals", () => {
    expect(formatMoney(123456)).toBe("$1,234.56");
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(-250)).toBe("-$2.50");
  });
});

describe("calculateTotals", () => {
  it("rounds each line half away from zero", () => {
    // 0.5 x $0.01 = $0.005 -> $0.01
    expect(lineTotal({ quantity: 50, unitPrice: 1 })).toBe(1);
    // 0.49 x $0.01 -> $0.00
    expect(lineTotal({ quantity: 49, unitPrice: 1 })).toBe(0);
    // 1.5 x $33.33 = $49.995 -> $50.00
    expect(lineTotal({ quantity: 150, unitPrice: 3333 })).toBe(5000);
  });

  it("computes subtotal, tax, discount, total and balance", () => {
    const totals = calculateTotals({
      lines: [
        { quantity: 200, unitPrice: 12_500 },
        { quantity: 150, unitPrice: 3333 },
      ],
      taxRate: 825, // 8.25 %
      discount: 1000,
      amountPaid: 5000,
    });
    expect(totals.lineTotals).toEqual([25_000, 5000]);
    expect(totals.subtotal).toBe(30_000);
    expect(totals.taxAmount).toBe(2475);
    expect(totals.total).toBe(31_475);
    expect(totals.balanceDue).toBe(26_475);
  });

  it("takes deductions off after tax, like the discount, and counts them apart", () => {
    // $1,000.00 + 8.25% tax = $1,082.50; less the deposit invoice ($541.25) and a milestone ($216.50)
    const totals = calculateTotals({
      lines: [{ quantity: 100, unitPrice: 100_000 }],
      taxRate: 825,
      discount: 0,
      deductions: [54_125, 21_650],
    });
    expect(totals).toMatchObject({ subtotal: 100_000, taxAmount: 8250, deductionTotal: 75_775, total: 32_475 });
    // no deductions: nothing changes
    expect(
      calculateTotals({ lines: [{ quantity: 100, unitPrice: 100_000 }], taxRate: 825, discount: 0 }),
    ).toMatchObject({ deductionTotal: 0, total: 108_250 });
  });

  it("rounds the tax amount once, on the subtotal", () => {
    // three lines of $0.10 at 5% = $0.015 -> $0.02 (not 3 x $0.005 rounded)
    const totals = calculateTotals({
      lines: [1, 2, 3].map(() => ({ quantity: 100, unitPrice: 10 })),
      taxRate: 500,
      discount: 0,
    });
    expect(totals.taxAmount).toBe(2);
  });

  it("is exact for large amounts", () => {
    // 1,000 x $9,999,999.99 with 7.77% tax: beyond float precision for cents arithmetic
    const totals = calculateTotals({
      lines: [{ quantity: 100_000, unitPrice: 999_999_999 }],
      taxRate: 777,
      discount: 0,
    });
    expect(totals.subtotal).toBe(999_999_999_000);
    expect(totals.taxAmount).toBe(77_699_999_922);
  });
});

describe("bounds", () => {
  it("numeric(12,2) holds 9,999,999,999.99; the messages say so", () => {
    expect(centsToDecimal(maxMoneyCents)).toBe("9999999999.99");
    expect(tooLargeMessage()).toBe("Must be at most 9,999,999,999.99");
    expect(tooLargeMessage(9_999_999_999)).toBe("Must be at most 99,999,999.99");
    expect(totalTooLargeMessage).toBe("The total must be at most 9,999,999,999.99");
  });

  it("reads typed numbers; one too large to count is beyond every bound, never 0", () => {
    expect(readTypedHundredths("$1,200.5")).toBe(120_050);
    expect(readTypedHundredths("1e3")).toBe(100_000);
    expect(readTypedHundredths(2.5)).toBe(250);
    for (const blank of ["", " ", "abc", "0x10", "Infinity", null, undefined, {}]) {
      expect(readTypedHundredths(blank), String(blank)).toBeNull();
    }
    for (const huge of ["99999999999999999999999", "1e30", "1e400"]) {
      expect(readTypedHundredths(huge), huge).toBe(Number.MAX_SAFE_INTEGER);
    }
    expect(readTypedHundredths("-1e30")).toBe(-Number.MAX_SAFE_INTEGER);
  });
});

it("formatMoneyCompact: short axis labels", () => {
  expect(formatMoneyCompact(0)).toBe("$0");
  expect(formatMoneyCompact(1_250_000)).toBe("$12.5K");
  expect(formatMoneyCompact(123_456_789)).toBe("$1.2M");
});
