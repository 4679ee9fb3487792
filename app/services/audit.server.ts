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
