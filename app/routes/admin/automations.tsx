/**
 * /admin/automations (ADR 0063): the studio's timed work as rules the owner can see into. Each built-in rule with
 * when it acts and what it does, Active or Paused, and Pause / Resume (audited); below, every run: the rule, the
 * subject (the customer, the booking), when it was due, its status (scheduled, sent, skipped with the reason,
 * failed with the error after its last retry) and its attempts, newest first, filtered by status.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData } from "react-router";
import { Badge } from "#app/components/admin/badge.tsx";
import { type Column, DataTable, rowActionClass } from "#app/components/admin/data-table.tsx";
import { FailureNotice, RowActionForm } from "#app/components/admin/form-buttons.tsx";
import { ListFilters, PageHeader, statusFilter } from "#app/components/admin/list.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import {
  automationMessages,
  automationRuleActionSchema,
  automationStatusLabels,
  automationsPath,
  builtInRule,
  builtInRules,
  runListQuery,
} from "#app/domain/automations.ts";
import { formatDateTime } from "#app/domain/dates.ts";
import { type AutomationRunStatus, automationRunStatuses } from "#app/domain/enums.ts";
import { listRuns, pausedRuleKeys, runCounts, setRulePaused } from "#app/models/automations.server.ts";
import { badRequest, redirectWithToast } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/automations";
import type { AdminHandle } from "./layout.tsx";

const formId = "automations";

export const handle: AdminHandle = { liveTables: [] };

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Automations") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = getApp(context).database.db;
  const query = runListQuery(new URL(request.url).searchParams);
  const status = query.status === "all" ? undefined : query.status;
  const [paused, runs, counts] = await Promise.all([
    pausedRuleKeys(db),
    listRuns(db, { status, q: query.q }),
    runCounts(db),
  ]);
  return {
    query,
    counts,
    rules: builtInRules.map((rule) => ({ ...rule, paused: paused.has(rule.key) })),
    runs: runs.map((run) => ({
      id: run.id,
      rule: builtInRule(run.rule)?.name ?? run.rule,
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
  const { config, database, ip } = getApp(context);
  const submission = parseWithZod(await request.formData(), { schema: automationRuleActionSchema });
  if (submission.status !== "success") badRequest(automationMessages.unknownRule);
  const { intent, rule } = submission.value;
  const name = builtInRule(rule)?.name ?? rule;
  await auditedChange(
    database.db,
    async (tx) => {
      await setRulePaused(tx, rule, intent === "pause");
      return true;
    },
    { actor: session, ip, event: intent === "pause" ? "automation_paused" : "automation_resumed", detail: { rule } },
  );
  const message = intent === "pause" ? automationMessages.paused(name) : automationMessages.resumed(name);
  return redirectWithToast(config, automationsPath, { type: "success", message });
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

export default function Automations({ loaderData }: Route.ComponentProps) {
  const { rules, runs, query, counts } = loaderData;
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
      />
      <FailureNotice failure={failure} form={formId} />
      <DataTable
        label="Automations"
        columns={ruleColumns}
        rows={rules}
        rowKey={(rule) => rule.key}
        rowAttributes={(rule) => ({ "data-rule": rule.key, "data-paused": String(rule.paused) })}
        empty="No automations"
        actions={(rule) => (
          <RowActionForm
            intent={rule.paused ? "resume" : "pause"}
            fields={{ rule: rule.key }}
            className={rowActionClass}
            data-row-action
            aria-label={`${rule.paused ? "Resume" : "Pause"}: ${rule.name}`}
          >
            {rule.paused ? "Resume" : "Pause"}
          </RowActionForm>
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
