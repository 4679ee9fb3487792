/** Contact-form submissions (the leads inbox). */
import { count } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { contactSubmissions } from "#app/db/schema.ts";
import { type SubmissionStatus, submissionStatuses } from "#app/domain/enums.ts";

export type StatusCounts = Record<SubmissionStatus, number>;

/** How many submissions have each status: one aggregate query. */
export async function countSubmissionsByStatus(db: Queryable): Promise<StatusCounts> {
  const rows = await db
    .select({ status: contactSubmissions.status, total: count() })
    .from(contactSubmissions)
    .groupBy(contactSubmissions.status);
  const counts = Object.fromEntries(submissionStatuses.map((status) => [status, 0])) as StatusCounts;
  for (const row of rows) counts[row.status] = Number(row.total);
  return counts;
}
