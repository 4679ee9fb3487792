/**
 * The audit trail of security events (sign-in success and failure, resets, sign-out,
 * first-admin set-up). Time, user, email and IP; never passwords or tokens.
 */
import type { Queryable } from "#app/db/client.server.ts";
import { insertAuditEntry, listRecentAuditEntries } from "#app/models/audit-log.server.ts";

export const auditEvents = [
  "signin_success",
  "signin_failure",
  "signin_blocked",
  "signout",
  "password_reset_requested",
  "password_reset_blocked",
  "password_reset_completed",
  "password_changed",
  "admin_setup_completed",
  "admin_setup_blocked",
  "admin_created",
] as const;
export type AuditEvent = (typeof auditEvents)[number];

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

export const recentAuditEntries = listRecentAuditEntries;
