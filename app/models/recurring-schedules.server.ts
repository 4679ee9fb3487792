/**
 * Retainers (ADR 0031): recurring schedules of a project's fees, and the invoices of their due periods.
 * Invoicing a schedule's periods runs in one transaction holding the schedule's row lock: concurrent
 * runs (two timers, two instances, a save and a timer) queue on it, and each finds the periods the
 * one before it made; the invoices' unique (schedule_id, period_start) stands behind the lock.
 */

import { and, asc, desc, eq, inArray, lte, ne, sql } from "drizzle-orm";
import { publishChange } from "#app/db/changes.server.ts";
import type { Queryable, Tx } from "#app/db/client.server.ts";
import { invoices, projects, recurringSchedules } from "#app/db/schema.ts";
import type { ScheduleStatus } from "#app/domain/enums.ts";
import { invoiceTotals } from "#app/domain/invoice-form.ts";
import { maxMoneyCents } from "#app/domain/money.ts";
import { recurringFeeLines, recurringFeesTotal } from "#app/domain/projects.ts";
import type { Result } from "#app/domain/result.ts";
import { ruleOfForm, type ScheduleForm } from "#app/domain/retainer-forms.ts";
import {
  duePeriods,
  nextDueOnResume,
  nextDueOnSave,
  periodAfter,
  periodsBetween,
  type ScheduleRule,
  scheduleMessages,
} from "#app/domain/retainers.ts";
import { insertInvoice, recurringFeesForm } from "#app/models/invoices.server.ts";

type ScheduleRow = typeof recurringSchedules.$inferSelect;

const ruleOf = (row: Pick<ScheduleRow, "frequency" | "anchor" | "startDate" | "endDate">): ScheduleRule => ({
  frequency: row.frequency,
  anchor: row.anchor,
  startDate: row.startDate,
  endDate: row.endDate,
});

// ---------------------------------------------------------------- reads

/** A project's schedules (the open one first, then ended ones, newest first), each with the invoices it made. */
export async function listProjectSchedules(db: Queryable, projectId: string) {
  const schedules = await db
    .select()
    .from(recurringSchedules)
    .where(eq(recurringSchedules.projectId, projectId))
    .orderBy(sql`${recurringSchedules.status} = 'ended'`, desc(recurringSchedules.createdAt));
  if (schedules.length === 0) return [];
  const made = await db
    .select({
      id: invoices.id,
      scheduleId: invoices.scheduleId,
      invoiceNumber: invoices.invoiceNumber,
      periodStart: invoices.periodStart,
      status: invoices.status,
      totalAmount: invoices.totalAmount,
    })
    .from(invoices)
    .where(
      inArray(
        invoices.scheduleId,
        schedules.map((schedule) => schedule.id),
      ),
    )
    .orderBy(desc(invoices.periodStart));
  return schedules.map((schedule) => ({
    ...schedule,
    invoices: made.filter((invoice) => invoice.scheduleId === schedule.id),
  }));
}

/** A customer's schedules with their project's name and the amount per period, open ones first. */
export async function listCustomerSchedules(db: Queryable, customerId: string) {
  const rows = await db
    .select({
      id: recurringSchedules.id,
      projectId: recurringSchedules.projectId,
      projectName: projects.projectName,
      pricingDetails: projects.pricingDetails,
      frequency: recurringSchedules.frequency,
      status: recurringSchedules.status,
      mode: recurringSchedules.mode,
      nextDue: recurringSchedules.nextDue,
    })
    .from(recurringSchedules)
    .innerJoin(projects, eq(projects.id, recurringSchedules.projectId))
    .where(eq(recurringSchedules.customerId, customerId))
    .orderBy(sql`${recurringSchedules.status} = 'ended'`, asc(recurringSchedules.nextDue), asc(projects.projectName));
  return rows.map(({ pricingDetails, ...row }) => ({ ...row, amount: recurringFeesTotal(pricingDetails) }));
}

/** Active schedules with their amount per period, for monthly recurring revenue and the forecast. */
export async function listActiveSchedules(db: Queryable) {
  const rows = await db
    .select({
      frequency: recurringSchedules.frequency,
      anchor: recurringSchedules.anchor,
      startDate: recurringSchedules.startDate,
      endDate: recurringSchedules.endDate,
      nextDue: recurringSchedules.nextDue,
      pricingDetails: projects.pricingDetails,
    })
    .from(recurringSchedules)
    .innerJoin(projects, eq(projects.id, recurringSchedules.projectId))
    .where(eq(recurringSchedules.status, "active"));
  return rows.map((row) => ({
    rule: ruleOf(row),
    nextDue: row.nextDue,
    amount: recurringFeesTotal(row.pricingDetails),
  }));
}

