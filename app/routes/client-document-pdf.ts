/** /i/{token}/pdf: the client's PDF download (the same checks as the client page; no view recorded). */
import { data } from "react-router";
import { getApp } from "#app/context.server.ts";
import { invoiceDocument } from "#app/domain/invoice-document.ts";
import { pdfFileName } from "#app/domain/invoice-form.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import { getStudioLogo } from "#app/models/studio-logo.server.ts";
import { findClientDocument } from "#app/services/client-documents.server.ts";
import type { Route } from "./+types/client-document-pdf";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { database, ip } = getApp(context);
  const found = await findClientDocument(database.db, params.token, ip);
  if (found.status === "limited")
    throw data("Too many requests", { status: 429, headers: { "Retry-After": String(found.retryAfterSeconds) } });
  if (found.status === "not-found") throw data("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  const [studio, logo] = await Promise.all([getStudioIdentity(database.db), getStudioLogo(database.db)]);
  const { renderInvoicePdf } = await import("#app/services/invoice-pdf.server.tsx");
  const bytes = await renderInvoicePdf(invoiceDocument(found.invoice, studio), logo);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${pdfFileName(found.invoice.invoiceNumber)}"`,
      "Content-Length": String(bytes.length),
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex, nofollow",
      "Referrer-Policy": "same-origin",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
