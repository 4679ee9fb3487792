/**
 * /p/{token}/pdf: the client's proposal as a PDF, signed with its certificate page once signed
 * (the same checks as the client page; no view recorded). Renders share the documents' cap: when
 * too many run, 503 with Retry-After.
 */
import { getApp } from "#app/context.server.ts";
import { clientPageHeaders, clientPageMessages } from "#app/domain/client-pages.ts";
import { proposalMessages } from "#app/domain/proposal-pages.ts";
import { notFound, tooManyRequests } from "#app/services/action-result.server.ts";
import { pdfResponse, throwIfBusy } from "#app/services/document-pdf-file.server.ts";
import { findClientProposal } from "#app/services/proposals.server.ts";
import type { Route } from "./+types/client-proposal-pdf";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { database, ip } = getApp(context);
  const found = await findClientProposal(database.db, params.token, ip);
  if (!found.ok) {
    if (found.reason === "limited") {
      tooManyRequests(clientPageMessages.tooMany, found.retryAfterSeconds ?? 60, clientPageHeaders);
    }
    notFound(
      found.reason === "revising" ? proposalMessages.revising : clientPageMessages.invalidLink,
      clientPageHeaders,
    );
  }
  const { proposal } = found;
  // the renderer is large: loaded on the first download only
  const { renderProposalPdf } = await import("#app/services/proposal-pdf.server.tsx");
  const bytes = await renderProposalPdf(database.db, proposal).catch(throwIfBusy);
  const name = proposal.state === "signed" ? `${proposal.proposalNumber}-signed` : proposal.proposalNumber;
  return pdfResponse(bytes, name, "attachment", clientPageHeaders);
}
