/**
 * /admin/projects/new (optional ?customer_id=, which locks the customer) and
 * /admin/projects/{id}/edit: one module for both. Add/remove phase and fee buttons post
 * Conform intents, answered by re-rendering the form (no JavaScript needed). After a save:
 * the customer's page when customer_id was given, else /admin/projects.
 */

import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData } from "react-router";
import { projectFormId } from "#app/components/admin/project-form.tsx";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import { customerMessages } from "#app/domain/customers.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { projectFormSchema, toProjectRow } from "#app/domain/project-form.ts";
import { projectFormDefaults, projectMessages } from "#app/domain/projects.ts";
import { getCustomer, listCustomerOptions } from "#app/models/customers.server.ts";
import { createProject, getProject, MissingCustomerError, updateProject } from "#app/models/projects.server.ts";
import { formIntent, invalid, notFound, redirectWithToast, serverError } from "#app/services/action-result.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/form";

// The form (Conform, its schema) loads as a chunk of its own: the server renders it in place, and it posts
// without JavaScript until its chunk is there.
const ProjectFormView = splitComponent(() =>
  import("#app/components/admin/project-form.tsx").then((module) => module.ProjectFormView),
);

export const meta: Route.MetaFunction = ({ params, matches }) => [
  { title: adminTitle(matches, params.id ? "Edit Project" : "New Project") },
];

/** ?customer_id= of a new project: present (even if malformed) means the caller asked for a lock. */
function requestedCustomer(request: Request) {
  const raw = new URL(request.url).searchParams.get("customer_id");
  return raw === null || raw === "" ? { asked: false, id: null } : { asked: true, id: parseUuid(raw) };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  if (params.id !== undefined) {
    const id = parseUuid(params.id);
    const project = id ? await getProject(database.db, id) : null;
    if (!project) notFound(projectMessages.notFound);
    return {
      projectId: project.id,
      defaults: projectFormDefaults(project),
      customers: await listCustomerOptions(database.db),
      lockedCustomer: null,
      cancelHref: `/admin/projects/${project.id}`,
    };
  }
  const requested = requestedCustomer(request);
  if (requested.asked) {
    const customer = requested.id ? await getCustomer(database.db, requested.id) : null;
    if (!customer) notFound(customerMessages.notFound);
    return {
      projectId: null,
      defaults: projectFormDefaults(null, customer.id),
      customers: [],
      lockedCustomer: { id: customer.id, name: customer.name, businessName: customer.businessName },
      cancelHref: `/admin/customers/${customer.id}?tab=projects`,
    };
  }
  return {
    projectId: null,
    defaults: projectFormDefaults(),
    customers: await listCustomerOptions(database.db),
    lockedCustomer: null,
    cancelHref: "/admin/projects",
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const { config, database, logger } = getApp(context);
  const editing = params.id !== undefined;
  const id = editing ? parseUuid(params.id) : null;
  if (editing && !id) notFound(projectMessages.notFound);
  const requested = editing ? { asked: false, id: null } : requestedCustomer(request);
  if (requested.asked && !requested.id) notFound(customerMessages.notFound);
  const formData = await request.formData();
  // a locked customer is the address's, whatever the form says
  if (requested.id) formData.set("customer_id", requested.id);
  const submission = parseWithZod(formData, { schema: projectFormSchema });
  if (submission.status === undefined) {
    // Add phase, Add fee, Remove (without JavaScript): the form comes back with the list changed
    return formIntent(submission);
  }
  if (submission.status !== "success") return invalid(submission);
  const row = toProjectRow(submission.value);
  let saved: { id: string } | null;
  try {
    saved = id ? await updateProject(database.db, id, row) : await createProject(database.db, row);
  } catch (error) {
    if (error instanceof MissingCustomerError) {
      return invalid(submission, {
        fieldErrors: { customer_id: [projectMessages.customerGone] },
        toast: { type: "error", message: projectMessages.errorTitle, description: error.message },
      });
    }
    logger.error({ err: error, project: id }, "saving a project failed");
    return serverError(submission, {
      type: "error",
      message: projectMessages.errorTitle,
      description: projectMessages.saveFailed,
    });
  }
  if (!saved) notFound(projectMessages.notFound);
  // an edit lands on the project it changed; a new one on its customer, or on the list
  const next = id
    ? `/admin/projects/${saved.id}`
    : requested.id
      ? `/admin/customers/${requested.id}?tab=projects`
      : "/admin/projects";
  return redirectWithToast(config, next, {
    type: "success",
    message: "Success",
    description: id ? projectMessages.updated : projectMessages.created,
    id: projectFormId(id),
  });
}

export default function ProjectFormRoute({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  return (
    <ProjectFormView
      key={loaderData.projectId ?? loaderData.lockedCustomer?.id ?? "new"}
      projectId={loaderData.projectId}
      defaults={loaderData.defaults}
      customers={loaderData.customers}
      lockedCustomer={loaderData.lockedCustomer}
      failure={actionData}
      cancelHref={loaderData.cancelHref}
    />
  );
}
