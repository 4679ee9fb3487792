/**
 * POST /admin/projects/{id}/testimonial-request: "Request a testimonial" on a completed project's page (ADR 0062).
 * Mails the client a fresh link to the testimonial form and goes back to the project with a toast saying to whom;
 * a project that is not completed, or a customer without an address, goes back with the reason. Audited.
 */
import { getApp } from "#app/context.server.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { testimonialRequestMessages } from "#app/domain/testimonial-requests.ts";
import { notFound, redirectWithToast } from "#app/services/action-result.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { requestTestimonial } from "#app/services/testimonial-requests.server.ts";
import type { Route } from "./+types/testimonial-request";

/** Nothing to show: the button lives on the project's page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  notFound(testimonialRequestMessages.projectNotFound);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip } = getApp(context);
  const id = parseUuid(params.id);
  if (!id) notFound(testimonialRequestMessages.projectNotFound);
  const sent = await requestTestimonial({ db: database.db, config }, { projectId: id, actor: session, ip });
  if (!sent.ok && sent.reason === "not-found") notFound(testimonialRequestMessages.projectNotFound);
  const back = `/admin/projects/${id}`;
  if (!sent.ok) {
    const message =
      sent.reason === "no-email" ? testimonialRequestMessages.noEmail : testimonialRequestMessages.notCompleted;
    return redirectWithToast(config, back, { type: "error", message });
  }
  return redirectWithToast(config, back, { type: "success", message: testimonialRequestMessages.sent(sent.to) });
}
