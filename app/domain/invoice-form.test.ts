import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { displayDate } from "#app/domain/dates.ts";
import {
  defaultDueDate,
  defaultDueDateFor,
  defaultEstimateTerms,
  defaultTerms,
  defaultTermsFor,
  editorLines,
  editorPostSchema,
  emptyLine,
  includesLines,
  invoiceFormSchema,
  invoiceTotals,
  linesUntouched,
  previewTotals,
  readHundredths,
  statusOnSave,
} from "#app/domain/invoice-form.ts";
import { invoiceListHref, parseInvoiceListQuery } from "#app/domain/invoice-list.ts";
import { invoiceMessages, pdfFileName } from "#app/domain/invoice-pages.ts";
import { projectLines } from "#app/domain/projects.ts";

const customer = "0b5e3f1c-9a7d-4c3e-8f21-6d4a2b9c1e07";

function formData(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
}

function parse(values: Record<string, string>) {
  return parseWithZod(formData({ customer_id: customer, issue_date: "2026-11-22", ...values }), {
    schema: invoiceFormSchema,
  });
}

describe("totals (integer cents, half away from zero at each line and at the tax)", () => {
  const cases: [string, { q: string; p: string }[], string, string, { sub: number; tax: number; total: number }][] = [
    ["3 x 19.99", [{ q: "3", p: "19.99" }], "0", "0", { sub: 5997, tax: 0, total: 5997 }],
    ["1.5 x 33.33 (49.995 -> 50.00)", [{ q: "1.5", p: "33.33" }], "0", "0", { sub: 5000, tax: 0, total: 5000 }],
    [
      "8.25 % tax on 59.97 (4.947525 -> 4.95)",
      [{ q: "3", p: "19.99" }],
      "8.25",
      "0",
      { sub: 5997, tax: 495, total: 6492 },
    ],
    [
      "0.1 + 0.2 is 0.30",
      [
        { q: "1", p: "0.1" },
        { q: "1", p: "0.2" },
      ],
      "0",
      "0",
      { sub: 30, tax: 0, total: 30 },
    ],
    [
      "three lines, tax and discount",
      [
        { q: "3", p: "19.99" },
        { q: "1.5", p: "33.33" },
        { q: "10", p: "125" },
      ],
      "8.25",
      "25.50",
      { sub: 135_997, tax: 11_220, total: 144_667 },
    ],
    [
      "large values stay exact",
      [{ q: "1000", p: "9999999.99" }],
      "7.77",
      "0",
      { sub: 999_999_999_000, tax: 77_699_999_922, total: 1_077_699_998_922 },
    ],
    ["a 0.005 tax rounds up", [{ q: "1", p: "0.10" }], "5", "0", { sub: 10, tax: 1, total: 11 }],
  ];
  it.each(cases)("%s", (_name, lines, tax, discount, expected) => {
    const totals = invoiceTotals({
      items: lines.map((line) => ({ quantity: readHundredths(line.q), unit_price: readHundredths(line.p) })),
      tax_rate: readHundredths(tax),
      discount_amount: readHundredths(discount),
    });
    expect({ sub: totals.subtotal, tax: totals.taxAmount, total: totals.total }).toEqual(expected);
  });

  it("the preview adds up only described lines and shows every line's total", () => {
    const totals = previewTotals({
      items: [
        { description: "Design", quantity: "2", unit_price: "10.005" },
        { description: "", quantity: "1", unit_price: "99" },
      ],
      tax_rate: "abc",
      discount_amount: "",
    });
    expect(totals.lineTotalsByIndex).toEqual([2002, 9900]);
    expect(totals.subtotal).toBe(2002);
    expect(totals.total).toBe(2002);
  });

  it("the preview takes a deduction line off after tax, its total below zero", () => {
    const totals = previewTotals({
      items: [
        { description: "Website", quantity: "1", unit_price: "1000" },
        { description: "Less deposit INV-0001", quantity: "7", unit_price: "541.25", kind: "deduction" },
      ],
      tax_rate: "8.25",
      discount_amount: "0",
    });
    expect(totals.lineTotalsByIndex).toEqual([100_000, -54_125]);
    expect(totals).toMatchObject({ subtotal: 100_000, taxAmount: 8250, deductionTotal: 54_125, total: 54_125 });
  });

  it("balance due is total minus amount paid", () => {
    const totals = invoiceTotals({
      items: [{ quantity: 100, unit_price: 10_000 }],
      tax_rate: 0,
      discount_amount: 0,
      amountPaid: 2500,
    });
    expect(totals.balanceDue).toBe(7500);
  });
});

