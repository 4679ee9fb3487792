/**
 * /admin/proposals/new (?customer_id=, ?project_id= for a project's proposal: its customer fixed, its
 * lines as the first package; ?from=pricing: the public pricing packages as the packages) and
 * /admin/proposals/{id}: the editor while the proposal is a draft, else the proposal read-only with
 * the actions its state allows (ADR 0033). Saving audits proposal_created / proposal_saved; Save &
 * Send saves, then sends (a new client link, the mail); a refused action answers 409 with the rule's
 * message; bad input 400 with the fields' errors, nothing typed lost.
 */

import { parseWithZod } from "@conform-to/zod/v4";
import {
  ProposalEditor,
  type ProposalEditorProject,
  type ProposalEditorValues,
} from "#app/components/admin/proposal-editor.tsx";
import { ProposalDeleteDialog, ProposalView, type ProposalViewData } from "#app/components/admin/proposal-view.tsx";
import type { ErrorHandle } from "#app/components/admin/route-error.tsx";
import { getApp } from "#app/context.server.ts";
import type { Db } from "#app/db/client.server.ts";
import type { ActionFailure } from "#app/domain/action-answer.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { formatQuantity } from "#app/domain/invoice-document.ts";
import { editorLines } from "#app/domain/invoice-form.ts";
import { centsToDecimal, toCents } from "#app/domain/money.ts";
import {
  defaultExpiry,
  parseProposalDialog,
  proposalPageMessages,
  proposalRecordIntentSchema,
  proposalReviseSchema,
} from "#app/domain/proposal-pages.ts";
import {
  checkProposalAction,
  editorOptions,
  emptyOption,
  emptyProposalLine,
  proposalDefaults,
  proposalFormSchema,
  proposalMessages,
  tiersFromPackages,
} from "#app/domain/proposals.ts";
import { listCustomerChoices, listProjectChoices, studioToday } from "#app/models/invoices.server.ts";
import { listPricingPackages } from "#app/models/pricing.server.ts";
import { getProject } from "#app/models/projects.server.ts";
import {
  createProposal,
  deleteProposal,
  getProposal,
  listProposalVersions,
  liveProposalLinkCount,
  ProposalPartyError,
  proposalNumbers,
  reviseProposal,
  revokeProposal,
  updateProposal,
} from "#app/models/proposals.server.ts";
import {
  formIntent,
  invalid,
  notFound,
  redirectWithToast,
  refuse,
  serverError,
} from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { copyProposalLink, sendProposal } from "#app/services/proposals.server.ts";
import type { Route } from "./+types/proposal-editor";
import type { AdminHandle } from "./layout.tsx";

export const handle: AdminHandle & ErrorHandle = {
  loadFailed: { type: "error", message: "Error", description: "Failed to load the proposal" },
};

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? loaderData.mode === "new"
        ? "New Proposal | Studio back office"
        : `${loaderData.proposalNumber} | Studio back office`
      : "Proposal | Studio back office",
  },
];

/** "new", or a well-formed id; anything else is a 404 (never a 500). */
function editorTarget(param: string | undefined): { mode: "new" } | { mode: "edit"; id: string } {
  if (param === "new") return { mode: "new" };
  const id = parseUuid(param);
  if (!id) notFound(proposalMessages.notFound);
  return { mode: "edit", id };
}

