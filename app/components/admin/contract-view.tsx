/**
 * A contract (docs/decisions/0043-contracts-and-customer-credit.md): its figures (total, invoiced,
 * paid, remaining), the lines agreed, the payment schedule with each installment's amount, due and
 * invoice, the two ways to draw an invoice from it, and the schedule's editor (the installments not
 * invoiced yet: add, remove, reorder, a percentage or an amount, due on a date or when a phase is
 * approved). Every button posts a plain form; the editor's list works without JavaScript (Conform's
 * add, remove and reorder intents come back re-rendered).
 */
import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { InvoiceStatusBadge } from "#app/components/admin/badge.tsx";
import {
  AdminForm,
  DateField,
  FormError,
  ListError,
  MoneyField,
  NumberField,
  SelectField,
  TextField,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { type ActionFailure, FailureNotice, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { linkClass, SummaryCard } from "#app/components/admin/record-page.tsx";
import { buttonClass, Card, cx } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import { dueText, newMilestoneRow, type ScheduleEditorRow, scheduleFormSchema } from "#app/domain/contract-form.ts";
import {
  basisText,
  type ContractProgress,
  type InstallmentBasis,
  type InstallmentKind,
  installmentKindLabels,
} from "#app/domain/contracts.ts";
import type { InvoiceStatus } from "#app/domain/enums.ts";
import { formatQuantity } from "#app/domain/invoice-document.ts";
import { limits } from "#app/domain/limits.ts";
import { centsToDecimal, formatMoney, lineTotal } from "#app/domain/money.ts";

export type ContractViewData = {
  id: string;
  title: string;
  customer: { id: string; name: string };
  project: { id: string; projectName: string; phases: { id: string; name: string }[] } | null;
  source: { kind: "proposal" | "estimate"; id: string; number: string } | null;
  lines: { description: string; quantity: number; unitPrice: number }[];
  taxRate: number;
  subtotal: number;
  taxAmount: number;
  discount: number;
  total: number;
  progress: ContractProgress;
  schedule: {
    id: string;
    label: string;
    kind: InstallmentKind;
    basis: InstallmentBasis | null;
    value: number | null;
    dueOn: string | null;
    duePhaseId: string | null;
    duePhaseName: string | null;
    amount: number;
    invoice: { id: string; invoiceNumber: string; status: InvoiceStatus } | null;
  }[];
  /** the id of the next installment to invoice; null when every one is */
  next: string | null;
};

const rate = (hundredths: number) => formatQuantity(centsToDecimal(hundredths));
/** a link inside a sentence: underlined always, so it is not told apart by colour alone */
const inTextLink = cx(linkClass, "underline");

export function ContractView({ contract, failure }: { contract: ContractViewData; failure: ActionFailure | null }) {
  const page = `/admin/contracts/${contract.id}`;
  const next = contract.schedule.find((item) => item.id === contract.next) ?? null;
  const balance = contract.schedule.find((item) => item.kind === "balance");
  const balanceOpen = balance !== undefined && balance.invoice === null;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5" data-contract={contract.id}>
      <PageHeader
        title={contract.title}
        description={
          <span className="flex flex-wrap gap-x-2">
            <span>
              Contract with{" "}
              <Link to={`/admin/customers/${contract.customer.id}`} className={inTextLink}>
                {contract.customer.name}
              </Link>
            </span>
            {contract.project ? (
              <span>
                · project{" "}
                <Link to={`/admin/projects/${contract.project.id}`} className={inTextLink}>
                  {contract.project.projectName}
                </Link>
              </span>
            ) : null}
            {contract.source ? (
              <span>
                · from {contract.source.kind}{" "}
                <Link
                  to={
                    contract.source.kind === "proposal"
                      ? `/admin/proposals/${contract.source.id}`
                      : `/admin/invoices/${contract.source.id}`
                  }
                  className={inTextLink}
                >
                  {contract.source.number}
                </Link>
              </span>
            ) : null}
          </span>
        }
        back={
          contract.project
            ? { href: `/admin/projects/${contract.project.id}`, label: "Back to the project" }
            : { href: `/admin/customers/${contract.customer.id}`, label: "Back to the customer" }
        }
      >
        <Form method="post" className="flex flex-wrap gap-2">
          {next ? (
            <SubmitButton intent="invoice-next" action={page} pendingLabel="Drawing...">
              <Icon name="file-plus" aria-hidden className="size-4" />
              Invoice next: {next.label}
            </SubmitButton>
          ) : null}
          {balanceOpen ? (
            <SubmitButton intent="invoice-balance" action={page} variant="secondary" pendingLabel="Drawing...">
              Invoice remaining balance
            </SubmitButton>
          ) : null}
        </Form>
      </PageHeader>
      <FailureNotice failure={failure} form="draw" />

      <ContractFigures progress={contract.progress} />

      <Card title="Agreed lines">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">The contract's lines</caption>
          <thead className="text-xs text-zinc-400 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Description
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Qty
              </th>
              <th scope="col" className="hidden py-2 pr-3 text-right font-medium sm:table-cell">
                Unit price
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {contract.lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the agreed lines never change
              <tr key={index} className="border-t border-zinc-800">
                <td className="py-2 pr-3 break-words">{line.description}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{rate(line.quantity)}</td>
                <td className="hidden py-2 pr-3 text-right tabular-nums sm:table-cell">
                  {formatMoney(line.unitPrice)}
                </td>
                <td className="py-2 text-right tabular-nums">{formatMoney(lineTotal(line))}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="mt-3 ml-auto flex max-w-xs flex-col gap-1 text-sm" data-contract-totals>
          <Row label="Subtotal" value={formatMoney(contract.subtotal)} />
          <Row label={`Tax (${rate(contract.taxRate)}%)`} value={formatMoney(contract.taxAmount)} />
          {contract.discount > 0 ? <Row label="Discount" value={`-${formatMoney(contract.discount)}`} /> : null}
          <Row label="Total" value={formatMoney(contract.total)} strong />
        </dl>
      </Card>

      <Card title="Payment schedule" id="card-schedule">
        <ol className="flex flex-col gap-2" data-schedule>
          {contract.schedule.map((item, index) => (
            <li
              key={item.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-zinc-800 px-4 py-3"
              data-installment={item.kind}
            >
              <div className="min-w-0">
                <p className="font-medium break-words text-zinc-100">
                  {index + 1}. {item.label}
                  {item.label !== installmentKindLabels[item.kind] ? (
                    <span className="text-xs font-normal text-zinc-400"> ({installmentKindLabels[item.kind]})</span>
                  ) : null}
                </p>
                <p className="text-sm text-zinc-400">
                  {basisText(item.basis, item.value)} · {dueText({ dueOn: item.dueOn, phaseName: item.duePhaseName })}
                </p>
              </div>
              <div className="flex items-center gap-3">
                <span className="font-semibold tabular-nums" data-installment-amount>
                  {formatMoney(item.amount)}
                </span>
                {item.invoice ? (
                  <Link to={`/admin/invoices/${item.invoice.id}`} className="flex items-center gap-2">
                    <span className={linkClass}>{item.invoice.invoiceNumber}</span>
                    <InvoiceStatusBadge status={item.invoice.status} />
                  </Link>
                ) : (
                  <span className="text-sm text-zinc-400">Not invoiced</span>
                )}
              </div>
            </li>
          ))}
        </ol>
      </Card>

      <ScheduleEditor contract={contract} failure={failure} />
    </div>
  );
}

/** A field's label, with the installment it belongs to for screen readers ("Label, installment 2"). */
function Named({ label, n }: { label: string; n: number }) {
  return (
    <>
      {label}
      <span className="sr-only">, installment {n}</span>
    </>
  );
}

function Row({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <div
      className={
        strong
          ? "flex justify-between gap-4 border-t border-zinc-700 pt-1 font-semibold text-zinc-100"
          : "flex justify-between gap-4"
      }
    >
      <dt className={strong ? undefined : "text-zinc-400"}>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** Contract total, invoiced, paid and remaining: the project page, the customer page and the contract page. */
export function ContractFigures({ progress }: { progress: ContractProgress }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-contract-figures>
      <SummaryCard label="Contract total" value={formatMoney(progress.total)} />
      <SummaryCard label="Invoiced" value={formatMoney(progress.invoiced)} />
      <SummaryCard label="Paid" value={formatMoney(progress.paid)} />
      <SummaryCard label="Remaining" value={formatMoney(progress.remaining)} />
    </dl>
  );
}

/** The schedule's installments not invoiced yet, as one form; the invoiced ones are listed, locked. */
function ScheduleEditor({ contract, failure }: { contract: ContractViewData; failure: ActionFailure | null }) {
  const page = `/admin/contracts/${contract.id}`;
  const locked = contract.schedule.filter((item) => item.invoice !== null);
  const open = contract.schedule.filter((item) => item.invoice === null);
  const complete = locked.some((item) => item.kind === "balance");
  const defaultValue: { intent: "save-schedule"; installments: ScheduleEditorRow[] } = {
    intent: "save-schedule",
    installments: open.map((item) => ({
      id: item.id,
      kind: item.kind,
      label: item.label,
      basis: item.basis ?? "percent",
      value: item.value === null ? "" : centsToDecimal(item.value),
      due_on: item.dueOn ?? "",
      due_phase: item.duePhaseId ?? "",
    })),
  };
  const [form, fields] = useAdminForm({
    id: `schedule-${contract.id}`,
    schema: scheduleFormSchema,
    failure: failure?.form === "schedule" ? failure : null,
    defaultValue,
  });
  const list = fields.installments as unknown as FieldMetadata<ScheduleEditorRow[], typeof defaultValue, string[]>;
  const rows = list.getFieldList();
  const balanceIndex = rows.findIndex((row) => row.getFieldset().kind.value === "balance");
  const insertAt = balanceIndex === -1 ? rows.length : balanceIndex;
  const phases = contract.project?.phases ?? [];
  return (
    <Card title="Edit the schedule" id="card-schedule-editor">
      {complete ? (
        <p className="text-sm text-zinc-300">The balance is invoiced, so the schedule is complete.</p>
      ) : (
        <AdminForm form={form} action={page} className="flex flex-col gap-4" enterSaves={false}>
          <input type="hidden" name="intent" value="save-schedule" />
          <FormError form={form} />
          {locked.length ? (
            <p className="text-sm text-zinc-400">
              Invoiced, so locked: {locked.map((item) => `${item.label} (${item.invoice?.invoiceNumber})`).join(", ")}.
              Void an invoice to change its installment.
            </p>
          ) : null}
          <ol className="flex flex-col gap-3">
            {rows.map((row, index) => {
              const item = row.getFieldset();
              const kind = (item.kind.value ?? "milestone") as InstallmentKind;
              const n = index + 1;
              const movable = kind !== "balance";
              return (
                <li
                  key={row.key}
                  className="flex flex-col gap-2 rounded-lg border border-zinc-800 p-3"
                  data-schedule-row={kind}
                >
                  <input type="hidden" name={item.id.name} value={item.id.value ?? ""} />
                  <input type="hidden" name={item.kind.name} value={kind} />
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="text-xs font-medium tracking-wide text-zinc-400 uppercase">
                      {installmentKindLabels[kind]}
                      {kind === "balance" ? ": the rest of the contract" : ""}
                    </p>
                    {movable ? (
                      <div className="flex gap-1">
                        {index > 0 ? (
                          <button
                            {...form.reorder.getButtonProps({ name: list.name, from: index, to: index - 1 })}
                            className={buttonClass("ghost", { size: "icon" })}
                            aria-label={`Move installment ${n} up`}
                          >
                            <Icon name="arrow-up" aria-hidden className="size-4" />
                          </button>
                        ) : null}
                        {index + 1 < insertAt ? (
                          <button
                            {...form.reorder.getButtonProps({ name: list.name, from: index, to: index + 1 })}
                            className={buttonClass("ghost", { size: "icon" })}
                            aria-label={`Move installment ${n} down`}
                          >
                            <Icon name="arrow-down" aria-hidden className="size-4" />
                          </button>
                        ) : null}
                        <button
                          {...form.remove.getButtonProps({ name: list.name, index })}
                          className={buttonClass("ghost", {
                            size: "icon",
                            className: "text-zinc-400 hover:text-red-300",
                          })}
                          aria-label={`Remove installment ${n}`}
                        >
                          <Icon name="trash-2" aria-hidden className="size-4" />
                        </button>
                      </div>
                    ) : null}
                  </div>
                  <div className="grid gap-x-3 sm:grid-cols-2 lg:grid-cols-4">
                    <TextField
                      key={item.label.key}
                      meta={item.label}
                      label={<Named label="Label" n={n} />}
                      maxLength={limits.installmentLabel}
                    />
                    {kind === "balance" ? (
                      <input type="hidden" name={item.basis.name} value="percent" />
                    ) : (
                      <>
                        <SelectField
                          key={item.basis.key}
                          meta={item.basis}
                          label={<Named label="Priced as" n={n} />}
                          options={[
                            { value: "percent", label: "% of the subtotal, plus tax" },
                            { value: "amount", label: "Amount, tax included" },
                          ]}
                        />
                        {item.basis.value === "amount" ? (
                          <MoneyField
                            key={item.value.key}
                            meta={item.value}
                            label={<Named label="Amount ($)" n={n} />}
                          />
                        ) : (
                          <NumberField
                            key={item.value.key}
                            meta={item.value}
                            label={<Named label="Percent (%)" n={n} />}
                            min={0}
                            max={100}
                            step={0.01}
                          />
                        )}
                      </>
                    )}
                    <DateField key={item.due_on.key} meta={item.due_on} label={<Named label="Due on" n={n} />} />
                    {phases.length ? (
                      <SelectField
                        key={item.due_phase.key}
                        meta={item.due_phase}
                        label={<Named label="Or when this phase is approved" n={n} />}
                        placeholder="No phase"
                        options={phases.map((phase) => ({ value: phase.id, label: phase.name }))}
                      />
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ol>
          <ListError meta={list} />
          <div className="flex flex-wrap justify-between gap-2">
            <button
              {...form.insert.getButtonProps({
                name: list.name,
                index: insertAt,
                defaultValue: { ...newMilestoneRow, id: "", kind: "milestone" },
              })}
              className={buttonClass("secondary")}
            >
              <Icon name="plus" aria-hidden className="size-4" />
              Add milestone
            </button>
            {/* the form's own `intent` field says what it is (its list buttons post it too) */}
            <SubmitButton action={page}>Save schedule</SubmitButton>
          </div>
        </AdminForm>
      )}
    </Card>
  );
}