describe("the editor's schema", () => {
  it("parses lines, drops lines without a description, reads non-numeric as 0", () => {
    const result = parse({
      "items[0].description": "  Design  ",
      "items[0].quantity": "3",
      "items[0].unit_price": "19.99",
      "items[1].description": "",
      "items[1].quantity": "5",
      "items[1].unit_price": "5",
      "items[2].description": "Hosting",
      "items[2].quantity": "abc",
      "items[2].unit_price": "",
      tax_rate: "8.25",
      discount_amount: "1",
    });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value.items).toEqual([
      { description: "Design", quantity: 300, unit_price: 1999, kind: "item", at: 0 },
      { description: "Hosting", quantity: 0, unit_price: 0, kind: "item", at: 2 },
    ]);
    expect(result.value.tax_rate).toBe(825);
    expect(result.value.discount_amount).toBe(100);
    expect(result.value.intent).toBe("draft");
    expect(result.value.due_date).toBeUndefined();
  });

  it("reads a deduction line: quantity 1, linked to an earlier document, after tax, never below zero", () => {
    const deposit = "8f0f5b7e-0b8a-4c39-9f31-6c1f6f3b2a11";
    const base = {
      "items[0].description": "Website",
      "items[0].quantity": "1",
      "items[0].unit_price": "1000",
      "items[1].description": "",
      "items[2].description": "Less deposit INV-0001",
      "items[2].kind": "deduction",
      "items[2].quantity": "9",
      "items[2].unit_price": "500",
      tax_rate: "10",
    };
    const linked = parse({ ...base, "items[2].deducted_id": deposit });
    if (linked.status !== "success") throw new Error(JSON.stringify(linked.error));
    expect(linked.value.items[1]).toEqual({
      description: "Less deposit INV-0001",
      quantity: 100,
      unit_price: 50_000,
      kind: "deduction",
      deducted_id: deposit,
      at: 2,
    });
    expect(invoiceTotals(linked.value).total).toBe(60_000);
    // unlinked: the error is on the line as posted (a blank line before it is dropped)
    const unlinked = parse(base);
    expect(unlinked.reply().error).toEqual({ "items[2].deducted_id": [invoiceMessages.deductionUnlinked] });
    const negative = parse({ ...base, "items[2].deducted_id": deposit, "items[2].unit_price": "1100.01" });
    expect(negative.reply().error).toEqual({ items: [invoiceMessages.deductionTooLarge] });
    // a deduction alone is no invoice
    const alone = parse({ ...base, "items[0].description": "", "items[2].deducted_id": deposit });
    expect(alone.reply().error?.items).toContain(invoiceMessages.addLine);
    // a stray deduction id on an item is ignored
    const item = parse({ ...base, "items[2].kind": "item", "items[2].deducted_id": deposit });
    if (item.status !== "success") throw new Error("invalid");
    expect(item.value.items[1]).toMatchObject({ kind: "item", deducted_id: undefined, quantity: 900 });
  });

  it("ignores totals sent by the browser", () => {
    const result = parse({
      "items[0].description": "Design",
      "items[0].quantity": "1",
      "items[0].unit_price": "10",
      subtotal: "1",
      total_amount: "0.01",
    });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(Object.keys(result.value)).not.toContain("total_amount");
    expect(invoiceTotals(result.value).total).toBe(1000);
  });

  it("requires a customer and a described line, with the spec's messages", () => {
    const result = parseWithZod(formData({ customer_id: "", issue_date: "2026-11-22", "items[0].description": " " }), {
      schema: invoiceFormSchema,
    });
    expect(result.status).toBe("error");
    const errors = result.reply().error ?? {};
    expect(errors.customer_id).toEqual([invoiceMessages.selectCustomer]);
    expect(errors.items).toEqual([invoiceMessages.addLine]);
  });

  it("refuses a malformed customer id as no customer", () => {
    const result = parse({ customer_id: "1 or 1=1", "items[0].description": "x" });
    expect(result.reply().error?.customer_id).toEqual([invoiceMessages.selectCustomer]);
  });

  it("keeps the tax rate within 0 to 100 and numbers at 0 or more", () => {
    const high = parse({ "items[0].description": "x", tax_rate: "100.01" });
    expect(high.reply().error?.tax_rate).toEqual([invoiceMessages.taxRange]);
    expect(parse({ "items[0].description": "x", tax_rate: "100" }).status).toBe("success");
    const negative = parse({ "items[0].description": "x", "items[0].quantity": "-1", discount_amount: "-2" });
    expect(negative.reply().error?.["items[0].quantity"]).toEqual([invoiceMessages.notNegative]);
    expect(negative.reply().error?.discount_amount).toEqual([invoiceMessages.notNegative]);
  });

  it("decides: a discount may reach the subtotal plus tax (a zero total), never more", () => {
    const line = {
      "items[0].description": "x",
      "items[0].quantity": "1",
      "items[0].unit_price": "100",
      tax_rate: "10",
    };
    expect(parse({ ...line, discount_amount: "110" }).status).toBe("success");
    const over = parse({ ...line, discount_amount: "110.01" });
    expect(over.reply().error?.discount_amount).toEqual([invoiceMessages.discountTooLarge]);
  });

  it("refuses amounts beyond what the database stores", () => {
    const result = parse({
      "items[0].description": "x",
      "items[0].quantity": "1000000",
      "items[0].unit_price": "1000000",
    });
    expect(result.reply().error?.items).toEqual([invoiceMessages.tooLarge]);
  });

  it("refuses a number too large to hold instead of taking it as 0", () => {
    for (const huge of ["99999999999999999999999", "1e30", "10000000000", "9999999999.999"]) {
      const result = parse({ "items[0].description": "x", "items[0].quantity": huge, discount_amount: huge });
      const errors = result.reply().error ?? {};
      expect(errors["items[0].quantity"], huge).toEqual(["Must be at most 9,999,999,999.99"]);
      expect(errors.discount_amount?.[0], huge).toBe("Must be at most 9,999,999,999.99");
      expect(parse({ "items[0].description": "x", tax_rate: huge }).reply().error?.tax_rate).toEqual([
        invoiceMessages.taxRange,
      ]);
    }
    // exponent notation (a number field may send it) is a number, not 0
    const small = parse({ "items[0].description": "x", "items[0].quantity": "1e1", "items[0].unit_price": "2" });
    expect(small.status === "success" && small.value.items[0]?.quantity).toBe(1000);
  });

  it("refuses a due date before the issue date and ignores an invalid one", () => {
    const before = parse({ "items[0].description": "x", due_date: "2026-11-21" });
    expect(before.reply().error?.due_date).toEqual([invoiceMessages.dueBeforeIssue]);
    const estimate = parse({ "items[0].description": "x", due_date: "2026-11-21", invoice_type: "estimate" });
    expect(estimate.reply().error?.due_date).toEqual([invoiceMessages.validUntilBeforeIssue]);
    const invalid = parse({ "items[0].description": "x", due_date: "2026-02-30" });
    expect(invalid.status).toBe("success");
    if (invalid.status === "success") expect(invalid.value.due_date).toBeUndefined();
  });

  it("reads the pressed button as the status", () => {
    const sent = parse({ "items[0].description": "x", intent: "sent" });
    expect(sent.status === "success" && sent.value.intent).toBe("sent");
    const odd = parse({ "items[0].description": "x", intent: "paid" });
    expect(odd.status === "success" && odd.value.intent).toBe("draft");
  });
});

