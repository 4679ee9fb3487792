/**
 * One way to turn a stored invoice or estimate into its PDF and its HTTP answer, for the owner's
 * download, the client's link and the email attachment. The renderer module is imported on first
 * use only (it is large), so no other page loads it.
 *
 * A render holds a lot of CPU and memory, and anyone with a client link can ask for one: at most
 * `pdfRenderLimits.concurrency` run at once in this process, a few more wait briefly, and the rest
 * are answered 503 with Retry-After (`throwIfBusy`).
 */
import { encode } from "uqr";
import type { Queryable } from "#app/db/client.server.ts";
import { epcErrorCorrection } from "#app/domain/epc-qr.ts";
import { invoiceDocument, type PrintableSource } from "#app/domain/invoice-document.ts";
import { pdfFileName } from "#app/domain/invoice-pages.ts";
import { canTakePayment } from "#app/domain/invoice-status.ts";
import { toCents } from "#app/domain/money.ts";
import { smallestOnlinePayment } from "#app/domain/online-payments.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import { getPaymentSettings } from "#app/models/payment-settings.server.ts";
import { getStudioLogo } from "#app/models/studio-logo.server.ts";
import { fileAnswer } from "#app/services/action-result.server.ts";
import { busyAnswer, createLimiter } from "#app/services/concurrency-limit.server.ts";

const pdfRenderLimits = { concurrency: 2, maxWaiting: 8, maxWaitMs: 5_000, retryAfterSeconds: 5 } as const;

const renders = createLimiter(pdfRenderLimits);

/**
 * The document's PDF bytes, with the studio's identity and logo. BusyError when no render slot
 * frees up within `maxWaitMs` (the email path waits longer than a page request).
 */
export async function renderDocumentPdf(
  db: Queryable,
  invoice: PrintableSource,
  /**
   * `clientUrl`: the client's link (/i/{token}) when one is at hand (the email, the client's own
   * download), printed as a QR code to view (and pay); never issued here (ADR 0035).
   * `onlinePayments`: whether a provider is set up (the code's label then offers to pay online).
   */
  options: { maxWaitMs?: number; clientUrl?: string; onlinePayments?: boolean } = {},
): Promise<Uint8Array> {
  const [studio, logo, payment] = await Promise.all([getStudioIdentity(db), getStudioLogo(db), getPaymentSettings(db)]);
  const { renderDocumentPdfLayout } = await import("#app/services/document-pdf-renderer.server.tsx");
  const doc = invoiceDocument(invoice, studio, payment);
  const qr = options.clientUrl
    ? {
        url: options.clientUrl,
        modules: encode(options.clientUrl, { border: 0 }).data,
        label: qrLabel(invoice, options.onlinePayments ?? false),
      }
    : null;
  const epc = doc.epcPayment ? { modules: epcQrModules(doc.epcPayment) } : null;
  return renders.run(async () => new Uint8Array(await renderDocumentPdfLayout(doc, logo, qr, epc)), options);
}

/** The EPC code's modules: error correction M, never boosted; no border (the PDF draws the quiet zone). */
export function epcQrModules(payload: string): boolean[][] {
  return encode(payload, { ecc: epcErrorCorrection, boostEcc: false, border: 0 }).data;
}

/**
 * What the client link's code says it does: "view and pay online" only when the page will offer Pay
 * Online (a provider is set up, and the invoice takes a payment of at least the smallest one).
 */
export function qrLabel(invoice: PrintableSource, onlinePayments: boolean): string {
  const payable =
    onlinePayments &&
    invoice.invoiceType === "invoice" &&
    canTakePayment(invoice) &&
    (toCents(invoice.balanceDue) ?? 0) >= smallestOnlinePayment;
  if (payable) return "Scan to view and pay online";
  return invoice.invoiceType === "estimate" ? "Scan to view and answer online" : "Scan to view online";
}

/** Any other PDF render (the signed proposal) under the same process-wide cap. */
export function limitPdfRender<T>(render: () => Promise<T>, options: { maxWaitMs?: number } = {}): Promise<T> {
  return renders.run(render, options);
}

const pdfBusyMessage = "Too many documents are being prepared right now. Please try again in a few seconds.";

/** For `.catch` on a render in a route: no render slot in time becomes a 503 with Retry-After. */
export const throwIfBusy = busyAnswer(pdfBusyMessage);

/** A PDF answer: never cached, named after the document, `inline` to view or `attachment` to save. */
export function pdfResponse(
  bytes: Uint8Array,
  invoiceNumber: string,
  disposition: "inline" | "attachment",
  headers: Record<string, string> = {},
): Response {
  return fileAnswer(new Uint8Array(bytes), {
    "Content-Type": "application/pdf",
    "Content-Disposition": `${disposition}; filename="${pdfFileName(invoiceNumber)}"`,
    "Content-Length": String(bytes.length),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    ...headers,
  });
}
