/**
 * The "What happens next" card's actions (ADR 0063), for a customer's page and a project's alike: Pause or Resume
 * every automation of that customer or project, or Skip one run the card lists (scheduled, or still to come) for
 * good. Goes back to the page with a toast; audited with the customer's or project's name.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { getApp } from "#app/context.server.ts";
import { customerAutomationActionSchema } from "#app/domain/automation-forms.ts";
import { automationMessages } from "#app/domain/automations.ts";
import { setScopeHeld } from "#app/models/automations.server.ts";
import { badRequest, redirectWithToast } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { automationHandlers } from "#app/services/automation-custom.server.ts";
import { type NextScope, skipListedRun } from "#app/services/automations.server.ts";

export async function answerScopeAction(
  args: { request: Request; context: Parameters<typeof getApp>[0] },
  target: { scope: NextScope; name: string; back: string },
) {
  const session = await requireAdmin(args.request, args.context);
  const { config, database, logger, ip } = getApp(args.context);
  const submission = parseWithZod(await args.request.formData(), { schema: customerAutomationActionSchema });
  if (submission.status !== "success") badRequest(automationMessages.unknownAction);
  const { scope, name, back } = target;
  const form = submission.value;
  const of: Record<string, string> = scope.projectId ? { project: name } : { customer: name };
  if (form.intent === "skip") {
    const handlers = await automationHandlers({ db: database.db, config, logger });
    const run = {
      rule: form.rule,
      subjectType: form.subject_type,
      subjectId: form.subject_id,
      dueAt: new Date(form.due_at),
    };
    const skipped = await auditedChange(database.db, (tx) => skipListedRun(tx, handlers, scope, run, new Date()), {
      actor: session,
      ip,
      event: "automation_run_skipped",
      when: (result) => result.ok,
      detail: (result) => ({ ...of, rule: form.rule, run: result.ok ? result.label : null }),
    });
    if (!skipped.ok) {
      return redirectWithToast(config, back, {
        type: "error",
        message: skipped.message ?? automationMessages.notPending,
      });
    }
    return redirectWithToast(config, back, { type: "success", message: automationMessages.runSkipped(skipped.label) });
  }
  const held = form.intent === "pause";
  const heldScope = scope.projectId ? { projectId: scope.projectId } : { customerId: scope.customerId };
  await auditedChange(
    database.db,
    async (tx) => {
      await setScopeHeld(tx, heldScope, held);
      return true;
    },
    {
      actor: session,
      ip,
      event: scope.projectId
        ? held
          ? "automation_project_paused"
          : "automation_project_resumed"
        : held
          ? "automation_customer_paused"
          : "automation_customer_resumed",
      detail: of,
    },
  );
  const paused = scope.projectId ? automationMessages.projectPaused(name) : automationMessages.customerPaused(name);
  const message = held ? paused : automationMessages.customerResumed(name);
  return redirectWithToast(config, back, { type: "success", message });
}
