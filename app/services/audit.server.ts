/**
 * The audit trail: security events (sign-in success and failure, resets, sign-out, first-admin
 * set-up, the team) and the owner's consequential actions (settings saves, deletions,
 * conversions, sends). Time, user, email, IP and a small detail; never passwords or tokens.
 * Append-only (ADR 0027). The events and their labels: app/domain/audit.ts.
 */
import type { Queryable } from "#app/db/client.server.ts";
import type { AuditEvent } from "#app/domain/audit.ts";
import { insertAuditEntry } from "#app/models/audit-log.server.ts";

export type AuditEntry = {
  event: AuditEvent;
  userId?: string | null;
  email?: string | null;
  ip?: string | null;
  detail?: Record<string, string | number | boolean | null>;
};

export async function audit(db: Queryable, entry: AuditEntry): Promise<void> {
  await insertAuditEntry(db, {
    event: entry.event,
    userId: entry.userId ?? null,
    email: entry.email ? entry.email.slice(0, 255) : null,
    ipAddress: entry.ip ? entry.ip.slice(0, 64) : null,
    detail: entry.detail ?? null,
  });
}

/** An action of a signed-in admin: who (the session), from where (the request's address), what. */
export function auditAction(
  db: Queryable,
  actor: { userId: string; email: string },
  ip: string | null | undefined,
  event: AuditEvent,
  detail?: AuditEntry["detail"],
): Promise<void> {
  return audit(db, { event, userId: actor.userId, email: actor.email, ip, detail });
}

type AuditDetail = AuditEntry["detail"];

/**
 * A signed-in admin's change and its audit entry in one transaction: both are written or neither.
 * `detail` may read what the change answered. A change that answers `null` or `false` changed
 * nothing: no entry is written; `when` says it for other answers (an outcome with `ok: false`). Routes audit their changes this way (lint:answers refuses a bare
 * `auditAction` in a route); services that run their own transaction call `auditAction(tx, ...)`.
 */
export function auditedChange<T>(
  db: Queryable,
  change: (tx: Queryable) => Promise<T>,
  entry: {
    actor: { userId: string; email: string };
    ip: string | null | undefined;
    event: AuditEvent;
    detail?: AuditDetail | ((result: Exclude<T, null | false>) => AuditDetail);
    /** whether the answer is a change worth an entry (default: anything but null and false) */
    when?: (result: Exclude<T, null | false>) => boolean;
  },
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await change(tx);
    if (result === null || result === false) return result;
    if (entry.when && !entry.when(result as Exclude<T, null | false>)) return result;
    const detail = typeof entry.detail === "function" ? entry.detail(result as Exclude<T, null | false>) : entry.detail;
    await auditAction(tx, entry.actor, entry.ip, entry.event, detail);
    return result;
  });
}
