/**
 * The one engine for timed work (ADR 0063). Each rule says which subjects are due now and does its step for one
 * of them; the engine schedules a run per (rule, subject, due time) — a run already there is left alone, so two
 * instances, a restart or a replay never do a step twice — then does the due runs a few to a short transaction, the
 * runs locked (another instance skips them), each step in its own savepoint. A step that throws rolls back its own work; the run
 * is tried again with backoff (1, 5, 30, 120 minutes) and, after the fifth try, failed for the owner to see. A
 * paused rule schedules nothing and its scheduled runs wait.
 */
import type { Db, Queryable, Tx } from "#app/db/client.server.ts";
import {
  afterFailure,
  automationMessages,
  errorText,
  type NextRun,
  runKey,
  whatHappensNext,
} from "#app/domain/automations.ts";
import { fail, type Result } from "#app/domain/result.ts";
import {
  type AutomationRun,
  claimDueRuns,
  claimWaitingRun,
  type DueSubject,
  finishRun,
  getRun,
  hasDueRun,
  holdForApproval,
  pausedRuleKeys,
  projectClosed,
  recordFailedAttempt,
  scheduleRuns,
  scopeRuns,
  skipRun,
} from "#app/models/automations.server.ts";
import { getCustomer } from "#app/models/customers.server.ts";
import { auditAction } from "#app/services/audit.server.ts";
import { restAfter } from "#app/services/background.server.ts";

/** A step done (sent), or skipped: `fail("skipped", { message })`, the message the owner reads as the reason. */
type StepOutcome = Result<object, "skipped">;

export type RuleHandler = {
  key: string;
  /** the owner's name for it */
  name: string;
  /** the subjects due at `now`, each with the time it was due for */
  due(db: Queryable, now: Date): Promise<DueSubject[]>;
  /** the step for one run, inside its transaction: sent, or skipped with the reason */
  perform(tx: Queryable, run: AutomationRun, now: Date): Promise<StepOutcome>;
  /** what it will schedule for one customer from now on (their "what happens next"), due now or later */
  upcoming(db: Queryable, customerId: string, now: Date): Promise<DueSubject[]>;
  /** its steps wait for the owner's approval: a due run is held as waiting until approved or skipped */
  approval?: boolean;
  /** its runs follow a project's completion: a completed project does not cancel them */
  afterCompletion?: boolean;
  /** what the step will send, for the approval queue (null: the subject is gone) */
  preview?(db: Queryable, run: AutomationRun, now: Date): Promise<RunPreview | null>;
};

/** A step as the owner approves it: to whom, and the mail's (or the to-do's) words. */
export type RunPreview = { to: string; subject: string; body: string; editable: boolean };

export type AutomationPass = {
  scheduled: number;
  sent: number;
  skipped: number;
  retried: number;
  failed: number;
  /** held for the owner's approval */
  waiting: number;
};

const emptyPass = (): AutomationPass => ({ scheduled: 0, sent: 0, skipped: 0, retried: 0, failed: 0, waiting: 0 });

/**
 * Runs done in one transaction, each step in its own savepoint: four pay one commit (10,000 due at once drained in
 * 46.8 s on PGlite instead of 61.5 s, pages' data p95 9.1 ms meanwhile), and a transaction stays short (a few
 * milliseconds), so a shutdown still stops within moments (ADR 0048, 0063).
 */
const runsPerTransaction = 4;

/**
 * One run, inside the batch's transaction: the step in a savepoint (a step that throws takes back what it wrote,
 * and the attempt is still recorded), then its outcome: sent, skipped with the reason, or a retry later.
 */
async function doRun(tx: Tx, handler: RuleHandler, run: AutomationRun, now: Date, pass: AutomationPass) {
  if (handler.approval && run.approvedAt === null) {
    await holdForApproval(tx, run.id);
    pass.waiting += 1;
    return;
  }
  try {
    // an archived customer's runs are cancelled for good, also those scheduled after the archive; a completed
    // project's too, except an invoice's (money owed stays owed) and those that follow its completion
    const archived = run.customerId !== null && (await getCustomer(tx, run.customerId))?.status === "archived";
    const closed =
      !archived &&
      !handler.afterCompletion &&
      run.projectId !== null &&
      run.subjectType !== "invoice" &&
      (await projectClosed(tx, run.projectId));
    const outcome = archived
      ? fail("skipped", { message: automationMessages.customerArchived })
      : closed
        ? fail("skipped", { message: automationMessages.projectCompleted })
        : await tx.transaction((step) => handler.perform(step, run, now));
    await finishRun(
      tx,
      run.id,
      outcome.ok ? { status: "sent" } : { status: "skipped", reason: outcome.message ?? "Skipped" },
      now,
    );
    if (outcome.ok) pass.sent += 1;
    else pass.skipped += 1;
  } catch (error) {
    const attempts = run.attempts + 1;
    const next = afterFailure(attempts, now);
    await recordFailedAttempt(tx, run.id, { attempts, ...next, error: errorText(error) }, now);
    if (next.status === "failed") pass.failed += 1;
    else pass.retried += 1;
  }
}

/**
 * Schedules what the rules find due, then does every due run (stopping between two runs once `signal` aborts,
 * telling `onPostponed`: the rest waits for the next pass). `pace`: a rest after each run as long as it took (at
 * most 200 ms), so the work holds the database at most half the time and pages keep answering (ADR 0048).
 */
