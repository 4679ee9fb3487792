/**
 * GET /admin/invoices/project-choices?customer_id=: the projects of one customer, newest first, each
 * with its pricing as lines and its recurring fees as lines, as JSON for the editor's project select
 * (it reloads them when the customer changes, and fills the lines when a project is picked).
 */

import { data } from "react-router";
import { getApp } from "#app/context.server.ts";
import { parseUuid } from "#app/domain/ids.ts";

import { listProjectChoices } from "#app/models/invoices.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/invoice-project-choices";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const customerId = parseUuid(new URL(request.url).searchParams.get("customer_id"));
  const projects = customerId ? await listProjectChoices(getApp(context).database.db, customerId) : [];
  return data({ projects }, { headers: { "Cache-Control": "no-store" } });
}
