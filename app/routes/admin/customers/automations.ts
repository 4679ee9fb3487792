/**
 * POST /admin/customers/{id}/automations: the customer page's "What happens next" card (ADR 0063). Pause or
 * Resume every automation of this customer, or Skip one run it lists (scheduled, or still to come) for good.
 * Goes back to the customer with a toast; audited.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { getApp } from "#app/context.server.ts";
import { customerAutomationActionSchema } from "#app/domain/automation-forms.ts";
import { automationMessages } from "#app/domain/automations.ts";
import { customerMessages } from "#app/domain/customers.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { setCustomerHeld } from "#app/models/automations.server.ts";
import { getCustomer } from "#app/models/customers.server.ts";
import { badRequest, notFound, redirectWithToast } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { automationHandlers } from "#app/services/automation-custom.server.ts";
import { skipCustomerRun } from "#app/services/automations.server.ts";
import type { Route } from "./+types/automations";

/** Nothing to show: the card lives on the customer's page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  notFound(customerMessages.notFound);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, logger, ip } = getApp(context);
  const id = parseUuid(params.id);
  const customer = id ? await getCustomer(database.db, id) : null;
  if (!id || !customer) notFound(customerMessages.notFound);
  const submission = parseWithZod(await request.formData(), { schema: customerAutomationActionSchema });
  if (submission.status !== "success") badRequest(automationMessages.unknownAction);
  const back = `/admin/customers/${id}`;
  const form = submission.value;
  if (form.intent === "skip") {
    const handlers = await automationHandlers({ db: database.db, config, logger });
    const run = {
      rule: form.rule,
      subjectType: form.subject_type,
      subjectId: form.subject_id,
      dueAt: new Date(form.due_at),
    };
    const skipped = await auditedChange(database.db, (tx) => skipCustomerRun(tx, handlers, id, run, new Date()), {
      actor: session,
      ip,
      event: "automation_run_skipped",
      when: (result) => result.ok,
      detail: (result) => ({ customer: customer.name, rule: form.rule, run: result.ok ? result.label : null }),
    });
    if (!skipped.ok)
      return redirectWithToast(config, back, {
        type: "error",
        message: skipped.message ?? automationMessages.notPending,
      });
    return redirectWithToast(config, back, { type: "success", message: automationMessages.runSkipped(skipped.label) });
  }
  const held = form.intent === "pause";
  await auditedChange(
    database.db,
    async (tx) => {
      await setCustomerHeld(tx, id, held);
      return true;
    },
    {
      actor: session,
      ip,
      event: held ? "automation_customer_paused" : "automation_customer_resumed",
      detail: { customer: customer.name },
    },
  );
  const message = held
    ? automationMessages.customerPaused(customer.name)
    : automationMessages.customerResumed(customer.name);
  return redirectWithToast(config, back, { type: "success", message });
}
