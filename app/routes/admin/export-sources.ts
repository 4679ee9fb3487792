/** The sources report as CSV (ADR 0060): the same address as /admin/reports/sources, its rows and the total. */
import { getApp } from "#app/context.server.ts";
import type { CsvCell } from "#app/domain/csv.ts";
import { sourcesCsvCells, sourcesCsvHeader } from "#app/domain/sources.ts";
import { sourcesReport } from "#app/models/sources.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { csvResponse } from "#app/services/csv-export.server.ts";
import type { Route } from "./+types/export-sources";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { query, today, rows, total } = await sourcesReport(
    getApp(context).database.db,
    new URL(request.url).searchParams,
  );
  async function* lines(): AsyncIterable<CsvCell[]> {
    for (const row of [...rows, total]) yield [...sourcesCsvCells(row)];
  }
  return csvResponse(`sources-by-${query.by}`, today, sourcesCsvHeader, lines());
}
