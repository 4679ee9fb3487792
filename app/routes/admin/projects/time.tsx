/**
 * /admin/projects/{id}/time: a project's time and profit (ADR 0058). The timer and logging on this
 * project; budget against actual (estimated hours and value against logged hours and value), in total
 * and per phase; profit (revenue invoiced and paid, less time at cost); "Invoice unbilled time" (a
 * date range, phases, the lines' layout, the customer's rounding, a timesheet appendix) making a draft;
 * rates by person, project and phase from a date, with their history; the entries with their standing.
 */
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import { todayIn } from "#app/domain/dates.ts";
import { isReceiptType } from "#app/domain/files.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { toCents } from "#app/domain/money.ts";
import { monthsEnding } from "#app/domain/reports.ts";
import { projectBudget } from "#app/domain/time-budget.ts";
import {
  bankMonths,
  expenseMessages,
  profitOf,
  timeLimits,
  timeMessages,
  timeTotals,
} from "#app/domain/time-tracking.ts";

import { studioTimeZone } from "#app/models/business-settings.server.ts";
import {
  lastMarkups,
  projectExpenseSums,
  projectExpenses,
  projectRecurringExpenses,
} from "#app/models/expenses.server.ts";
import { getProject } from "#app/models/projects.server.ts";
import {
  bankDecisionsOf,
  billableMinutesByMonth,
  projectEntries,
  projectPhaseList,
  projectRevenue,
  projectTimeSums,
  rateHistory,
  ratesForProject,
  runningTimer,
  teamMembers,
} from "#app/models/time-entries.server.ts";
import { invalid, notFound } from "#app/services/action-result.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { parseUploadForm } from "#app/services/file-storage.server.ts";
import type { AdminHandle } from "../layout.tsx";
import { timeAction } from "../time-actions.server.ts";
import { entryRowView, timerView } from "../time-view.server.ts";
import type { Route } from "./+types/time";

export const handle: AdminHandle = { liveTables: ["time_entries", "projects", "invoices"] };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: adminTitle(matches, loaderData ? `Time · ${loaderData.project.projectName}` : timeMessages.projectNotFound),
  },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context);
  const { database } = getApp(context);
  const id = parseUuid(params.id);
  const project = id ? await getProject(database.db, id) : null;
  if (!project) notFound(timeMessages.projectNotFound);
  const search = new URL(request.url).searchParams;
  const wholeList = search.get("entries") === "all";
  const allExpenses = search.get("expenses") === "all";
  const rateRows = await ratesForProject(database.db, project.id);
  const [entries, sums, phases, rates, team, revenue, timer, timeZone, spent, spending, markups, recurring] =
    await Promise.all([
      projectEntries(database.db, project, {
        limit: wholeList ? timeLimits.allEntries : timeLimits.listedEntries,
        rates: rateRows,
      }),
      projectTimeSums(database.db, project, rateRows),
      projectPhaseList(database.db, project.id),
      rateHistory(database.db, project.id),
      teamMembers(database.db),
      projectRevenue(database.db, project.id),
      runningTimer(database.db, session.userId),
      studioTimeZone(database.db),
      projectExpenses(database.db, project.id, allExpenses ? timeLimits.allEntries : timeLimits.listedEntries),
      projectExpenseSums(database.db, project.id),
      lastMarkups(database.db),
      projectRecurringExpenses(database.db, project.id),
    ]);
  const rounding = project.customer?.timeRoundingMinutes ?? 0;
  const bank =
    project.hourBankMinutes === null
      ? null
      : await hourBankView(database.db, project.id, project.hourBankMinutes, todayIn(timeZone));
  const entryCount = sums.reduce((sum, row) => sum + row.entries, 0);
  const firstUnbilled =
    sums
      .filter((row) => row.standing === "unbilled" && row.billable)
      .map((row) => row.workDate)
      .sort()[0] ?? null;
  const expenseTotal = spending.totalCents;
  const now = new Date();
  const today = todayIn(timeZone, now);
  const totals = timeTotals(sums);
  const { total } = totals;
  const { phases: phaseBudgets, ...budget } = projectBudget(project, phases, totals);
  const finished = entries.filter((entry) => entry.minutes !== null);
  const editId = parseUuid(search.get("edit"));
  const rows = finished.map((entry) => ({
    ...entryRowView({ ...entry, projectId: project.id }, timeZone),
    valueCents: entry.valueCents,
  }));
  return {
    project: {
      id: project.id,
      projectName: project.projectName,
      customerId: project.customerId,
      customerName: project.customer?.name ?? null,
    },
    choices: [
      {
        projectId: project.id,
        projectName: project.projectName,
        customerName: project.customer?.name ?? "",
        phases: phases.map((phase) => ({ id: phase.id, name: phase.name })),
      },
    ],
    timer: timerView(timer, timeZone, now, today),
    budget,
    total,
    phases: phaseBudgets,
    profit: {
      invoicedCents: revenue.invoicedCents,
      paidCents: revenue.paidCents,
      timeCostCents: total.costCents,
      expenseCents: expenseTotal,
      ...profitOf({ revenueCents: revenue.invoicedCents, timeCostCents: total.costCents, expenseCents: expenseTotal }),
    },
    rates: rates.map((rate) => ({
      id: rate.id,
      target: rate.phaseId
        ? `Phase: ${rate.phaseName ?? ""}`
        : rate.projectId
          ? "This project"
          : `Person: ${rate.personName ?? ""}`,
      effectiveFrom: rate.effectiveFrom,
      billableCents: rate.billableRate === null ? null : toCents(rate.billableRate),
      costCents: rate.costRate === null ? null : toCents(rate.costRate),
    })),
    team,
    rounding,
    billing: {
      from: [firstUnbilled, spending.firstUnbilled].filter(Boolean).sort()[0] ?? today,
      to: today,
    },
    bank,
    entries: rows,
    entryCount,
    wholeList,
    expenses: spent,
    recurring,
    unbilledExpenseCount: spending.unbilledCount,
    expenseCount: spending.count,
    markups,
    editing: rows.find((row) => row.id === editId && row.standing === "unbilled") ?? null,
    today,
  };
}

