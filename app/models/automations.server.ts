/** Automation rules' pause state and their runs (ADR 0063): scheduled once, claimed one at a time, kept as history. */
import { and, asc, desc, eq, ilike, inArray, lte, ne, notExists, sql } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { automationHolds, automationProjectHolds, automationRules, automationRuns, projects } from "#app/db/schema.ts";
import type { AutomationRunStatus } from "#app/domain/enums.ts";
import { likePattern } from "#app/domain/inbox.ts";

export type AutomationRun = typeof automationRuns.$inferSelect;

/** The rules the owner paused. */
export async function pausedRuleKeys(db: Queryable): Promise<Set<string>> {
  const rows = await db
    .select({ key: automationRules.key })
    .from(automationRules)
    .where(eq(automationRules.paused, true));
  return new Set(rows.map((row) => row.key));
}

export async function setRulePaused(db: Queryable, key: string, paused: boolean): Promise<void> {
  await db
    .insert(automationRules)
    .values({ key, paused })
    .onConflictDoUpdate({ target: automationRules.key, set: { paused, updatedAt: sql`now()` } });
}

export type DueSubject = {
  subjectType: string;
  subjectId: string;
  subjectLabel: string;
  dueAt: Date;
  /** the customer it is for, when there is one */
  customerId?: string | null;
  /** the project it is about, when there is one */
  projectId?: string | null;
};

/**
 * Schedules a run per subject; one already there for the same rule, subject and due time is left as it is. A
 * thousand rows a statement (a statement holds at most 65,535 parameters). Answers how many were new.
 */
export async function scheduleRuns(db: Queryable, rule: string, subjects: readonly DueSubject[], now: Date) {
  let scheduled = 0;
  for (let from = 0; from < subjects.length; from += 1000) {
    const inserted = await db
      .insert(automationRuns)
      .values(subjects.slice(from, from + 1000).map((subject) => ({ rule, ...subject, nextAttemptAt: now })))
      .onConflictDoNothing()
      .returning({ id: automationRuns.id });
    scheduled += inserted.length;
  }
  return scheduled;
}

/**
 * Runs to do now: scheduled, their next attempt due, of one of `rules` (the ones not paused), and not for a
 * customer whose automations the owner paused.
 */
const dueRuns = (now: Date, rules: readonly string[]) =>
  and(
    eq(automationRuns.status, "scheduled"),
    lte(automationRuns.nextAttemptAt, now),
    inArray(automationRuns.rule, [...rules]),
    notExists(
      sql`(select 1 from ${automationHolds} where ${automationHolds.customerId} = ${automationRuns.customerId})`,
    ),
    notExists(
      sql`(select 1 from ${automationProjectHolds} where ${automationProjectHolds.projectId} = ${automationRuns.projectId})`,
    ),
  );

/**
 * The next runs to do (at most `limit`), locked for this transaction (another instance skips them): scheduled,
 * their next attempt due, of one of `rules` (the ones not paused); the longest waiting first (the index's order).
 */
export function claimDueRuns(tx: Queryable, now: Date, rules: readonly string[], limit: number) {
  return tx
    .select()
    .from(automationRuns)
    .where(dueRuns(now, rules))
    .orderBy(asc(automationRuns.nextAttemptAt), asc(automationRuns.dueAt))
    .limit(limit)
    .for("update", { skipLocked: true });
}

/** Whether a run of `rules` is due (read only: a shutdown asks before it says work was postponed). */
export async function hasDueRun(db: Queryable, now: Date, rules: readonly string[]): Promise<boolean> {
  const [row] = await db.select({ id: automationRuns.id }).from(automationRuns).where(dueRuns(now, rules)).limit(1);
  return row !== undefined;
}