/** Ids of the active schedules with a period due on or before `today`, oldest due first. */
export async function dueScheduleIds(db: Queryable, today: string): Promise<string[]> {
  const rows = await db
    .select({ id: recurringSchedules.id })
    .from(recurringSchedules)
    .where(and(eq(recurringSchedules.status, "active"), lte(recurringSchedules.nextDue, today)))
    .orderBy(asc(recurringSchedules.nextDue), asc(recurringSchedules.id));
  return rows.map((row) => row.id);
}

/**
 * Every active schedule's periods due through `today` (after downtime each missed one), oldest first, with what
 * a run's history names it by: the automations' retainer rule schedules one run per period (ADR 0063).
 */
export async function dueSchedulePeriods(db: Queryable, today: string) {
  const rows = await db
    .select({
      id: recurringSchedules.id,
      frequency: recurringSchedules.frequency,
      anchor: recurringSchedules.anchor,
      startDate: recurringSchedules.startDate,
      endDate: recurringSchedules.endDate,
      nextDue: recurringSchedules.nextDue,
      projectName: projects.projectName,
    })
    .from(recurringSchedules)
    .innerJoin(projects, eq(projects.id, recurringSchedules.projectId))
    .where(and(eq(recurringSchedules.status, "active"), lte(recurringSchedules.nextDue, today)))
    .orderBy(asc(recurringSchedules.nextDue), asc(recurringSchedules.id));
  return rows.flatMap((row) =>
    row.nextDue === null
      ? []
      : periodsBetween(ruleOf(row), row.nextDue, today).map((period) => ({
          scheduleId: row.id,
          projectName: row.projectName,
          period,
        })),
  );
}

// ---------------------------------------------------------------- writes

/**
 * A new schedule of a project's recurring fees (its customer's), active, its next date the first period
 * on or after today. Refused: the project is gone (null), it has no fees, it has a schedule not ended,
 * or the first invoice would be dated before today.
 */
export async function createSchedule(
  tx: Queryable,
  input: { projectId: string; form: ScheduleForm; today: string; userId: string | null },
): Promise<Result<{ schedule: ScheduleRow }> | null> {
  const [project] = await tx
    .select({ id: projects.id, customerId: projects.customerId, pricingDetails: projects.pricingDetails })
    .from(projects)
    .where(eq(projects.id, input.projectId))
    .for("update");
  if (!project) return null;
  if (recurringFeeLines(project.pricingDetails).length === 0) return { ok: false, message: scheduleMessages.noFees };
  const [open] = await tx
    .select({ id: recurringSchedules.id })
    .from(recurringSchedules)
    .where(and(eq(recurringSchedules.projectId, project.id), ne(recurringSchedules.status, "ended")));
  if (open) return { ok: false, message: scheduleMessages.alreadyScheduled };
  const rule = ruleOfForm(input.form);
  const next = nextDueOnSave(rule, input.today, true);
  if (!next.ok) return next;
  const [schedule] = await tx
    .insert(recurringSchedules)
    .values({
      projectId: project.id,
      customerId: project.customerId,
      frequency: rule.frequency,
      anchor: rule.anchor,
      startDate: rule.startDate,
      endDate: rule.endDate,
      mode: input.form.mode,
      nextDue: next.nextDue,
      status: next.nextDue === null ? "ended" : "active",
      createdBy: input.userId,
    })
    .returning();
  if (!schedule) throw new Error("schedule insert returned no row");
  await publishChange(tx, { table: "projects", id: project.id });
  return { ok: true, schedule };
}

async function lockSchedule(tx: Queryable, projectId: string, scheduleId: string) {
  const [schedule] = await tx
    .select()
    .from(recurringSchedules)
    .where(and(eq(recurringSchedules.id, scheduleId), eq(recurringSchedules.projectId, projectId)))
    .for("update");
  return schedule ?? null;
}

/**
 * Saves a schedule's rule and mode; it goes on from today (the next date is recomputed; a period
 * already invoiced is never invoiced again: the unique key). Null when it does not exist; an ended
 * schedule is refused.
 */
export async function updateSchedule(
  tx: Queryable,
  input: { projectId: string; scheduleId: string; form: ScheduleForm; today: string },
): Promise<Result<{ schedule: ScheduleRow }> | null> {
  const existing = await lockSchedule(tx, input.projectId, input.scheduleId);
  if (!existing) return null;
  if (existing.status === "ended") return { ok: false, message: scheduleMessages.notChangeable("ended") };
  const rule = ruleOfForm(input.form);
  const isNewStart = rule.startDate !== existing.startDate;
  const next = nextDueOnSave(rule, input.today, isNewStart);
  if (!next.ok) return next;
  const [schedule] = await tx
    .update(recurringSchedules)
    .set({
      frequency: rule.frequency,
      anchor: rule.anchor,
      startDate: rule.startDate,
      endDate: rule.endDate,
      mode: input.form.mode,
      nextDue: next.nextDue,
      status: next.nextDue === null ? "ended" : existing.status,
      updatedAt: new Date(),
    })
    .where(eq(recurringSchedules.id, existing.id))
    .returning();
  if (!schedule) return null;
  await publishChange(tx, { table: "projects", id: input.projectId });
  return { ok: true, schedule };
}

