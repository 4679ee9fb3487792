import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { amountText, typedHundredths } from "./amount-field.ts";
import { ambiguousSeparatorMessage, readTypedNumber } from "./money.ts";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
};

/** Every way a person may write a comma or a dot that could be the cents: refused, never thousands. */
const ambiguousAmounts = [
  "10,00",
  "10,5",
  "1,5",
  "0,50",
  "1.000,50",
  "1 000,50",
  "1,0000",
  "1,000,00",
  ",5",
  "10,",
  "1.000.000",
  "1.000.00",
  "$10,00",
  "0,500",
];
/** Unambiguous: a comma separates thousands only (groups of three before any dot). */
const unambiguous: [string, number][] = [
  ["1,000.00", 100_000],
  ["1000", 100_000],
  ["1,000", 100_000],
  ["$1,200.5", 120_050],
  ["12,345,678.9", 1_234_567_890],
  ["10.00", 1000],
  [" 3 ", 300],
  ["1e3", 100_000],
  [".5", 50],
];

describe("readTypedNumber", () => {
  it("refuses a comma (or a second dot) that could be the cents' separator", () => {
    for (const text of ambiguousAmounts) expect(readTypedNumber(text), text).toEqual({ kind: "ambiguous" });
  });

  it("reads a comma as a thousands separator only where it can be nothing else", () => {
    for (const [text, hundredths] of unambiguous) {
      expect(readTypedNumber(text), text).toEqual({ kind: "number", hundredths });
    }
    expect(readTypedNumber("")).toEqual({ kind: "blank" });
    expect(readTypedNumber(undefined)).toEqual({ kind: "blank" });
    expect(readTypedNumber("abc")).toEqual({ kind: "invalid" });
  });
});

describe("typedHundredths", () => {
  const schema = z.object({
    amount: typedHundredths(z.number("Enter an amount").int().min(1, "More than 0, please"), { blank: 0 }),
  });

  it("answers an ambiguous separator with its message on the field", () => {
    for (const amount of ambiguousAmounts) {
      const parsed = parseWithZod(form({ amount }), { schema });
      expect(parsed.status, amount).toBe("error");
      expect(parsed.reply().error, amount).toEqual({ amount: [ambiguousSeparatorMessage] });
    }
  });

  it("passes a number (or the fallback) to the field's own rule", () => {
    const ok = parseWithZod(form({ amount: "1,000.00" }), { schema });
    expect(ok.status === "success" && ok.value.amount).toBe(100_000);
    expect(parseWithZod(form({ amount: "" }), { schema }).reply().error).toEqual({ amount: ["More than 0, please"] });
    const invalid = z.object({ amount: typedHundredths(z.number("Enter an amount")) });
    expect(parseWithZod(form({ amount: "abc" }), { schema: invalid }).reply().error).toEqual({
      amount: ["Enter an amount"],
    });
  });
});

describe("amountText", () => {
  const schema = z.object({ price: amountText({ label: "Price" }) });
  const read = (price: string) => parseWithZod(form({ price }), { schema });

  it("refuses an ambiguous separator, keeps thousands, and gives the amount as a plain decimal", () => {
    for (const price of ambiguousAmounts)
      expect(read(price).reply().error, price).toEqual({ price: [ambiguousSeparatorMessage] });
    const thousand = read("1,000.5");
    expect(thousand.status === "success" && thousand.value.price).toBe("1000.50");
    const blank = read("");
    expect(blank.status === "success" && blank.value.price).toBeUndefined();
    expect(read("-5").reply().error).toEqual({ price: ["Price must be 0 or more"] });
    expect(read("9999999999.999").reply().error).toEqual({ price: ["Must be at most 9,999,999,999.99"] });
  });
});
