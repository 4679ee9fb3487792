/** The profit report as CSV (ADR 0058): the same address as /admin/reports/profit, its rows and the total. */
import { getApp } from "#app/context.server.ts";
import type { CsvCell } from "#app/domain/csv.ts";
import { profitCsvCells, profitCsvHeader, profitPeriod, profitQuerySchema, profitTable } from "#app/domain/profit.ts";
import { studioToday } from "#app/models/business-settings.server.ts";
import { profitParts } from "#app/models/profit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { csvResponse } from "#app/services/csv-export.server.ts";
import type { Route } from "./+types/export-profit";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = getApp(context).database.db;
  const query = profitQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const today = await studioToday(db);
  const period = profitPeriod(query, today);
  const { rows, total } = profitTable(await profitParts(db, period, query.by));
  async function* lines(): AsyncIterable<CsvCell[]> {
    for (const row of [...rows, total]) yield [...profitCsvCells(row)];
  }
  return csvResponse(`profit-by-${query.by}`, today, profitCsvHeader, lines());
}
