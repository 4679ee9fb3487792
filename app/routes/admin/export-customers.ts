/** The customers list as CSV (routes/admin/export-csv.server.ts). */

import type { Route } from "./+types/export-customers";
import { exportCsv } from "./export-csv.server.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  return exportCsv("customers", request, context);
}
