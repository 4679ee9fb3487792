/**
 * The project form (new and edit), built with the admin form kit: customer (locked when the
 * page was opened from a customer), name, type, status, dates, description, the pricing model
 * (fixed, hourly or phased; the sections are switched by CSS from the checked radio, so this
 * works before and without JavaScript), phases, recurring fees and notes.
 * Add phase / Add fee / Remove are Conform intent buttons: without JavaScript they post and
 * the server answers with the form re-rendered, the list changed and nothing saved.
 */
import { Link } from "react-router";
import {
  AdminForm,
  DateField,
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
import { Icon } from "#app/components/icons.tsx";
import { pricingModelLabels, pricingModels, projectStatuses, projectStatusLabels } from "#app/domain/enums.ts";
import { formatMoney, toCents } from "#app/domain/money.ts";
import { projectFormSchema } from "#app/domain/project-form.ts";
import { defaultPhaseName, type projectFormDefaults } from "#app/domain/projects.ts";

export type CustomerOption = { id: string; name: string; businessName: string | null };

const statusOptions = projectStatuses.map((status) => ({ value: status, label: projectStatusLabels[status] }));
const customerLabel = (customer: CustomerOption) =>
  customer.businessName ? `${customer.name} (${customer.businessName})` : customer.name;
const section = "rounded-lg border border-zinc-800 bg-zinc-900/40 p-5 pt-3";

export function projectFormId(projectId: string | null) {
  return projectId ? `project-${projectId}` : "project-new";
}

export function ProjectFormView({
  projectId,
  defaults,
  customers,
  lockedCustomer,
  failure,
  cancelHref,
}: {
  projectId: string | null;
  defaults: ReturnType<typeof projectFormDefaults>;
  customers: CustomerOption[];
  lockedCustomer: CustomerOption | null;
  failure?: ActionFailure;
  cancelHref: string;
}) {
  const [form, fields] = useAdminForm({
    id: projectFormId(projectId),
    schema: projectFormSchema,
    failure,
    defaultValue: defaults,
  });
  const phases = fields.phases.getFieldList();
  const fees = fields.recurring_fees.getFieldList();
  const phaseTotal = phases.reduce((sum, phase) => {
    const price = phase.getFieldset().price.value;
    return sum + (typeof price === "string" && price.trim() ? (toCents(price) ?? 0) : 0);
  }, 0);
  const model = String(fields.pricing_type.value ?? fields.pricing_type.initialValue ?? "fixed");
  const customerOptions = (lockedCustomer ? [lockedCustomer] : customers).map((customer) => ({
    value: customer.id,
    label: customerLabel(customer),
  }));

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <PageHeader
        title={projectId ? "Edit Project" : "New Project"}
        description="Customer and project name are required."
        back={{ href: cancelHref, label: "Back" }}
      />
      <AdminForm form={form} className="group/project flex flex-col gap-5">
        <FormError form={form} />

        <fieldset className={`grid gap-x-4 sm:grid-cols-2 ${section}`}>
          <legend className="px-1 text-sm font-semibold text-zinc-200">Project</legend>
          {lockedCustomer ? (
            <>
              {/* a disabled select is not posted: the hidden input carries the locked customer */}
              <input type="hidden" name={fields.customer_id.name} value={lockedCustomer.id} />
              <SelectField
                meta={fields.customer_id}
                label="Customer"
                options={customerOptions}
                disabled
                wide
                description={
                  <span className="inline-flex items-center gap-1">
                    <Icon name="lock" aria-hidden className="size-3" />
                    New project for this customer
                  </span>
                }
              />
            </>
          ) : (
            <SelectField
              meta={fields.customer_id}
              label="Customer"
              options={customerOptions}
              placeholder="Select a customer"
              wide
            />
          )}
          <TextField meta={fields.project_name} label="Project Name" wide autoComplete="off" />
          <TextField
            meta={fields.project_type}
            label="Project Type"
            placeholder="Website, web app, redesign…"
            autoComplete="off"
          />
          <SelectField meta={fields.status} label="Status" options={statusOptions} />
          <DateField meta={fields.start_date} label="Start Date" />
          <DateField meta={fields.end_date} label="End Date" />
          <TextareaField meta={fields.description} label="Description" />
        </fieldset>

        <fieldset className={`flex flex-col gap-4 ${section} pt-4`}>
          <legend className="px-1 text-sm font-semibold text-zinc-200">Pricing</legend>
          <div role="radiogroup" aria-label="Pricing model" className="grid grid-cols-3 gap-2">
            {pricingModels.map((option) => (
              <label
                key={option}
                className="flex cursor-pointer items-center justify-center gap-2 rounded-md border border-zinc-700 px-2 py-2 text-center text-sm text-zinc-200 has-checked:border-[var(--color-accent)] has-checked:bg-zinc-800 has-focus-visible:outline-2 has-focus-visible:outline-[var(--color-accent)]"
              >
                <input
                  type="radio"
                  id={`pricing-${option}`}
                  name={fields.pricing_type.name}
                  value={option}
                  defaultChecked={model === option}
                  className="accent-[var(--color-accent)]"
                />
                {pricingModelLabels[option]}
              </label>
            ))}
          </div>

          {/* shown by CSS from the checked radio: no script needed */}
          <div data-pricing="fixed" className="hidden group-has-[#pricing-fixed:checked]/project:block">
            <MoneyField meta={fields.fixed_price} label="Fixed Price" className="sm:max-w-xs" />
          </div>

          <div
            data-pricing="hourly"
            className="hidden gap-x-4 group-has-[#pricing-hourly:checked]/project:grid sm:grid-cols-2"
          >
            <MoneyField meta={fields.hourly_rate} label="Hourly Rate" />
            <NumberField meta={fields.estimated_hours} label="Estimated Hours" min={0} step={0.5} />
          </div>

          <div data-pricing="phased" className="hidden flex-col gap-2 group-has-[#pricing-phased:checked]/project:flex">
            <h3 className="text-sm font-medium text-zinc-200">Phases</h3>
            <ol className="flex flex-col">
              {phases.map((phase, index) => {
                const phaseFields = phase.getFieldset();
                return (
                  <li
                    key={phase.key}
                    data-phase-row={index}
                    className="flex flex-wrap items-start gap-x-2 sm:flex-nowrap"
                  >
                    <TextField
                      meta={phaseFields.name}
                      label={`Phase ${index + 1} name`}
                      className="w-full sm:w-auto sm:flex-1"
                    />
                    <MoneyField
                      meta={phaseFields.price}
                      label={
                        <>
                          Price<span className="sr-only"> of phase {index + 1}</span>
                        </>
                      }
                      className="w-32 sm:w-40"
                    />
                    <NumberField
                      meta={phaseFields.hours}
                      label={
                        <>
                          Hours<span className="sr-only"> of phase {index + 1}</span>
                        </>
                      }
                      min={0}
                      step={0.5}
                      className="w-24 sm:w-28"
                    />
                    {phases.length > 1 ? (
                      <button
                        {...form.remove.getButtonProps({ name: fields.phases.name, index })}
                        className={buttonClass("ghost", { size: "icon", className: "mt-7 shrink-0" })}
                        aria-label={`Remove phase ${index + 1}`}
                      >
                        <Icon name="trash-2" aria-hidden className="size-4" />
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
                  defaultValue: { name: defaultPhaseName(phases.length), price: "", hours: "" },
                })}
                className={buttonClass("secondary", { size: "sm" })}
              >
                <Icon name="plus" aria-hidden className="size-4" />
                Add phase
              </button>
              <p className="text-sm text-zinc-300" aria-live="polite">
                Total: <span className="font-semibold text-zinc-50 tabular-nums">{formatMoney(phaseTotal)}</span>
              </p>
            </div>
          </div>

          <div className="flex flex-col gap-2 border-t border-zinc-800 pt-4">
            <h3 className="text-sm font-medium text-zinc-200">Recurring Fees</h3>
            {fees.length === 0 ? (
              <p className="text-sm text-zinc-400">No recurring fees (hosting, maintenance…).</p>
            ) : null}
            <ol className="flex flex-col">
              {fees.map((fee, index) => {
                const feeFields = fee.getFieldset();
                return (
                  <li key={fee.key} data-fee-row={index} className="flex items-start gap-2">
                    <TextField meta={feeFields.name} label={`Fee ${index + 1} name`} className="flex-1" />
                    <MoneyField
                      meta={feeFields.amount}
                      label={
                        <>
                          Amount<span className="sr-only"> of fee {index + 1}</span>
                        </>
                      }
                      className="w-32 sm:w-40"
                    />
                    <button
                      {...form.remove.getButtonProps({ name: fields.recurring_fees.name, index })}
                      className={buttonClass("ghost", { size: "icon", className: "mt-7 shrink-0" })}
                      aria-label={`Remove fee ${index + 1}`}
                    >
                      <Icon name="trash-2" aria-hidden className="size-4" />
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
                className={buttonClass("secondary", { size: "sm" })}
              >
                <Icon name="plus" aria-hidden className="size-4" />
                Add fee
              </button>
            </div>
          </div>
        </fieldset>

        <div className={`grid ${section}`}>
          <TextareaField meta={fields.notes} label="Notes" />
        </div>

        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Link to={cancelHref} className={buttonClass("ghost")}>
            Cancel
          </Link>
          <SubmitButton>{projectId ? "Update Project" : "Create Project"}</SubmitButton>
        </div>
      </AdminForm>
    </div>
  );
}