/**
 * Pause, resume or end. Resuming skips the periods of the pause: the next date is the first period on
 * or after today. Null when the schedule does not exist; a change its status does not allow is refused.
 */
export async function changeScheduleStatus(
  tx: Queryable,
  input: { projectId: string; scheduleId: string; action: "pause" | "resume" | "end"; today: string },
): Promise<Result<{ schedule: ScheduleRow; from: ScheduleStatus }> | null> {
  const existing = await lockSchedule(tx, input.projectId, input.scheduleId);
  if (!existing) return null;
  const allowed =
    (input.action === "pause" && existing.status === "active") ||
    (input.action === "resume" && existing.status === "paused") ||
    (input.action === "end" && existing.status !== "ended");
  if (!allowed) return { ok: false, message: scheduleMessages.notChangeable(existing.status) };
  const nextDue = input.action === "resume" ? nextDueOnResume(ruleOf(existing), input.today) : existing.nextDue;
  const status: ScheduleStatus =
    input.action === "pause" ? "paused" : input.action === "end" || nextDue === null ? "ended" : "active";
  const [schedule] = await tx
    .update(recurringSchedules)
    .set({ status, nextDue, updatedAt: new Date() })
    .where(eq(recurringSchedules.id, existing.id))
    .returning();
  if (!schedule) return null;
  await publishChange(tx, { table: "projects", id: input.projectId });
  return { ok: true, schedule, from: existing.status };
}

export type MadeInvoice = { id: string; invoiceNumber: string; periodStart: string };

/**
 * Invoices the due periods of one schedule, inside the caller's transaction: locks the schedule's row,
 * makes one draft invoice per period due from its next date through `today` that has none yet (lines
 * from the project's recurring fees, issued on the period's date, due by the customer's payment terms),
 * then moves the next date past them (ended when none is left). A period whose fees cannot be invoiced
 * (none left, or a sum too large) is passed over. Nothing when the schedule is not active.
 * At most `maxPeriods` periods (the oldest): `more` says whether others are due behind them, for the
 * caller's next transaction (a catch-up is many short transactions, not one long one: ADR 0048).
 */
export async function invoiceDuePeriods(
  tx: Tx,
  scheduleId: string,
  today: string,
  now: Date = new Date(),
  maxPeriods = Number.POSITIVE_INFINITY,
): Promise<{ schedule: ScheduleRow; made: MadeInvoice[]; skipped: string[]; more: boolean } | null> {
  const [schedule] = await tx
    .select()
    .from(recurringSchedules)
    .where(eq(recurringSchedules.id, scheduleId))
    .for("update");
  if (schedule?.status !== "active" || schedule.nextDue === null) return null;
  const rule = ruleOf(schedule);
  const due = duePeriods(rule, schedule.nextDue, today);
  if (due.length === 0) return { schedule, made: [], skipped: [], more: false };
  const periods = due.slice(0, maxPeriods);
  const [project] = await tx
    .select({ id: projects.id, customerId: projects.customerId, pricingDetails: projects.pricingDetails })
    .from(projects)
    .where(eq(projects.id, schedule.projectId));
  const made: MadeInvoice[] = [];
  const skipped: string[] = [];
  for (const period of periods) {
    const form = project ? recurringFeesForm(project, period) : null;
    if (!form || invoiceTotals(form).subtotal > maxMoneyCents) {
      skipped.push(period);
      continue;
    }
    const [taken] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.scheduleId, schedule.id), eq(invoices.periodStart, period)));
    if (taken) continue;
    const created = await insertInvoice(tx, form, now, { scheduleId: schedule.id, periodStart: period });
    made.push({ id: created.id, invoiceNumber: created.invoiceNumber, periodStart: period });
  }
  const last = periods.at(-1) as string;
  const nextDue = periodAfter(rule, last);
  const [updated] = await tx
    .update(recurringSchedules)
    .set({
      nextDue,
      status: nextDue === null ? "ended" : "active",
      customerId: project?.customerId ?? schedule.customerId,
      updatedAt: now,
    })
    .where(eq(recurringSchedules.id, schedule.id))
    .returning();
  return { schedule: updated ?? schedule, made, skipped, more: due.length > periods.length };
}
