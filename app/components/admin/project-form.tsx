/**
 * The project form (new and edit): customer (locked when the page was opened from a customer),
 * name, description, type, status, dates, the pricing model (fixed, hourly or phased, switched
 * by CSS alone so it works before and without JavaScript), phases, recurring fees and notes.
 * Add phase / Add fee / Remove are Conform intent buttons: without JavaScript they post and the
 * server re-renders the form with the list changed.
 */
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Lock, Plus, Trash2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { PageHeader } from "#app/components/admin/crm.tsx";
import { buttonClass, cx, Field, TextareaField } from "#app/components/admin/ui.tsx";
import { pricingModels, projectStatuses } from "#app/domain/enums.ts";
import { formatMoney, toCents } from "#app/domain/money.ts";
import {
  defaultPhaseName,
  pricingModelLabels,
  type projectFormDefaults,
  projectFormSchema,
  projectStatusLabels,
} from "#app/domain/projects.ts";

const selectClass =
  "h-10 w-full rounded-md border border-zinc-700 bg-zinc-950 px-3 text-sm text-zinc-100 focus-visible:border-[var(--color-accent)] disabled:opacity-70";
const inputClass =
  "h-10 w-full min-w-0 rounded-md border bg-zinc-950 px-3 text-sm text-zinc-100 placeholder:text-zinc-500 focus-visible:border-[var(--color-accent)]";

function withoutKey<T extends { key?: unknown }>(props: T): Omit<T, "key"> {
  const { key: _key, ...rest } = props;
  return rest;
}

/** Any field Conform hands out (the row inputs are strings in the browser). */
type AnyField = Parameters<typeof getInputProps>[0];

export type CustomerOption = { id: string; name: string; businessName: string | null };

/** A compact input inside a list row (phase, fee), labelled for screen readers. */
function RowInput({
  field,
  label,
  type = "text",
  money,
}: {
  field: AnyField;
  label: string;
  type?: "text" | "number";
  money?: boolean;
}) {
  const invalid = Boolean(field.errors?.length);
  return (
    <div className={cx("flex min-w-0 flex-col gap-1", money ? "w-32 shrink-0 sm:w-40" : "flex-1")}>
      <label htmlFor={field.id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        {money ? (
          <span
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-zinc-400"
          >
            $
          </span>
        ) : null}
        <input
          {...withoutKey(getInputProps(field, { type }))}
          {...(money ? { min: 0, step: "0.01", inputMode: "decimal" as const, placeholder: "0.00" } : {})}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? field.errorId : undefined}
          className={cx(inputClass, money && "pl-6", invalid ? "border-red-500" : "border-zinc-700")}
        />
      </div>
      {invalid ? (
        <p id={field.errorId} className="text-xs text-red-400">
          {field.errors?.[0]}
        </p>
      ) : null}
    </div>
  );
}

function MoneyField({
  field,
  label,
  step = "0.01",
  prefix = "$",
}: {
  field: AnyField;
  label: string;
  step?: string;
  prefix?: string;
}) {
  const invalid = Boolean(field.errors?.length);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={field.id} className="text-sm font-medium text-zinc-200">
        {label}
      </label>
      <div className="relative">
        {prefix ? (
          <span
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-zinc-400"
          >
            {prefix}
          </span>
        ) : null}
        <input
          {...withoutKey(getInputProps(field, { type: "number" }))}
          min={0}
          step={step}
          inputMode="decimal"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? field.errorId : undefined}
          className={cx(inputClass, prefix && "pl-6", invalid ? "border-red-500" : "border-zinc-700")}
        />
      </div>
      <p id={field.errorId} className="min-h-4 text-xs text-red-400" aria-live="polite">
        {field.errors?.[0] ?? ""}
      </p>
    </div>
  );
}

