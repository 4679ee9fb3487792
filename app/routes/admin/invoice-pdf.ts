/**
 * /admin/invoices/{id}.pdf: the invoice as a real PDF, rendered on the server. The renderer is
 * imported here, on the first request, so no other page loads it. `Server-Timing` says how long
 * the rendering took (bench/pdf.ts reads it).
 */
import { data } from "react-router";
import { getApp } from "#app/context.server.ts";
import { invoiceDocument, printTexts } from "#app/domain/invoice-document.ts";
import { parseId, pdfFileName } from "#app/domain/invoice-form.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import { getPrintableInvoice } from "#app/models/invoices.server.ts";
import { getStudioLogo } from "#app/models/studio-logo.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/invoice-pdf";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  const id = parseId(params.id);
  const invoice = id ? await getPrintableInvoice(database.db, id) : null;
  if (!invoice) throw data(printTexts.notFound, { status: 404, statusText: printTexts.notFound });
  const [studio, logo] = await Promise.all([getStudioIdentity(database.db), getStudioLogo(database.db)]);
  const started = performance.now();
  const { renderInvoicePdf } = await import("#app/services/invoice-pdf.server.tsx");
  const bytes = await renderInvoicePdf(invoiceDocument(invoice, studio), logo);
  const duration = performance.now() - started;
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${pdfFileName(invoice.invoiceNumber)}"`,
      "Content-Length": String(bytes.length),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Server-Timing": `pdf;dur=${duration.toFixed(1)}`,
    },
  });
}
