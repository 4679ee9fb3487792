import { describe, expect, it } from "vitest";
import { documentWords, invoiceDocument, type PrintableSource, wordsFor } from "#app/domain/invoice-document.ts";
import { defaultStudio } from "#app/domain/studio.ts";

const source: PrintableSource = {
  invoiceNumber: "INV-0007",
  invoiceType: "invoice",
  issueDate: "2026-11-01",
  dueDate: "2026-11-15",
  status: "partial",
  taxRate: "0.00",
  discountAmount: "0.00",
  subtotal: "1000.00",
  taxAmount: "0.00",
  totalAmount: "1000.00",
  amountPaid: "400.25",
  balanceDue: "599.75",
  notes: null,
  terms: null,
  customer: { name: "Ada", businessName: null, email: "ada@example.test", phoneNumber: null, billingAddress: null },
  lines: [{ description: "Build", quantity: "1.00", unitPrice: "1000.00", lineTotal: "1000.00" }],
};

describe("an invoice drawn from a contract (ADR 0043)", () => {
  const balance: PrintableSource = {
    ...source,
    status: "sent",
    taxRate: "8.25",
    subtotal: "2800.50",
    taxAmount: "231.04",
    totalAmount: "606.31",
    amountPaid: "0.00",
    balanceDue: "606.31",
    lines: [
      { description: "Five-page site", quantity: "2.00", unitPrice: "1000.00", lineTotal: "2000.00", kind: "item" },
      { description: "Contact form", quantity: "1.00", unitPrice: "800.50", lineTotal: "800.50", kind: "item" },
      {
        description: "Less deposit INV-0001",
        quantity: "1.00",
        unitPrice: "1515.77",
        lineTotal: "-1515.77",
        kind: "deduction",
      },
      {
        description: "Less milestone INV-0002",
        quantity: "1.00",
        unitPrice: "909.46",
        lineTotal: "-909.46",
        kind: "deduction",
      },
    ],
    standing: { contractTotal: 303_154, billedBefore: 242_523, thisInvoice: 60_631, leftAfter: 0 },
  };

  it("prints the deductions after the tax, not among the items, and its place in the contract", () => {
    const document = invoiceDocument(balance, defaultStudio);
    expect(document.lines.map((line) => line.description)).toEqual(["Five-page site", "Contact form"]);
    expect(document.totals).toEqual([
      { label: "Subtotal", value: "$2,800.50" },
      { label: "Tax (8.25%)", value: "$231.04" },
      { label: "Less deposit INV-0001", value: "-$1,515.77" },
      { label: "Less milestone INV-0002", value: "-$909.46" },
      { label: "Total", value: "$606.31", strong: true },
    ]);
    expect(document.contract).toEqual({
      heading: "Contract",
      rows: [
        { label: "Contract total", value: "$3,031.54" },
        { label: "Billed before", value: "$2,425.23" },
        { label: "This invoice", value: "$606.31" },
        { label: "Left after this", value: "$0.00" },
      ],
    });
    expect(invoiceDocument(source, defaultStudio).contract).toBeNull();
  });
});

describe("the printed document's payments", () => {
  it("shows Amount Paid and Balance Due once something is paid", () => {
    const document = invoiceDocument(source, defaultStudio);
    expect(document.totals.slice(-3)).toEqual([
      { label: "Total", value: "$1,000.00", strong: true },
      { label: "Amount Paid", value: "$400.25" },
      { label: "Balance Due", value: "$599.75", strong: true },
    ]);
    expect(document.details).toContainEqual({ label: "Status", value: "Partial" });
  });

  it("says Overdue when the status passed in is the derived one", () => {
    const document = invoiceDocument({ ...source, status: "overdue" }, defaultStudio);
    expect(document.details).toContainEqual({ label: "Status", value: "Overdue" });
  });

  it("leaves them out while nothing is paid", () => {
    const document = invoiceDocument({ ...source, amountPaid: "0.00", balanceDue: "1000.00" }, defaultStudio);
    expect(document.totals.map((total) => total.label)).not.toContain("Amount Paid");
  });
});

describe("an estimate's words", () => {
  it("is an invoice's details, due date and payment terms on an invoice", () => {
    const document = invoiceDocument({ ...source, terms: "Net 30" }, defaultStudio);
    expect(document.title).toBe("INVOICE");
    expect(document.detailsHeading).toBe("Invoice Details");
    expect(document.details.map((detail) => detail.label)).toEqual(["Issue Date", "Due Date", "Status"]);
    expect(document.termsHeading).toBe("Payment Terms");
  });

  it("says Estimate Details, Valid Until and Terms on an estimate, never the invoice's words", () => {
    const document = invoiceDocument({ ...source, invoiceType: "estimate", status: "sent" }, defaultStudio);
    expect(document.title).toBe("ESTIMATE");
    expect(document.detailsHeading).toBe("Estimate Details");
    expect(document.details).toContainEqual({ label: "Valid Until", value: "11/15/2026" });
    expect(document.termsHeading).toBe("Terms");
    const said = JSON.stringify(document);
    for (const word of ["Invoice Details", "Due Date", "Payment Terms", "INVOICE"]) expect(said).not.toContain(word);
  });

  it("names the same words for the editor", () => {
    expect(wordsFor("estimate")).toBe(documentWords.estimate);
    expect(wordsFor("invoice").dueDate).toBe("Due Date");
    expect(wordsFor("estimate").dueDate).toBe("Valid Until");
  });
});

describe("void documents and credit notes (ADR 0030)", () => {
  it("stamps a void document with its reason and says Void in its details", () => {
    const doc = invoiceDocument({ ...source, status: "cancelled", voidReason: "Wrong customer" }, defaultStudio);
    expect(doc.voidNotice).toBe("VOID: Wrong customer");
    expect(doc.details).toContainEqual({ label: "Status", value: "Void" });
    expect(invoiceDocument(source, defaultStudio).voidNotice).toBeNull();
  });

  it("titles a credit note and names the invoice it credits, with no due date", () => {
    const doc = invoiceDocument(
      { ...source, invoiceType: "credit_note", invoiceNumber: "CN-0001", creditedNumber: "INV-0007" },
      defaultStudio,
    );
    expect(doc.title).toBe("CREDIT NOTE");
    expect(doc.detailsHeading).toBe("Credit Note Details");
    expect(doc.details).toEqual([
      { label: "Issue Date", value: expect.any(String) },
      { label: "Credits Invoice", value: "INV-0007" },
    ]);
  });
});
