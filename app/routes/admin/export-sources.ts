/** The sources report as CSV (ADR 0060): the same address as /admin/reports/sources, its rows and the total. */
import { getApp } from "#app/context.server.ts";
import type { CsvCell } from "#app/domain/csv.ts";
import {
  sourcesCsvCells,
  sourcesCsvHeader,
  sourcesPeriod,
  sourcesQuerySchema,
  sourcesTable,
} from "#app/domain/sources.ts";
import { studioTimeZone, studioToday } from "#app/models/business-settings.server.ts";
import { sourceParts } from "#app/models/sources.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { csvResponse } from "#app/services/csv-export.server.ts";
import type { Route } from "./+types/export-sources";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = getApp(context).database.db;
  const query = sourcesQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [today, timeZone] = await Promise.all([studioToday(db), studioTimeZone(db)]);
  const period = sourcesPeriod(query, today);
  const { rows, total } = sourcesTable(await sourceParts(db, period, query.by, query.touch, timeZone));
  async function* lines(): AsyncIterable<CsvCell[]> {
    for (const row of [...rows, total]) yield [...sourcesCsvCells(row)];
  }
  return csvResponse(`sources-by-${query.by}`, today, sourcesCsvHeader, lines());
}
