import { expect, it } from "vitest";
import { compareDocumentNumbers, formatDocumentNumber } from "#app/domain/numbering.ts";

it("pads to four digits and grows beyond", () => {
  expect(formatDocumentNumber("INV", 1)).toBe("INV-0001");
  expect(formatDocumentNumber("EST", 42)).toBe("EST-0042");
  expect(formatDocumentNumber("INV", 12345)).toBe("INV-12345");
});

it("refuses sequences below one", () => {
  expect(() => formatDocumentNumber("INV", 0)).toThrow(RangeError);
  expect(() => formatDocumentNumber("INV", 1.5)).toThrow(RangeError);
});

it("orders numbers as they were issued, past four digits too", () => {
  expect(["INV-10000", "INV-0003", "INV-0002"].sort(compareDocumentNumbers)).toEqual([
    "INV-0002",
    "INV-0003",
    "INV-10000",
  ]);
});
