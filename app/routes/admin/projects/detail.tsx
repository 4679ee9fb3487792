/**
 * /admin/projects/{id}: cards Status, Project Value, Timeline, Invoices; sections Description,
 * Project Type, Pricing, Related Invoices, Notes; Edit and New Invoice. A missing or
 * malformed id answers 404 'Project not found'.
 */
import { data } from "react-router";
import { ProjectDetailView } from "#app/components/admin/project-detail.tsx";
import { NotFoundView } from "#app/components/admin/record-page.tsx";
import { getApp } from "#app/context.server.ts";
import { parseRecordId } from "#app/domain/customers.ts";
import { projectMessages } from "#app/domain/projects.ts";
import { getProject, listProjectInvoices } from "#app/models/projects.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { AdminHandle } from "../layout.tsx";
import type { Route } from "./+types/detail";

export const handle: AdminHandle = { liveTables: ["projects", "invoices", "customers"] };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData && "project" in loaderData ? loaderData.project.projectName : projectMessages.notFound} | Studio back office`,
  },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  const id = parseRecordId(params.id);
  const project = id ? await getProject(database.db, id) : null;
  if (!project) return data({ notFound: true as const }, { status: 404 });
  const invoices = await listProjectInvoices(database.db, project.id);
  return { project, invoices };
}

export default function ProjectDetail({ loaderData }: Route.ComponentProps) {
  if ("notFound" in loaderData) {
    return <NotFoundView message={projectMessages.notFound} backHref="/admin/projects" backLabel="Back to Projects" />;
  }
  return <ProjectDetailView project={loaderData.project} invoices={loaderData.invoices} />;
}
