import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { invoiceSettingsMessages, invoiceSettingsSchema } from "#app/domain/invoice-settings.ts";

function parse(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return parseWithZod(data, { schema: invoiceSettingsSchema });
}

const base = { invoice_prefix: "INV", estimate_prefix: "EST", next_invoice_number: "1", next_estimate_number: "1" };

describe("invoice settings form", () => {
  it("refuses equal prefixes, compared after trimming and in any case, on the estimate prefix", () => {
    for (const [invoice, estimate] of [
      ["INV", "INV"],
      ["inv", " INV "],
      [" Q1", "q1"],
    ]) {
      const result = parse({ ...base, invoice_prefix: invoice ?? "", estimate_prefix: estimate ?? "" });
      expect(result.reply().error?.estimate_prefix, `${invoice}/${estimate}`).toEqual([
        invoiceSettingsMessages.samePrefix,
      ]);
    }
    expect(parse(base).status).toBe("success");
  });

  it("refuses next numbers beyond what a number holds with its message", () => {
    for (const next of ["100000000", "99999999999999999999999", "1e30", "2147483648"]) {
      const result = parse({ ...base, next_invoice_number: next, next_estimate_number: next });
      expect(result.reply().error?.next_invoice_number, next).toEqual([invoiceSettingsMessages.nextNumber]);
      expect(result.reply().error?.next_estimate_number, next).toEqual([invoiceSettingsMessages.nextNumber]);
    }
  });
});
