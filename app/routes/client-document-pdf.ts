/**
 * /i/{token}/pdf: the client's PDF download (the same checks as the client page; no view recorded).
 * Renders are capped process-wide: when too many run, 503 with Retry-After.
 */
import { getApp } from "#app/context.server.ts";
import { clientPageHeaders, clientPageMessages } from "#app/domain/client-pages.ts";
import { clientLinkPath, sendMessages } from "#app/domain/sending.ts";
import { notFound, tooManyRequests } from "#app/services/action-result.server.ts";
import { findClientDocument } from "#app/services/client-documents.server.ts";
import { pdfResponse, renderDocumentPdf, throwIfBusy } from "#app/services/document-pdf-file.server.ts";
import type { Route } from "./+types/client-document-pdf";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { database, ip, config } = getApp(context);
  const found = await findClientDocument(database.db, params.token, ip);
  if (!found.ok) {
    if (found.reason === "limited") {
      tooManyRequests(clientPageMessages.tooMany, found.retryAfterSeconds ?? 60, clientPageHeaders);
    }
    notFound(found.reason === "revising" ? sendMessages.revising : clientPageMessages.invalidLink, clientPageHeaders);
  }
  // the link the client used is printed as the QR code (the token is in this address; none is issued)
  const clientUrl = new URL(clientLinkPath(params.token), config.publicUrl).toString();
  const bytes = await renderDocumentPdf(database.db, found.invoice, {
    clientUrl,
    onlinePayments: config.stripe !== null,
  }).catch(throwIfBusy);
  return pdfResponse(bytes, found.invoice.invoiceNumber, "attachment", clientPageHeaders);
}
