import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { amountText } from "#app/domain/amount-field.ts";
import { isIsoDate } from "#app/domain/dates.ts";
import { tooLong } from "#app/domain/limits.ts";
import {
  emailAddress,
  optionalDate,
  optionalHttpUrl,
  optionalMultilineText,
  optionalText,
} from "#app/domain/validation.ts";

const messages = (schema: z.ZodMiniType, value: unknown) => {
  const result = z.safeParse(schema, value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("shared validation rules", () => {
  it("builds length messages from the limit", () => {
    expect(tooLong("Notes", 5000)).toBe("Notes must be less than 5000 characters");
  });

  it("email: trimmed, required message of the form, then the spec's messages", () => {
    const email = emailAddress("Name and email are required");
    expect(z.parse(email, "  owner@studio.test ")).toBe("owner@studio.test");
    expect(messages(email, "")).toEqual(["Name and email are required"]);
    expect(messages(email, "not-an-email")).toEqual(["Invalid email address"]);
    expect(messages(email, `${"a".repeat(250)}@b.test`)).toEqual(["Email must be less than 255 characters"]);
    expect(messages(emailAddress(), undefined)).toEqual(["Invalid email address"]);
  });

  it("optional text: blank is undefined, long text refused", () => {
    const text = optionalText(5, "Tax ID");
    expect(z.parse(text, "   ")).toBeUndefined();
    expect(z.parse(text, " ab ")).toBe("ab");
    expect(messages(text, "abcdef")).toEqual(["Tax ID must be less than 5 characters"]);
  });

  it("multi-line text counts CRLF as one character and keeps the line breaks", () => {
    const notes = optionalMultilineText(5, "Notes");
    expect(z.parse(notes, "ab\r\ncd")).toBe("ab\ncd");
    expect(messages(notes, "ab\r\ncde")).toEqual(["Notes must be less than 5 characters"]);
    expect(z.parse(notes, "\r\n  ")).toBeUndefined();
  });

  it("website: http(s) only, scheme added when missing", () => {
    expect(z.parse(optionalHttpUrl, "studio.example")).toBe("https://studio.example");
    expect(z.parse(optionalHttpUrl, "http://studio.example/x")).toBe("http://studio.example/x");
    expect(z.parse(optionalHttpUrl, "")).toBeUndefined();
    expect(messages(optionalHttpUrl, "javascript:alert(1)")).toEqual(["Invalid URL format"]);
    expect(messages(optionalHttpUrl, "ftp://studio.example")).toEqual(["Invalid URL format"]);
  });

  it("dates: real calendar days only", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2025-02-29")).toBe(false);
    expect(isIsoDate("02/01/2025")).toBe(false);
    expect(z.parse(optionalDate, "")).toBeUndefined();
    expect(messages(optionalDate, "2025-13-01")).toEqual(["Please enter a valid date"]);
  });

  it("amounts: blank or non-numeric fall back, negatives and absurd values are refused", () => {
    const price = amountText({ fallback: "0", label: "Unit price" });
    expect(z.parse(price, "")).toBe("0");
    expect(z.parse(price, "abc")).toBe("0");
    expect(z.parse(price, " 19.99 ")).toBe("19.99");
    // the amount as a plain decimal of cents: what it will be stored as
    expect(z.parse(price, "-0")).toBe("0.00");
    expect(z.parse(price, "1,000.5")).toBe("1000.50");
    expect(messages(price, "-5")).toEqual(["Unit price must be 0 or more"]);
    expect(messages(price, "10000000000")).toEqual(["Must be at most 9,999,999,999.99"]);
    // what numeric(12,2) would round it to counts: 10,000,000,000.00 does not fit
    expect(messages(price, "9999999999.999")).toEqual(["Must be at most 9,999,999,999.99"]);
    expect(z.parse(price, "9999999999.994")).toBe("9999999999.99");
    expect(messages(amountText({ label: "Estimated hours", max: 9_999_999_999 }), "100000000")).toEqual([
      "Must be at most 99,999,999.99",
    ]);
    expect(z.parse(amountText({ label: "Hourly rate" }), "")).toBeUndefined();
  });
});
