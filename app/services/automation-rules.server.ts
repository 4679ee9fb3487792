/**
 * The built-in automations (ADR 0063), each the rule of a job the studio ran before: the one list the maintenance
 * pass runs and the back office shows (app/domain/automations.ts names them).
 */
import type { AppContext } from "#app/context.server.ts";
import type { RuleHandler } from "#app/services/automations.server.ts";
import { bookingReminderRule } from "#app/services/booking.server.ts";

export function builtInHandlers(deps: { config: AppContext["config"] }): RuleHandler[] {
  return [bookingReminderRule(deps)];
}
