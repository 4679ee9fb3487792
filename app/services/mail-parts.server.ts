/**
 * What the mail worker makes at delivery (ADR 0049): the studio's look for the HTML part (name, contact
 * details, logo, accent colour) and the attachments an outbox row only names: a document's PDF in its
 * state at that moment (Sent, Paid, VOID), a signed proposal's PDF with its certificate. Nothing of it
 * is made inside the transaction that queued the mail, and nothing of it is kept.
 */
import type { Queryable } from "#app/db/client.server.ts";
import type { AttachmentSource } from "#app/domain/mail.ts";
import type { StudioIdentity } from "#app/domain/studio.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import { getPrintableInvoice } from "#app/models/invoices.server.ts";
import { getAccentColour } from "#app/models/mail-templates.server.ts";
import { getProposal } from "#app/models/proposals.server.ts";
import { getStudioLogo } from "#app/models/studio-logo.server.ts";
import { renderDocumentPdf } from "#app/services/document-pdf-file.server.ts";

export type MailBranding = {
  studio: StudioIdentity;
  accent: string;
  logo: { data: Uint8Array; mimeType: string } | null;
};

export async function mailBranding(db: Queryable): Promise<MailBranding> {
  const [studio, accent, logo] = await Promise.all([getStudioIdentity(db), getAccentColour(db), getStudioLogo(db)]);
  return { studio, accent, logo };
}

/** A mail's wait for a render slot: longer than a page's (a mail is worth waiting for). */
const mailRenderWaitMs = 60_000;

/** Renders an attachment's source now; throws when it cannot (the document is gone, the render failed). */
export async function renderAttachment(
  db: Queryable,
  source: AttachmentSource,
  /** whether a payment provider is set up (the PDF's code then offers to pay online) */
  options: { onlinePayments?: boolean } = {},
): Promise<Uint8Array> {
  if (source.kind === "document-pdf") {
    const invoice = await getPrintableInvoice(db, source.invoiceId);
    if (!invoice) throw new Error("the document no longer exists");
    return renderDocumentPdf(db, invoice, {
      maxWaitMs: mailRenderWaitMs,
      clientUrl: source.clientUrl ?? undefined,
      onlinePayments: options.onlinePayments,
    });
  }
  const proposal = await getProposal(db, source.proposalId);
  if (!proposal) throw new Error("the proposal no longer exists");
  const { renderProposalPdf } = await import("#app/services/proposal-pdf.server.tsx");
  return renderProposalPdf(db, proposal, { maxWaitMs: mailRenderWaitMs });
}
