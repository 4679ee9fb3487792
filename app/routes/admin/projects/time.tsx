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
import { formatMomentIn, todayIn, wallClockIn } from "#app/domain/dates.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { toCents } from "#app/domain/money.ts";
import { projectValue } from "#app/domain/projects.ts";
import { budgetPercent, profitOf, timeLimits, timeMessages, timeTotals } from "#app/domain/time-tracking.ts";
import { studioTimeZone } from "#app/models/business-settings.server.ts";
import { getProject } from "#app/models/projects.server.ts";
import {
  customerRounding,
  projectEntries,
  projectPhaseList,
  projectRevenue,
  rateHistory,
  runningTimer,
  teamMembers,
} from "#app/models/time-entries.server.ts";
import { notFound } from "#app/services/action-result.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { AdminHandle } from "../layout.tsx";
import { timeAction } from "../time-actions.server.ts";
import type { Route } from "./+types/time";

export const handle: AdminHandle = { liveTables: ["time_entries", "projects", "invoices"] };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: adminTitle(matches, loaderData ? `Time · ${loaderData.project.projectName}` : timeMessages.projectNotFound),
  },
];

function clockOf(moment: Date, timeZone: string): string {
  const minutes = wallClockIn(moment, timeZone).minutes;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context);
  const { database } = getApp(context);
  const id = parseUuid(params.id);
  const project = id ? await getProject(database.db, id) : null;
  if (!project) notFound(timeMessages.projectNotFound);
  const [entries, phases, rates, team, rounding, revenue, timer, timeZone] = await Promise.all([
    projectEntries(database.db, project),
    projectPhaseList(database.db, project.id),
    rateHistory(database.db, project.id),
    teamMembers(database.db),
    customerRounding(database.db, project.customerId),
    projectRevenue(database.db, project.id),
    runningTimer(database.db, session.userId),
    studioTimeZone(database.db),
  ]);
  const now = new Date();
  const today = todayIn(timeZone, now);
  const { total, byPhase } = timeTotals(entries);
  const pricePhases = new Map((project.pricingDetails?.phases ?? []).map((phase) => [phase.id, phase.price]));
  const estimatedMinutes = project.estimatedHours === null ? null : Math.round(Number(project.estimatedHours) * 60);
  const value = projectValue(project);
  const finished = entries.filter((entry) => entry.minutes !== null);
  const unbilledDays = finished
    .filter((entry) => entry.standing === "unbilled" && entry.billable)
    .map((e) => e.workDate);
  const editId = parseUuid(new URL(request.url).searchParams.get("edit"));
  const rows = finished.slice(0, timeLimits.listedEntries).map((entry) => ({
    id: entry.id,
    projectId: project.id,
    personName: entry.personName,
    phaseId: entry.phaseId,
    phaseName: entry.phaseName,
    workDate: entry.workDate,
    minutes: entry.minutes ?? 0,
    startedAt: entry.startedAt?.toISOString() ?? null,
    startClock: entry.startedAt ? clockOf(entry.startedAt, timeZone) : null,
    note: entry.note,
    billable: entry.billable,
    version: entry.version,
    standing: entry.standing,
    invoiceId: entry.invoiceId,
    invoiceNumber: entry.invoiceNumber,
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
    timer: timer
      ? {
          id: timer.id,
          projectId: timer.projectId,
          projectName: timer.projectName,
          phaseName: timer.phaseName,
          note: timer.note,
          startedAt: timer.startedAt.toISOString(),
          startedLabel: formatMomentIn(timer.startedAt, timeZone),
          now: now.toISOString(),
          today,
        }
      : null,
    budget: {
      estimatedMinutes,
      loggedMinutes: total.minutes,
      hoursPercent: budgetPercent(total.minutes, estimatedMinutes),
      valueCents: value,
      loggedValueCents: total.valueCents,
      valuePercent: budgetPercent(total.valueCents, value),
    },
    total,
    phases: [
      ...phases.map((phase) => {
        const price = phase.pricingPhaseId ? pricePhases.get(phase.pricingPhaseId) : undefined;
        const budget = price === undefined || price === null ? null : toCents(price);
        const sums = byPhase.get(phase.id);
        return {
          id: phase.id,
          name: phase.name,
          budgetCents: budget,
          totals: sums ?? null,
          percent: budgetPercent(sums?.valueCents ?? 0, budget),
        };
      }),
      ...(byPhase.has("")
        ? [{ id: "", name: "Other work", budgetCents: null, totals: byPhase.get("") ?? null, percent: null }]
        : []),
    ],
    profit: {
      invoicedCents: revenue.invoicedCents,
      paidCents: revenue.paidCents,
      timeCostCents: total.costCents,
      ...profitOf({ revenueCents: revenue.invoicedCents, timeCostCents: total.costCents, expenseCents: 0 }),
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
      from: unbilledDays.sort()[0] ?? today,
      to: today,
    },
    entries: rows,
    entryCount: finished.length,
    editing: rows.find((row) => row.id === editId && row.standing === "unbilled") ?? null,
    today,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { database } = getApp(context);
  const id = parseUuid(params.id);
  const project = id ? await getProject(database.db, id) : null;
  if (!project) notFound(timeMessages.projectNotFound);
  const formData = await request.formData();
  return timeAction({ context, session, formData, page: `/admin/projects/${project.id}/time`, projectId: project.id });
}

// The page (its forms, Conform and their schemas) loads as a chunk of its own.
const ProjectTimePage = splitComponent(() => import("./time-page.tsx").then((module) => module.ProjectTimePage));

export default function ProjectTimeRoute(props: Route.ComponentProps) {
  return <ProjectTimePage {...props} />;
}
