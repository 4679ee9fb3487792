/**
 * The audit trail: security events (sign-in success and failure, resets, sign-out, first-admin
 * set-up, the team) and the owner's consequential actions (settings saves, deletions,
 * conversions, sends). Time, user, email, IP and a small detail; never passwords or tokens.
 * Append-only (ADR 0027). Labels for the audit page: app/domain/audit.ts.
 */
import type { Queryable } from "#app/db/client.server.ts";
import { insertAuditEntry } from "#app/models/audit-log.server.ts";

const auditEvents = [
  "signin_success",
  "signin_failure",
  "signin_blocked",
  "reauth_failure",
  "reauth_blocked",
  "signout",
  "password_reset_requested",
  "password_reset_blocked",
  "password_reset_completed",
  "password_changed",
  "admin_setup_completed",
  "admin_setup_blocked",
  "admin_created",
  // the team (ADR 0026)
  "member_invited",
  "invitation_revoked",
  "invitation_accepted",
  "admin_granted",
  "admin_revoked",
  "account_disabled",
  "account_enabled",
  // the back office's consequential actions (ADR 0027)
  "business_settings_saved",
  "invoice_settings_saved",
  "logo_saved",
  "logo_removed",
  "spam_deleted",
  "spam_restored",
  "submission_converted",
  // sessions and two-factor (issue 15)
  "session_revoked",
  "totp_enabled",
  "totp_disabled",
  "totp_failure",
  "totp_blocked",
  "passkey_added",
  "passkey_removed",
  // the public site's content (issue 16)
  "portfolio_item_created",
  "portfolio_item_updated",
  "portfolio_item_moved",
  "portfolio_item_published",
  "portfolio_item_unpublished",
  "portfolio_item_deleted",
  "pricing_package_updated",
  "pricing_package_added",
  "pricing_package_removed",
  "pricing_banner_updated",
  // getting paid (issue 13)
  "invoice_sent",
  "invoice_links_revoked",
  "estimate_accepted_by_client",
  "estimate_declined_by_client",
  "payment_recorded",
  "payment_deleted",
  "estimate_accepted",
  "estimate_declined",
  "estimate_converted",
  "recurring_invoice_created",
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
