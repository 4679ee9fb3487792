/**
 * The retainers' job (ADR 0031): every active schedule invoices its due periods, one invoice per
 * (schedule, period), each with its audit entry in the same transaction; a schedule in "send" mode
 * emails each new invoice as Save & Send does, queued in that same transaction (the one sending path,
 * services/invoice-sending.server.ts): an invoice saved in send mode is mailed exactly once, even when
 * the process dies right after the commit (ADR 0049). Runs on the maintenance timer of every instance
 * and right after a schedule is saved; any number of runs at once make each period's invoice once
 * (the schedule's row lock, then the unique key).
 *
 * A catch-up after downtime is many short transactions, one period each, with a rest as long as the
 * transaction between them, so pages and /healthz answer while it runs, also on the embedded database
 * (one query at a time). A shutdown stops it between two transactions: what is left is postponed to the
 * next run, never half made (ADR 0048).
 *
 * On the maintenance timer it is a built-in rule of the automations engine (ADR 0063): one run per schedule and
 * period, seen in the history, retried with backoff and shown when it fails, paused from the Automations page.
 */

import type { Tx } from "#app/db/client.server.ts";
import { automationMessages, builtInRuleName } from "#app/domain/automations.ts";
import { displayDate, isoDay, todayIn, utcDate } from "#app/domain/dates.ts";
import { fail } from "#app/domain/result.ts";
import { studioTimeZone } from "#app/models/business-settings.server.ts";
import {
  dueScheduleIds,
  dueSchedulePeriods,
  invoiceDuePeriods,
  type MadeInvoice,
} from "#app/models/recurring-schedules.server.ts";
import { audit } from "#app/services/audit.server.ts";
import type { RuleHandler } from "#app/services/automations.server.ts";
import { restAfter, yieldToEventLoop } from "#app/services/background.server.ts";
import { queueDocumentMail, type SendDeps } from "#app/services/invoice-sending.server.ts";

/** `postponed`: schedules left for the next run because a shutdown began (none otherwise). */
export type RetainerRun = { made: MadeInvoice[]; sent: number; postponed: number };

/** Periods invoiced per transaction: a transaction holds the embedded database for that long. */
const periodsPerTransaction = 1;

/**
 * One transaction's work on a schedule: its periods due through `today` (at most `limit`), each invoice audited
 * and, in send mode, its mail queued in the same transaction. Null when the schedule is not active.
 */
async function invoicePeriods(tx: Tx, deps: SendDeps, scheduleId: string, today: string, now: Date, limit: number) {
  const outcome = await invoiceDuePeriods(tx, scheduleId, today, now, limit);
  let sent = 0;
  for (const invoice of outcome?.made ?? []) {
    await audit(tx, {
      event: "retainer_invoice_made",
      detail: { invoice: invoice.invoiceNumber, period: invoice.periodStart, schedule: scheduleId },
    });
    if (outcome?.schedule.mode !== "send") continue;
    const queued = await queueDocumentMail(tx, deps, {
      invoiceId: invoice.id,
      kind: "send",
      actor: null,
      ip: null,
      now,
    });
    if (queued.ok) sent++;
  }
  return outcome ? { ...outcome, sent } : null;
}

/**
 * Invoices one schedule's due periods, a transaction each, its mail queued in it when the schedule's
 * mode says so. `finished` is false when `signal` stopped it between two periods.
 */
async function runSchedule(
  deps: SendDeps,
  scheduleId: string,
  today: string,
  now: Date,
  signal: AbortSignal | undefined,
): Promise<{ made: MadeInvoice[]; sent: number; finished: boolean }> {
  const run = { made: [] as MadeInvoice[], sent: 0, finished: false };
  const skipped: string[] = [];
  for (;;) {
    if (signal?.aborted) break;
    const started = performance.now();
    const result = await deps.db.transaction((tx) =>
      invoicePeriods(tx, deps, scheduleId, today, now, periodsPerTransaction),
    );
    if (!result) {
      run.finished = true;
      break;
    }
    skipped.push(...result.skipped);
    run.made.push(...result.made);
    run.sent += result.sent;
    if (!result.more) {
      run.finished = true;
      break;
    }
    await restAfter(started);
  }
  if (skipped.length > 0) {
    deps.logger.warn({ schedule: scheduleId, periods: skipped }, "retainer periods without invoiceable fees");
  }
  return run;
}

/**
 * Invoices every active schedule's due periods (today in the studio's time zone at `now`); `only`
 * restricts the run to one schedule (a save whose first period is due today). Once `signal` is
 * aborted (shutting down) it stops between two transactions and counts what it left as `postponed`:
 * a transaction it interrupts is rolled back, and the next run (the next start) makes it.
 */
export async function runDueSchedules(
  deps: SendDeps,
  now: Date = new Date(),
  options: { only?: string; signal?: AbortSignal } = {},
): Promise<RetainerRun> {
  const { signal } = options;
  const today = todayIn(await studioTimeZone(deps.db), now);
  const ids = (await dueScheduleIds(deps.db, today)).filter((id) => !options.only || id === options.only);
  const total: RetainerRun = { made: [], sent: 0, postponed: 0 };
  for (const [index, id] of ids.entries()) {
    const left = ids.length - index;
    if (signal?.aborted) {
      total.postponed = left;
      break;
    }
    try {
      const run = await runSchedule(deps, id, today, now, signal);
      total.made.push(...run.made);
      total.sent += run.sent;
      if (!run.finished) {
        total.postponed = left;
        break;
      }
    } catch (error) {
      // interrupted by the shutdown (the database closing under it): postponed, not failed
      if (signal?.aborted) {
        total.postponed = left;
        break;
      }
      deps.logger.error({ err: error, schedule: id }, "retainer run failed");
    }
    await yieldToEventLoop();
  }
  return total;
}

/**
 * The retainers' job as a built-in rule (ADR 0063): a run per schedule and period due in the studio's today. Its
 * run invoices the schedule's periods through its own (an earlier one still waiting goes with it, so none is left
 * behind), once each by the schedule's lock and the unique key. Its runs carry no customer or project: the
 * schedule's own pause and end decide, not a customer's pause, an archive or a completed project (as before).
 */
export function retainerInvoiceRule(deps: SendDeps): RuleHandler {
  return {
    key: "retainer-invoice",
    name: builtInRuleName("retainer-invoice"),
    async due(db, now) {
      const today = todayIn(await studioTimeZone(db), now);
      return (await dueSchedulePeriods(db, today)).map((due) => ({
        subjectType: "schedule",
        subjectId: due.scheduleId,
        subjectLabel: `${due.projectName} · ${displayDate(due.period)}`,
        dueAt: utcDate(due.period),
        customerId: null,
        projectId: null,
      }));
    },
    async upcoming() {
      return [];
    },
    async perform(tx, run, now) {
      const period = isoDay(run.dueAt);
      const outcome = await invoicePeriods(tx as Tx, deps, run.subjectId, period, now, Number.POSITIVE_INFINITY);
      if (!outcome) return fail("skipped", { message: automationMessages.scheduleNotActive });
      if (outcome.made.length > 0) return { ok: true };
      if (outcome.skipped.includes(period)) return fail("skipped", { message: automationMessages.periodWithoutFees });
      return fail("skipped", { message: automationMessages.periodInvoiced });
    },
  };
}
