/**
 * The audit trail's one list of events (ADR 0027): each event the code may write, with its label on
 * the audit page; the filter's URL state; and a one-line summary of an entry's detail. An event
 * stored by an older version and no longer listed shows its raw name.
 */

import { parseUuid } from "#app/domain/ids.ts";

export const auditEventLabels = {
  session_revoked: "Session signed out",
  passkey_added: "Passkey added",
  passkey_removed: "Passkey removed",
  totp_enabled: "Two-factor turned on",
  totp_disabled: "Two-factor turned off",
  totp_failure: "Two-factor code refused",
  totp_blocked: "Two-factor blocked (too many attempts)",
  portfolio_item_created: "Portfolio item created",
  portfolio_item_updated: "Portfolio item edited",
  portfolio_item_moved: "Portfolio item moved",
  portfolio_item_published: "Portfolio item published",
  portfolio_item_unpublished: "Portfolio item unpublished",
  portfolio_item_deleted: "Portfolio item deleted",
  pricing_package_updated: "Pricing package edited",
  pricing_package_added: "Pricing package added",
  pricing_package_removed: "Pricing package removed",
  pricing_banner_updated: "Consultation banner edited",
  site_texts_updated: "Site texts edited",
  site_texts_reset: "Site texts reset to default",
  site_accent_updated: "Site accent colour changed",
  site_accent_reset: "Site accent colour reset to default",
  site_logo_updated: "Site logo uploaded",
  site_logo_reset: "Site logo reset to the site's own mark",
  testimonial_created: "Testimonial added",
  testimonial_requested: "Testimonial requested from the client",
  automation_paused: "Automation paused",
  automation_resumed: "Automation resumed",
  automation_customer_paused: "Automations paused for a customer",
  automation_customer_resumed: "Automations resumed for a customer",
  automation_project_paused: "Automations paused for a project",
  automation_project_resumed: "Automations resumed for a project",
  automation_run_skipped: "Automation run skipped",
  automation_run_approved: "Automation run approved",
  automation_rule_created: "Automation created",
  automation_rule_saved: "Automation edited",
  automation_rule_deleted: "Automation deleted",
  testimonial_updated: "Testimonial edited",
  testimonial_deleted: "Testimonial deleted",
  testimonial_featured: "Testimonial shown on the home page",
  testimonial_unfeatured: "Testimonial removed from the home page",
  invoice_sent: "Document emailed",
  invoice_links_revoked: "Client links revoked",
  invoice_link_created: "Client link created",
  estimate_accepted_by_client: "Estimate accepted by the client",
  estimate_declined_by_client: "Estimate declined by the client",
  signin_success: "Signed in",
  signin_failure: "Sign-in failed",
  signin_blocked: "Sign-in blocked (too many attempts)",
  reauth_failure: "Password re-check failed",
  reauth_blocked: "Password re-check blocked (too many attempts)",
  signout: "Signed out",
  password_reset_requested: "Password reset requested",
  password_reset_blocked: "Password reset blocked (too many requests)",
  password_reset_completed: "Password reset completed",
  password_changed: "Password changed",
  admin_setup_completed: "First admin set up",
  admin_setup_blocked: "Admin set-up blocked (too many attempts)",
  admin_created: "Account created from the command line",
  member_invited: "Team member invited",
  invitation_revoked: "Invitation revoked",
  invitation_accepted: "Invitation accepted",
  admin_granted: "Admin role granted",
  admin_revoked: "Admin role revoked",
  account_disabled: "Account disabled",
  account_enabled: "Account enabled",
  business_settings_saved: "Business settings saved",
  invoice_settings_saved: "Invoice settings saved",
  time_zone_saved: "Time zone saved",
  logo_saved: "Invoice logo uploaded",
  logo_removed: "Invoice logo removed",
  spam_deleted: "Suspected spam deleted",
  spam_restored: "Suspected spam restored to the inbox",
  submission_converted: "Inquiry converted to a customer",
  payment_recorded: "Payment recorded",
  payment_deleted: "Payment deleted",
  online_payment_received: "Online payment received",
  online_payment_refunded: "Online payment refunded",
  online_payment_disputed: "Online payment disputed",
  online_payment_dispute_closed: "Online payment dispute closed",
  online_payment_anomaly: "Online payment needs attention",
  online_payment_key_refused: "Stripe refused the secret key",
  payment_settings_saved: "Payment settings saved",
  estimate_accepted: "Estimate marked accepted",
  estimate_declined: "Estimate marked declined",
  estimate_converted: "Estimate converted to an invoice",
  recurring_invoice_created: "Invoice created from recurring fees",
  schedule_created: "Recurring invoices scheduled",
  schedule_updated: "Recurring schedule edited",
  schedule_paused: "Recurring schedule paused",
  schedule_resumed: "Recurring schedule resumed",
  schedule_ended: "Recurring schedule ended",
  retainer_invoice_made: "Invoice made by a recurring schedule",
  document_revised: "Document revised (a new version to send)",
  document_voided: "Document voided",
  draft_deleted: "Draft deleted",
  credit_note_issued: "Credit note issued",
  document_duplicated: "Document duplicated",
  contract_schedule_saved: "Contract schedule edited",
  contract_invoice_drawn: "Invoice drawn from a contract's schedule",
  credit_applied: "Customer credit applied to an invoice",
  credit_refunded: "Customer credit refunded",
  booking_cancelled: "Consultation cancelled by the studio",
  booking_moved: "Consultation moved by the studio",
  booking_settings_saved: "Booking availability saved",
  proposal_created: "Proposal created",
  proposal_settings_saved: "Proposal settings saved",
  proposal_saved: "Proposal saved",
  proposal_sent: "Proposal emailed",
  proposal_link_created: "Proposal link copied",
  proposal_revised: "Proposal revised",
  proposal_revoked: "Proposal revoked",
  proposal_deleted: "Proposal draft deleted",
  proposal_signed_by_client: "Proposal signed by the client",
  proposal_declined_by_client: "Proposal declined by the client",
  portal_link_sent: "Portal link emailed",
  portal_link_created: "Portal link copied",
  portal_links_revoked: "Portal links revoked",
  portal_link_requested: "Portal link requested by a client",
  customer_activated: "Customer became active",
  email_template_saved: "Email template edited",
  email_template_reset: "Email template reset to its default",
  email_style_saved: "Email colour saved",
  project_room_shown: "Project room shown in the portal",
  project_room_hidden: "Project room hidden from the portal",
  phase_added: "Phase added",
  phases_copied: "Phases added from the pricing",
  phase_saved: "Phase edited",
  phase_deleted: "Phase deleted",
  phase_approved: "Phase approved",
  checklist_item_added: "Checklist item added",
  checklist_item_done: "Checklist item ticked",
  checklist_item_reopened: "Checklist item unticked",
  checklist_item_deleted: "Checklist item deleted",
  deliverable_added: "Deliverable added",
  deliverable_version_posted: "Deliverable version posted",
  deliverable_viewed_by_client: "Deliverable viewed by the client",
  deliverable_approved_by_client: "Deliverable approved by the client",
  deliverable_changes_requested: "Changes requested by the client",
  deliverable_link_requested: "Deliverable link asked for again by a client",
  questionnaire_saved: "Questionnaire edited",
  questionnaire_sent: "Questionnaire sent",
  questionnaire_reopened: "Questionnaire reopened",
  questionnaire_links_revoked: "Questionnaire links revoked",
  review_accepted: "Proposed record change accepted",
  review_rejected: "Proposed record change rejected",
  timer_started: "Timer started",
  timer_stopped: "Timer stopped",
  time_entry_added: "Time logged",
  time_entry_changed: "Time entry edited",
  time_entry_deleted: "Time entry deleted",
  time_invoiced: "Unbilled time invoiced",
  rate_saved: "Rate saved",
  expense_added: "Expense added",
  recurring_expense_stopped: "Recurring expense stopped",
  hour_bank_saved: "Hour bank set",
  hour_bank_month_settled: "Month settled against the hour bank",
  room_hours_shown: "Hours shown in the client's portal",
  room_hours_hidden: "Hours hidden from the client's portal",
  expense_deleted: "Expense deleted",
} as const satisfies Record<string, string>;

