/**
 * /admin/projects/{id}: cards Status, Project Value, Timeline, Invoices; sections Description,
 * Project Type, Pricing, Related Invoices, Notes; Edit, New Estimate and New Invoice (the editor
 * starts with the project's pricing as lines). A missing or
 * malformed id answers 404 'Project not found'.
 */

import { ProjectDetailView } from "#app/components/admin/project-detail.tsx";
import { getApp } from "#app/context.server.ts";
import { parseUuid } from "#app/domain/ids.ts";

import { projectMessages, recurringInvoiceSchema } from "#app/domain/projects.ts";
import { createRecurringFeesInvoice, InvoiceInputError } from "#app/models/invoices.server.ts";
import { getProject, listProjectInvoices } from "#app/models/projects.server.ts";
import { badRequest, notFound, redirectWithToast, refuse } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { AdminHandle } from "../layout.tsx";
import type { Route } from "./+types/detail";

export const handle: AdminHandle = { liveTables: ["projects", "invoices", "customers"] };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData ? loaderData.project.projectName : projectMessages.notFound} | Studio back office`,
  },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  const id = parseUuid(params.id);
  const project = id ? await getProject(database.db, id) : null;
  if (!project) notFound(projectMessages.notFound);
  const invoices = await listProjectInvoices(database.db, project.id);
  return { project, invoices };
}

/**
 * 'Create invoice from recurring fees': a draft invoice, opened in the editor. Refused on the page
 * (form "recurring-invoice"): 404 the project is gone, 409 it has no recurring fees or their sum
 * cannot be invoiced.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip } = getApp(context);
  const id = parseUuid(params.id);
  const formData = await request.formData();
  if (!recurringInvoiceSchema.safeParse(Object.fromEntries(formData)).success) badRequest("Unknown action");
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

export default function ProjectDetail({ loaderData, actionData }: Route.ComponentProps) {
  return <ProjectDetailView project={loaderData.project} invoices={loaderData.invoices} failure={actionData} />;
}
