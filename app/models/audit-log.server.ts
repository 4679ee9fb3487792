/** The audit trail's rows (app/services/audit.server.ts says what is recorded). */
import { desc } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { auditLog } from "#app/db/schema.ts";

export type AuditRow = typeof auditLog.$inferInsert;

export async function insertAuditEntry(db: Queryable, row: AuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

export async function listRecentAuditEntries(db: Queryable, limit = 50) {
  return db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(limit);
}
