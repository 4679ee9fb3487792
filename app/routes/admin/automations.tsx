/**
 * /admin/automations (ADR 0063): the studio's timed work as rules the owner can see into. Each built-in rule with
 * when it acts and what it does, Active or Paused, and Pause / Resume (audited); below, every run: the rule, the
 * subject (the customer, the booking), when it was due, its status (scheduled, sent, skipped with the reason,
 * failed with the error after its last retry) and its attempts, newest first, filtered by status.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useActionData } from "react-router";
import { Badge } from "#app/components/admin/badge.tsx";
import { type Column, DataTable, rowActionClass } from "#app/components/admin/data-table.tsx";
import { FailureNotice, RowActionForm } from "#app/components/admin/form-buttons.tsx";
import { ListFilters, PageHeader, statusFilter } from "#app/components/admin/list.tsx";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import { getApp } from "#app/context.server.ts";
import { approvalFormId, automationPageActionSchema } from "#app/domain/automation-forms.ts";
import {
  conditionWords,
  customRuleKey,
  ruleWhen,
  stepLabels,
  triggerDefinitions,
} from "#app/domain/automation-rules.ts";
import {
  automationMessages,
  automationStatusLabels,
  automationsPath,
  builtInRules,
  runListQuery,
} from "#app/domain/automations.ts";
import { formatDateTime } from "#app/domain/dates.ts";
import { type AutomationRunStatus, automationRunStatuses } from "#app/domain/enums.ts";
import { listCustomRules } from "#app/models/automation-custom-rules.server.ts";
import { listRuns, pausedRuleKeys, runCounts, setRulePaused, skipRunById } from "#app/models/automations.server.ts";
import { badRequest, invalid, redirectWithToast } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { automationHandlers } from "#app/services/automation-custom.server.ts";
import { approveRun } from "#app/services/automations.server.ts";
import type { Route } from "./+types/automations";
import type { AdminHandle } from "./layout.tsx";

const formId = "automations";

export const handle: AdminHandle = { liveTables: [] };

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Automations") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { config, database, logger } = getApp(context);
  const db = database.db;
  const query = runListQuery(new URL(request.url).searchParams);
  const status = query.status === "all" ? undefined : query.status;
  const now = new Date();
  const [paused, runs, counts, own, handlers, waiting] = await Promise.all([
    pausedRuleKeys(db),
    listRuns(db, { status, q: query.q }),
    runCounts(db),
    listCustomRules(db),
    automationHandlers({ db, config, logger }),
    listRuns(db, { status: "waiting_approval", limit: 50 }),
  ]);
  const names = new Map(handlers.map((handler) => [handler.key, handler.name]));
  const queue = [];
  for (const run of waiting) {
    const preview = await handlers.find((handler) => handler.key === run.rule)?.preview?.(db, run, now);
    queue.push({
      id: run.id,
      rule: names.get(run.rule) ?? run.rule,
      subject: run.subjectLabel,
      dueAt: run.dueAt.toISOString(),
      preview: preview ?? null,
    });
  }
  return {
    query,
    counts,
    queue,
    rules: [
      ...builtInRules.map((rule) => ({ ...rule, editHref: null, paused: paused.has(rule.key) })),
      ...own.map((rule) => ({
        key: customRuleKey(rule.id),
        name: rule.name,
        trigger: [
          `${triggerDefinitions[rule.trigger].label}: ${ruleWhen(rule.trigger, rule.days)}`,
          conditionWords(rule),
        ]
          .filter(Boolean)
          .join("; "),
        step: `${stepLabels[rule.step]}${rule.approval ? ", after my approval" : ""}`,
        editHref: `${automationsPath}/${rule.id}`,
        paused: paused.has(customRuleKey(rule.id)),
      })),
    ],
    runs: runs.map((run) => ({
      id: run.id,
      rule: names.get(run.rule) ?? run.rule,
      subject: run.subjectLabel || `${run.subjectType} ${run.subjectId}`,
      dueAt: run.dueAt.toISOString(),
      status: run.status,
      attempts: run.attempts,
      note: run.status === "skipped" ? run.reason : run.lastError,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip, logger } = getApp(context);
  const db = database.db;
  const back = (type: "success" | "error", message: string) =>
    redirectWithToast(config, automationsPath, { type, message });
  const handlers = await automationHandlers({ db, config, logger });
  const submission = parseWithZod(await request.formData(), { schema: automationPageActionSchema });
  if (submission.status !== "success") {
    const { intent, run } = submission.payload;
    if (intent === "approve" && typeof run === "string") return invalid(submission, { form: approvalFormId(run) });
    badRequest(automationMessages.unknownRule);
  }
  const form = submission.value;
  if (form.intent === "approve") {
    const edited =
      form.subject !== undefined && form.body !== undefined ? { subject: form.subject, body: form.body } : null;
    const approved = await approveRun(db, handlers, { runId: form.run, edited, actor: session, ip }, new Date());
    if (!approved.ok) return back("error", approved.message ?? automationMessages.notWaiting);
    if (approved.sent) return back("success", automationMessages.approved(approved.label));
    return back("error", automationMessages.approvedNotSent(approved.label, approved.note));
  }
  if (form.intent === "skip-run") {
    const skipped = await auditedChange(
      db,
      (tx) => skipRunById(tx, form.run, automationMessages.skippedByOwner, new Date()),
      {
        actor: session,
        ip,
        event: "automation_run_skipped",
        detail: (run) => ({ run: run.subjectLabel, rule: run.rule }),
      },
    );
    if (!skipped) return back("error", automationMessages.notWaiting);
    return back("success", automationMessages.runSkipped(skipped.subjectLabel));
  }
  const { intent, rule } = form;
  const handler = handlers.find((candidate) => candidate.key === rule);
  if (!handler) badRequest(automationMessages.unknownRule);
  await auditedChange(
    db,
    async (tx) => {
      await setRulePaused(tx, rule, intent === "pause");
      return true;
    },
    { actor: session, ip, event: intent === "pause" ? "automation_paused" : "automation_resumed", detail: { rule } },
  );
  const message =
    intent === "pause" ? automationMessages.paused(handler.name) : automationMessages.resumed(handler.name);
  return back("success", message);
}

type Data = Route.ComponentProps["loaderData"];
type Rule = Data["rules"][number];
type Run = Data["runs"][number];

const statusTones: Record<AutomationRunStatus, "green" | "amber" | "sky" | "red" | "zinc"> = {
  scheduled: "sky",
  waiting_approval: "amber",
  sent: "green",
  skipped: "zinc",
  failed: "red",
};

const ruleColumns: readonly Column<Rule>[] = [
  {
    header: "Automation",
    primary: true,
    cell: (rule) => (
      <>
        <span className="block">{rule.name}</span>
        <span className="block text-xs font-normal text-zinc-400">When: {rule.trigger}</span>
        <span className="block text-xs font-normal text-zinc-400">Then: {rule.step}</span>
      </>
    ),
    className: "md:max-w-xl",
  },
  {
    header: "Status",
    cell: (rule) => (rule.paused ? <Badge tone="amber">Paused</Badge> : <Badge tone="green">Active</Badge>),
  },
];

const runColumns: readonly Column<Run>[] = [
  {
    header: "Subject",
    primary: true,
    cell: (run) => (
      <>
        <span className="block text-xs font-normal text-zinc-400">{run.rule}</span>
        <span className="block [overflow-wrap:anywhere]">{run.subject}</span>
      </>
    ),
    className: "[overflow-wrap:anywhere] md:min-w-40 md:max-w-72",
  },
  { header: "Due", cell: (run) => formatDateTime(new Date(run.dueAt)), className: "md:whitespace-nowrap" },
  {
    header: "Status",
    cell: (run) => <Badge tone={statusTones[run.status]}>{automationStatusLabels[run.status]}</Badge>,
  },
  { header: "Attempts", lowPriority: true, cell: (run) => String(run.attempts) },
  {
    header: "Note",
    lowPriority: true,
    truncate: true,
    cell: (run) => run.note ?? "",
    className: "md:max-w-48",
  },
];

// The approval queue's forms (Conform and their schema) load as a chunk of their own: the server renders them in
// place, and they post without JavaScript until the chunk is there.
const ApprovalQueue = splitComponent(() => import("./automations-queue.tsx").then((module) => module.ApprovalQueue));

export default function Automations({ loaderData }: Route.ComponentProps) {
  const { rules, runs, query, counts, queue } = loaderData;
  const failure = useActionData<typeof action>();
  // each status with how many runs it holds
  const labels = Object.fromEntries(
    automationRunStatuses.map((value) => [value, `${automationStatusLabels[value]} (${counts[value] ?? 0})`]),
  ) as Record<AutomationRunStatus, string>;
  const filtered = query.status !== "all" || query.q !== "";
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <PageHeader
        title="Automations"
        description="The work the studio does on its own, and every time it did it. A paused automation sends nothing until you resume it."
      >
        <Link to={`${automationsPath}/new`} className={buttonClass("primary", { size: "sm" })}>
          <Icon name="plus" aria-hidden className="size-4" />
          New automation
        </Link>
      </PageHeader>
      <FailureNotice failure={failure} form={formId} />
      {queue.length > 0 ? <ApprovalQueue queue={queue} failure={failure ?? null} /> : null}
      <DataTable
        label="Automations"
        columns={ruleColumns}
        rows={rules}
        rowKey={(rule) => rule.key}
        rowAttributes={(rule) => ({ "data-rule": rule.key, "data-paused": String(rule.paused) })}
        empty="No automations"
        actions={(rule) => (
          <>
            <RowActionForm
              intent={rule.paused ? "resume" : "pause"}
              fields={{ rule: rule.key }}
              className={rowActionClass}
              data-row-action
              aria-label={`${rule.paused ? "Resume" : "Pause"}: ${rule.name}`}
            >
              {rule.paused ? "Resume" : "Pause"}
            </RowActionForm>
            {rule.editHref ? (
              <Link to={rule.editHref} className={rowActionClass} data-row-action aria-label={`Edit: ${rule.name}`}>
                Edit
              </Link>
            ) : null}
          </>
        )}
      />
      <h2 className="mt-2 text-base font-semibold">Runs</h2>
      <ListFilters
        action={automationsPath}
        q={query.q}
        selects={[statusFilter(query.status, ["all", ...automationRunStatuses], labels)]}
        placeholder="Search by client, document or booking..."
        searchLabel="Search runs"
      />
      <DataTable
        label="Runs"
        columns={runColumns}
        rows={runs}
        rowKey={(run) => run.id}
        rowAttributes={(run) => ({ "data-run": run.id, "data-status": run.status })}
        empty={filtered ? "No runs match these filters" : "Nothing has run yet"}
      />
    </div>
  );
}