/** A run done: sent, or skipped with its reason. */
export async function finishRun(
  tx: Queryable,
  id: string,
  outcome: { status: Extract<AutomationRunStatus, "sent" | "skipped">; reason?: string },
  now: Date,
): Promise<void> {
  await tx
    .update(automationRuns)
    .set({
      status: outcome.status,
      reason: outcome.reason?.slice(0, 300) ?? null,
      attempts: sql`${automationRuns.attempts} + 1`,
      finishedAt: now,
    })
    .where(eq(automationRuns.id, id));
}

/** A failed attempt: tried again at `nextAttemptAt`, or failed for good. */
export async function recordFailedAttempt(
  tx: Queryable,
  id: string,
  values: { attempts: number; status: "scheduled" | "failed"; nextAttemptAt: Date; error: string },
  now: Date,
): Promise<void> {
  await tx
    .update(automationRuns)
    .set({
      attempts: values.attempts,
      status: values.status,
      nextAttemptAt: values.nextAttemptAt,
      lastError: values.error,
      finishedAt: values.status === "failed" ? now : null,
    })
    .where(eq(automationRuns.id, id));
}

/** The history, newest due first: all, or one status; `q` finds words of the subject (the client, the document). */
export function listRuns(db: Queryable, options: { status?: AutomationRunStatus; q?: string; limit?: number } = {}) {
  const words = options.q ? likePattern(options.q) : null;
  return db
    .select()
    .from(automationRuns)
    .where(
      and(
        options.status ? eq(automationRuns.status, options.status) : undefined,
        words ? ilike(automationRuns.subjectLabel, words) : undefined,
      ),
    )
    .orderBy(desc(automationRuns.dueAt), desc(automationRuns.createdAt))
    .limit(options.limit ?? 100);
}

