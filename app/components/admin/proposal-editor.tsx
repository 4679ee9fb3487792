/**
 * The proposal editor (a new proposal or a draft): customer and project, the texts, the Packages
 * (one or more tiers, the client chooses one) and the Add-ons (zero or more), each with its lines,
 * the agreement, the expiry, the tax rate and the deposit, in one Conform form. Without JavaScript
 * every button posts (Add line, Add package and the removes come back re-rendered from the server);
 * with it they act in place and the totals follow every keystroke (the money module's one
 * calculation). Enter in a one-line field saves nothing (the invoice editor's rule).
 */

import type { FieldMetadata } from "@conform-to/react";
import { Link, useFetcher } from "react-router";
import {
  AdminForm,
  DateField,
  FormError,
  ListError,
  MoneyField,
  NumberField,
  ReloadChoicesButton,
  SelectField,
  TextareaField,
  TextField,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { type ActionFailure, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { LineItemRows } from "#app/components/admin/line-items.tsx";
import { buttonClass, Card } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import { type EditorLine, emptyLine } from "#app/domain/invoice-form.ts";
import { limits } from "#app/domain/limits.ts";
import { formatMoney } from "#app/domain/money.ts";
import { previewDeposit, previewOption } from "#app/domain/proposal-pages.ts";
import { type EditorOption, emptyOption, proposalFormSchema } from "#app/domain/proposals.ts";

export type ProposalEditorValues = {
  customer_id: string;
  project_id: string;
  questionnaire_id: string;
  title: string;
  introduction: string;
  scope: string;
  tiers: EditorOption[];
  addons: EditorOption[];
  agreement: string;
  expires_on: string;
  tax_rate: string;
  deposit_kind: "percent" | "amount";
  deposit_value: string;
};
export type ProposalEditorCustomer = { id: string; name: string; businessName: string | null };
export type ProposalEditorProject = { id: string; projectName: string };

const formId = "proposal-editor";

type OptionsMeta = FieldMetadata<EditorOption[], ProposalEditorValues, string[]>;
type FormMeta = ReturnType<typeof useAdminForm<typeof proposalFormSchema>>[0];

export function ProposalEditor({
  mode,
  proposalNumber,
  proposalId,
  defaultValue,
  customers,
  projects: initialProjects,
  questionnaires,
  lockedCustomer,
  failure,
  action,
  canDelete,
}: {
  mode: "new" | "edit";
  proposalNumber: string | null;
  proposalId: string | null;
  defaultValue: ProposalEditorValues;
  customers: ProposalEditorCustomer[];
  projects: ProposalEditorProject[];
  /** the questionnaires one can be sent on signing */
  questionnaires: readonly { id: string; name: string }[];
  /** a proposal started from a project: its customer, fixed */
  lockedCustomer: ProposalEditorCustomer | null;
  failure?: ActionFailure | null;
  action: string;
  /** a draft never sent may be deleted */
  canDelete: boolean;
}) {
  const [form, fields] = useAdminForm({ id: formId, schema: proposalFormSchema, failure, defaultValue });
  const projectFetcher = useFetcher<{ projects: ProposalEditorProject[] }>();
  const projects =
    projectFetcher.state === "idle" && projectFetcher.data ? projectFetcher.data.projects : initialProjects;
  const values = (form.value ?? {}) as Partial<Record<keyof ProposalEditorValues, unknown>>;
  const customerId = typeof values.customer_id === "string" ? values.customer_id : "";
  const depositKind = values.deposit_kind === "amount" ? "amount" : "percent";
  // the schema reads the lists leniently (preprocess), so its input type is unknown: name their shape here
  const tiersField = fields.tiers as unknown as OptionsMeta;
  const addonsField = fields.addons as unknown as OptionsMeta;

  function onCustomerChange(id: string) {
    form.update({ name: fields.project_id.name, value: "" });
    if (id) void projectFetcher.load(`/admin/invoices/project-choices?customer_id=${encodeURIComponent(id)}`);
  }

  return (
    <AdminForm form={form} action={action} enterSaves={false} className="mx-auto flex max-w-5xl flex-col gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/admin/proposals" className={buttonClass("ghost", { size: "icon" })} aria-label="Back to proposals">
          <Icon name="arrow-left" aria-hidden className="size-5" />
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-semibold tracking-tight">{mode === "new" ? "New Proposal" : "Edit Proposal"}</h1>
          {proposalNumber ? <p className="font-mono text-sm text-zinc-400">{proposalNumber} · Draft</p> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {proposalId ? (
            <a
              href={`/admin/proposals/${proposalId}.pdf`}
              target="_blank"
              rel="noopener"
              className={buttonClass("secondary")}
            >
              <Icon name="file-down" aria-hidden className="size-4" />
              PDF
            </a>
          ) : null}
          {proposalId && canDelete ? (
            <Link
              to={`/admin/proposals/${proposalId}?dialog=delete`}
              preventScrollReset
              className={buttonClass("secondary")}
              data-proposal-action="delete"
            >
              <Icon name="trash-2" aria-hidden className="size-4" />
              Delete Draft
            </Link>
          ) : null}
          <SubmitButton intent="draft" action={action} variant="secondary">
            Save as Draft
          </SubmitButton>
          <SubmitButton intent="send" action={action}>
            <Icon name="send" aria-hidden className="size-4" />
            Save &amp; Send
          </SubmitButton>
        </div>
      </div>
      <FormError form={form} />

      <Card title="Proposal">
        <div className="grid gap-x-4 sm:grid-cols-2">
          {lockedCustomer ? (
            <div className="flex flex-col gap-1.5 pb-5">
              <span className="text-sm font-medium text-zinc-200">Customer</span>
              <input type="hidden" name={fields.customer_id.name} value={lockedCustomer.id} />
              <p className="flex h-10 items-center text-sm text-zinc-100" data-locked-customer>
                {customerLabel(lockedCustomer)}
              </p>
            </div>
          ) : (
            <SelectField
              meta={fields.customer_id}
              label="Customer"
              placeholder="Select a customer"
              options={customers.map((customer) => ({ value: customer.id, label: customerLabel(customer) }))}
              onChange={(event) => onCustomerChange(event.target.value)}
            />
          )}
          <div>
            <SelectField
              key={`${fields.project_id.key}-${customerId}`}
              meta={fields.project_id}
              label="Project (optional)"
              placeholder="None"
              options={projects.map((project) => ({ value: project.id, label: project.projectName }))}
              disabled={!customerId && !lockedCustomer}
            />
            {lockedCustomer ? null : (
              <ReloadChoicesButton form={form} name={fields.customer_id.name}>
                Load projects
              </ReloadChoicesButton>
            )}
          </div>
          <SelectField
            meta={fields.questionnaire_id}
            label="Questionnaire sent on signing"
            description="None: the chosen package's own questionnaire, when Pricing gives it one"
            placeholder="None"
            options={questionnaires.map((item) => ({ value: item.id, label: item.name }))}
          />
          <TextField meta={fields.title} label="Title" maxLength={limits.projectName} wide />
          <TextareaField meta={fields.introduction} label="Introduction" maxLength={limits.longText} rows={3} />
          <TextareaField meta={fields.scope} label="Scope" maxLength={limits.longText} rows={4} />
        </div>
      </Card>

      <OptionsCard
        title="Packages"
        description="The client chooses one package."
        kind="package"
        field={tiersField}
        form={form}
        values={values.tiers}
        minimum={1}
        formValues={values}
      />
      <OptionsCard
        title="Add-ons"
        description="Optional extras the client may add to any package."
        kind="add-on"
        field={addonsField}
        form={form}
        values={values.addons}
        minimum={0}
        formValues={values}
      />

      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card title="Agreement">
          <TextareaField
            meta={fields.agreement}
            label="Agreement the client signs"
            maxLength={limits.agreement}
            rows={10}
          />
        </Card>
        <Card title="Terms">
          <DateField meta={fields.expires_on} label="Valid until" lang="en-US" />
          <NumberField meta={fields.tax_rate} label="Tax Rate (%)" min={0} max={100} step={0.01} />
          <SelectField
            meta={fields.deposit_kind}
            label="Deposit"
            options={[
              { value: "percent", label: "Percent of the total" },
              { value: "amount", label: "Fixed amount" },
            ]}
          />
          {depositKind === "percent" ? (
            <NumberField
              key="deposit-percent"
              meta={fields.deposit_value}
              label="Deposit (%)"
              min={0}
              max={100}
              step={0.01}
            />
          ) : (
            <MoneyField key="deposit-amount" meta={fields.deposit_value} label="Deposit ($)" />
          )}
        </Card>
      </div>
    </AdminForm>
  );
}

function customerLabel(customer: ProposalEditorCustomer) {
  return customer.businessName ? `${customer.name} (${customer.businessName})` : customer.name;
}

/** Packages or add-ons: each option a name, a description and its lines, with its live total. */
function OptionsCard({
  title,
  description,
  kind,
  field,
  form,
  values,
  minimum,
  formValues,
}: {
  title: string;
  description: string;
  kind: "package" | "add-on";
  field: OptionsMeta;
  form: FormMeta;
  values: unknown;
  minimum: number;
  formValues: Partial<Record<keyof ProposalEditorValues, unknown>>;
}) {
  const options = field.getFieldList();
  const raw = Array.isArray(values) ? values : [];
  const Kind = kind === "package" ? "Package" : "Add-on";
  return (
    <Card title={title}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-zinc-400">{description}</p>
        {options.length === 0 ? <p className="text-sm text-zinc-400">No {kind}s.</p> : null}
        <ol className="flex flex-col gap-4">
          {options.map((option, index) => {
            const set = option.getFieldset();
            const n = index + 1;
            const preview = previewOption(raw[index]);
            const linesField = set.lines as unknown as FieldMetadata<EditorLine[], ProposalEditorValues, string[]>;
            const _lines = linesField.getFieldList();
            return (
              <li
                key={option.key}
                data-option={`${kind}-${index}`}
                className="rounded-lg border border-zinc-800 bg-zinc-950/40 p-4"
              >
                <div className="mb-2 flex items-center justify-between gap-3">
                  <h3 className="text-sm font-semibold text-zinc-100">
                    {Kind} {n}
                  </h3>
                  {options.length > minimum ? (
                    <button
                      {...form.remove.getButtonProps({ name: field.name, index })}
                      className={buttonClass("ghost", { size: "sm", className: "text-zinc-400 hover:text-red-300" })}
                      aria-label={`Remove ${kind} ${n}`}
                    >
                      <Icon name="trash-2" aria-hidden className="size-4" />
                      Remove {kind}
                    </button>
                  ) : null}
                </div>
                <div className="grid gap-x-4 sm:grid-cols-2">
                  <TextField
                    key={set.name.key}
                    meta={set.name}
                    label={`${Kind} ${n} name`}
                    maxLength={limits.optionName}
                  />
                  <TextareaField
                    key={set.description.key}
                    meta={set.description}
                    label={`${Kind} ${n} description`}
                    maxLength={limits.longText}
                    rows={2}
                    wide={false}
                  />
                </div>
                <LineItemRows
                  field={linesField}
                  lineTotals={preview.lineTotals}
                  lineName={(m) => `${kind} ${n} line ${m}`}
                  removeLabel={(m) => `Remove line ${m} of ${kind} ${n}`}
                  removeButton={(lineIndex) => form.remove.getButtonProps({ name: linesField.name, index: lineIndex })}
                />
                <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
                  <button
                    {...form.insert.getButtonProps({ name: linesField.name, defaultValue: emptyLine })}
                    className={buttonClass("secondary", { size: "sm" })}
                    aria-label={`Add line to ${kind} ${n}`}
                  >
                    <Icon name="plus" aria-hidden className="size-4" />
                    Add line
                  </button>
                  <p className="text-sm" data-option-total>
                    <span className="text-zinc-400">{Kind} total </span>
                    <span className="font-semibold text-zinc-100 tabular-nums">{formatMoney(preview.total)}</span>
                    {kind === "package" ? (
                      <span className="block text-right text-xs text-zinc-400 tabular-nums">
                        Deposit {formatMoney(previewDeposit(preview.total, formValues))} (before add-ons)
                      </span>
                    ) : null}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
        <ListError meta={field} />
        <div>
          <button
            {...form.insert.getButtonProps({ name: field.name, defaultValue: emptyOption })}
            className={buttonClass("secondary")}
          >
            <Icon name="plus" aria-hidden className="size-4" />
            Add {kind}
          </button>
        </div>
      </div>
    </Card>
  );
}
