/**
 * The read-only proposal page's data (app/components/admin/proposal-view.tsx): what was sent, the
 * signature record once signed, the versions a revision replaced, and the actions its state allows.
 */

import type { ProposalViewData } from "#app/components/admin/proposal-view.tsx";
import type { Queryable } from "#app/db/client.server.ts";
import { toCents } from "#app/domain/money.ts";
import { checkProposalAction } from "#app/domain/proposals.ts";
import {
  listProposalVersions,
  liveProposalLinkCount,
  type ProposalDetail,
  proposalNumbers,
} from "#app/models/proposals.server.ts";

export async function loadProposalView(
  db: Queryable,
  proposal: ProposalDetail,
  today: string,
): Promise<ProposalViewData> {
  const numbers = proposalNumbers(proposal);
  const [versions, liveLinks] = await Promise.all([
    listProposalVersions(db, proposal.id),
    liveProposalLinkCount(db, proposal.id),
  ]);
  const cents = (value: string | null) => (value === null ? 0 : (toCents(value) ?? 0));
  const chosenAddons = new Set(proposal.chosenAddonIds ?? []);
  return {
    id: proposal.id,
    proposalNumber: proposal.proposalNumber,
    revision: proposal.revision,
    state: proposal.state,
    customer: {
      id: proposal.customerId,
      name: proposal.customer.name,
      businessName: proposal.customer.businessName,
      email: proposal.customer.email,
    },
    projectId: proposal.projectId,
    projectName: proposal.projectName,
    title: proposal.title,
    introduction: proposal.introduction,
    scope: proposal.scope,
    options: proposal.options,
    agreement: proposal.agreement,
    expiresOn: proposal.expiresOn,
    taxRate: numbers.taxRate,
    depositKind: proposal.depositKind,
    depositValue: numbers.depositValue,
    sentAt: proposal.sentAt?.toISOString() ?? null,
    signature:
      proposal.state === "signed" && proposal.signedAt
        ? {
            signerName: proposal.signerName ?? "",
            signedAt: proposal.signedAt.toISOString(),
            signerIp: proposal.signerIp,
            signerUserAgent: proposal.signerUserAgent,
            contentHash: proposal.contentHash ?? "",
            signatureImage: proposal.signatureImage,
            tierName: proposal.options.tiers.find((tier) => tier.id === proposal.chosenTierId)?.name ?? "",
            addonNames: proposal.options.addons.filter((addon) => chosenAddons.has(addon.id)).map((a) => a.name),
            total: cents(proposal.signedTotal),
            deposit: cents(proposal.depositAmount),
            depositInvoiceId: proposal.depositInvoiceId,
          }
        : null,
    canRevise: checkProposalAction(proposal, "revise", today).ok,
    canRevoke: checkProposalAction(proposal, "revoke", today).ok,
    // a fresh link only for a proposal the client can still open and answer
    hasClientLink: liveLinks > 0 && checkProposalAction(proposal, "sign", today).ok,
    versions: versions.map((version) => ({
      revision: version.revision,
      reason: version.reason,
      createdAt: version.createdAt.toISOString(),
      status: version.snapshot.status,
      contentHash: version.snapshot.contentHash,
    })),
  };
}
