/**
 * The page of `automation-rule.tsx`, a chunk loaded on demand (its form, Conform and its schema): the route renders
 * it through `splitComponent`, so the server renders it in place and it works without JavaScript.
 */
import { Link, useActionData } from "react-router";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import {
  AdminForm,
  CheckboxField,
  FormError,
  MoneyField,
  NumberField,
  SelectField,
  TextareaField,
  TextField,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { type ActionFailure, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import {
  automationRuleFormId,
  automationRuleFormSchema,
  maxRuleDays,
  newRuleDefaults,
  offeredPlaceholders,
  type RuleTrigger,
  ruleSteps,
  ruleTriggers,
  ruleWhen,
  stepLabels,
  triggerDefinitions,
} from "#app/domain/automation-rules.ts";
import { automationsPath } from "#app/domain/automations.ts";
import type { Route } from "./+types/automation-rule";

const triggerOptions = ruleTriggers.map((value) => ({ value, label: triggerDefinitions[value].label }));
const stepOptions = ruleSteps.map((value) => ({ value, label: stepLabels[value] }));

export function AutomationRuleEditor({ loaderData }: Route.ComponentProps) {
  const { rule, deleting } = loaderData;
  const failure = useActionData() as ActionFailure | undefined;
  const path = rule ? `${automationsPath}/${rule.id}` : `${automationsPath}/new`;
  const [form, fields] = useAdminForm({
    id: automationRuleFormId,
    schema: automationRuleFormSchema,
    failure,
    defaultValue: rule
      ? {
          name: rule.name,
          trigger: rule.trigger,
          days: String(rule.days),
          min_amount: rule.minAmount ?? "",
          step: rule.step,
          subject: rule.subject,
          body: rule.body,
          approval: rule.approval ? "on" : "",
        }
      : newRuleDefaults,
  });
  const trigger = (
    ruleTriggers.includes(fields.trigger.value as RuleTrigger) ? fields.trigger.value : "proposal_unsigned"
  ) as RuleTrigger;
  const days = Number(fields.days.value);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <PageHeader
        title={rule ? rule.name : "New automation"}
        description="When something happens (or does not), the studio acts on its own: it mails the client or gives you a to-do. With approval on, each mail waits for you in the queue on the Automations page."
        back={{ href: automationsPath, label: "Back to Automations" }}
      >
        {rule ? (
          <Link to={`${path}?delete=1`} preventScrollReset className={buttonClass("secondary", { size: "sm" })}>
            Delete
          </Link>
        ) : null}
      </PageHeader>
      <AdminForm
        form={form}
        action={path}
        className="grid gap-x-4 gap-y-3 rounded-lg border border-zinc-800 bg-zinc-900/40 p-4 sm:grid-cols-2"
      >
        <FormError form={form} />
        <input type="hidden" name="intent" value="save" />
        <TextField meta={fields.name} label="Name" maxLength={100} wide />
        <SelectField meta={fields.trigger} label="When" options={triggerOptions} />
        <NumberField
          meta={fields.days}
          label="Days"
          min={triggerDefinitions[trigger].dated ? -maxRuleDays : 0}
          max={maxRuleDays}
          step={1}
          description={Number.isInteger(days) ? ruleWhen(trigger, days) : triggerDefinitions[trigger].when}
        />
        <MoneyField
          meta={fields.min_amount}
          label="Only when at least (optional)"
          description="Invoices only: the balance still owed."
        />
        <SelectField meta={fields.step} label="Then" options={stepOptions} />
        <TextField
          meta={fields.subject}
          label="Subject"
          maxLength={200}
          wide
          description="A to-do shows its subject in Notices."
        />
        <TextareaField meta={fields.body} label="Message" rows={8} maxLength={4000} wide />
        <div className="text-xs text-zinc-400 sm:col-span-2" data-placeholders>
          <p>This trigger offers:</p>
          <ul className="mt-1 grid gap-x-4 sm:grid-cols-2">
            {offeredPlaceholders(trigger).map((placeholder) => (
              <li key={placeholder.name}>
                <code className="text-zinc-200">{`{${placeholder.name}}`}</code> {placeholder.label}
              </li>
            ))}
          </ul>
          <p className="mt-1">Every mail ends with a link the client can use to stop these emails.</p>
        </div>
        <CheckboxField
          meta={fields.approval}
          label="Wait for my approval"
          description="Each mail waits in the queue until you approve, edit or skip it."
          wide
        />
        <div className="sm:col-span-2">
          <SubmitButton form={form.id} pendingLabel="Saving...">
            {rule ? "Save automation" : "Create automation"}
          </SubmitButton>
        </div>
      </AdminForm>
      {rule && deleting ? (
        <ConfirmDialog
          title="Delete automation"
          description={`Delete "${rule.name}"? What it scheduled and has not sent yet is cancelled. Its history stays.`}
          closeHref={path}
          action={path}
          intent="delete"
          fields={{}}
          confirm="Delete"
          pendingLabel="Deleting..."
        />
      ) : null}
    </div>
  );
}
