import { expect, it } from "vitest";
import { formatDocumentNumber } from "#app/domain/numbering.ts";

it("pads to four digits and grows beyond", () => {
  expect(formatDocumentNumber("INV", 1)).toBe("INV-0001");
  expect(formatDocumentNumber("EST", 42)).toBe("EST-0042");
  expect(formatDocumentNumber("INV", 12345)).toBe("INV-12345");
});

it("refuses sequences below one", () => {
  expect(() => formatDocumentNumber("INV", 0)).toThrow(RangeError);
  expect(() => formatDocumentNumber("INV", 1.5)).toThrow(RangeError);
});
