/**
 * One way to turn a stored invoice or estimate into its PDF and its HTTP answer, for the owner's
 * download, the client's link and the email attachment. The renderer module is imported on first
 * use only (it is large), so no other page loads it.
 */
import type { Queryable } from "#app/db/client.server.ts";
import { invoiceDocument, type PrintableSource } from "#app/domain/invoice-document.ts";
import { pdfFileName } from "#app/domain/invoice-form.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import { getStudioLogo } from "#app/models/studio-logo.server.ts";

/** The document's PDF bytes, with the studio's identity and logo. */
export async function renderDocumentPdf(db: Queryable, invoice: PrintableSource): Promise<Uint8Array> {
  const [studio, logo] = await Promise.all([getStudioIdentity(db), getStudioLogo(db)]);
  const { renderInvoicePdf } = await import("#app/services/invoice-pdf.server.tsx");
  return new Uint8Array(await renderInvoicePdf(invoiceDocument(invoice, studio), logo));
}

/** A PDF answer: never cached, named after the document, `inline` to view or `attachment` to save. */
export function pdfResponse(
  bytes: Uint8Array,
  invoiceNumber: string,
  disposition: "inline" | "attachment",
  headers: Record<string, string> = {},
): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `${disposition}; filename="${pdfFileName(invoiceNumber)}"`,
      "Content-Length": String(bytes.length),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      ...headers,
    },
  });
}