export function ProjectFormView({
  projectId,
  defaults,
  customers,
  lockedCustomer,
  lastResult,
  cancelHref,
}: {
  projectId: string | null;
  defaults: ReturnType<typeof projectFormDefaults>;
  customers: CustomerOption[];
  lockedCustomer: CustomerOption | null;
  lastResult?: SubmissionResult<string[]>;
  cancelHref: string;
}) {
  const [form, fields] = useForm({
    id: projectId ? `project-${projectId}` : "project-new",
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(projectFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: projectFormSchema }),
  });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("__intent__") === null;
  const phases = fields.phases.getFieldList();
  const fees = fields.recurring_fees.getFieldList();
  const phaseTotal = phases.reduce((sum, phase) => {
    const price = phase.getFieldset().price.value;
    return sum + (typeof price === "string" && price.trim() ? (toCents(price) ?? 0) : 0);
  }, 0);
  const currentModel = (fields.pricing_type.value ?? fields.pricing_type.initialValue ?? "fixed") as string;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <PageHeader
        title={projectId ? "Edit Project" : "New Project"}
        description="Customer and project name are required."
        back={{ href: cancelHref, label: "Back" }}
      />
      <Form method="post" {...getFormProps(form)} className="group/project flex flex-col gap-5">
        {form.errors?.length ? (
          <p role="alert" className="rounded-md border border-red-900 bg-red-950 px-3 py-2 text-sm text-red-100">
            {form.errors[0]}
          </p>
        ) : null}

        <fieldset className="grid gap-x-4 gap-y-1 rounded-lg border border-zinc-800 bg-zinc-900/40 p-5 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold text-zinc-200">Project</legend>
          <div className="flex flex-col gap-1.5 sm:col-span-2">
            <label htmlFor={fields.customer_id.id} className="text-sm font-medium text-zinc-200">
              Customer
            </label>
            {lockedCustomer ? (
              <>
                <input type="hidden" name={fields.customer_id.name} value={lockedCustomer.id} />
                <select
                  id={fields.customer_id.id}
                  disabled
                  value={lockedCustomer.id}
                  aria-describedby={`${fields.customer_id.id}-locked`}
                  className={selectClass}
                >
                  <option value={lockedCustomer.id}>
                    {lockedCustomer.name}
                    {lockedCustomer.businessName ? ` (${lockedCustomer.businessName})` : ""}
                  </option>
                </select>
                <p id={`${fields.customer_id.id}-locked`} className="flex items-center gap-1 text-xs text-zinc-400">
                  <Lock aria-hidden className="size-3" />
                  New project for this customer
                </p>
              </>
            ) : (
              <>
                <select
                  {...withoutKey(getSelectProps(fields.customer_id))}
                  aria-invalid={fields.customer_id.errors?.length ? true : undefined}
                  aria-describedby={fields.customer_id.errors?.length ? fields.customer_id.errorId : undefined}
                  className={cx(selectClass, Boolean(fields.customer_id.errors?.length) && "border-red-500")}
                >
                  <option value="">Select a customer</option>
                  {customers.map((customer) => (
                    <option key={customer.id} value={customer.id}>
                      {customer.name}
                      {customer.businessName ? ` (${customer.businessName})` : ""}
                    </option>
                  ))}
                </select>
                <p id={fields.customer_id.errorId} className="min-h-4 text-xs text-red-400" aria-live="polite">
                  {fields.customer_id.errors?.[0] ?? ""}
                </p>
              </>
            )}
          </div>
          <div className="sm:col-span-2">
            <Field
              label="Project Name"
              errors={fields.project_name.errors}
              errorId={fields.project_name.errorId}
              inputProps={{ ...getInputProps(fields.project_name, { type: "text" }), autoComplete: "off" }}
            />
          </div>
          <Field
            label="Project Type"
            errors={fields.project_type.errors}
            errorId={fields.project_type.errorId}
            inputProps={{
              ...getInputProps(fields.project_type, { type: "text" }),
              placeholder: "Website, web app, redesign…",
              autoComplete: "off",
            }}
          />
          <div className="flex flex-col gap-1.5">
            <label htmlFor={fields.status.id} className="text-sm font-medium text-zinc-200">
              Status
            </label>
            <select {...withoutKey(getSelectProps(fields.status))} className={selectClass}>
              {projectStatuses.map((status) => (
                <option key={status} value={status}>
                  {projectStatusLabels[status]}
                </option>
              ))}
            </select>
            <p className="min-h-4" />
          </div>
          <Field
            label="Start Date"
            errors={fields.start_date.errors}
            errorId={fields.start_date.errorId}
            inputProps={getInputProps(fields.start_date, { type: "date" })}
          />
          <Field
            label="End Date"
            errors={fields.end_date.errors}
            errorId={fields.end_date.errorId}
            inputProps={getInputProps(fields.end_date, { type: "date" })}
          />
          <TextareaField
            label="Description"
            errors={fields.description.errors}
            errorId={fields.description.errorId}
            textareaProps={withoutKey(getTextareaProps(fields.description))}
          />
        </fieldset>

        <fieldset className="flex flex-col gap-4 rounded-lg border border-zinc-800 bg-zinc-900/40 p-5">
          <legend className="px-1 text-sm font-semibold text-zinc-200">Pricing</legend>
          <div role="radiogroup" aria-label="Pricing model" className="grid grid-cols-3 gap-2">
            {pricingModels.map((model) => (
              <label
                key={model}
                className="flex cursor-pointer items-center justify-center gap-2 rounded-md border border-zinc-700 px-3 py-2 text-sm text-zinc-200 has-checked:border-[var(--color-accent)] has-checked:bg-zinc-800 has-focus-visible:outline-2 has-focus-visible:outline-[var(--color-accent)]"
              >
                <input
                  type="radio"
                  id={`pricing-${model}`}
                  name={fields.pricing_type.name}
                  value={model}
                  defaultChecked={currentModel === model}
                  className="accent-[var(--color-accent)]"
                />
                {pricingModelLabels[model]}
              </label>
            ))}
          </div>

          {/* shown by CSS from the checked radio: no script needed */}
          <div className="hidden group-has-[#pricing-fixed:checked]/project:block">
            <MoneyField field={fields.fixed_price} label="Fixed Price" />
          </div>

          <div className="hidden gap-x-4 group-has-[#pricing-hourly:checked]/project:grid sm:grid-cols-2">
            <MoneyField field={fields.hourly_rate} label="Hourly Rate" />
            <MoneyField field={fields.estimated_hours} label="Estimated Hours" step="0.5" prefix="" />
          </div>

          <div className="hidden flex-col gap-2 group-has-[#pricing-phased:checked]/project:flex">
            <h3 className="text-sm font-medium text-zinc-200">Phases</h3>
            <ol className="flex flex-col gap-2">
              {phases.map((phase, index) => {
                const phaseFields = phase.getFieldset();
                return (
                  <li key={phase.key} className="flex items-start gap-2" data-phase-row={index}>
                    <RowInput field={phaseFields.name} label={`Phase ${index + 1} name`} />
                    <RowInput field={phaseFields.price} label={`Phase ${index + 1} price`} type="number" money />
                    {phases.length > 1 ? (
                      <button
                        {...form.remove.getButtonProps({ name: fields.phases.name, index })}
                        className={buttonClass("ghost", "shrink-0", "icon")}
                        aria-label={`Remove phase ${index + 1}`}
                      >
                        <Trash2 aria-hidden className="size-4" />
                      </button>
                    ) : null}
                  </li>
                );
              })}
            </ol>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <button
                {...form.insert.getButtonProps({
                  name: fields.phases.name,
                  defaultValue: { name: defaultPhaseName(phases.length), price: "" },
                })}
                className={buttonClass("secondary", undefined, "sm")}
              >
                <Plus aria-hidden className="size-4" />
                Add phase
              </button>
              <p className="text-sm text-zinc-300">
                Total: <span className="font-semibold text-zinc-50 tabular-nums">{formatMoney(phaseTotal)}</span>
              </p>
            </div>
          </div>

          <div className="flex flex-col gap-2 border-t border-zinc-800 pt-4">
            <h3 className="text-sm font-medium text-zinc-200">Recurring Fees</h3>
            {fees.length === 0 ? (
              <p className="text-sm text-zinc-400">No recurring fees (hosting, maintenance…).</p>
            ) : null}
            <ol className="flex flex-col gap-2">
              {fees.map((fee, index) => {
                const feeFields = fee.getFieldset();
                return (
                  <li key={fee.key} className="flex items-start gap-2" data-fee-row={index}>
                    <RowInput field={feeFields.name} label={`Fee ${index + 1} name`} />
                    <RowInput field={feeFields.amount} label={`Fee ${index + 1} amount`} type="number" money />
                    <button
                      {...form.remove.getButtonProps({ name: fields.recurring_fees.name, index })}
                      className={buttonClass("ghost", "shrink-0", "icon")}
                      aria-label={`Remove fee ${index + 1}`}
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </button>
                  </li>
                );
              })}
            </ol>
            <div>
              <button
                {...form.insert.getButtonProps({
                  name: fields.recurring_fees.name,
                  defaultValue: { name: "", amount: "" },
                })}
                className={buttonClass("secondary", undefined, "sm")}
              >
                <Plus aria-hidden className="size-4" />
                Add fee
              </button>
            </div>
          </div>
        </fieldset>

        <div className="grid rounded-lg border border-zinc-800 bg-zinc-900/40 p-5">
          <TextareaField
            label="Notes"
            errors={fields.notes.errors}
            errorId={fields.notes.errorId}
            textareaProps={withoutKey(getTextareaProps(fields.notes))}
          />
        </div>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to={cancelHref} className={buttonClass("ghost")}>
            Cancel
          </Link>
          <button type="submit" className={buttonClass("primary")} disabled={busy}>
            {busy ? "Saving..." : projectId ? "Update Project" : "Create Project"}
          </button>
        </div>
      </Form>
    </div>
  );
}
