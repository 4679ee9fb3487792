/**
 * The page of `automation-rule.tsx`, a chunk loaded on demand (its form, Conform and its schema): the route renders
 * it through `splitComponent`, so the server renders it in place and it works without JavaScript.
 */
import { Form, Link, useActionData } from "react-router";
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
import { type ActionFailure, inputClass, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import {
  automationRuleFormId,
  automationRuleFormSchema,
  conditionChoices,
  dryRunVerdicts,
  maxRuleDays,
  newRuleDefaults,
  offeredPlaceholders,
  type RuleCondition,
  type RuleTrigger,
  ruleSteps,
  ruleTriggers,
  ruleWhen,
  stepLabels,
  stepsOf,
  stepWritesItsOwnMail,
  triggerDefinitions,
} from "#app/domain/automation-rules.ts";
import { automationMessages, automationsPath } from "#app/domain/automations.ts";
import { formatDateTime } from "#app/domain/dates.ts";
import type { Route } from "./+types/automation-rule";

const triggerOptions = ruleTriggers.map((value) => ({ value, label: triggerDefinitions[value].label }));

export function AutomationRuleEditor({ loaderData }: Route.ComponentProps) {
  const { rule, deleting, trial, customers } = loaderData;
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
          customer_status: rule.customerStatus ?? "",
          project_type: rule.projectType ?? "",
          budget_range: rule.budgetRange ?? "",
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
  // the conditions the chosen trigger can be narrowed by (without JavaScript: the saved or default trigger's)
  const offers = (condition: RuleCondition) => triggerDefinitions[trigger].conditions.includes(condition);
  // the steps it offers (and the one chosen, so a saved choice stays visible until the trigger is saved too)
  const chosenStep = ruleSteps.find((step) => step === fields.step.value);
  const steps = [...new Set([...stepsOf(trigger), ...(chosenStep ? [chosenStep] : [])])];
  const ownMail = chosenStep !== undefined && stepWritesItsOwnMail(chosenStep);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <PageHeader
        title={rule ? rule.name : "New automation"}
        description="When something happens (or does not), the studio acts on its own: it mails the client, gives you a to-do, or asks the client for a testimonial. With approval on, each step waits for you in the queue on the Automations page."
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
        {offers("customer_status") ? (
          <SelectField
            meta={fields.customer_status}
            label="Only for customers who are"
            placeholder="Any"
            options={conditionChoices.customer_status}
          />
        ) : null}
        {offers("min_amount") ? (
          <MoneyField
            meta={fields.min_amount}
            label="Only when at least (optional)"
            description={triggerDefinitions[trigger].amount?.help}
          />
        ) : null}
        {offers("project_type") ? (
          <SelectField
            meta={fields.project_type}
            label="Only for inquiries about"
            placeholder="Any"
            options={conditionChoices.project_type}
          />
        ) : null}
        {offers("budget_range") ? (
          <SelectField
            meta={fields.budget_range}
            label="Only for a budget of"
            placeholder="Any"
            options={conditionChoices.budget_range}
          />
        ) : null}
        <SelectField
          meta={fields.step}
          label="Then"
          options={steps.map((value) => ({ value, label: stepLabels[value] }))}
        />
        {ownMail ? (
          <p className="text-sm text-zinc-300 sm:col-span-2" data-own-mail>
            {automationMessages.testimonialStep}
          </p>
        ) : (
          <>
            <TextField
              meta={fields.subject}
              label="Subject"
              maxLength={200}
              wide
              description="A to-do shows its subject in Notices."
            />
            <TextareaField meta={fields.body} label="Message" rows={8} maxLength={4000} wide />
          </>
        )}
        <div className="text-xs text-zinc-400 sm:col-span-2" data-placeholders hidden={ownMail}>
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
      {rule ? <TryIt path={path} trigger={rule.trigger} customers={customers} trial={trial} /> : null}
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

type Data = Route.ComponentProps["loaderData"];

/** "Try it": what the saved automation would do for one customer, sending nothing (a GET form: no JavaScript needed). */
function TryIt({
  path,
  trigger,
  customers,
  trial,
}: {
  path: string;
  trigger: RuleTrigger;
  customers: Data["customers"];
  trial: Data["trial"];
}) {
  return (
    <section
      aria-labelledby="try-it-title"
      className="flex flex-col gap-3 rounded-lg border border-zinc-800 bg-zinc-900/40 p-4"
      data-try-it
    >
      <h2 id="try-it-title" className="text-base font-semibold text-zinc-50">
        Try it without sending
      </h2>
      <p className="text-sm text-zinc-400">
        What the saved automation would do, with each mail as it would read. Nothing is sent or scheduled.
      </p>
      {trigger === "inquiry_new" ? (
        <Link
          to={`${path}?try=inquiries`}
          className={buttonClass("secondary", { size: "sm", className: "self-start" })}
        >
          Try it on the newest inquiries
        </Link>
      ) : (
        <Form method="get" action={path} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <label htmlFor="try-customer" className="text-sm font-medium text-zinc-200">
              Customer
            </label>
            <select
              id="try-customer"
              name="try"
              defaultValue={trial?.customerId ?? ""}
              className={inputClass()}
              required
            >
              <option value="">Choose a customer</option>
              {customers.map((customer) => (
                <option key={customer.id} value={customer.id}>
                  {customer.businessName ? `${customer.name} · ${customer.businessName}` : customer.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClass("secondary")}>
            Try it
          </button>
        </Form>
      )}
      <div role="status">
        {trial ? (
          trial.items.length === 0 ? (
            <p className="text-sm text-zinc-300">Nothing: no record of this customer meets the trigger now.</p>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="What it would do">
              {trial.items.map((item) => (
                <li
                  key={`${item.subjectLabel}|${new Date(item.dueAt).toISOString()}`}
                  className="flex flex-col gap-1 rounded-md border border-zinc-800 bg-zinc-950/60 p-3 text-sm"
                  data-trial-item={item.subjectLabel}
                  data-verdict={item.verdict}
                >
                  <span className="[overflow-wrap:anywhere]">{item.subjectLabel}</span>
                  <span className="text-zinc-400">
                    {formatDateTime(new Date(item.dueAt))}: {dryRunVerdicts[item.verdict]}
                  </span>
                  <span className="text-zinc-300 [overflow-wrap:anywhere]">To: {item.to}</span>
                  <span className="font-medium [overflow-wrap:anywhere]">{item.subject}</span>
                  <span className="whitespace-pre-line text-zinc-300 [overflow-wrap:anywhere]">{item.body}</span>
                </li>
              ))}
            </ul>
          )
        ) : null}
      </div>
    </section>
  );
}
