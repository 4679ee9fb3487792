/** The real PDF, read back with pdfjs: its text (number, customer, lines, totals) and its Letter page size. */
import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { invoiceDocument } from "#app/domain/invoice-document.ts";
import { defaultStudio } from "#app/domain/studio.ts";
import { renderDocumentPdfLayout } from "#app/services/document-pdf-renderer.server.tsx";
import { sampleInvoice } from "../../tests/support/invoices.ts";

const fonts = `${path.resolve("node_modules/pdfjs-dist/standard_fonts")}/`;

async function readPdf(bytes: Uint8Array) {
  const task = getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    standardFontDataUrl: fonts,
  });
  const pdf = await task.promise;
  const pages: { text: string; width: number; height: number }[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const text = content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
    pages.push({ text: text.replace(/\s+/g, " "), width: x1 - x0, height: y1 - y0 });
  }
  await task.destroy();
  return pages;
}

/** Each piece of text on the first page with its box, in PDF points from the page's left and bottom. */
async function textBoxes(bytes: Uint8Array) {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, standardFontDataUrl: fonts });
  const pdf = await task.promise;
  const page = await pdf.getPage(1);
  const content = await page.getTextContent();
  const boxes = content.items.flatMap((item) =>
    "str" in item && item.str.trim()
      ? [{ text: item.str, left: item.transform[4] as number, bottom: item.transform[5] as number, width: item.width }]
      : [],
  );
  await task.destroy();
  return boxes;
}

describe("invoice PDF", () => {
  it("holds the number, customer, lines and totals on a Letter page", async () => {
    const bytes = await renderDocumentPdfLayout(invoiceDocument(sampleInvoice, defaultStudio));
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const pages = await readPdf(bytes);
    expect(pages).toHaveLength(1);
    const [page] = pages;
    if (!page) throw new Error("no page");
    expect(page.width).toBeCloseTo(612, 0);
    expect(page.height).toBeCloseTo(792, 0);
    for (const text of [
      "INVOICE",
      "INV-0042",
      defaultStudio.businessName,
      "Bill To",
      "Analytical Engines Ltd",
      "Ada Lovelace",
      "ada@example.test",
      "1 Engine Way",
      "Issue Date",
      "11/22/2026",
      "12/22/2026",
      "Sent",
      "Design",
      "$19.99",
      "$59.97",
      "1.5",
      "$33.33",
      "$1,250.00",
      "Subtotal",
      "$1,359.97",
      "Tax (8.25%)",
      "$112.20",
      "-$25.50",
      "$1,446.67",
      "Payment Terms",
      "Payment is due within 30 days of the invoice date.",
      "Thanks for <b>choosing</b> us.",
      "Thank you for your business!",
      `Questions? Contact us at ${defaultStudio.email}`,
    ]) {
      expect(page.text).toContain(text);
    }
  });

  it("an estimate says ESTIMATE; many lines flow onto more pages with the table head repeated", async () => {
    const lines = Array.from({ length: 150 }, (_, i) => ({
      description: `Line ${i + 1}`,
      quantity: "1.00",
      unitPrice: "10.00",
      lineTotal: "10.00",
    }));
    const bytes = await renderDocumentPdfLayout(
      invoiceDocument({ ...sampleInvoice, invoiceType: "estimate", invoiceNumber: "EST-0007", lines }, defaultStudio),
    );
    const pages = await readPdf(bytes);
    expect(pages.length).toBeGreaterThan(2);
    expect(pages[0]?.text).toContain("ESTIMATE");
    expect(pages[0]?.text).toContain("EST-0007");
    for (const page of pages) expect(page.text).toContain("Unit Price");
    const all = pages.map((page) => page.text).join(" ");
    for (const n of [1, 75, 150]) expect(all).toContain(`Line ${n} `);
    expect(pages.at(-1)?.text).toContain("Thank you for your business!");
  });

  it("wraps long names and keeps huge amounts inside their columns, on the page", async () => {
    const huge = "9999999999.99";
    const bytes = await renderDocumentPdfLayout(
      invoiceDocument(
        {
          ...sampleInvoice,
          invoiceType: "estimate",
          subtotal: huge,
          totalAmount: huge,
          taxAmount: "0.00",
          discountAmount: "0.00",
          customer: {
            ...sampleInvoice.customer,
            businessName: "The Extraordinarily Long Business Name Of A Customer Who Needs Two Lines Or More Ltd",
            email: "someone.with.a.very.long.address@an-extraordinarily-long-domain-name.example.test",
          },
          lines: [
            {
              description:
                "Design and build of a website with many pages, a shop, a blog and a booking calendar for the studio",
              quantity: huge,
              unitPrice: "1.00",
              lineTotal: huge,
            },
            { description: "Hosting", quantity: "1.00", unitPrice: huge, lineTotal: huge },
          ],
        },
        { ...defaultStudio, businessName: "A Studio With A Remarkably Long Business Name For A Header That Wraps" },
      ),
    );
    const boxes = await textBoxes(bytes);
    const margin = (20 / 25.4) * 72;
    for (const box of boxes) {
      expect(box.left, box.text).toBeGreaterThanOrEqual(margin - 1);
      expect(box.left + box.width, box.text).toBeLessThanOrEqual(612 - margin + 1);
    }
    // no two pieces on one line overlap (the title beside the studio's name, the columns of a line)
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        if (Math.abs(a.bottom - b.bottom) > 2) continue;
        const apart = a.left + a.width <= b.left + 0.5 || b.left + b.width <= a.left + 0.5;
        expect(apart, `${a.text} / ${b.text}`).toBe(true);
      }
    }
    const all = boxes.map((box) => box.text).join(" ");
    for (const text of ["ESTIMATE", "Estimate Details", "Valid Until:", "$9,999,999,999.99", "9999999999.99"]) {
      expect(all).toContain(text);
    }
    expect(all).not.toContain("Invoice Details");
  });
});
