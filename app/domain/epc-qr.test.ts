import { describe, expect, it } from "vitest";
import { epcAmount, epcLimits, epcPayload, normaliseIban } from "./epc-qr.ts";

const transfer = {
  currency: "EUR",
  name: "Studio Design GmbH",
  iban: "DE89 3704 0044 0532 0130 00",
  bic: "COBADEFFXXX",
  amountCents: 123_456,
  reference: "INV-0042",
};

describe("EPC payment code (EPC069-12 version 002)", () => {
  it("is the twelve-line SCT payload: BCD, 002, UTF-8, SCT, BIC, name, IBAN, amount, empty purpose and reference, the remittance text", () => {
    expect(epcPayload(transfer)?.split("\n")).toEqual([
      "BCD",
      "002",
      "1",
      "SCT",
      "COBADEFFXXX",
      "Studio Design GmbH",
      "DE89370400440532013000",
      "EUR1234.56",
      "",
      "",
      "INV-0042",
    ]);
  });

  it("writes the amount with a dot and two decimals, no thousands separator", () => {
    expect(epcAmount(1)).toBe("EUR0.01");
    expect(epcAmount(1234)).toBe("EUR12.34");
    expect(epcAmount(100_000)).toBe("EUR1000.00");
    expect(epcAmount(99_999_999_999)).toBe("EUR999999999.99");
    expect(epcPayload({ ...transfer, amountCents: 5 })).toContain("\nEUR0.05\n");
  });

  it("normalises the IBAN (no spaces, upper case) and refuses one that fails its check", () => {
    expect(normaliseIban("de89 3704-0044 0532 0130 00")).toBe("DE89370400440532013000");
    expect(epcPayload({ ...transfer, iban: "de89 3704 0044 0532 0130 00" })).toContain("\nDE89370400440532013000\n");
    expect(epcPayload({ ...transfer, iban: "DE89 3704 0044 0532 0130 01" })).toBeNull();
    expect(epcPayload({ ...transfer, iban: "" })).toBeNull();
  });

  it("leaves the BIC empty when none (optional in 002) or when it is not a BIC", () => {
    expect(epcPayload({ ...transfer, bic: null })?.split("\n")[4]).toBe("");
    expect(epcPayload({ ...transfer, bic: "not a bic" })?.split("\n")[4]).toBe("");
    expect(epcPayload({ ...transfer, bic: "cobadeff" })?.split("\n")[4]).toBe("COBADEFF");
  });

  it("keeps each field on its line: line breaks and control characters become spaces (the format has no escaping)", () => {
    const lines = epcPayload({ ...transfer, name: "Studio\nDesign\r\n\tGmbH", reference: "INV\n0042\u0000" })?.split(
      "\n",
    );
    expect(lines).toHaveLength(11);
    expect(lines?.[5]).toBe("Studio Design GmbH");
    expect(lines?.[10]).toBe("INV 0042");
  });

  it("cuts the name at 70 and the remittance at 140 characters (characters, not bytes), and stays within 331 bytes", () => {
    const payload = epcPayload({ ...transfer, name: "Ä".repeat(100), reference: "R".repeat(200) }) ?? "";
    const lines = payload.split("\n");
    expect(lines[5]).toBe("Ä".repeat(epcLimits.name));
    expect(lines[10]?.length).toBeLessThanOrEqual(epcLimits.remittance);
    expect(new TextEncoder().encode(payload).length).toBeLessThanOrEqual(epcLimits.payloadBytes);
    const long = epcPayload({ ...transfer, name: "N".repeat(70), reference: "€".repeat(140) }) ?? "";
    expect(new TextEncoder().encode(long).length).toBeLessThanOrEqual(epcLimits.payloadBytes);
    expect(long.split("\n")[10]?.startsWith("€")).toBe(true);
  });

  it("has no code for another currency than EUR, nothing due, too much, or no name", () => {
    expect(epcPayload({ ...transfer, currency: "USD" })).toBeNull();
    expect(epcPayload({ ...transfer, currency: "eur" })).not.toBeNull();
    for (const amountCents of [0, -100, 0.5, epcLimits.maxCents + 1, Number.NaN]) {
      expect(epcPayload({ ...transfer, amountCents }), String(amountCents)).toBeNull();
    }
    expect(epcPayload({ ...transfer, name: " \n " })).toBeNull();
  });
});
