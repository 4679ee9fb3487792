/**
 * The PDF against hostile input: markup and script in every text field of the invoice
 * and the studio stay literal text; the file carries no JavaScript, links, launch or form
 * actions; URLs and file paths written into fields are printed, never fetched or read. A stored
 * logo that is a decompression bomb is left out instead of being inflated.
 */
import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { invoiceDocument } from "#app/domain/invoice-document.ts";
import { defaultStudio } from "#app/domain/studio.ts";
import { renderDocumentPdfLayout } from "#app/services/document-pdf-renderer.server.tsx";
import { pngBomb } from "../../tests/support/images.ts";
import { sampleInvoice } from "../../tests/support/invoices.ts";

const fonts = `${path.resolve("node_modules/pdfjs-dist/standard_fonts")}/`;
const payloads = [
  "<img src=x onerror=alert(1)>",
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "https://127.0.0.1:9/steal.png",
  "file:///etc/passwd",
];
const hostile = payloads.join(" ");

async function pdfText(bytes: Uint8Array) {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, standardFontDataUrl: fonts });
  const pdf = await task.promise;
  let text = "";
  let annotations = 0;
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    text += content.items.map((item) => ("str" in item ? item.str : "")).join("");
    annotations += (await page.getAnnotations()).length;
  }
  await task.destroy();
  return { text: text.replace(/\s+/g, " "), annotations };
}

afterEach(() => {
  vi.restoreAllMocks();
});

// a render loads the fonts and the PDF library: seconds on a busy machine (a safety net, not the pace)
describe("invoice PDF with hostile input", { timeout: 30_000 }, () => {
  it("prints payloads as text, with no script, link or action, and fetches nothing", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const source = {
      ...sampleInvoice,
      notes: `Notes ${hostile}`,
      terms: `Terms ${hostile}`,
      customer: {
        name: `Name ${payloads[0]}`,
        businessName: `Business ${payloads[1]}`,
        email: "ada@example.test",
        phoneNumber: payloads[2] ?? null,
        billingAddress: `${payloads[3]}\n${payloads[4]}`,
      },
      lines: sampleInvoice.lines.map((line, i) => ({ ...line, description: `Line ${i} ${hostile}` })),
    };
    const studio = {
      ...defaultStudio,
      businessName: `Studio ${payloads[0]}`,
      website: "javascript:alert(1)",
      address: payloads[4] ?? null,
    };
    const bytes = await renderDocumentPdfLayout(invoiceDocument(source, studio));
    const raw = bytes.toString("latin1");
    for (const marker of ["/JavaScript", "/JS ", "/JS(", "/URI", "/Launch", "/SubmitForm", "/OpenAction", "/AA "]) {
      expect(raw, marker).not.toContain(marker);
    }
    const { text, annotations } = await pdfText(bytes);
    expect(annotations).toBe(0);
    for (const payload of payloads) expect(text).toContain(payload);
    expect(text).not.toContain("root:x:0:0");
    // the layout engine loads its own WebAssembly from a data: URL; nothing else may be fetched
    const fetched = fetchSpy.mock.calls.map(([target]) => String(target instanceof Request ? target.url : target));
    expect(fetched.filter((url) => !url.startsWith("data:application/octet-stream;base64,"))).toEqual([]);
  });
});

/** The pixel sizes of the images embedded in a PDF. */
function embeddedImages(bytes: Uint8Array) {
  const raw = Buffer.from(bytes).toString("latin1");
  return [...raw.matchAll(/\/Subtype \/Image[^>]*?\/Width (\d+)[^>]*?\/Height (\d+)/gs)].map((match) => [
    Number(match[1]),
    Number(match[2]),
  ]);
}

describe("invoice PDF with a hostile stored logo", { timeout: 30_000 }, () => {
  it("a stored 20,000 x 20,000 PNG (792 KB) is left out: the render stays fast and small", async () => {
    const doc = invoiceDocument(sampleInvoice, defaultStudio);
    await renderDocumentPdfLayout(doc);
    const bomb = await pngBomb(20_000, 20_000);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const bytes = await renderDocumentPdfLayout(doc, { data: bomb, mimeType: "image/png" });
    // unbounded, this render took 14 s of CPU and 3.4 GB of memory
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(300 * 1024 * 1024);
    expect(bytes.length).toBeLessThan(200_000);
    expect(embeddedImages(bytes)).toEqual([]);
  });

  it("a stored logo larger than the box is embedded shrunk to it", async () => {
    const doc = invoiceDocument(sampleInvoice, defaultStudio);
    const large = await pngBomb(4_000, 1_000, "rgba");
    const images = embeddedImages(await renderDocumentPdfLayout(doc, { data: large, mimeType: "image/png" }));
    // the picture and its transparency mask, both 600 x 150
    expect(images.length).toBeGreaterThan(0);
    for (const [width, height] of images) expect([width, height]).toEqual([600, 150]);
  });
});