describe("due dates and display", () => {
  it("defaults to 30 days after the issue date", () => {
    expect(defaultDueDate("2026-11-22")).toBe("2026-12-22");
    expect(defaultDueDate("2026-01-31", null)).toBe("2026-03-02");
  });
  it("uses the customer's payment terms when set", () => {
    expect(defaultDueDate("2026-11-22", 15)).toBe("2026-12-07");
    expect(defaultDueDate("2026-11-22", 0)).toBe("2026-11-22");
    expect(defaultDueDate("2024-02-15", 14)).toBe("2024-02-29");
  });
  it("gives an estimate 30 days and its own terms, whatever the customer's payment terms", () => {
    expect(defaultDueDateFor("invoice", "2026-11-22", 15)).toBe("2026-12-07");
    expect(defaultDueDateFor("estimate", "2026-11-22", 15)).toBe("2026-12-22");
    expect(defaultTermsFor("invoice")).toBe(defaultTerms);
    expect(defaultTermsFor("estimate")).toBe(defaultEstimateTerms);
    expect(defaultEstimateTerms).toMatch(/^This estimate is valid for 30 days/);
  });
  it("shows MM/dd/yyyy", () => {
    expect(displayDate("2026-03-09")).toBe("03/09/2026");
    expect(displayDate("1999-12-31")).toBe("12/31/1999");
    expect(displayDate("2026-02-30")).toBe("");
    expect(displayDate("03/09/2026")).toBe("");
    expect(displayDate(null)).toBe("");
  });
});

describe("status on save", () => {
  it("draft clears sent_at, send sets it now", () => {
    const now = new Date("2026-11-22T10:00:00Z");
    expect(statusOnSave("draft", now)).toEqual({ status: "draft", sentAt: null });
    expect(statusOnSave("sent", now)).toEqual({ status: "sent", sentAt: now });
  });
});

