/**
 * /admin/automations/new and /admin/automations/{id}: one of the owner's own automations (ADR 0063). A name, the
 * trigger and its days, a minimum amount (invoices), the step (email the client, or a to-do) with its subject and
 * message, and "Wait for my approval". A placeholder the trigger does not offer is refused with its name; saved,
 * created and deleted are audited. Deleting cancels its pending runs with the reason.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import {
  automationRuleFormId,
  automationRuleFormSchema,
  automationRuleIntentSchema,
  customRuleKey,
  ruleMessages,
} from "#app/domain/automation-rules.ts";
import { automationMessages, automationsPath } from "#app/domain/automations.ts";
import { parseUuid } from "#app/domain/ids.ts";
import {
  createCustomRule,
  deleteCustomRule,
  getCustomRule,
  updateCustomRule,
} from "#app/models/automation-custom-rules.server.ts";
import { cancelRuleRuns } from "#app/models/automations.server.ts";
import { listCustomerOptions } from "#app/models/customers.server.ts";
import { badRequest, invalid, notFound, redirectWithToast } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { dryRunRule } from "#app/services/automation-custom.server.ts";
import type { Route } from "./+types/automation-rule";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: adminTitle(matches, loaderData?.rule ? loaderData.rule.name : "New automation") },
];

async function ruleOf(db: Parameters<typeof getCustomRule>[0], id: string | undefined) {
  if (id === undefined) return null;
  const uuid = parseUuid(id);
  const rule = uuid ? await getCustomRule(db, uuid) : null;
  if (!rule) notFound(ruleMessages.notFound);
  return rule;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = getApp(context).database.db;
  const rule = await ruleOf(db, params.id);
  const search = new URL(request.url).searchParams;
  const deleting = rule !== null && search.get("delete") === "1";
  // "Try it": what the saved rule would do for one customer (an inquiry rule: the newest new inquiries), sending nothing
  const tryParam = search.get("try");
  const tryCustomer = parseUuid(tryParam);
  const trial =
    rule && (tryCustomer || (tryParam !== null && rule.trigger === "inquiry_new"))
      ? { customerId: tryCustomer, items: await dryRunRule(db, rule, tryCustomer, new Date()) }
      : null;
  const customers = rule && rule.trigger !== "inquiry_new" ? await listCustomerOptions(db) : [];
  return { rule, deleting, trial, customers };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip } = getApp(context);
  const db = database.db;
  const rule = await ruleOf(db, params.id);
  const formData = await request.formData();
  const done = (message: string) => redirectWithToast(config, automationsPath, { type: "success", message });
  const intent = parseWithZod(formData, { schema: automationRuleIntentSchema });
  if (intent.status !== "success") badRequest(automationMessages.unknownAction);
  if (intent.value.intent === "delete") {
    if (!rule) notFound(ruleMessages.notFound);
    await auditedChange(
      db,
      async (tx) => {
        await cancelRuleRuns(tx, customRuleKey(rule.id), automationMessages.ruleDeleted, new Date());
        return deleteCustomRule(tx, rule.id);
      },
      { actor: session, ip, event: "automation_rule_deleted", detail: { name: rule.name } },
    );
    return done(ruleMessages.deleted(rule.name));
  }
  const submission = parseWithZod(formData, { schema: automationRuleFormSchema });
  if (submission.status !== "success") return invalid(submission, { form: automationRuleFormId });
  const form = submission.value;
  const detail = { name: form.name, trigger: form.trigger, days: String(form.days), step: form.step };
  if (rule) {
    await auditedChange(db, (tx) => updateCustomRule(tx, rule.id, form), {
      actor: session,
      ip,
      event: "automation_rule_saved",
      detail,
    });
    return done(ruleMessages.saved(form.name));
  }
  await auditedChange(db, (tx) => createCustomRule(tx, form), {
    actor: session,
    ip,
    event: "automation_rule_created",
    detail,
  });
  return done(ruleMessages.created(form.name));
}

// The page (its form, Conform and its schema) loads as a chunk of its own: the server renders it in place, and
// its form posts without JavaScript until the chunk is there.
const AutomationRulePage = splitComponent(() =>
  import("./automation-rule-page.tsx").then((module) => module.AutomationRuleEditor),
);

export default function AutomationRuleRoute(props: Route.ComponentProps) {
  return <AutomationRulePage {...props} />;
}
