/** The real PDF, read back with pdfjs: its text (number, customer, lines, totals) and its Letter page size. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import jsQR from "jsqr";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import sharp from "sharp";
import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import { epcPayload } from "#app/domain/epc-qr.ts";
import { invoiceDocument } from "#app/domain/invoice-document.ts";
import { toCents } from "#app/domain/money.ts";
import { defaultPaymentSettings } from "#app/domain/online-payments.ts";
import { defaultStudio } from "#app/domain/studio.ts";
import { epcQrModules, qrLabel } from "#app/services/document-pdf-file.server.ts";
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

// the first render loads the fonts and the PDF library: seconds on a busy machine (a safety net, not the pace)
describe("invoice PDF", { timeout: 30_000 }, () => {
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

/**
 * Every QR code on the PDF's first page, read by a real decoder (jsQR) from the page rasterized by
 * poppler: windows a little larger than a code, slid over the page, each decoded on its own (a
 * decoder reads one code at a time; two side by side confuse it).
 */
async function decodeCodes(bytes: Uint8Array): Promise<string[]> {
  const work = mkdtempSync(path.join(tmpdir(), "studio-qr-"));
  try {
    writeFileSync(path.join(work, "doc.pdf"), bytes);
    execFileSync("pdftoppm", [
      "-png",
      "-r",
      "150",
      "-f",
      "1",
      "-l",
      "1",
      path.join(work, "doc.pdf"),
      path.join(work, "p"),
    ]);
    const { data, info } = await sharp(readFileSync(path.join(work, "p-1.png")))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const found = new Set<string>();
    const size = 260;
    const window = new Uint8ClampedArray(size * size * 4);
    for (let top = 0; top + size <= info.height; top += 80) {
      for (let left = 0; left + size <= info.width; left += 80) {
        for (let row = 0; row < size; row++) {
          const from = ((top + row) * info.width + left) * 4;
          window.set(data.subarray(from, from + size * 4), row * size * 4);
        }
        const code = jsQR(window, size, size, { inversionAttempts: "dontInvert" });
        if (code?.data) found.add(code.data);
      }
    }
    return [...found];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

describe("the PDF's payment block", { timeout: 30_000 }, () => {
  const payment = {
    ...defaultPaymentSettings,
    accountHolder: "Studio Müller GmbH",
    iban: "DE89370400440532013000",
    bic: "COBADEFFXXX",
    referenceFormat: "Invoice {number}",
  };
  const link = "https://studio.example/i/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";
  const linkCode = (label: string) => ({ url: link, modules: encode(link, { border: 0 }).data, label });

  it("a euro invoice with an IBAN carries an EPC code a banking app reads: every field checked", async () => {
    const doc = invoiceDocument(sampleInvoice, defaultStudio, payment);
    // the studio bills in USD: no EPC code on its own invoices (ADR 0054)
    expect(doc.epcPayment).toBeNull();
    const payload = epcPayload({
      currency: "EUR",
      name: payment.accountHolder,
      iban: "DE89 3704 0044 0532 0130 00",
      bic: payment.bic,
      amountCents: toCents(sampleInvoice.balanceDue) ?? 0,
      reference: sampleInvoice.invoiceNumber,
    });
    expect(payload).not.toBeNull();
    const bytes = await renderDocumentPdfLayout(
      { ...doc, epcPayment: payload },
      null,
      linkCode(qrLabel(sampleInvoice, false)),
      { modules: epcQrModules(payload ?? "") },
    );
    const codes = await decodeCodes(bytes);
    expect(codes).toHaveLength(2);
    expect(codes).toContain(link);
    const epc = codes.find((code) => code.startsWith("BCD\n"));
    const [service, version, charset, identification, bic, name, iban, amount, purpose, structured, remittance] =
      epc?.split("\n") ?? [];
    expect({
      service,
      version,
      charset,
      identification,
      bic,
      name,
      iban,
      amount,
      purpose,
      structured,
      remittance,
    }).toEqual({
      service: "BCD",
      version: "002",
      charset: "1",
      identification: "SCT",
      bic: "COBADEFFXXX",
      name: "Studio Müller GmbH",
      iban: "DE89370400440532013000",
      amount: `EUR${sampleInvoice.balanceDue}`,
      purpose: "",
      structured: "",
      remittance: "INV-0042",
    });
    expect(epc?.split("\n")).toHaveLength(11);
    const [page] = await readPdf(bytes);
    expect(page?.text).toContain("Scan in your banking app to pay by transfer");
  }, 60_000);

  it("encodes at version 13 or below (error correction M), so every banking app reads it", () => {
    const payload =
      epcPayload({
        currency: "EUR",
        iban: "DE89370400440532013000",
        amountCents: 99_999_999_999,
        bic: "COBADEFFXXX",
        name: "N".repeat(70),
        reference: "R".repeat(140),
      }) ?? "";
    const size = epcQrModules(payload).length;
    // version v has 17 + 4v modules a side
    expect((size - 17) / 4).toBeLessThanOrEqual(13);
  });

  it("says 'view and pay online' only when online payment is on and the invoice can be paid", async () => {
    const doc = invoiceDocument(sampleInvoice, defaultStudio, payment);
    expect(qrLabel(sampleInvoice, true)).toBe("Scan to view and pay online");
    expect(qrLabel(sampleInvoice, false)).toBe("Scan to view online");
    expect(qrLabel({ ...sampleInvoice, status: "paid", balanceDue: "0.00" }, true)).toBe("Scan to view online");
    expect(qrLabel({ ...sampleInvoice, balanceDue: "0.49" }, true)).toBe("Scan to view online");
    expect(qrLabel({ ...sampleInvoice, invoiceType: "estimate" }, true)).toBe("Scan to view and answer online");
    const off = await readPdf(await renderDocumentPdfLayout(doc, null, linkCode(qrLabel(sampleInvoice, false))));
    expect(off[0]?.text).toContain("Scan to view online");
    expect(off[0]?.text).not.toContain("pay online");
    const on = await readPdf(await renderDocumentPdfLayout(doc, null, linkCode(qrLabel(sampleInvoice, true))));
    expect(on[0]?.text).toContain("Scan to view and pay online");
  });
});
