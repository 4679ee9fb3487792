/**
 * POST /portal/{token}/questionnaire: the portal's Open button on a questionnaire. The portal's token
 * is checked (rate-limited, as the portal), the copy must be this customer's (another customer's id
 * answers 404), then a fresh questionnaire link is issued and the browser sent to it (post/redirect/get).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { getApp } from "#app/context.server.ts";
import { clientPageHeaders, clientPageMessages } from "#app/domain/client-pages.ts";
import { portalMessages } from "#app/domain/portal.ts";
import { portalQuestionnaireSchema } from "#app/domain/questionnaires.ts";
import { notFound, tooManyRequests } from "#app/services/action-result.server.ts";
import { findPortal } from "#app/services/portal.server.ts";
import { openQuestionnaireFromPortal } from "#app/services/questionnaires.server.ts";
import type { Route } from "./+types/portal-questionnaire";

/** Only the portal's button posts here; an address typed in finds nothing. */
export function loader(): never {
  notFound(portalMessages.notFound, clientPageHeaders);
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const { database, config, ip } = getApp(context);
  const found = await findPortal(database.db, params.token, ip);
  if (!found.ok) {
    if (found.reason === "limited") {
      tooManyRequests(clientPageMessages.tooMany, found.retryAfterSeconds ?? 60, clientPageHeaders);
    }
    notFound(portalMessages.invalidLink, clientPageHeaders);
  }
  const submission = parseWithZod(await request.formData(), { schema: portalQuestionnaireSchema });
  if (submission.status !== "success") notFound(portalMessages.notFound, clientPageHeaders);
  const path = await openQuestionnaireFromPortal(
    { db: database.db, config },
    found.customerId,
    submission.value.request_id,
  );
  if (!path) notFound(portalMessages.notFound, clientPageHeaders);
  return redirect(path, { status: 303, headers: clientPageHeaders });
}
