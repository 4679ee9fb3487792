/**
 * POST /admin/projects/{id}/automations: the project page's "What happens next" card (ADR 0063): Pause or Resume
 * every automation of this project, or Skip one run it lists, for good (automation-scope-actions.server.ts).
 */
import { getApp } from "#app/context.server.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { projectMessages } from "#app/domain/projects.ts";
import { getProject } from "#app/models/projects.server.ts";
import { notFound } from "#app/services/action-result.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { answerScopeAction } from "../automation-scope-actions.server.ts";
import type { Route } from "./+types/automations";

/** Nothing to show: the card lives on the project's page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  notFound(projectMessages.notFound);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const id = parseUuid(params.id);
  const project = id ? await getProject(getApp(context).database.db, id) : null;
  if (!id || !project) notFound(projectMessages.notFound);
  return answerScopeAction(
    { request, context },
    {
      scope: { customerId: project.customerId, projectId: id },
      name: project.projectName,
      back: `/admin/projects/${id}`,
    },
  );
}
