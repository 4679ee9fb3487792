/**
 * Retainers in the back office: the project page's "Recurring invoices" section (the schedule, its
 * next date, pause / resume / end, the invoices it made, and its form), the customer page's list of
 * schedules, and the confirmation of the manual one-off invoice from the recurring fees.
 */

import { Link } from "react-router";
import { InvoiceStatusBadge, ScheduleStatusBadge } from "#app/components/admin/badge.tsx";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { rowActionClass } from "#app/components/admin/data-table.tsx";
import { AdminForm, DateField, FormError, SelectField, useAdminForm } from "#app/components/admin/form.tsx";
import { type ActionFailure, FailureNotice, RowActionForm, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { linkClass } from "#app/components/admin/record-page.tsx";
import { formatDay } from "#app/domain/dates.ts";
import {
  type InvoiceStatus,
  type ScheduleAnchor,
  type ScheduleFrequency,
  type ScheduleMode,
  type ScheduleStatus,
  scheduleAnchorLabels,
  scheduleAnchors,
  scheduleFrequencies,
  scheduleFrequencyLabels,
  scheduleModeLabels,
  scheduleModes,
  schedulePeriodNouns,
} from "#app/domain/enums.ts";
import { type Cents, formatMoney, toCents } from "#app/domain/money.ts";
import { scheduleFormSchema } from "#app/domain/retainer-forms.ts";
import { scheduleFormDefaults, scheduleMessages } from "#app/domain/retainers.ts";

export type ScheduleData = {
  id: string;
  frequency: ScheduleFrequency;
  anchor: ScheduleAnchor;
  startDate: string;
  endDate: string | null;
  status: ScheduleStatus;
  mode: ScheduleMode;
  nextDue: string | null;
  invoices: {
    id: string;
    invoiceNumber: string;
    periodStart: string | null;
    status: InvoiceStatus;
    totalAmount: string;
  }[];
};

/** "$49.00 per month" */
export function perPeriod(amount: Cents, frequency: ScheduleFrequency): string {
  return `${formatMoney(amount)} per ${schedulePeriodNouns[frequency]}`;
}

function describeRule(schedule: Pick<ScheduleData, "frequency" | "anchor" | "startDate" | "endDate">): string {
  const day =
    schedule.frequency === "week"
      ? `from ${formatDay(schedule.startDate)}`
      : schedule.anchor === "last_day"
        ? `on the last day of the month, from ${formatDay(schedule.startDate)}`
        : `from ${formatDay(schedule.startDate)}`;
  const end = schedule.endDate ? ` until ${formatDay(schedule.endDate)}` : "";
  return `${scheduleFrequencyLabels[schedule.frequency]} ${day}${end}`;
}

const statusActions: Record<ScheduleStatus, { intent: string; label: string }[]> = {
  active: [
    { intent: "pause-schedule", label: "Pause" },
    { intent: "end-schedule", label: "End" },
  ],
  paused: [
    { intent: "resume-schedule", label: "Resume" },
    { intent: "end-schedule", label: "End" },
  ],
  ended: [],
};

function ScheduleCard({ schedule, amount }: { schedule: ScheduleData; amount: Cents }) {
  return (
    <li className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-4" data-schedule={schedule.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium text-zinc-100">
            {perPeriod(amount, schedule.frequency)}
            <ScheduleStatusBadge status={schedule.status} />
          </p>
          <p className="mt-0.5 text-sm text-zinc-400">
            {describeRule(schedule)} · {scheduleModeLabels[schedule.mode]}
          </p>
          {schedule.status === "ended" ? null : (
            <p className="mt-1 text-sm text-zinc-200" data-next-due>
              Next invoice: {schedule.nextDue ? formatDay(schedule.nextDue) : "none"}
              {schedule.status === "paused" ? " (paused)" : ""}
            </p>
          )}
        </div>
        <div className="flex gap-1">
          {statusActions[schedule.status].map((action) => (
            <RowActionForm
              key={action.intent}
              intent={action.intent}
              fields={{ schedule_id: schedule.id }}
              className={rowActionClass}
              data-row-action
            >
              {action.label}
            </RowActionForm>
          ))}
        </div>
      </div>
      <h3 className="mt-3 text-xs font-medium tracking-wide text-zinc-400 uppercase">Invoices made</h3>
      {schedule.invoices.length > 0 ? (
        <ul className="mt-1 flex flex-col">
          {schedule.invoices.map((invoice) => (
            <li
              key={invoice.id}
              className="flex flex-wrap items-center justify-between gap-2 border-t border-zinc-800 py-1.5 text-sm"
            >
              <Link
                to={`/admin/invoices/${invoice.id}`}
                className={linkClass}
                data-schedule-invoice={invoice.invoiceNumber}
              >
                {invoice.invoiceNumber}
              </Link>
              <span className="text-zinc-400">{invoice.periodStart ? formatDay(invoice.periodStart) : ""}</span>
              <InvoiceStatusBadge status={invoice.status} />
              <span className="tabular-nums">{formatMoney(toCents(invoice.totalAmount) ?? 0)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-zinc-400">{scheduleMessages.none}</p>
      )}
    </li>
  );
}

function ScheduleForm({
  schedule,
  today,
  failure,
}: {
  schedule: ScheduleData | null;
  today: string;
  failure: ActionFailure | null;
}) {
  const [form, fields] = useAdminForm({
    id: "schedule",
    schema: scheduleFormSchema,
    failure: failure?.form === "schedule" ? failure : null,
    defaultValue: scheduleFormDefaults(schedule, today),
  });
  return (
    <AdminForm form={form} preventScrollReset className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-4">
      <h3 className="mb-3 text-sm font-semibold text-zinc-200">
        {schedule ? "Edit schedule" : "Schedule recurring invoices"}
      </h3>
      <FormError form={form} />
      {schedule ? <input type="hidden" name="schedule_id" value={schedule.id} /> : null}
      <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
        <SelectField
          meta={fields.frequency}
          label="How often"
          options={scheduleFrequencies.map((value) => ({ value, label: scheduleFrequencyLabels[value] }))}
        />
        <SelectField
          meta={fields.anchor}
          label="Invoice day"
          options={scheduleAnchors.map((value) => ({ value, label: scheduleAnchorLabels[value] }))}
        />
        <SelectField
          meta={fields.mode}
          label="Each invoice"
          options={scheduleModes.map((value) => ({ value, label: scheduleModeLabels[value] }))}
        />
        <DateField meta={fields.start_date} label="First invoice" />
        <DateField meta={fields.end_date} label="Last invoice (optional)" />
      </div>
      <SubmitButton intent="save-schedule">{schedule ? "Save schedule" : "Schedule"}</SubmitButton>
    </AdminForm>
  );
}

/** The project page's section. `amount` is the sum of the project's recurring fees (one period's invoice). */
export function RecurringSchedulesSection({
  schedules,
  amount,
  hasFees,
  today,
  failure,
}: {
  schedules: ScheduleData[];
  amount: Cents;
  hasFees: boolean;
  today: string;
  failure: ActionFailure | null;
}) {
  const open = schedules.find((schedule) => schedule.status !== "ended") ?? null;
  return (
    <section className="flex flex-col gap-3" aria-labelledby="recurring-invoices" data-recurring-invoices>
      <h2 id="recurring-invoices" className="text-sm font-semibold text-zinc-200">
        {scheduleMessages.section}
      </h2>
      <FailureNotice failure={failure} form="schedule-status" />
      {schedules.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {schedules.map((schedule) => (
            <ScheduleCard key={schedule.id} schedule={schedule} amount={amount} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-zinc-400">{scheduleMessages.empty}</p>
      )}
      {hasFees ? (
        <ScheduleForm key={open?.id ?? "new"} schedule={open} today={today} failure={failure} />
      ) : (
        <p className="text-sm text-zinc-400">{scheduleMessages.noFees}</p>
      )}
    </section>
  );
}

/** The manual one-off invoice from the recurring fees asks first (open while the URL says so). */
export function RecurringInvoiceDialog({ page, amount }: { page: string; amount: Cents }) {
  return (
    <ConfirmDialog
      title={scheduleMessages.confirmTitle}
      description={scheduleMessages.confirmQuestion(formatMoney(amount))}
      closeHref={page}
      action={page}
      intent="recurring-invoice"
      confirm={scheduleMessages.confirm}
    />
  );
}

/** The customer page: every schedule of the customer's projects, with its next date. */
export function CustomerSchedules({
  schedules,
}: {
  schedules: {
    id: string;
    projectId: string;
    projectName: string;
    frequency: ScheduleFrequency;
    status: ScheduleStatus;
    nextDue: string | null;
    amount: Cents;
  }[];
}) {
  if (schedules.length === 0) return null;
  return (
    <section className="flex flex-col gap-2" aria-labelledby="customer-recurring-invoices" data-customer-schedules>
      <h2 id="customer-recurring-invoices" className="text-sm font-semibold text-zinc-200">
        {scheduleMessages.section}
      </h2>
      <ul className="flex flex-col gap-2">
        {schedules.map((schedule) => (
          <li
            key={schedule.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-zinc-800 bg-zinc-900/40 p-4 text-sm"
          >
            <Link to={`/admin/projects/${schedule.projectId}`} className={linkClass}>
              {schedule.projectName}
            </Link>
            <span className="tabular-nums">{perPeriod(schedule.amount, schedule.frequency)}</span>
            <ScheduleStatusBadge status={schedule.status} />
            <span className="text-zinc-300" data-next-due>
              {schedule.status === "ended" || !schedule.nextDue
                ? "No next invoice"
                : `Next invoice ${formatDay(schedule.nextDue)}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
