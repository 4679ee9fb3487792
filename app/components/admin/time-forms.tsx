/**
 * The forms and list of time (ADR 0058), shared by the Time page and a project's time page, loaded
 * with those pages' chunks: the timer (start, stop, and a long timer's question), logging time, the
 * entries with their standing, and an entry's edit in a dialog (?edit={id}). Each works without JavaScript.
 */
import { Link } from "react-router";
import { type Column, DataTable, rowActionClass } from "#app/components/admin/data-table.tsx";
import {
  AdminForm,
  CheckboxField,
  DateField,
  FormError,
  SelectField,
  type SelectGroup,
  TextField,
  TimeField,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { type ActionFailure, RowActionForm, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { useElapsed } from "#app/components/admin/header-timer.tsx";
import { linkClass } from "#app/components/admin/record-page.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { DialogBody, DialogFooter, dialogFormClass, UrlDialog } from "#app/components/admin/url-dialog.tsx";
import { formatDay } from "#app/domain/dates.ts";
import { formatMoney } from "#app/domain/money.ts";
import {
  logTimeSchema,
  saveEntrySchema,
  startTimerSchema,
  stopTimerSchema,
  workValue,
} from "#app/domain/time-forms.ts";
import { type EntryStanding, entryStandingLabels, formatMinutes, timeLimits } from "#app/domain/time-tracking.ts";

type Failure = ActionFailure | null | undefined;
const mine = (failure: Failure, form: string) => (failure?.form === form ? failure : null);

export type WorkChoice = {
  projectId: string;
  projectName: string;
  customerName: string;
  phases: readonly { id: string; name: string }[];
};

/** The work select's choices: each project (no phase) and its phases, grouped by project. */
function workGroups(choices: readonly WorkChoice[]): SelectGroup[] {
  return choices.map((choice) => ({
    label: `${choice.projectName} · ${choice.customerName}`,
    options: [
      { value: workValue(choice.projectId, null), label: `${choice.projectName}: no phase` },
      ...choice.phases.map((phase) => ({
        value: workValue(choice.projectId, phase.id),
        label: `${choice.projectName}: ${phase.name}`,
      })),
    ],
  }));
}

export type TimerData = {
  id: string;
  projectId: string;
  projectName: string;
  phaseName: string | null;
  note: string | null;
  startedAt: string;
  startedLabel: string;
  now: string;
  today: string;
};

function RunningTimerCard({ timer, failure }: { timer: TimerData; failure: Failure }) {
  const elapsed = useElapsed(timer.startedAt, timer.now);
  const refusal = mine(failure, "stop-timer");
  const long = Boolean(refusal && (refusal as { long?: boolean }).long) || Boolean(refusal?.result?.error?.finished_at);
  const [form, fields] = useAdminForm({
    id: "stop-timer",
    schema: stopTimerSchema,
    failure: refusal,
    defaultValue: { finished_day: timer.today },
  });
  const on = timer.phaseName ? `${timer.projectName} · ${timer.phaseName}` : timer.projectName;
  return (
    <div className="flex flex-col gap-3" data-timer="running">
      <p className="text-sm text-zinc-300">
        Running on{" "}
        <Link to={`/admin/projects/${timer.projectId}/time`} className={linkClass}>
          {on}
        </Link>{" "}
        since {timer.startedLabel}
        {timer.note ? ` · ${timer.note}` : ""}
      </p>
      <p className="font-mono text-3xl font-semibold tabular-nums" data-elapsed>
        <span className="sr-only">Running for </span>
        {elapsed}
      </p>
      <AdminForm form={form} preventScrollReset aria-label="Stop the timer" className="flex flex-col gap-3">
        <FormError form={form} />
        {long ? (
          <div className="grid gap-x-4 sm:grid-cols-2">
            <DateField meta={fields.finished_day} label="Finished on" />
            <TimeField meta={fields.finished_at} label="Finished at" />
          </div>
        ) : null}
        <input type="hidden" name="intent" value="stop-timer" />
        <div className="flex flex-wrap gap-2">
          {long ? (
            <>
              <SubmitButton pendingLabel="Stopping...">Stop at this time</SubmitButton>
              <button
                type="submit"
                name="keep_all"
                value="on"
                className={buttonClass("secondary")}
                onClick={(event) => {
                  // the corrected time is not sent with "keep all"
                  const time = event.currentTarget.form?.elements.namedItem("finished_at");
                  if (time instanceof HTMLInputElement) time.value = "";
                }}
              >
                Stop now and keep all
              </button>
            </>
          ) : (
            <SubmitButton pendingLabel="Stopping...">Stop timer</SubmitButton>
          )}
        </div>
      </AdminForm>
    </div>
  );
}

function StartTimerForm({
  choices,
  failure,
  defaultWork,
}: {
  choices: readonly WorkChoice[];
  failure: Failure;
  defaultWork?: string;
}) {
  const [form, fields] = useAdminForm({
    id: "start-timer",
    schema: startTimerSchema,
    failure: mine(failure, "start-timer"),
    defaultValue: { work: defaultWork ?? "", billable: "on" },
  });
  return (
    <AdminForm form={form} preventScrollReset aria-label="Start a timer" className="flex flex-col gap-1">
      <FormError form={form} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <SelectField
          meta={fields.work}
          label="Project"
          options={[]}
          groups={workGroups(choices)}
          placeholder="Choose a project"
        />
        <TextField meta={fields.note} label="Note" maxLength={timeLimits.note} />
      </div>
      <CheckboxField meta={fields.billable} label="Billable" />
      <div>
        <SubmitButton intent="start-timer" pendingLabel="Starting...">
          Start timer
        </SubmitButton>
      </div>
    </AdminForm>
  );
}

/** The timer: running (its time, Stop, and the question of a long one) or a form to start one. */
export function TimerCard({
  timer,
  choices,
  failure,
  defaultWork,
}: {
  timer: TimerData | null;
  choices: readonly WorkChoice[];
  failure: Failure;
  defaultWork?: string;
}) {
  return (
    <section aria-labelledby="timer-title" className="rounded-xl border border-zinc-800 bg-zinc-900/40 p-5">
      <h2 id="timer-title" className="mb-3 text-base font-semibold" tabIndex={-1}>
        Timer
      </h2>
      {timer ? (
        <RunningTimerCard timer={timer} failure={failure} />
      ) : (
        <StartTimerForm choices={choices} failure={failure} defaultWork={defaultWork} />
      )}
    </section>
  );
}

/** Log time done on a day: how long (1:30 or 1.5), optionally from when, a note, billable. */
export function LogTimeForm({
  choices,
  today,
  failure,
  defaultWork,
}: {
  choices: readonly WorkChoice[];
  today: string;
  failure: Failure;
  defaultWork?: string;
}) {
  const [form, fields] = useAdminForm({
    id: "log-time",
    schema: logTimeSchema,
    failure: mine(failure, "log-time"),
    defaultValue: { work: defaultWork ?? "", work_date: today, billable: "on" },
  });
  return (
    <section aria-labelledby="log-time-title" className="rounded-xl border border-zinc-800 bg-zinc-900/40 p-5">
      <h2 id="log-time-title" className="mb-3 text-base font-semibold">
        Log time
      </h2>
      <AdminForm form={form} preventScrollReset aria-labelledby="log-time-title" className="flex flex-col gap-1">
        <FormError form={form} />
        <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
          <SelectField
            meta={fields.work}
            label="Project"
            options={[]}
            groups={workGroups(choices)}
            placeholder="Choose a project"
            wide
          />
          <DateField meta={fields.work_date} label="Date" />
          <TextField
            meta={fields.duration}
            label="Time"
            placeholder="1:30"
            inputMode="decimal"
            description="1:30 or 1.5"
          />
          <TimeField meta={fields.started_at} label="From (optional)" />
          <TextField meta={fields.note} label="Note" maxLength={timeLimits.note} wide />
        </div>
        <CheckboxField meta={fields.billable} label="Billable" />
        <div>
          <SubmitButton intent="log-time" pendingLabel="Logging...">
            Log time
          </SubmitButton>
        </div>
      </AdminForm>
    </section>
  );
}

export type EntryRow = {
  id: string;
  projectId: string;
  projectName?: string;
  personName?: string;
  phaseId: string | null;
  phaseName: string | null;
  workDate: string;
  minutes: number;
  startedAt: string | null;
  startClock: string | null;
  note: string | null;
  billable: boolean;
  version: number;
  standing: EntryStanding;
  invoiceId: string | null;
  invoiceNumber: string | null;
  valueCents?: number;
};

function StandingCell({ entry }: { entry: EntryRow }) {
  if (entry.standing === "unbilled" || !entry.invoiceId) {
    return <span className="text-zinc-300">{entry.billable ? entryStandingLabels.unbilled : "Not billable"}</span>;
  }
  return (
    <span>
      {entryStandingLabels[entry.standing]}{" "}
      <Link to={`/admin/invoices/${entry.invoiceId}`} className={linkClass}>
        {entry.invoiceNumber}
      </Link>
    </span>
  );
}

/** Entries with their standing; an unbilled one has Edit (the dialog) and Delete. */
export function EntryTable({
  label,
  entries,
  editHref,
  returnTo,
  show,
}: {
  label: string;
  entries: readonly EntryRow[];
  editHref: (entry: EntryRow) => string;
  returnTo: string;
  show: { project?: boolean; person?: boolean; value?: boolean };
}) {
  const columns: Column<EntryRow>[] = [
    { header: "Date", primary: true, cell: (entry) => formatDay(entry.workDate) },
    ...(show.project
      ? [
          {
            header: "Project",
            truncate: true,
            className: "md:max-w-56",
            cell: (entry: EntryRow) => entry.projectName,
          },
        ]
      : []),
    ...(show.person ? [{ header: "Person", lowPriority: true, cell: (entry: EntryRow) => entry.personName }] : []),
    { header: "Phase", truncate: true, className: "md:max-w-40", cell: (entry) => entry.phaseName ?? "—" },
    { header: "Time", numeric: true, cell: (entry) => formatMinutes(entry.minutes) },
    ...(show.value
      ? [
          {
            header: "Value",
            numeric: true,
            lowPriority: true,
            cell: (entry: EntryRow) => (entry.billable ? formatMoney(entry.valueCents ?? 0) : "—"),
          },
        ]
      : []),
    {
      header: "Note",
      lowPriority: true,
      truncate: true,
      className: "md:max-w-56",
      cell: (entry) => entry.note ?? "—",
    },
    { header: "Status", cell: (entry) => <StandingCell entry={entry} /> },
  ];
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={entries}
      rowKey={(entry) => entry.id}
      rowAttributes={(entry) => ({ "data-time-entry": entry.id, "data-standing": entry.standing })}
      empty="No time logged yet."
      actions={(entry) =>
        entry.standing === "unbilled" ? (
          <div className="flex gap-1">
            <Link
              to={editHref(entry)}
              preventScrollReset
              className={rowActionClass}
              data-row-action
              aria-label={`Edit the entry of ${formatDay(entry.workDate)}, ${formatMinutes(entry.minutes)}`}
            >
              Edit
            </Link>
            <RowActionForm
              intent="delete-entry"
              fields={{ entry_id: entry.id, version: entry.version, return: returnTo }}
              className={rowActionClass}
              data-row-action
              aria-label={`Delete the entry of ${formatDay(entry.workDate)}, ${formatMinutes(entry.minutes)}`}
            >
              Delete
            </RowActionForm>
          </div>
        ) : null
      }
    />
  );
}

/** An unbilled entry's edit, in a dialog the URL opens; saved with the version it was read at. */
export function EditEntryDialog({
  entry,
  choices,
  failure,
  closeHref,
}: {
  entry: EntryRow;
  choices: readonly WorkChoice[];
  failure: Failure;
  closeHref: string;
}) {
  const id = `entry-${entry.id}`;
  const [form, fields] = useAdminForm({
    id,
    schema: saveEntrySchema,
    failure: mine(failure, id),
    defaultValue: {
      work: workValue(entry.projectId, entry.phaseId),
      work_date: entry.workDate,
      duration: formatMinutes(entry.minutes),
      started_at: entry.startClock ?? "",
      note: entry.note ?? "",
      billable: entry.billable ? "on" : "",
    },
  });
  return (
    <UrlDialog
      title="Edit time entry"
      description={`${formatDay(entry.workDate)}, ${formatMinutes(entry.minutes)}`}
      closeHref={closeHref}
    >
      <AdminForm form={form} className={dialogFormClass}>
        <input type="hidden" name="entry_id" value={entry.id} />
        <input type="hidden" name="version" value={entry.version} />
        <input type="hidden" name="return" value={closeHref} />
        <DialogBody className="flex flex-col gap-1">
          <FormError form={form} />
          <SelectField
            meta={fields.work}
            label="Project"
            options={[]}
            groups={workGroups(choices)}
            placeholder="Choose a project"
          />
          <div className="grid gap-x-4 sm:grid-cols-3">
            <DateField meta={fields.work_date} label="Date" />
            <TextField meta={fields.duration} label="Time" inputMode="decimal" />
            <TimeField meta={fields.started_at} label="From (optional)" />
          </div>
          <TextField meta={fields.note} label="Note" maxLength={timeLimits.note} />
          <CheckboxField meta={fields.billable} label="Billable" />
        </DialogBody>
        <DialogFooter>
          <Link to={closeHref} preventScrollReset className={buttonClass("ghost")}>
            Cancel
          </Link>
          <SubmitButton intent="save-entry">Save entry</SubmitButton>
        </DialogFooter>
      </AdminForm>
    </UrlDialog>
  );
}
