/**
 * The built-in automations (ADR 0063), each the rule of a job the studio ran before: the one list the maintenance
 * pass runs and the back office shows (app/domain/automations.ts names them).
 */
import type { RuleHandler } from "#app/services/automations.server.ts";
import { bookingReminderRule } from "#app/services/booking.server.ts";
import { paymentReminderRule, type SendDeps } from "#app/services/invoice-sending.server.ts";
import { retainerInvoiceRule } from "#app/services/retainers.server.ts";
import { expenseRecordingRule } from "#app/services/time-tracking.server.ts";

export function builtInHandlers(deps: SendDeps): RuleHandler[] {
  return [paymentReminderRule(deps), bookingReminderRule(deps), retainerInvoiceRule(deps), expenseRecordingRule()];
}
