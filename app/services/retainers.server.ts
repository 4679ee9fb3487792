/**
 * The retainers' job (ADR 0031): every active schedule invoices its due periods, one invoice per
 * (schedule, period), each with its audit entry in the same transaction; a schedule in "send" mode
 * then emails each new invoice as Save & Send does. Runs on the maintenance timer of every instance
 * and right after a schedule is saved; any number of runs at once make each period's invoice once
 * (the schedule's row lock, then the unique key).
 */

import { todayIn } from "#app/domain/dates.ts";
import { studioTimeZone } from "#app/models/invoices.server.ts";
import { dueScheduleIds, invoiceDuePeriods, type MadeInvoice } from "#app/models/recurring-schedules.server.ts";
import { audit } from "#app/services/audit.server.ts";
import { type SendDeps, sendWithDefaults } from "#app/services/invoice-sending.server.ts";

export type RetainerRun = { made: MadeInvoice[]; sent: number };

/** Invoices one schedule's due periods (a transaction), then sends them when its mode says so. */
async function runSchedule(deps: SendDeps, scheduleId: string, today: string, now: Date): Promise<RetainerRun> {
  const result = await deps.db.transaction(async (tx) => {
    const outcome = await invoiceDuePeriods(tx, scheduleId, today, now);
    for (const invoice of outcome?.made ?? []) {
      await audit(tx, {
        event: "retainer_invoice_made",
        detail: { invoice: invoice.invoiceNumber, period: invoice.periodStart, schedule: scheduleId },
      });
    }
    return outcome;
  });
  if (!result) return { made: [], sent: 0 };
  if (result.skipped.length > 0) {
    deps.logger.warn({ schedule: scheduleId, periods: result.skipped }, "retainer periods without invoiceable fees");
  }
  let sent = 0;
  if (result.schedule.mode === "send") {
    // after the commit: a failed send leaves the invoice a draft for the owner, never a second invoice
    for (const invoice of result.made) {
      try {
        const outcome = await sendWithDefaults(deps, { invoiceId: invoice.id, actor: null, ip: null });
        if (outcome.status === "sent") sent++;
      } catch (error) {
        deps.logger.error({ err: error, invoice: invoice.id }, "retainer invoice could not be sent");
      }
    }
  }
  return { made: result.made, sent };
}

/**
 * Invoices every active schedule's due periods (today in the studio's time zone at `now`); `only`
 * restricts the run to one schedule (a save whose first period is due today).
 */
export async function runDueSchedules(
  deps: SendDeps,
  now: Date = new Date(),
  options: { only?: string } = {},
): Promise<RetainerRun> {
  const today = todayIn(await studioTimeZone(deps.db), now);
  const ids = (await dueScheduleIds(deps.db, today)).filter((id) => !options.only || id === options.only);
  const total: RetainerRun = { made: [], sent: 0 };
  for (const id of ids) {
    try {
      const run = await runSchedule(deps, id, today, now);
      total.made.push(...run.made);
      total.sent += run.sent;
    } catch (error) {
      deps.logger.error({ err: error, schedule: id }, "retainer run failed");
    }
  }
  return total;
}
