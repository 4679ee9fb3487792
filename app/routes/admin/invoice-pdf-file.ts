/**
 * /admin/invoices/{id}.pdf: the invoice as a real PDF, rendered on the server. The renderer is
 * imported on the first request, so no other page loads it. `Server-Timing` says how long the
 * rendering took (bench/pdf.ts reads it).
 */

import { getApp } from "#app/context.server.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { printTexts } from "#app/domain/invoice-document.ts";

import { getPrintableInvoice } from "#app/models/invoices.server.ts";
import { notFound } from "#app/services/action-result.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { pdfResponse, renderDocumentPdf, throwIfBusy } from "#app/services/document-pdf-file.server.ts";
import type { Route } from "./+types/invoice-pdf-file";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  const id = parseUuid(params.id);
  const invoice = id ? await getPrintableInvoice(database.db, id) : null;
  if (!invoice) notFound(printTexts.notFound);
  const started = performance.now();
  const bytes = await renderDocumentPdf(database.db, invoice).catch(throwIfBusy);
  const duration = performance.now() - started;
  return pdfResponse(bytes, invoice.invoiceNumber, "inline", { "Server-Timing": `pdf;dur=${duration.toFixed(1)}` });
}