/** The last six months against the bank, newest first, each with what the owner decided for it. */
async function hourBankView(
  db: Parameters<typeof bankDecisionsOf>[0],
  projectId: string,
  bankMinutes: number,
  today: string,
) {
  const months = monthsEnding(today, 6);
  const [logged, decisions] = await Promise.all([
    billableMinutesByMonth(db, projectId, `${months[0]}-01`),
    bankDecisionsOf(db, projectId),
  ]);
  const byMonth = new Map(logged.map((row) => [row.month, row.minutes]));
  return {
    minutes: bankMinutes,
    months: bankMonths(
      months.map((month) => ({ month, minutes: byMonth.get(month) ?? 0 })),
      bankMinutes,
    ).map((month) => ({ ...month, decision: decisions.find((decided) => decided.month === month.month) ?? null })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { database } = getApp(context);
  const id = parseUuid(params.id);
  const project = id ? await getProject(database.db, id) : null;
  if (!project) notFound(timeMessages.projectNotFound);
  // an expense's receipt is stored as the post streams in, under the project's upload rules (ADR 0056)
  const upload = await parseUploadForm(database.db, request, {
    customerId: project.customerId,
    projectId: project.id,
    uploadedBy: "owner",
    fileFields: ["receipt"],
    maxFiles: 1,
  });
  if (!upload.ok) return invalid(null, { form: "add-expense", formError: upload.message });
  const stored = upload.files[0] ?? null;
  const receiptError =
    upload.fileErrors.receipt ?? (stored && !isReceiptType(stored.contentType) ? expenseMessages.receiptType : null);
  return timeAction({
    context,
    session,
    formData: upload.formData,
    page: `/admin/projects/${project.id}/time`,
    projectId: project.id,
    receipt: { fileId: receiptError ? null : (stored?.id ?? null), error: receiptError },
  });
}

// The page (its forms, Conform and their schemas) loads as a chunk of its own.
const ProjectTimePage = splitComponent(() => import("./time-page.tsx").then((module) => module.ProjectTimePage));

export default function ProjectTimeRoute(props: Route.ComponentProps) {
  return <ProjectTimePage {...props} />;
}
