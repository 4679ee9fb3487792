/**
 * /admin/projects/{id}: cards Status, Project Value, Timeline, Invoices; sections Description,
 * Project Type, Pricing, Recurring invoices (the retainer's schedule: ADR 0031), Related Invoices, Notes;
 * Edit, Create invoice from recurring fees (asks first: ?recurring-invoice=confirm), New Estimate and
 * New Invoice (the editor starts with the project's pricing as lines, or, under contract, offers the
 * schedule); the project's contracts (ADR 0043). A missing or malformed id answers 404 'Project not found'.
 */

import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { projectMessages } from "#app/domain/projects.ts";
import { projectPageIntentSchema } from "#app/domain/retainer-forms.ts";
import { scopeHeld } from "#app/models/automations.server.ts";
import { studioToday } from "#app/models/business-settings.server.ts";
import { listContracts } from "#app/models/contracts.server.ts";
import { createRecurringFeesInvoice, InvoiceInputError } from "#app/models/invoices.server.ts";
import { getProjectCaseStudy } from "#app/models/portfolio.server.ts";
import { getProject, listProjectInvoices } from "#app/models/projects.server.ts";
import { listRequests } from "#app/models/questionnaires.server.ts";
import { listProjectSchedules } from "#app/models/recurring-schedules.server.ts";
import { latestTestimonialRequest } from "#app/models/testimonial-requests.server.ts";
import { badRequest, notFound, redirectWithToast, refuse } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { automationHandlers } from "#app/services/automation-custom.server.ts";
import { nextRuns } from "#app/services/automations.server.ts";
import type { AdminHandle } from "../layout.tsx";
import type { Route } from "./+types/detail";
import { saveScheduleAction, scheduleStatusAction } from "./schedule-actions.server.ts";

export const handle: AdminHandle = { liveTables: ["projects", "invoices", "customers"] };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: adminTitle(matches, loaderData ? loaderData.project.projectName : projectMessages.notFound) },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { config, database, logger } = getApp(context);
  const id = parseUuid(params.id);
  const project = id ? await getProject(database.db, id) : null;
  if (!project) notFound(projectMessages.notFound);
  const [invoices, schedules, today, contracts] = await Promise.all([
    listProjectInvoices(database.db, project.id),
    listProjectSchedules(database.db, project.id),
    studioToday(database.db),
    listContracts(database.db, { projectId: project.id }),
  ]);
  const confirmRecurringInvoice = new URL(request.url).searchParams.get("recurring-invoice") === "confirm";
  const [questionnaires, caseStudy, testimonialRequest] = await Promise.all([
    listRequests(database.db, { projectId: project.id }),
    getProjectCaseStudy(database.db, project.id),
    latestTestimonialRequest(database.db, project.id),
  ]);
  const closed = project.status === "completed" || project.status === "cancelled";
  const next = {
    held: await scopeHeld(database.db, { projectId: project.id }),
    closed,
    runs: closed
      ? []
      : await nextRuns(
          database.db,
          await automationHandlers({ db: database.db, config, logger }),
          { customerId: project.customerId, projectId: project.id },
          new Date(),
        ),
  };
  return {
    project,
    invoices,
    schedules,
    today,
    confirmRecurringInvoice,
    contracts,
    questionnaires,
    caseStudy,
    testimonialRequest,
    next,
  };
}

/**
 * 'Create invoice from recurring fees' (posted from its confirmation): a draft invoice, opened in the
 * editor; refused on the page (form "recurring-invoice"): 404 the project is gone, 409 it has no
 * recurring fees or their sum cannot be invoiced. The schedule's form and its Pause / Resume / End are
 * answered by schedule-actions.server.ts.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip } = getApp(context);
  const id = parseUuid(params.id);
  const formData = await request.formData();
  const posted = projectPageIntentSchema.safeParse(Object.fromEntries(formData));
  if (!posted.success) badRequest("Unknown action");
  const intent = posted.data.intent;
  if (intent === "save-schedule") return saveScheduleAction({ context, session, id, formData });
  if (intent !== "recurring-invoice") return scheduleStatusAction({ context, session, id, formData });

  const form = "recurring-invoice";
  if (!id) return refuse(404, projectMessages.notFound, { form });
  let created: Awaited<ReturnType<typeof createRecurringFeesInvoice>>;
  try {
    created = await auditedChange(database.db, (tx) => createRecurringFeesInvoice(tx, id), {
      actor: session,
      ip,
      event: "recurring_invoice_created",
      detail: (invoice) => ({ invoice: invoice.invoiceNumber, project: id }),
    });
  } catch (error) {
    if (!(error instanceof InvoiceInputError)) throw error;
    return refuse(409, error.message, { form });
  }
  if (!created) {
    return (await getProject(database.db, id))
      ? refuse(409, projectMessages.noRecurringFees, { form })
      : refuse(404, projectMessages.notFound, { form });
  }
  return redirectWithToast(config, `/admin/invoices/${created.id}`, {
    type: "success",
    message: projectMessages.recurringInvoiceCreated(created.invoiceNumber),
  });
}

// The page (its forms, Conform and their schemas) loads as a chunk of its own: the server renders it in
// place, and its forms post without JavaScript until the chunk is there.
const ProjectDetailPage = splitComponent(() => import("./detail-page.tsx").then((module) => module.ProjectDetail));

export default function ProjectDetailRoute(props: Route.ComponentProps) {
  return <ProjectDetailPage {...props} />;
}
