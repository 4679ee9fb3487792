/**
 * /admin/proposals/{id}.pdf: the proposal as a PDF (with its certificate page once signed), rendered
 * on the server. The renderer is imported on the first request, so no other page loads it.
 */

import { getApp } from "#app/context.server.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { proposalMessages } from "#app/domain/proposal-pages.ts";
import { getProposal } from "#app/models/proposals.server.ts";
import { notFound } from "#app/services/action-result.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { pdfResponse, throwIfBusy } from "#app/services/document-pdf-file.server.ts";
import type { Route } from "./+types/proposal-pdf-file";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  const id = parseUuid(params.id);
  const proposal = id ? await getProposal(database.db, id) : null;
  if (!proposal) notFound(proposalMessages.notFound);
  const started = performance.now();
  const { renderProposalPdf } = await import("#app/services/proposal-pdf.server.tsx");
  const bytes = await renderProposalPdf(database.db, proposal).catch(throwIfBusy);
  const duration = performance.now() - started;
  return pdfResponse(bytes, proposal.proposalNumber, "inline", { "Server-Timing": `pdf;dur=${duration.toFixed(1)}` });
}
