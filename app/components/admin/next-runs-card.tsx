/**
 * The "What happens next" card of a customer's page and a project's (ADR 0063): what the studio's automations will
 * do for this customer or about this project, soonest first (a run already scheduled, or one a rule will schedule
 * on its day), each with Skip; and Pause / Resume for all of them. The forms post to the page's `/automations`.
 */
import { Link } from "react-router";
import { Badge } from "#app/components/admin/badge.tsx";
import { RowActionForm } from "#app/components/admin/form-buttons.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { automationsPath, type NextRun } from "#app/domain/automations.ts";
import { formatDateTime } from "#app/domain/dates.ts";

export type NextRunsCardData = {
  /** the owner paused this customer's (or project's) automations */
  held: boolean;
  /** the customer is archived, or the project completed or cancelled: nothing more goes */
  closed: boolean;
  runs: NextRun[];
};

const words = {
  customer: {
    closed: "Archived: the studio's automations send nothing more to this customer.",
    open: "What the studio's automations will send this customer, soonest first.",
    empty: "Nothing is scheduled for this customer.",
  },
  project: {
    closed:
      "Completed or cancelled: the studio's automations send nothing more about this project, but the reminders of its unpaid invoices.",
    open: "What the studio's automations will send about this project, soonest first.",
    empty: "Nothing is scheduled for this project.",
  },
} as const;

const statusWords: Record<NextRun["status"], { label: string; tone: "sky" | "amber" | "zinc" }> = {
  scheduled: { label: "Scheduled", tone: "sky" },
  waiting_approval: { label: "Waiting for approval", tone: "amber" },
  upcoming: { label: "Upcoming", tone: "zinc" },
};

export function NextRunsCard({
  action,
  scope,
  data,
}: {
  /** where its forms post: /admin/customers/{id}/automations or /admin/projects/{id}/automations */
  action: string;
  scope: "customer" | "project";
  data: NextRunsCardData;
}) {
  return (
    <section
      aria-labelledby="next-runs-title"
      data-next-runs-card
      data-held={String(data.held)}
      className="flex flex-col gap-3 rounded-lg border border-zinc-800 bg-zinc-900/40 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="next-runs-title" className="text-base font-semibold text-zinc-100">
          What happens next
        </h2>
        {data.closed ? null : (
          <RowActionForm
            action={action}
            intent={data.held ? "resume" : "pause"}
            fields={{}}
            className={buttonClass("secondary", { size: "sm" })}
          >
            {data.held ? "Resume automations" : "Pause automations"}
          </RowActionForm>
        )}
      </div>
      <p className="text-sm text-zinc-400">
        {data.closed
          ? words[scope].closed
          : data.held
            ? "Paused: nothing below is sent until you resume. Invoices and receipts you send yourself still go."
            : words[scope].open}{" "}
        <Link to={automationsPath} className="underline">
          All automations
        </Link>
      </p>
      {data.runs.length === 0 ? (
        <p className="text-sm text-zinc-400">{words[scope].empty}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {data.runs.map((run) => {
            const name = run.ruleName;
            const due = new Date(run.dueAt);
            const words = statusWords[run.status];
            return (
              <li
                key={`${run.rule}|${run.subjectType}|${run.subjectId}|${due.toISOString()}`}
                className="flex flex-wrap items-center justify-between gap-2 text-sm"
                data-next-run={run.subjectLabel}
                data-status={run.status}
              >
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  <span className="block text-xs text-zinc-400">{name}</span>
                  <span className="block">{run.subjectLabel}</span>
                </span>
                <span className="flex items-center gap-2 text-zinc-400">
                  <time dateTime={due.toISOString()}>{formatDateTime(due)}</time>
                  <Badge tone={words.tone}>{data.held ? "Paused" : words.label}</Badge>
                  <RowActionForm
                    action={action}
                    intent="skip"
                    fields={{
                      rule: run.rule,
                      subject_type: run.subjectType,
                      subject_id: run.subjectId,
                      due_at: due.toISOString(),
                    }}
                    className={buttonClass("secondary", { size: "sm" })}
                    data-row-action
                    aria-label={`Skip: ${name}, ${run.subjectLabel}`}
                  >
                    Skip
                  </RowActionForm>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