/** hundredths as the editor's number fields show them: 5000 -> "50" */
const hundredthsText = (value: number) => formatQuantity(centsToDecimal(value));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  const db = database.db;
  const target = editorTarget(params.id);
  const today = await studioToday(db);

  if (target.mode === "new") {
    const search = new URL(request.url).searchParams;
    const customers = await listCustomerChoices(db);
    const projectId = parseUuid(search.get("project_id"));
    const project = projectId ? await getProject(db, projectId) : null;
    // a project's proposal: its customer, fixed, and its pricing as the first package
    const customer = project?.customer
      ? { id: project.customer.id, name: project.customer.name, businessName: project.customer.businessName }
      : (customers.find((c) => c.id === parseUuid(search.get("customer_id"))) ?? null);
    const projects = customer ? await listProjectChoices(db, customer.id) : [];
    const chosen = project ? projects.find((p) => p.id === project.id) : undefined;
    const projectLines = chosen ? editorLines(chosen.lines) : [];
    const tiers =
      search.get("from") === "pricing"
        ? tiersFromPackages(await listPricingPackages(db))
        : project
          ? [
              {
                name: project.projectName,
                description: project.description ?? "",
                lines: projectLines.length ? projectLines : [emptyProposalLine],
              },
            ]
          : [];
    const defaultValue: ProposalEditorValues = {
      customer_id: customer?.id ?? "",
      project_id: chosen?.id ?? "",
      title: project?.projectName ?? "",
      introduction: "",
      scope: "",
      tiers: tiers.length ? tiers : [emptyOption],
      addons: [],
      agreement: proposalDefaults.agreement,
      expires_on: defaultExpiry(today),
      tax_rate: "0",
      deposit_kind: "percent",
      deposit_value: hundredthsText(proposalDefaults.depositPercent),
    };
    return {
      mode: "new" as const,
      proposalNumber: null,
      defaultValue,
      customers,
      projects: choices(projects),
      lockedCustomer: project?.customer ? customer : null,
    };
  }

  const proposal = await getProposal(db, target.id, today);
  if (!proposal) notFound(proposalMessages.notFound);
  const numbers = proposalNumbers(proposal);
  if (proposal.state === "draft") {
    const [customers, projects] = await Promise.all([
      listCustomerChoices(db),
      listProjectChoices(db, proposal.customerId),
    ]);
    const defaultValue: ProposalEditorValues = {
      customer_id: proposal.customerId,
      project_id: proposal.projectId ?? "",
      title: proposal.title,
      introduction: proposal.introduction,
      scope: proposal.scope,
      tiers: editorOptions(proposal.options.tiers),
      addons: editorOptions(proposal.options.addons),
      agreement: proposal.agreement,
      expires_on: proposal.expiresOn,
      tax_rate: hundredthsText(numbers.taxRate),
      deposit_kind: proposal.depositKind,
      deposit_value:
        proposal.depositKind === "percent"
          ? hundredthsText(numbers.depositValue)
          : centsToDecimal(numbers.depositValue),
    };
    const dialog = parseProposalDialog(new URL(request.url).searchParams.get("dialog"));
    return {
      mode: "edit" as const,
      proposalId: proposal.id,
      proposalNumber: proposal.proposalNumber,
      defaultValue,
      customers,
      projects: choices(projects),
      lockedCustomer: null,
      canDelete: checkProposalAction(proposal, "delete", today).ok,
      dialog,
    };
  }

  const [versions, liveLinks] = await Promise.all([
    listProposalVersions(db, proposal.id),
    liveProposalLinkCount(db, proposal.id),
  ]);
  const cents = (value: string | null) => (value === null ? 0 : (toCents(value) ?? 0));
  const chosenAddons = new Set(proposal.chosenAddonIds ?? []);
  const view: ProposalViewData = {
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
    hasClientLink: liveLinks > 0 && (proposal.state === "sent" || proposal.state === "viewed"),
    versions: versions.map((version) => ({
      revision: version.revision,
      reason: version.reason,
      createdAt: version.createdAt.toISOString(),
      status: version.snapshot.status,
      contentHash: version.snapshot.contentHash,
    })),
  };
  return {
    mode: "view" as const,
    proposalNumber: proposal.proposalNumber,
    view,
    dialog: parseProposalDialog(new URL(request.url).searchParams.get("dialog")),
  };
}

