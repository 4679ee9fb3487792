/**
 * The page of `time.tsx`, a chunk loaded on demand (its forms, Conform and their schemas): budget
 * against actual, profit, the timer and logging, "Invoice unbilled time", rates, and the entries.
 */
import { Link } from "react-router";
import { type Column, DataTable, rowActionClass } from "#app/components/admin/data-table.tsx";
import {
  AdminForm,
  CheckboxField,
  DateField,
  FileField,
  FormError,
  MoneyField,
  NumberField,
  SelectField,
  TextField,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { type ActionFailure, FailureNotice, RowActionForm, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { linkClass, SummaryCard } from "#app/components/admin/record-page.tsx";
import { EditEntryDialog, EntryTable, LogTimeForm, TimerCard } from "#app/components/admin/time-forms.tsx";
import { Card } from "#app/components/admin/ui.tsx";
import { formatDay } from "#app/domain/dates.ts";
import { formatMoney } from "#app/domain/money.ts";
import {
  addExpenseSchema,
  hourBankSchema,
  invoiceTimeSchema,
  saveRateSchema,
  workValue,
} from "#app/domain/time-forms.ts";
import {
  billedAmountOf,
  billingLayoutLabels,
  billingLayouts,
  entryStandingLabels,
  expenseCategories,
  expenseCategoryLabels,
  expenseLimits,
  expenseMessages,
  expenseRepeatLabels,
  expenseRepeats,
  formatHours,
  roundingIncrements,
  roundingLabel,
} from "#app/domain/time-tracking.ts";
import type { Route } from "./+types/time";

type Loaded = Route.ComponentProps["loaderData"];
type Failure = ActionFailure | null | undefined;
const mine = (failure: Failure, form: string) => (failure?.form === form ? failure : null);

const percentText = (percent: number | null) => (percent === null ? "no budget" : `${percent}% of the budget`);

function Summary({ loaderData }: { loaderData: Loaded }) {
  const { budget, total, profit } = loaderData;
  return (
    <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-time-summary>
      <SummaryCard
        label="Hours logged"
        value={formatHours(budget.loggedMinutes)}
        hint={
          budget.estimatedMinutes === null
            ? "No estimate"
            : `of ${formatHours(budget.estimatedMinutes)} estimated · ${budget.hoursPercent}%`
        }
      />
      <SummaryCard
        label="Value logged"
        value={formatMoney(budget.loggedValueCents)}
        hint={
          budget.valueCents === null
            ? "No project value"
            : `of ${formatMoney(budget.valueCents)} · ${budget.valuePercent}%`
        }
      />
      <SummaryCard
        label="Unbilled"
        value={formatMoney(total.unbilledValueCents)}
        hint={`${formatHours(total.unbilledMinutes)} billable, not invoiced`}
      />
      <SummaryCard
        label="Profit"
        value={formatMoney(profit.marginCents)}
        hint={`${profit.marginPercent === null ? "No revenue yet" : `${profit.marginPercent}% margin`} · invoiced ${formatMoney(profit.invoicedCents)}, paid ${formatMoney(profit.paidCents)}, time at cost ${formatMoney(profit.timeCostCents)}, expenses ${formatMoney(profit.expenseCents)}`}
      />
    </dl>
  );
}

type PhaseRow = Loaded["phases"][number];
const phaseColumns: readonly Column<PhaseRow>[] = [
  { header: "Phase", primary: true, cell: (phase) => phase.name },
  {
    header: "Hours",
    numeric: true,
    cell: (phase) =>
      phase.estimatedMinutes === null
        ? formatHours(phase.totals?.minutes ?? 0)
        : `${formatHours(phase.totals?.minutes ?? 0)} of ${formatHours(phase.estimatedMinutes)} · ${percentText(phase.hoursPercent)}`,
  },
  { header: "Value", numeric: true, cell: (phase) => formatMoney(phase.totals?.valueCents ?? 0) },
  { header: "Unbilled", numeric: true, cell: (phase) => formatMoney(phase.totals?.unbilledValueCents ?? 0) },
  {
    header: "Time at cost",
    numeric: true,
    lowPriority: true,
    cell: (phase) => formatMoney(phase.totals?.costCents ?? 0),
  },
  {
    header: "Budget",
    numeric: true,
    cell: (phase) =>
      phase.budgetCents === null ? "—" : `${formatMoney(phase.budgetCents)} · ${percentText(phase.percent)}`,
  },
];

function InvoiceTimeForm({ loaderData, failure }: { loaderData: Loaded; failure: Failure }) {
  const { billing, rounding, phases, total } = loaderData;
  const [form, fields] = useAdminForm({
    id: "invoice-time",
    schema: invoiceTimeSchema,
    failure: mine(failure, "invoice-time"),
    defaultValue: {
      from: billing.from,
      to: billing.to,
      layout: "phase",
      rounding: String(rounding),
      appendix: "on",
      expenses: "on",
    },
  });
  return (
    <Card title="Invoice unbilled time" id="invoice-time-title">
      <AdminForm form={form} preventScrollReset aria-labelledby="invoice-time-title" className="flex flex-col gap-1">
        <FormError form={form} />
        {loaderData.bank ? (
          <p className="mb-2 text-sm text-amber-200">
            This retainer's hour bank covers its time: this bills its expenses, and the Hour bank below bills the hours
            beyond it.
          </p>
        ) : null}
        <p className="mb-2 text-sm text-zinc-400">
          {formatHours(total.unbilledMinutes)} billable and not invoiced, worth {formatMoney(total.unbilledValueCents)}.
          The invoice is made as a draft to check before sending.
        </p>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <DateField meta={fields.from} label="From" />
          <DateField meta={fields.to} label="To" />
          <SelectField
            meta={fields.layout}
            label="Lines"
            options={billingLayouts.map((value) => ({ value, label: billingLayoutLabels[value] }))}
          />
          <SelectField
            meta={fields.rounding}
            label="Rounding for this customer"
            options={roundingIncrements.map((value) => ({ value: String(value), label: roundingLabel(value) }))}
          />
        </div>
        {phases.length > 0 ? (
          <fieldset className="mb-3 flex flex-col gap-1">
            <legend className="mb-1 text-sm font-medium text-zinc-200">Phases (none ticked: all)</legend>
            {phases.map((phase) => (
              <label key={phase.id || "none"} className="flex items-center gap-2 text-sm text-zinc-200">
                <input type="checkbox" name="phases" value={phase.id} className="size-4 accent-[var(--color-accent)]" />
                {phase.name}
              </label>
            ))}
          </fieldset>
        ) : null}
        <CheckboxField meta={fields.appendix} label="Add the timesheet to the PDF" />
        <CheckboxField
          meta={fields.expenses}
          label={`Add the billable expenses of these dates (${loaderData.unbilledExpenseCount} unbilled)`}
        />
        <div>
          <SubmitButton intent="invoice-time" pendingLabel="Making the draft...">
            Invoice unbilled time
          </SubmitButton>
        </div>
      </AdminForm>
    </Card>
  );
}

type RateRow = Loaded["rates"][number];
const rateColumns: readonly Column<RateRow>[] = [
  { header: "For", primary: true, cell: (rate) => rate.target },
  { header: "From", cell: (rate) => formatDay(rate.effectiveFrom) },
  {
    header: "Billable",
    numeric: true,
    cell: (rate) => (rate.billableCents === null ? "—" : `${formatMoney(rate.billableCents)}/h`),
  },
  {
    header: "Cost",
    numeric: true,
    cell: (rate) => (rate.costCents === null ? "—" : `${formatMoney(rate.costCents)}/h`),
  },
];

function RatesCard({ loaderData, failure }: { loaderData: Loaded; failure: Failure }) {
  const { team, phases, rates, today } = loaderData;
  const [form, fields] = useAdminForm({
    id: "save-rate",
    schema: saveRateSchema,
    failure: mine(failure, "save-rate"),
    defaultValue: { target: "project", effective_from: today },
  });
  return (
    <Card title="Rates" id="rates-title" bodyClassName="flex flex-col gap-4 p-5">
      <p className="text-sm text-zinc-400">
        The most specific rate wins: a phase's, then this project's, then the person's. A rate applies from its date;
        time already invoiced keeps the rate it was billed at.
      </p>
      <AdminForm form={form} preventScrollReset aria-labelledby="rates-title" className="flex flex-col gap-1">
        <FormError form={form} />
        <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
          <SelectField
            meta={fields.target}
            label="For"
            options={[{ value: "project", label: "This project" }]}
            groups={[
              {
                label: "Phases",
                options: phases
                  .filter((phase) => phase.id)
                  .map((phase) => ({ value: `phase:${phase.id}`, label: phase.name })),
              },
              {
                label: "People (every project)",
                options: team.map((person) => ({ value: `person:${person.id}`, label: person.name })),
              },
            ]}
          />
          <DateField meta={fields.effective_from} label="From" />
          <MoneyField meta={fields.billable_rate} label="Billable rate per hour" />
          <MoneyField meta={fields.cost_rate} label="Cost rate per hour" />
        </div>
        <div>
          <SubmitButton intent="save-rate" variant="secondary">
            Save rate
          </SubmitButton>
        </div>
      </AdminForm>
      <DataTable
        label="Rates and their history"
        columns={rateColumns}
        rows={rates}
        rowKey={(rate) => rate.id}
        empty="No rates yet: time is valued at the project's hourly rate."
      />
    </Card>
  );
}

type ExpenseRow = Loaded["expenses"][number];
type RecurringRow = Loaded["recurring"][number];

const recurringColumns: readonly Column<RecurringRow>[] = [
  { header: "Vendor", primary: true, truncate: true, className: "md:max-w-44", cell: (row) => row.vendor },
  { header: "Category", cell: (row) => expenseCategoryLabels[row.category] },
  { header: "Amount", numeric: true, cell: (row) => formatMoney(row.amountCents) },
  { header: "Repeats", cell: (row) => expenseRepeatLabels[row.frequency === "year" ? "year" : "month"] },
  { header: "Next", cell: (row) => (row.nextDue ? formatDay(row.nextDue) : "—") },
  { header: "Phase", cell: (row) => row.phaseName ?? "—" },
];

function ExpensesCard({ loaderData, failure }: { loaderData: Loaded; failure: Failure }) {
  const { expenses, expenseCount, recurring, phases, today, markups, project } = loaderData;
  const page = `/admin/projects/${project.id}/time`;
  const [form, fields] = useAdminForm({
    id: "add-expense",
    schema: addExpenseSchema,
    failure: mine(failure, "add-expense"),
    defaultValue: { expense_date: today, category: "hosting", markup: "", repeats: "none" },
  });
  const columns: Column<ExpenseRow>[] = [
    { header: "Date", primary: true, cell: (expense) => formatDay(expense.expenseDate) },
    { header: "Category", cell: (expense) => expenseCategoryLabels[expense.category] },
    { header: "Vendor", truncate: true, className: "md:max-w-44", cell: (expense) => expense.vendor },
    { header: "Amount", numeric: true, cell: (expense) => formatMoney(expense.amountCents) },
    {
      header: "Billed at",
      numeric: true,
      lowPriority: true,
      cell: (expense) =>
        expense.billable
          ? formatMoney(expense.billedCents ?? billedAmountOf(expense.amountCents, expense.markupHundredths))
          : "Not billable",
    },
    {
      header: "Receipt",
      lowPriority: true,
      cell: (expense) =>
        expense.receiptFileId ? (
          <a href={`/admin/files/${expense.receiptFileId}`} className={linkClass}>
            Receipt<span className="sr-only"> of {expense.vendor}</span>
          </a>
        ) : (
          "—"
        ),
    },
    {
      header: "Status",
      cell: (expense) =>
        expense.invoiceId ? (
          <span>
            {entryStandingLabels[expense.standing]}{" "}
            <Link to={`/admin/invoices/${expense.invoiceId}`} className={linkClass}>
              {expense.invoiceNumber}
            </Link>
          </span>
        ) : expense.billable ? (
          entryStandingLabels.unbilled
        ) : (
          "—"
        ),
    },
  ];
  return (
    <Card title="Expenses" id="expenses-title" bodyClassName="flex flex-col gap-4 p-5">
      <AdminForm
        form={form}
        encType="multipart/form-data"
        preventScrollReset
        aria-labelledby="expenses-title"
        className="flex flex-col gap-1"
      >
        <FormError form={form} />
        <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
          <DateField meta={fields.expense_date} label="Date" />
          <MoneyField meta={fields.amount} label="Amount" />
          <SelectField
            meta={fields.category}
            label="Category"
            options={expenseCategories.map((value) => ({ value, label: expenseCategoryLabels[value] }))}
          />
          <TextField meta={fields.vendor} label="Vendor" maxLength={expenseLimits.vendor} />
          <SelectField
            meta={fields.phase_id}
            label="Phase"
            placeholder="No phase"
            options={phases.filter((phase) => phase.id).map((phase) => ({ value: phase.id, label: phase.name }))}
          />
          <TextField meta={fields.note} label="Note" maxLength={expenseLimits.note} />
          <NumberField
            meta={fields.markup}
            label="Markup %"
            min={0}
            step={0.01}
            placeholder={String((markups[String(fields.category.value ?? "hosting")] ?? 0) / 100)}
          />
          <FileField meta={fields.receipt} label="Receipt (image or PDF)" accept="image/*,application/pdf" />
          <SelectField
            meta={fields.repeats}
            label="Repeats"
            options={expenseRepeats.map((value) => ({ value, label: expenseRepeatLabels[value] }))}
          />
        </div>
        <CheckboxField meta={fields.billable} label="Bill it to the client" />
        <div>
          <SubmitButton intent="add-expense" variant="secondary">
            Add expense
          </SubmitButton>
        </div>
      </AdminForm>
      {expenseCount > expenses.length ? (
        <p className="text-sm">
          The newest {expenses.length} of {expenseCount}.{" "}
          <Link to={`${page}?expenses=all#expenses-title`} className={linkClass}>
            Show all {expenseCount > 1000 ? "(the newest 1,000)" : expenseCount} expenses
          </Link>
        </p>
      ) : null}
      <DataTable
        label="The project's expenses"
        columns={columns}
        rows={expenses}
        rowKey={(expense) => expense.id}
        rowAttributes={(expense) => ({ "data-expense": expense.id, "data-standing": expense.standing })}
        empty="No expenses yet."
        actions={(expense) =>
          expense.invoiceId ? null : (
            <RowActionForm
              intent="delete-expense"
              fields={{ expense_id: expense.id, version: expense.version, return: page }}
              className={rowActionClass}
              data-row-action
              aria-label={`Delete the expense from ${expense.vendor}`}
            >
              Delete
            </RowActionForm>
          )
        }
      />
      {recurring.length > 0 ? (
        <section aria-labelledby="recurring-expenses-title" className="flex flex-col gap-2">
          <h3 id="recurring-expenses-title" className="text-base font-semibold">
            {expenseMessages.recurring}
          </h3>
          <DataTable
            label={expenseMessages.recurring}
            columns={recurringColumns}
            rows={recurring}
            rowKey={(row) => row.id}
            rowAttributes={(row) => ({ "data-recurring-expense": row.id })}
            empty=""
            actions={(row) => (
              <RowActionForm
                intent="stop-recurring-expense"
                fields={{ recurring_id: row.id, return: page }}
                className={rowActionClass}
                data-row-action
                aria-label={`Stop repeating the expense from ${row.vendor}`}
              >
                Stop
              </RowActionForm>
            )}
          />
        </section>
      ) : null}
    </Card>
  );
}

type BankRow = NonNullable<Loaded["bank"]>["months"][number];

function HourBankCard({ loaderData, failure }: { loaderData: Loaded; failure: Failure }) {
  const { bank } = loaderData;
  const [form, fields] = useAdminForm({
    id: "save-hour-bank",
    schema: hourBankSchema,
    failure: mine(failure, "save-hour-bank"),
    defaultValue: { hours: bank ? String(bank.minutes / 60) : "" },
  });
  const columns: readonly Column<BankRow>[] = [
    { header: "Month", primary: true, cell: (month) => month.month },
    { header: "Included", numeric: true, cell: (month) => formatHours(month.includedMinutes) },
    { header: "Logged", numeric: true, cell: (month) => formatHours(month.loggedMinutes) },
    { header: "Beyond the bank", numeric: true, cell: (month) => formatHours(month.beyondMinutes) },
    {
      header: "Settled",
      cell: (month) =>
        month.decision ? (
          month.decision.decision === "bill" && month.decision.invoiceId ? (
            <span>
              Billed{" "}
              <Link to={`/admin/invoices/${month.decision.invoiceId}`} className={linkClass}>
                {month.decision.invoiceNumber}
              </Link>
            </span>
          ) : (
            "Absorbed"
          )
        ) : month.beyondMinutes > 0 ? (
          "To decide"
        ) : (
          "—"
        ),
    },
  ];
  return (
    <Card title="Hour bank" id="hour-bank-title" bodyClassName="flex flex-col gap-4 p-5">
      <FailureNotice failure={failure} form="settle-month" />
      <p className="text-sm text-zinc-400">
        A retainer's monthly fee can include hours. Its time is then covered by the retainer's invoices, and the hours
        beyond the bank are listed here for you to bill or absorb, never added to an invoice by themselves.
      </p>
      <AdminForm
        form={form}
        preventScrollReset
        aria-labelledby="hour-bank-title"
        className="flex flex-wrap items-end gap-3"
      >
        <FormError form={form} />
        <NumberField meta={fields.hours} label="Hours included each month" min={0} step={0.25} />
        <SubmitButton intent="save-hour-bank" variant="secondary" className="mb-5">
          Save
        </SubmitButton>
      </AdminForm>
      {bank ? (
        <DataTable
          label="Months against the hour bank"
          columns={columns}
          rows={bank.months}
          rowKey={(month) => month.month}
          rowAttributes={(month) => ({ "data-bank-month": month.month })}
          empty="No months yet."
          actions={(month) =>
            month.beyondMinutes > 0 && !month.decision ? (
              <div className="flex gap-1">
                <RowActionForm
                  intent="settle-month"
                  fields={{ month: month.month, decision: "bill" }}
                  className={rowActionClass}
                  data-row-action
                  aria-label={`Bill ${formatHours(month.beyondMinutes)} beyond the bank in ${month.month}`}
                >
                  Bill
                </RowActionForm>
                <RowActionForm
                  intent="settle-month"
                  fields={{ month: month.month, decision: "absorb" }}
                  className={rowActionClass}
                  data-row-action
                  aria-label={`Absorb ${formatHours(month.beyondMinutes)} beyond the bank in ${month.month}`}
                >
                  Absorb
                </RowActionForm>
              </div>
            ) : null
          }
        />
      ) : null}
    </Card>
  );
}

export function ProjectTimePage({ loaderData, actionData }: Route.ComponentProps) {
  const { project, choices, timer, phases, entries, entryCount, editing, today } = loaderData;
  const page = `/admin/projects/${project.id}/time`;
  const projectWork = workValue(project.id, null);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title={`Time & profit · ${project.projectName}`}
        description={project.customerName ?? undefined}
        back={{ href: `/admin/projects/${project.id}`, label: "Back to the project" }}
      />
      <Summary loaderData={loaderData} />
      <section aria-labelledby="phase-budget" className="flex flex-col gap-3">
        <h2 id="phase-budget" className="text-lg font-semibold">
          Budget against actual
        </h2>
        <DataTable
          label="Time by phase against the budget"
          columns={phaseColumns}
          rows={phases}
          rowKey={(phase) => phase.id || "none"}
          empty="No phases: all time is on the project."
        />
      </section>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <TimerCard timer={timer} choices={choices} failure={actionData} defaultWork={projectWork} />
        {/* a new key once an entry is added: the form starts blank again (a second click would log it twice) */}
        <LogTimeForm key={entryCount} choices={choices} today={today} failure={actionData} defaultWork={projectWork} />
      </div>
      <InvoiceTimeForm loaderData={loaderData} failure={actionData} />
      <section aria-labelledby="project-entries" className="flex flex-col gap-3">
        <h2 id="project-entries" className="text-lg font-semibold">
          Time entries
          {entryCount > entries.length ? (
            <span className="ml-2 text-sm font-normal text-zinc-400">
              the newest {entries.length} of {entryCount}
            </span>
          ) : null}
        </h2>
        {entryCount > entries.length ? (
          <p className="text-sm">
            <Link to={`${page}?entries=all#project-entries`} className={linkClass}>
              Show all {entryCount > 1000 ? "(the newest 1,000)" : entryCount} entries
            </Link>
          </p>
        ) : null}
        <EntryTable
          label="The project's time entries"
          entries={entries}
          editHref={(entry) => `${page}?edit=${entry.id}`}
          returnTo={page}
          show={{ person: true, value: true }}
        />
      </section>
      {/* likewise once an expense, or a recurring one still to come, is added */}
      <ExpensesCard
        key={`${loaderData.expenseCount}:${loaderData.recurring.length}`}
        loaderData={loaderData}
        failure={actionData}
      />
      <HourBankCard loaderData={loaderData} failure={actionData} />
      <RatesCard loaderData={loaderData} failure={actionData} />
      {editing ? <EditEntryDialog entry={editing} choices={choices} failure={actionData} closeHref={page} /> : null}
    </div>
  );
}
