/**
 * The audit trail's rows (app/services/audit.server.ts says what is recorded). Append-only from
 * the app: this module inserts and reads, and has no update or delete (ADR 0027; the database
 * refuses both with a trigger, and tests/integration/audit-log.test.ts checks the exports).
 */
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { auditLog } from "#app/db/schema.ts";

export type AuditRow = typeof auditLog.$inferInsert;

export async function insertAuditEntry(db: Queryable, row: AuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

/**
 * Where a page of the audit log starts: the last row of the page before (keyset on created_at, id).
 * The time is the database's own text, to the microsecond (a JavaScript Date would lose rows).
 */
export type AuditCursor = { time: string; id: string };

export type AuditPageQuery = {
  event?: string | null;
  userId?: string | null;
  before?: AuditCursor | null;
  limit: number;
};

/**
 * One page of the audit log, newest first, filtered by event and by user. Reads `limit + 1` rows
 * so the caller knows whether an older page exists.
 */
export async function listAuditPage(db: Queryable, query: AuditPageQuery) {
  const conditions: SQL[] = [];
  if (query.event) conditions.push(eq(auditLog.event, query.event));
  if (query.userId) conditions.push(eq(auditLog.userId, query.userId));
  if (query.before) {
    conditions.push(
      sql`(${auditLog.createdAt}, ${auditLog.id}) < (${query.before.time}::timestamptz, ${query.before.id}::uuid)`,
    );
  }
  const rows = await db
    .select({
      id: auditLog.id,
      event: auditLog.event,
      userId: auditLog.userId,
      email: auditLog.email,
      ipAddress: auditLog.ipAddress,
      detail: auditLog.detail,
      createdAt: auditLog.createdAt,
      cursorTime: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit + 1);
  return { rows: rows.slice(0, query.limit), hasOlder: rows.length > query.limit };
}

/** The event names present in the log (the filter offers these, plus the known ones). */
export async function listAuditEventNames(db: Queryable): Promise<string[]> {
  const rows = await db.selectDistinct({ event: auditLog.event }).from(auditLog).orderBy(auditLog.event);
  return rows.map((row) => row.event);
}
