/**
 * GET /admin/invoices/project-choices?customer_id=: the projects of one customer, newest first, each
 * with its pricing as lines, its recurring fees as lines and its contracts (ADR 0043), and the
 * customer's documents a deduction line can take off, as JSON for the editor (it reloads them when the
 * customer changes, and fills the lines when a project is picked).
 */

import { data } from "react-router";
import { getApp } from "#app/context.server.ts";
import { parseUuid } from "#app/domain/ids.ts";

import { projectChoicesWithContracts } from "#app/models/contracts.server.ts";
import { listDeductibleDocuments } from "#app/models/invoices.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/invoice-project-choices";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const customerId = parseUuid(new URL(request.url).searchParams.get("customer_id"));
  const db = getApp(context).database.db;
  const [projects, documents] = customerId
    ? await Promise.all([projectChoicesWithContracts(db, customerId), listDeductibleDocuments(db, customerId)])
    : [[], []];
  return data({ projects, documents }, { headers: { "Cache-Control": "no-store" } });
}