/** How many runs each status holds. */
export async function runCounts(db: Queryable): Promise<Partial<Record<AutomationRunStatus, number>>> {
  const rows = await db
    .select({ status: automationRuns.status, count: sql<number>`count(*)::int` })
    .from(automationRuns)
    .groupBy(automationRuns.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}

/** Whose automations: a customer's, or a project's. */
export type RunScope = { customerId: string } | { projectId: string };

/** Pauses (or resumes) every automation of one customer or project: their runs wait, scheduled, until resumed. */
export async function setScopeHeld(db: Queryable, scope: RunScope, held: boolean): Promise<void> {
  if ("customerId" in scope) {
    if (held) await db.insert(automationHolds).values(scope).onConflictDoNothing();
    else await db.delete(automationHolds).where(eq(automationHolds.customerId, scope.customerId));
    return;
  }
  if (held) await db.insert(automationProjectHolds).values(scope).onConflictDoNothing();
  else await db.delete(automationProjectHolds).where(eq(automationProjectHolds.projectId, scope.projectId));
}

export async function scopeHeld(db: Queryable, scope: RunScope): Promise<boolean> {
  const [row] =
    "customerId" in scope
      ? await db
          .select({ id: automationHolds.customerId })
          .from(automationHolds)
          .where(eq(automationHolds.customerId, scope.customerId))
      : await db
          .select({ id: automationProjectHolds.projectId })
          .from(automationProjectHolds)
          .where(eq(automationProjectHolds.projectId, scope.projectId));
  return row !== undefined;
}

const pending = inArray(automationRuns.status, ["scheduled", "waiting_approval"]);

/** A customer's or a project's runs, newest due first ("what happens next" reads the pending and the settled). */
export function scopeRuns(db: Queryable, scope: RunScope, limit = 500) {
  return db
    .select()
    .from(automationRuns)
    .where(
      "customerId" in scope
        ? eq(automationRuns.customerId, scope.customerId)
        : eq(automationRuns.projectId, scope.projectId),
    )
    .orderBy(desc(automationRuns.dueAt))
    .limit(limit);
}

/**
 * Cancels a completed project's pending runs for good, with the reason; an invoice's (a payment reminder, an
 * overdue nudge) still go: money owed stays owed. Answers how many.
 */
export async function cancelProjectRuns(tx: Queryable, projectId: string, reason: string, now: Date) {
  const cancelled = await tx
    .update(automationRuns)
    .set({ status: "skipped", reason, finishedAt: now })
    .where(and(eq(automationRuns.projectId, projectId), ne(automationRuns.subjectType, "invoice"), pending))
    .returning({ id: automationRuns.id });
  return cancelled.length;
}

/** Cancels a customer's pending runs for good (archived): skipped with the reason. Answers how many. */
export async function cancelCustomerRuns(tx: Queryable, customerId: string, reason: string, now: Date) {
  const cancelled = await tx
    .update(automationRuns)
    .set({ status: "skipped", reason, finishedAt: now })
    .where(and(eq(automationRuns.customerId, customerId), pending))
    .returning({ id: automationRuns.id });
  return cancelled.length;
}

/**
 * Skips one run, scheduled or still to come: a run not there yet is kept as skipped at its due time, so the rule
 * finds it settled when the time comes (one run per rule, subject and due time). False when it was done already.
 */
export async function skipRun(
  tx: Queryable,
  rule: string,
  subject: DueSubject,
  reason: string,
  now: Date,
): Promise<boolean> {
  const [row] = await tx
    .insert(automationRuns)
    .values({ rule, ...subject, status: "skipped", reason, nextAttemptAt: now, finishedAt: now })
    .onConflictDoUpdate({
      target: [automationRuns.rule, automationRuns.subjectType, automationRuns.subjectId, automationRuns.dueAt],
      set: { status: "skipped", reason, finishedAt: now },
      setWhere: pending,
    })
    .returning({ id: automationRuns.id });
  return row !== undefined;
}

/** A due run of a rule that waits for approval: held for the owner. */
export async function holdForApproval(tx: Queryable, id: string): Promise<void> {
  await tx.update(automationRuns).set({ status: "waiting_approval" }).where(eq(automationRuns.id, id));
}

/**
 * A run waiting for approval, approved now (with the mail as edited) and locked for this transaction; null when
 * it is not waiting any more.
 */
export async function claimWaitingRun(
  tx: Queryable,
  id: string,
  now: Date,
  edited: { subject: string; body: string } | null,
): Promise<AutomationRun | null> {
  const [row] = await tx
    .update(automationRuns)
    .set({ status: "scheduled", approvedAt: now, edited, nextAttemptAt: now })
    .where(and(eq(automationRuns.id, id), eq(automationRuns.status, "waiting_approval")))
    .returning();
  return row ?? null;
}

/** Skips one run by its id while it is pending (scheduled or waiting); false when it is not. */
export async function skipRunById(tx: Queryable, id: string, reason: string, now: Date): Promise<AutomationRun | null> {
  const [row] = await tx
    .update(automationRuns)
    .set({ status: "skipped", reason, finishedAt: now })
    .where(and(eq(automationRuns.id, id), pending))
    .returning();
  return row ?? null;
}

/** Cancels the pending runs of a rule that is gone (an owner's automation deleted). */
export async function cancelRuleRuns(tx: Queryable, rule: string, reason: string, now: Date): Promise<number> {
  const rows = await tx
    .update(automationRuns)
    .set({ status: "skipped", reason, finishedAt: now })
    .where(and(eq(automationRuns.rule, rule), pending))
    .returning({ id: automationRuns.id });
  return rows.length;
}

export async function getRun(db: Queryable, id: string): Promise<AutomationRun | null> {
  const [row] = await db.select().from(automationRuns).where(eq(automationRuns.id, id));
  return row ?? null;
}

/** Whether a project is completed or cancelled (its runs, but an invoice's, are cancelled). */
export async function projectClosed(db: Queryable, projectId: string): Promise<boolean> {
  const [row] = await db.select({ status: projects.status }).from(projects).where(eq(projects.id, projectId));
  return row?.status === "completed" || row?.status === "cancelled";
}
