/**
 * /admin/customers/{id}/portal: View as this client (ADR 0057). The customer's portal rendered exactly as
 * the client's own link renders it, from the same loader data and component, outside the back office's
 * frame; its buttons are inert and it carries no view beacon, so the owner's look is never the client's
 * view. Admins only (`requireAdmin`), like every /admin address.
 */
import { getApp } from "#app/context.server.ts";
import { clientPageHeaders } from "#app/domain/client-pages.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { badRequest, notFound } from "#app/services/action-result.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { loadPortal } from "#app/services/portal.server.ts";
import { portalQuestionnaires } from "#app/services/questionnaires.server.ts";
import type { RouteHandle } from "../../../root.tsx";
import { PortalPage } from "../../portal.tsx";
import type { Route } from "./+types/portal-preview";

export const handle: RouteHandle = { hydrate: false };

export const headers: Route.HeadersFunction = () => clientPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Client portal (preview) | ${loaderData.studio.name}` : "Not found" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database, config } = getApp(context);
  const id = parseUuid(params.id);
  if (!id) notFound("Customer not found", clientPageHeaders);
  const portal = await loadPortal(database.db, id);
  if (!portal) notFound("Customer not found", clientPageHeaders);
  return {
    ...portal,
    questionnaires: await portalQuestionnaires(database.db, id),
    token: "",
    beacon: null,
    wholeRoom: new URL(request.url).searchParams.get("room"),
    onlinePayments: config.stripe !== null,
  };
}

/** The preview's buttons are inert: a post is the guard's like every /admin post, then refused. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  badRequest("The preview changes nothing: the client's own link does");
}

export default function PortalPreview({ loaderData }: Route.ComponentProps) {
  return <PortalPage loaderData={loaderData} preview />;
}
