/**
 * The proposal record's own actions, each posted with its intent from /admin/proposals/{id}: Copy
 * client link (a fresh link, shown once), Revise (a reason; the proposal becomes a draft of the next
 * version), Revoke and Delete Draft (confirmed). The model decides inside the row's lock
 * (checkProposalAction): gone is 404, a state that does not allow it 409 with the rule's message.
 * Audited in the change's transaction, only when it happened.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { RouterContextProvider } from "react-router";
import type { ClientLinkAnswer } from "#app/components/admin/client-link.tsx";
import { getApp } from "#app/context.server.ts";
import type { Db } from "#app/db/client.server.ts";
import { proposalReviseSchema } from "#app/domain/proposal-forms.ts";
import { proposalMessages, proposalPageMessages } from "#app/domain/proposal-pages.ts";
import { deleteProposal, reviseProposal, revokeProposal } from "#app/models/proposals.server.ts";
import { invalid, redirectWithToast, refuse } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import type { SessionInfo } from "#app/services/auth.server.ts";
import { copyProposalLink } from "#app/services/proposals.server.ts";

export async function proposalRecordAction({
  intent,
  proposalId,
  formData,
  session,
  context,
}: {
  intent: "client-link" | "revise" | "revoke" | "delete";
  proposalId: string;
  formData: FormData;
  session: SessionInfo;
  context: Readonly<RouterContextProvider>;
}) {
  const { config, database, logger, ip } = getApp(context);
  const db = database.db;
  const actor = { userId: session.userId, email: session.email };
  const id = proposalId;
  const page = `/admin/proposals/${id}`;
  const gone = () => refuse(404, proposalMessages.notFound, { form: intent });
  switch (intent) {
    case "client-link": {
      const copied = await copyProposalLink({ db, config, logger }, { proposalId: id, actor, ip });
      if (copied.ok) return { clientLink: copied.link } satisfies ClientLinkAnswer;
      return refuse(409, proposalPageMessages.noLiveLink, { form: intent });
    }
    case "revise": {
      const submission = parseWithZod(formData, { schema: proposalReviseSchema });
      if (submission.status !== "success") return invalid(submission, { form: intent });
      const reason = submission.value.reason;
      const outcome = await auditedChange(
        db,
        (tx) => reviseProposal(tx as Db, id, { reason, userId: session.userId }),
        {
          actor,
          ip,
          event: "proposal_revised",
          when: (result) => result.ok,
          detail: (result) => ({ proposal: result.ok ? result.proposalNumber : null, reason }),
        },
      );
      if (!outcome.ok)
        return outcome.reason === "not-found" ? gone() : refuse(409, outcome.message, { submission, form: intent });
      return redirectWithToast(config, page, {
        type: "success",
        message: proposalPageMessages.revised(outcome.proposalNumber),
        id: "revise",
      });
    }
    case "revoke":
    case "delete": {
      const outcome = await auditedChange(
        db,
        (tx) => (intent === "revoke" ? revokeProposal(tx as Db, id) : deleteProposal(tx as Db, id)),
        {
          actor,
          ip,
          event: intent === "revoke" ? "proposal_revoked" : "proposal_deleted",
          when: (result) => result.ok,
          detail: (result) => ({ proposal: result.ok ? result.proposalNumber : null }),
        },
      );
      if (!outcome.ok) return outcome.reason === "not-found" ? gone() : refuse(409, outcome.message, { form: intent });
      return intent === "revoke"
        ? redirectWithToast(config, page, {
            type: "success",
            message: proposalPageMessages.revoked(outcome.proposalNumber),
          })
        : redirectWithToast(config, "/admin/proposals", {
            type: "success",
            message: proposalPageMessages.deleted(outcome.proposalNumber),
          });
    }
  }
}