export async function runAutomations(
  db: Db,
  handlers: readonly RuleHandler[],
  now = new Date(),
  options: { signal?: AbortSignal; onPostponed?: () => void; pace?: boolean } = {},
): Promise<AutomationPass> {
  const pass = emptyPass();
  const paused = await pausedRuleKeys(db);
  const active = handlers.filter((handler) => !paused.has(handler.key));
  for (const handler of active) {
    pass.scheduled += await scheduleRuns(db, handler.key, await handler.due(db, now), now);
  }
  const keys = active.map((handler) => handler.key);
  if (keys.length === 0) return pass;
  for (;;) {
    if (options.signal?.aborted) {
      // said only when something is left for the next pass
      if (await hasDueRun(db, now, keys)) options.onPostponed?.();
      break;
    }
    const started = performance.now();
    // a run a transaction, its step in a savepoint
    const claimed = await db.transaction(async (tx) => {
      const runs = await claimDueRuns(tx, now, keys, runsPerTransaction);
      for (const run of runs) {
        const handler = active.find((candidate) => candidate.key === run.rule);
        if (handler) await doRun(tx, handler, run, now, pass);
      }
      return runs.length;
    });
    if (claimed === 0) break;
    if (options.pace) await restAfter(started);
  }
  return pass;
}

/** Whose "what happens next": a customer's, or one project's of that customer. */
export type NextScope = { customerId: string; projectId?: string };

/**
 * One customer's (or one project's) "what happens next": the runs already scheduled for them and those the rules
 * will schedule, soonest first, without what is done, skipped or failed (the automations page keeps those).
 */
export async function nextRuns(
  db: Queryable,
  handlers: readonly RuleHandler[],
  scope: NextScope,
  now: Date,
): Promise<NextRun[]> {
  const { customerId, projectId } = scope;
  const runs = await scopeRuns(db, projectId ? { projectId } : { customerId });
  const upcoming: NextRun[] = [];
  for (const handler of handlers) {
    for (const subject of await handler.upcoming(db, customerId, now)) {
      if (projectId && subject.projectId !== projectId) continue;
      upcoming.push({ ...subject, rule: handler.key, ruleName: handler.name, status: "upcoming" });
    }
  }
  const scheduled: NextRun[] = [];
  const settled = new Set<string>();
  for (const run of runs) {
    if (run.status === "scheduled" || run.status === "waiting_approval") {
      const { rule, subjectType, subjectId, subjectLabel, dueAt } = run;
      const ruleName = handlers.find((handler) => handler.key === rule)?.name ?? rule;
      scheduled.push({
        rule,
        ruleName,
        subjectType,
        subjectId,
        subjectLabel,
        dueAt,
        status: run.status,
        customerId: run.customerId,
        projectId: run.projectId,
      });
    } else settled.add(runKey(run));
  }
  return whatHappensNext(scheduled, upcoming, settled);
}

/**
 * Skips one run of a "what happens next" list, scheduled or still to come, for good ("Skipped by you"): only one
 * the list holds now. Fails `not-pending` when it is not there any more (done, or no longer due).
 */
export async function skipListedRun(
  tx: Queryable,
  handlers: readonly RuleHandler[],
  scope: NextScope,
  run: Pick<NextRun, "rule" | "subjectType" | "subjectId" | "dueAt">,
  now: Date,
): Promise<Result<{ label: string }, "not-pending">> {
  const listed = (await nextRuns(tx, handlers, scope, now)).find((next) => runKey(next) === runKey(run));
  if (!listed) return fail("not-pending", { message: automationMessages.notPending });
  const subject: DueSubject = {
    subjectType: listed.subjectType,
    subjectId: listed.subjectId,
    subjectLabel: listed.subjectLabel,
    dueAt: listed.dueAt,
    customerId: listed.customerId ?? scope.customerId,
    projectId: listed.projectId ?? scope.projectId ?? null,
  };
  const skipped = await skipRun(tx, listed.rule, subject, automationMessages.skippedByOwner, now);
  if (!skipped) return fail("not-pending", { message: automationMessages.notPending });
  return { ok: true, label: listed.subjectLabel };
}

/**
 * The owner approves a run that waits for approval (the queue on the automations page), with the mail as they
 * may have edited it: its step is done at once, as the engine would (sent, skipped with the reason, or retried
 * later). Fails when the run is not waiting any more (approved or skipped in another tab) or its rule is gone.
 */
export async function approveRun(
  db: Db,
  handlers: readonly RuleHandler[],
  approval: {
    runId: string;
    edited: { subject: string; body: string } | null;
    actor: { userId: string; email: string };
    ip: string | null;
  },
  now: Date,
): Promise<Result<{ label: string; sent: boolean; note: string }, "not-waiting">> {
  return db.transaction(async (tx) => {
    const run = await claimWaitingRun(tx, approval.runId, now, approval.edited);
    const handler = run ? handlers.find((candidate) => candidate.key === run.rule) : undefined;
    if (!run || !handler) return fail("not-waiting", { message: automationMessages.notWaiting });
    const pass = emptyPass();
    await doRun(tx, handler, run, now, pass);
    const after = await getRun(tx, run.id);
    await auditAction(tx, approval.actor, approval.ip, "automation_run_approved", {
      run: run.subjectLabel,
      rule: handler.name,
      edited: approval.edited !== null,
      outcome: after?.status ?? null,
    });
    return {
      ok: true,
      label: run.subjectLabel,
      sent: pass.sent > 0,
      note: after?.reason ?? after?.lastError ?? "",
    };
  });
}
