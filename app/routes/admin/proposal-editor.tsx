/**
 * /admin/proposals/new (?customer_id=, ?project_id= for a project's proposal: its customer fixed, its
 * lines as the first package; ?from=pricing: the public pricing packages as the packages) and
 * /admin/proposals/{id}: the editor while the proposal is a draft, else the proposal read-only with
 * the actions its state allows (ADR 0033). Saving audits proposal_created / proposal_saved; Save &
 * Send saves, then sends (a new client link, the mail); a refused action answers 409 with the rule's
 * message; bad input 400 with the fields' errors, nothing typed lost.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { ProposalEditorProject, ProposalEditorValues } from "#app/components/admin/proposal-editor.tsx";
import type { ErrorHandle } from "#app/components/admin/route-error.tsx";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import type { Db } from "#app/db/client.server.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { formatQuantity } from "#app/domain/invoice-document.ts";
import { editorLines, emptyLine } from "#app/domain/invoice-form.ts";
import { centsToDecimal } from "#app/domain/money.ts";
import { proposalRecordIntentSchema } from "#app/domain/proposal-forms.ts";
import {
  defaultExpiry,
  parseProposalDialog,
  proposalMessages,
  proposalPageMessages,
} from "#app/domain/proposal-pages.ts";
import {
  checkProposalAction,
  editorOptions,
  emptyOption,
  proposalFormSchema,
  tiersFromPackages,
} from "#app/domain/proposals.ts";
import { studioToday } from "#app/models/business-settings.server.ts";
import { listCustomerChoices, listProjectChoices } from "#app/models/invoices.server.ts";
import { listPricingPackages } from "#app/models/pricing.server.ts";
import { getProject } from "#app/models/projects.server.ts";
import { getProposalSettings } from "#app/models/proposal-settings.server.ts";
import {
  createProposal,
  getProposal,
  ProposalPartyError,
  proposalNumbers,
  updateProposal,
} from "#app/models/proposals.server.ts";
import { questionnaireChoices } from "#app/models/questionnaires.server.ts";
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
import { sendProposal } from "#app/services/proposals.server.ts";
import type { Route } from "./+types/proposal-editor";
import type { AdminHandle } from "./layout.tsx";
import { proposalRecordAction } from "./proposal-actions.server.ts";
import { loadProposalView } from "./proposal-view-data.server.ts";

export const handle: AdminHandle & ErrorHandle = {
  loadFailed: { type: "error", message: "Error", description: "Failed to load the proposal" },
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: adminTitle(
      matches,
      loaderData ? (loaderData.mode === "new" ? "New Proposal" : loaderData.proposalNumber) : "Proposal",
    ),
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
    // the agreement, deposit and validity a new proposal starts with (Settings, Proposals)
    const settings = await getProposalSettings(db);
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
                lines: projectLines.length ? projectLines : [emptyLine],
              },
            ]
          : [];
    const questionnaires = await questionnaireChoices(db);
    const defaultValue: ProposalEditorValues = {
      customer_id: customer?.id ?? "",
      project_id: chosen?.id ?? "",
      // the questionnaire made the default for the project's type, if any
      questionnaire_id:
        questionnaires.find((item) => item.projectType && item.projectType === project?.projectType)?.id ?? "",
      title: project?.projectName ?? "",
      introduction: "",
      scope: "",
      tiers: tiers.length ? tiers : [emptyOption],
      addons: [],
      agreement: settings.agreementTemplate,
      expires_on: defaultExpiry(today, settings.validDays),
      tax_rate: "0",
      deposit_kind: "percent",
      deposit_value: hundredthsText(settings.depositPercent),
    };
    return {
      mode: "new" as const,
      proposalNumber: null,
      defaultValue,
      customers,
      projects: choices(projects),
      questionnaires,
      lockedCustomer: project?.customer ? customer : null,
    };
  }

  const proposal = await getProposal(db, target.id, today);
  if (!proposal) notFound(proposalMessages.notFound);
  const numbers = proposalNumbers(proposal);
  if (proposal.state === "draft") {
    const [customers, projects, questionnaires] = await Promise.all([
      listCustomerChoices(db),
      listProjectChoices(db, proposal.customerId),
      questionnaireChoices(db),
    ]);
    const defaultValue: ProposalEditorValues = {
      customer_id: proposal.customerId,
      project_id: proposal.projectId ?? "",
      questionnaire_id: proposal.questionnaireId ?? "",
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
      questionnaires,
      lockedCustomer: null,
      canDelete: checkProposalAction(proposal, "delete", today).ok,
      dialog,
    };
  }

  const view = await loadProposalView(db, proposal, today);
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
  const { config, database, logger, ip } = getApp(context);
  const db = database.db;
  const target = editorTarget(params.id);
  const formData = await request.formData();
  const actor = { userId: session.userId, email: session.email };

  // the record's own actions (Copy client link, Revise, Revoke, Delete Draft), each with its intent
  const record = target.mode === "edit" ? proposalRecordIntentSchema.safeParse(Object.fromEntries(formData)) : null;
  if (record?.success && target.mode === "edit") {
    return proposalRecordAction({ intent: record.data.intent, proposalId: target.id, formData, session, context });
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
        return outcome.reason === "not-found"
          ? refuse(404, proposalMessages.notFound, { submission, extra: await projects() })
          : refuse(409, outcome.message, { submission, extra: await projects() });
      }
      saved = outcome;
    }
    if (form.intent === "send") {
      const sent = await sendProposal({ db, config, logger }, { proposalId: saved.id, actor, ip });
      if (!sent.ok) {
        if (sent.reason === "not-found") notFound(proposalMessages.notFound);
        return refuse(409, sent.message ?? proposalMessages.notFound, { submission, extra: await projects() });
      }
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

// The page (its forms, Conform and their schemas) loads as a chunk of its own: the server renders it in
// place, and its forms post without JavaScript until the chunk is there.
const ProposalPagePage = splitComponent(() =>
  import("./proposal-editor-page.tsx").then((module) => module.ProposalPage),
);

export default function ProposalPageRoute(props: Route.ComponentProps) {
  return <ProposalPagePage {...props} />;
}
