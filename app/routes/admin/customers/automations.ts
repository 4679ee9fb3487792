/**
 * POST /admin/customers/{id}/automations: the customer page's "What happens next" card (ADR 0063): Pause or Resume
 * every automation of this customer, or Skip one run it lists, for good (automation-scope-actions.server.ts).
 */
import { getApp } from "#app/context.server.ts";
import { customerMessages } from "#app/domain/customers.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { getCustomer } from "#app/models/customers.server.ts";
import { notFound } from "#app/services/action-result.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { answerScopeAction } from "../automation-scope-actions.server.ts";
import type { Route } from "./+types/automations";

/** Nothing to show: the card lives on the customer's page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  notFound(customerMessages.notFound);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const id = parseUuid(params.id);
  const customer = id ? await getCustomer(getApp(context).database.db, id) : null;
  if (!id || !customer) notFound(customerMessages.notFound);
  return answerScopeAction(
    { request, context },
    { scope: { customerId: id }, name: customer.name, back: `/admin/customers/${id}` },
  );
}