/** Every event the code writes: the keys of the labels, so an event cannot be written without one. */
export type AuditEvent = keyof typeof auditEventLabels;

function isAuditEvent(event: string): event is AuditEvent {
  return Object.hasOwn(auditEventLabels, event);
}

export function auditEventLabel(event: string): string {
  return isAuditEvent(event) ? auditEventLabels[event] : event;
}

/** A detail object as one line: `key: value · key: value` (nested values as JSON), at most 300 characters. */
export function auditDetailSummary(detail: unknown): string {
  if (!detail || typeof detail !== "object" || Array.isArray(detail)) return "";
  const parts = Object.entries(detail as Record<string, unknown>).map(([key, value]) => {
    const text = value === null ? "none" : typeof value === "object" ? JSON.stringify(value) : String(value);
    return `${key.replaceAll("_", " ")}: ${text}`;
  });
  const line = parts.join(" · ");
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

export const auditPageSize = 50;

export type AuditQuery = {
  event: string | null;
  userId: string | null;
  before: { time: string; id: string } | null;
};

/** `?event=&user=&before=` with fallbacks: anything malformed is ignored, never an error. */
export function parseAuditQuery(params: URLSearchParams): AuditQuery {
  const event = params.get("event");
  const user = params.get("user");
  return {
    event: event && /^[a-z0-9_]{1,50}$/.test(event) ? event : null,
    userId: parseUuid(user),
    before: parseAuditCursor(params.get("before")),
  };
}

/** A cursor travels as `<ISO time to the microsecond>_<uuid>`. */
export function auditCursor(row: { cursorTime: string; id: string }): string {
  return `${row.cursorTime}_${row.id}`;
}

export function parseAuditCursor(value: string | null): { time: string; id: string } | null {
  if (!value) return null;
  const [time, id, extra] = value.split("_");
  const uuid = parseUuid(id);
  if (!time || !uuid || extra !== undefined) return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(time)) return null;
  return Number.isNaN(new Date(time).getTime()) ? null : { time, id: uuid };
}

export function auditHref(query: { event?: string | null; userId?: string | null; before?: string | null }): string {
  const params = new URLSearchParams();
  if (query.event) params.set("event", query.event);
  if (query.userId) params.set("user", query.userId);
  if (query.before) params.set("before", query.before);
  const search = params.toString();
  return search ? `/admin/audit?${search}` : "/admin/audit";
}