function choices(projects: { id: string; projectName: string }[]): ProposalEditorProject[] {
  return projects.map((project) => ({ id: project.id, projectName: project.projectName }));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, logger, mail, ip } = getApp(context);
  const db = database.db;
  const target = editorTarget(params.id);
  const formData = await request.formData();
  const actor = { userId: session.userId, email: session.email };

  // the record's own actions (Copy client link, Revise, Revoke, Delete Draft), each with its intent
  const record = target.mode === "edit" ? proposalRecordIntentSchema.safeParse(Object.fromEntries(formData)) : null;
  if (record?.success && target.mode === "edit") {
    const id = target.id;
    const page = `/admin/proposals/${id}`;
    const intent = record.data.intent;
    const gone = () => refuse(404, proposalMessages.notFound, { form: intent });
    switch (intent) {
      case "client-link": {
        const copied = await copyProposalLink({ db, config, logger }, { proposalId: id, actor, ip });
        if (copied.status === "created") return { clientLink: copied.link };
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
          return "missing" in outcome && outcome.missing
            ? gone()
            : refuse(409, outcome.message, { submission, form: intent });
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
        if (!outcome.ok)
          return "missing" in outcome && outcome.missing ? gone() : refuse(409, outcome.message, { form: intent });
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

  const submission = parseWithZod(formData, { schema: proposalFormSchema });
  // the projects of the posted customer, for the form re-rendered without JavaScript
  const postedCustomer = parseUuid(submission.payload.customer_id);
  const projects = async () => ({
    projects: postedCustomer ? choices(await listProjectChoices(db, postedCustomer)) : [],
  });
  if (submission.status === undefined) return formIntent(submission, { extra: await projects() });
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    const message = Object.values(errors).find((list) => list?.length)?.[0];
    return invalid(submission, {
      toast: message ? { type: "error", message } : undefined,
      extra: await projects(),
    });
  }

  const form = submission.value;
  try {
    let saved: { id: string; proposalNumber: string };
    if (target.mode === "new") {
      saved = await auditedChange(db, (tx) => createProposal(tx as Db, form, session.userId), {
        actor,
        ip,
        event: "proposal_created",
        detail: (created) => ({ proposal: created.proposalNumber, title: form.title }),
      });
    } else {
      const outcome = await auditedChange(db, (tx) => updateProposal(tx as Db, target.id, form), {
        actor,
        ip,
        event: "proposal_saved",
        when: (result) => result.ok,
        detail: (result) => ({ proposal: result.ok ? result.proposalNumber : null }),
      });
      if (!outcome.ok) {
        return "missing" in outcome && outcome.missing
          ? refuse(404, proposalMessages.notFound, { submission, extra: await projects() })
          : refuse(409, outcome.message, { submission, extra: await projects() });
      }
      saved = outcome;
    }
    if (form.intent === "send") {
      const sent = await sendProposal({ db, config, logger }, { proposalId: saved.id, actor, ip });
      if (sent.status === "not-found") notFound(proposalMessages.notFound);
      if (sent.status === "refused") return refuse(409, sent.message, { submission, extra: await projects() });
      mail.kick();
      return redirectWithToast(config, "/admin/proposals", {
        type: "success",
        message: "Success",
        description: proposalPageMessages.savedAndSent(sent.to),
      });
    }
    return redirectWithToast(config, "/admin/proposals", {
      type: "success",
      message: "Success",
      description: proposalPageMessages.saved(saved.proposalNumber),
    });
  } catch (error) {
    if (error instanceof ProposalPartyError) {
      return invalid(submission, {
        fieldErrors: { [error.field]: [error.message] },
        toast: { type: "error", message: error.message },
        extra: await projects(),
      });
    }
    logger.error({ err: error, proposal: target.mode === "edit" ? target.id : "new" }, "proposal save failed");
    return serverError(
      submission,
      { type: "error", message: "Error", description: proposalPageMessages.saveFailed },
      { extra: await projects() },
    );
  }
}

export default function ProposalPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const action = `/admin/proposals/${params.id}`;
  const failure =
    actionData && typeof actionData === "object" && "result" in actionData
      ? (actionData as ActionFailure & { projects?: ProposalEditorProject[] })
      : null;
  if (loaderData.mode === "view") {
    return (
      <ProposalView
        key={params.id}
        proposal={loaderData.view}
        dialog={loaderData.dialog}
        failure={failure}
        clientLinkAnswer={actionData}
        action={action}
      />
    );
  }
  // the editor's answers name no form; the record's (delete) name theirs
  const editorFailure = failure && failure.form === undefined ? failure : null;
  return (
    <>
      <ProposalEditor
        key={params.id}
        mode={loaderData.mode}
        proposalNumber={loaderData.proposalNumber}
        proposalId={loaderData.mode === "edit" ? loaderData.proposalId : null}
        defaultValue={loaderData.defaultValue}
        customers={loaderData.customers}
        projects={editorFailure?.projects ?? loaderData.projects}
        lockedCustomer={loaderData.lockedCustomer}
        failure={editorFailure}
        action={params.id === "new" ? `/admin/proposals/new${searchOf(loaderData)}` : action}
        canDelete={loaderData.mode === "edit" && loaderData.canDelete}
      />
      {loaderData.mode === "edit" && loaderData.dialog === "delete" && loaderData.canDelete ? (
        <ProposalDeleteDialog
          proposalId={loaderData.proposalId}
          proposalNumber={loaderData.proposalNumber}
          action={action}
          failure={failure}
        />
      ) : null}
    </>
  );
}

/** A new proposal posts to its own address (the project's fixed customer stays in the URL). */
function searchOf(loaderData: { lockedCustomer: { id: string } | null; defaultValue: ProposalEditorValues }) {
  return loaderData.lockedCustomer && loaderData.defaultValue.project_id
    ? `?project_id=${loaderData.defaultValue.project_id}`
    : "";
}
