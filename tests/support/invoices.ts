/** A sample printable invoice (three lines, tax and discount) for the PDF test and benchmark. */
import type { PrintableSource } from "#app/domain/invoice-document.ts";

export const sampleInvoice: PrintableSource = {
  invoiceNumber: "INV-0042",
  invoiceType: "invoice",
  issueDate: "2026-11-22",
  dueDate: "2026-12-22",
  status: "sent",
  taxRate: "8.25",
  discountAmount: "25.50",
  subtotal: "1359.97",
  taxAmount: "112.20",
  totalAmount: "1446.67",
  amountPaid: "0.00",
  balanceDue: "1446.67",
  notes: "Thanks for <b>choosing</b> us.\nSecond line.",
  terms: "Payment is due within 30 days of the invoice date.",
  customer: {
    name: "Ada Lovelace",
    businessName: "Analytical Engines Ltd",
    email: "ada@example.test",
    phoneNumber: "(555) 010-1234",
    billingAddress: "1 Engine Way\nLondon\nUK",
  },
  lines: [
    { description: "Design", quantity: "3.00", unitPrice: "19.99", lineTotal: "59.97" },
    { description: "Build", quantity: "1.50", unitPrice: "33.33", lineTotal: "50.00" },
    { description: "Hosting", quantity: "10.00", unitPrice: "125.00", lineTotal: "1250.00" },
  ],
};