describe("list URL state and ids", () => {
  it("falls back to defaults for unknown values", () => {
    expect(parseInvoiceListQuery(new URLSearchParams("type=x&status=paid&page=-3&q=%20INV%20"))).toEqual({
      type: "all",
      status: "paid",
      page: 1,
      q: "INV",
    });
    expect(invoiceListHref({ type: "estimate", status: "all", q: "a b", page: 2 })).toBe(
      "/admin/invoices?q=a+b&type=estimate&page=2",
    );
  });
  it("names the PDF after its number", () => {
    expect(pdfFileName("INV-0001")).toBe("INV-0001.pdf");
    expect(pdfFileName('A"B/1')).toBe("A_B_1.pdf");
  });
});

describe("lines from a project", () => {
  it("writes priced lines as the editor's field texts, which read back as the same numbers", () => {
    const lines = editorLines([
      { description: "Shop: Discovery", quantity: 100, unit_price: 240_000 },
      { description: "Shop: hours", quantity: 1_250, unit_price: 8_505 },
      { description: "Hosting", quantity: 33, unit_price: 7 },
    ]);
    expect(lines).toEqual([
      { description: "Shop: Discovery", quantity: "1", unit_price: "2400.00" },
      { description: "Shop: hours", quantity: "12.5", unit_price: "85.05" },
      { description: "Hosting", quantity: "0.33", unit_price: "0.07" },
    ]);
    expect(lines.map((line) => [readHundredths(line.quantity), readHundredths(line.unit_price)])).toEqual([
      [100, 240_000],
      [1_250, 8_505],
      [33, 7],
    ]);
    expect(editorLines([])).toEqual([]);
  });

  it("gives a phased project's editor one line per phase and the project's value as the total", () => {
    const project = {
      projectName: "Shop",
      fixedPrice: null,
      hourlyRate: null,
      estimatedHours: null,
      pricingDetails: {
        type: "phased" as const,
        phases: [
          { id: "a", name: "Design", price: 1_500 },
          { id: "b", name: "Build", price: 3_250.5 },
        ],
        recurring_fees: [],
      },
    };
    const items = editorLines(projectLines(project));
    expect(items.map((item) => item.description)).toEqual(["Shop: Design", "Shop: Build"]);
    expect(previewTotals({ items, tax_rate: "0", discount_amount: "0" }).total).toBe(475_050);
  });

  it("counts as untouched only lines as a new document starts them", () => {
    expect(linesUntouched([emptyLine])).toBe(true);
    expect(linesUntouched([{ description: " ", quantity: "", unit_price: "" }])).toBe(true);
    expect(linesUntouched([emptyLine, { description: "", quantity: "1", unit_price: "0.00" }])).toBe(true);
    expect(linesUntouched([])).toBe(true);
    expect(linesUntouched(undefined)).toBe(true);
    expect(linesUntouched([{ ...emptyLine, description: "Logo" }])).toBe(false);
    expect(linesUntouched([{ ...emptyLine, unit_price: "10" }])).toBe(false);
    expect(linesUntouched([{ ...emptyLine, quantity: "3" }])).toBe(false);
    expect(linesUntouched([emptyLine, { ...emptyLine, description: "Typed" }])).toBe(false);
  });
});

describe("what the editor reads of a post besides the form", () => {
  const id = "0b5e3f1c-9a7d-4c3e-8f21-6d4a2b9c1e07";
  it("tells 'Load projects' (a validate intent) from Add Item, remove and a save", () => {
    const validate = JSON.stringify({ type: "validate", payload: { name: "customer_id" } });
    const insert = JSON.stringify({ type: "insert", payload: { name: "items" } });
    expect(editorPostSchema.parse({ customer_id: id, project_id: id, __intent__: validate })).toEqual({
      customer_id: id,
      project_id: id,
      return_to: undefined,
      reload: true,
    });
    expect(editorPostSchema.parse({ __intent__: insert }).reload).toBe(false);
    expect(editorPostSchema.parse({ __intent__: "{not json" }).reload).toBe(false);
    expect(editorPostSchema.parse({ intent: "draft" }).reload).toBe(false);
    expect(editorPostSchema.parse({ project_id: "1 or 1=1" }).project_id).toBeUndefined();
  });

  it("knows when offered lines are all there already", () => {
    const fees = [
      { description: "Hosting", quantity: "1", unit_price: "25.00" },
      { description: "Care plan", quantity: "1", unit_price: "90.00" },
    ];
    expect(includesLines([emptyLine], fees)).toBe(false);
    expect(includesLines([{ ...emptyLine, description: " Hosting " }], fees)).toBe(false);
    expect(includesLines([{ ...emptyLine, description: "Design" }, ...fees], fees)).toBe(true);
    expect(includesLines(undefined, [])).toBe(true);
  });
});
