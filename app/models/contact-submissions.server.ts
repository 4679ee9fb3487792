import type { Queryable } from "#app/db/client.server.ts";
import { contactSubmissions } from "#app/db/schema.ts";
import type { toSubmissionRow } from "#app/domain/contact-form.ts";

export type NewSubmission = ReturnType<typeof toSubmissionRow>;

export async function createSubmission(db: Queryable, row: NewSubmission) {
  const [created] = await db.insert(contactSubmissions).values(row).returning();
  if (!created) throw new Error("insert returned no row");
  return created;
}
