/**
 * Time on projects (ADR 0058): the timer, logged and edited entries, billing unbilled time as a draft
 * invoice, rates, and the budget's notices. Each change is one transaction with its audit entry; the
 * rules are in domain/time-tracking.ts, the queries in models/time-entries.server.ts.
 */
import { publishChange } from "#app/db/changes.server.ts";
import type { Db, Queryable, Tx } from "#app/db/client.server.ts";
import { automationMessages, builtInRuleName } from "#app/domain/automations.ts";
import {
  addDaysIso,
  clockMinutes,
  displayDate,
  formatMomentIn,
  formatTimeIn,
  isoDay,
  todayIn,
  utcDate,
  wallClockIn,
  zonedInstant,
} from "#app/domain/dates.ts";
import { invoiceTotals } from "#app/domain/invoice-form.ts";
import { maxMoneyCents, toCents, totalTooLargeMessage } from "#app/domain/money.ts";
import { fail, type Result } from "#app/domain/result.ts";
import { duePeriods, periodAfter } from "#app/domain/retainers.ts";
import { projectBudget } from "#app/domain/time-budget.ts";
import type {
  AddExpenseForm,
  InvoiceTimeForm,
  LogTimeForm,
  SaveEntryForm,
  SaveRateForm,
  StopTimerForm,
} from "#app/domain/time-forms.ts";
import {
  type BankDecision,
  bankMonths,
  budgetThresholdReached,
  expenseLines,
  expenseMessages,
  firstOverlap,
  formatHours,
  formatMinutes,
  hourBankMessages,
  minutesBetween,
  quantityHundredths,
  recurringExpenseRule,
  recurringExpenseStart,
  resolveRate,
  timeLimits,
  timeLines,
  timeMessages,
  timeTotals,
} from "#app/domain/time-tracking.ts";
import { studioTimeZone } from "#app/models/business-settings.server.ts";
import {
  deleteExpenseRow,
  dueRecurringExpensePeriods,
  expenseForChange,
  insertExpense,
  insertRecurringExpense,
  lastMarkups,
  lockRecurringExpense,
  lockUnbilledExpenses,
  markExpensesBilled,
  setRecurringNextDue,
} from "#app/models/expenses.server.ts";
import { insertInvoice, projectDraftForm } from "#app/models/invoices.server.ts";
import { postOwnerNotice } from "#app/models/owner-notices.server.ts";
import { getProject } from "#app/models/projects.server.ts";
import {
  billableMinutesByMonth,
  customerRounding,
  entryForChange,
  insertBankDecision,
  insertEntry,
  lockProjectRow,
  lockUnbilledEntries,
  markEntriesBilled,
  phaseNamesOf,
  projectPhaseList,
  projectTimeSums,
  ratesForProject,
  runningTimer,
  setCustomerRounding,
  setHourBank,
  setTimesheetAppendix,
  timedEntriesAround,
  updateEntry,
  upsertRate,
  workTarget,
} from "#app/models/time-entries.server.ts";
import { auditAction } from "#app/services/audit.server.ts";
import type { RuleHandler } from "#app/services/automations.server.ts";

type Actor = { userId: string; email: string };
type Who = { actor: Actor; ip: string | null; now?: Date };
type Work = { projectId: string; phaseId: string | null };

/** A change of time: done, or why not (`field` when a form field is at fault; `long` when a timer needs confirming). */
export type TimeChange<Value extends object = object> = Result<
  Value,
  "not-found" | "refused",
  { message: string; long?: boolean }
>;

const missing = (message: string) => fail("not-found", { message });
const refused = (message: string, field?: string) => fail("refused", { message, ...(field ? { field } : {}) });

/** Starts the person's timer on a project (and phase); refused while another runs. */
export async function startTimer(
  db: Db,
  input: Who & { work: Work; note: string | null; billable: boolean },
): Promise<TimeChange<{ projectName: string }>> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const target = await workTarget(tx, input.work.projectId, input.work.phaseId);
    if (!target) return missing(timeMessages.projectNotFound);
    const timeZone = await studioTimeZone(tx);
    const started = await insertEntry(tx, {
      userId: input.actor.userId,
      projectId: target.project.id,
      phaseId: target.phase?.id ?? null,
      workDate: wallClockIn(now, timeZone).day,
      minutes: null,
      startedAt: now,
      endedAt: null,
      note: input.note,
      billable: input.billable,
    });
    if (!started) return refused(timeMessages.timerRunning);
    await auditAction(tx, input.actor, input.ip, "timer_started", { project: target.project.projectName });
    return { ok: true, projectName: target.project.projectName };
  });
}

/**
 * Stops the person's timer: now, or at the corrected end. A timer that ran past the limit
 * (`timeLimits.longTimerMinutes`) is stopped only when the owner confirms it (`keep_all`) or corrects it.
 */
export async function stopTimer(
  db: Db,
  input: Who & { form: StopTimerForm },
): Promise<TimeChange<{ minutes: number }>> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const timer = await runningTimer(tx, input.actor.userId);
    if (!timer) return missing(timeMessages.noTimer);
    const timeZone = await studioTimeZone(tx);
    const { finished_day, finished_at, keep_all } = input.form;
    let end = now;
    if (finished_at) {
      const day = finished_day ?? wallClockIn(now, timeZone).day;
      const corrected = zonedInstant(day, clockMinutes(finished_at) ?? 0, timeZone);
      if (!corrected || corrected <= timer.startedAt) return refused(timeMessages.endBeforeStart, "finished_at");
      if (corrected > now) return refused("The end cannot be later than now", "finished_at");
      end = corrected;
    } else {
      const running = minutesBetween(timer.startedAt, now);
      if (running > timeLimits.longTimerMinutes && !keep_all) {
        return fail("refused", { message: timeMessages.longTimer(formatMinutes(running)), long: true });
      }
    }
    const minutes = minutesBetween(timer.startedAt, end);
    if (minutes > timeLimits.entryMinutes) return refused(timeMessages.durationTooLong, "finished_at");
    const stopped = await updateEntry(tx, timer.id, timer.version, { minutes, endedAt: end });
    if (!stopped) return refused(timeMessages.changedElsewhere);
    await auditAction(tx, input.actor, input.ip, "timer_stopped", {
      project: timer.projectName,
      minutes,
      started: formatMomentIn(timer.startedAt, timeZone),
    });
    await checkBudget(tx, timer.projectId);
    return { ok: true, minutes };
  });
}

/** The moments of an entry with a start time on the studio's clock; null without one. */
function entryMoments(day: string, startedAt: string | undefined, minutes: number, timeZone: string) {
  if (!startedAt) return null;
  const start = zonedInstant(day, clockMinutes(startedAt) ?? 0, timeZone);
  return start ? { start, end: new Date(start.getTime() + minutes * 60_000) } : null;
}

async function overlapWarning(
  tx: Queryable,
  userId: string,
  day: string,
  moments: { start: Date; end: Date } | null,
  id?: string,
) {
  if (!moments) return null;
  const around = await timedEntriesAround(tx, userId, addDaysIso(day, -1), addDaysIso(day, 1));
  const other = firstOverlap({ id, ...moments }, around);
  if (!other) return null;
  const timeZone = await studioTimeZone(tx);
  return timeMessages.overlap(
    `on ${other.projectName}, ${formatTimeIn(other.start, timeZone)} to ${formatTimeIn(other.end, timeZone)}`,
  );
}

/** Logs time done on a day (a start time is optional); an overlap with the person's timed entries is told, not refused. */
export async function logTime(
  db: Db,
  input: Who & { form: LogTimeForm },
): Promise<TimeChange<{ minutes: number; overlap: string | null }>> {
  const { form } = input;
  return db.transaction(async (tx) => {
    const target = await workTarget(tx, form.work.projectId, form.work.phaseId);
    if (!target) return missing(timeMessages.projectNotFound);
    const moments = entryMoments(form.work_date, form.started_at, form.duration, await studioTimeZone(tx));
    const overlap = await overlapWarning(tx, input.actor.userId, form.work_date, moments);
    await insertEntry(tx, {
      userId: input.actor.userId,
      projectId: target.project.id,
      phaseId: target.phase?.id ?? null,
      workDate: form.work_date,
      minutes: form.duration,
      startedAt: moments?.start ?? null,
      endedAt: moments?.end ?? null,
      note: form.note ?? null,
      billable: form.billable,
    });
    await auditAction(tx, input.actor, input.ip, "time_entry_added", {
      project: target.project.projectName,
      minutes: form.duration,
      day: form.work_date,
    });
    await checkBudget(tx, target.project.id);
    return { ok: true, minutes: form.duration, overlap };
  });
}

/** Why an entry cannot change: gone, on an invoice (named), or changed since it was read. */
async function whyUnchanged(tx: Queryable, id: string): Promise<TimeChange<never>> {
  const entry = await entryForChange(tx, id);
  if (!entry || entry.deletedAt) return missing(timeMessages.entryNotFound);
  if (entry.invoice) return refused(timeMessages.billedEntry(entry.invoice.invoiceNumber));
  return refused(timeMessages.changedElsewhere);
}

/** Saves an unbilled entry read at `version`; a billed one, or one changed since, is refused. */
export async function saveEntry(
  db: Db,
  input: Who & { form: SaveEntryForm },
): Promise<TimeChange<{ minutes: number; overlap: string | null }>> {
  const { form } = input;
  return db.transaction(async (tx) => {
    const entry = await entryForChange(tx, form.entry_id, true);
    if (!entry || entry.deletedAt) return missing(timeMessages.entryNotFound);
    if (entry.invoice) return refused(timeMessages.billedEntry(entry.invoice.invoiceNumber));
    if (entry.minutes === null) return refused(timeMessages.timerRunning);
    const target = await workTarget(tx, form.work.projectId, form.work.phaseId);
    if (!target) return missing(timeMessages.projectNotFound);
    const moments = entryMoments(form.work_date, form.started_at, form.duration, await studioTimeZone(tx));
    const overlap = await overlapWarning(tx, entry.userId, form.work_date, moments, entry.id);
    const saved = await updateEntry(tx, entry.id, form.version, {
      projectId: target.project.id,
      phaseId: target.phase?.id ?? null,
      workDate: form.work_date,
      minutes: form.duration,
      startedAt: moments?.start ?? null,
      endedAt: moments?.end ?? null,
      note: form.note ?? null,
      billable: form.billable,
    });
    if (!saved) return whyUnchanged(tx, entry.id);
    await auditAction(tx, input.actor, input.ip, "time_entry_changed", {
      project: target.project.projectName,
      minutes: form.duration,
      day: form.work_date,
    });
    await checkBudget(tx, target.project.id);
    return { ok: true, minutes: form.duration, overlap };
  });
}

/** Deletes an unbilled entry read at `version` (kept, marked deleted: it never reaches an invoice). */
export async function deleteEntry(
  db: Db,
  input: Who & { entryId: string; version: number },
): Promise<TimeChange<{ projectId: string }>> {
  return db.transaction(async (tx) => {
    const entry = await entryForChange(tx, input.entryId, true);
    if (!entry || entry.deletedAt) return missing(timeMessages.entryNotFound);
    const deleted = await updateEntry(tx, entry.id, input.version, { deletedAt: input.now ?? new Date() });
    if (!deleted) return whyUnchanged(tx, entry.id);
    await auditAction(tx, input.actor, input.ip, "time_entry_deleted", { minutes: entry.minutes });
    return { ok: true, projectId: entry.projectId };
  });
}

/**
 * "Invoice unbilled time": the project's unbilled billable entries in the range (and phases) become a
 * draft invoice for its customer, laid out as asked and rounded by the customer's increment (which is
 * remembered); the entries are locked, put on it with the rates they are billed at, and stay there
 * until the draft is deleted or the invoice voided.
 */
export async function invoiceUnbilledTime(
  db: Db,
  input: Who & { projectId: string; form: InvoiceTimeForm; today: string },
): Promise<TimeChange<{ invoiceId: string; invoiceNumber: string; minutes: number }>> {
  const { form } = input;
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const project = await getProject(tx, input.projectId);
    if (!project) return missing(timeMessages.projectNotFound);
    const phaseIds = form.phases.length ? form.phases : null;
    const range = { from: form.from, to: form.to };
    // a retainer's hour bank covers its time: only the hours beyond it are billed (settleBankMonth)
    const locked = project.hourBankMinutes === null ? await lockUnbilledEntries(tx, project.id, range, phaseIds) : [];
    const spent = form.expenses ? await lockUnbilledExpenses(tx, project.id, range) : [];
    if (locked.length === 0 && spent.length === 0) return refused(timeMessages.nothingToBill);
    const spentLines = expenseLines(spent);
    const [rateRows, phaseNames] = await Promise.all([ratesForProject(tx, project.id), phaseNamesOf(tx, project.id)]);
    const hourly = project.hourlyRate === null ? null : toCents(project.hourlyRate);
    const rated = locked.map((entry) => ({
      entry,
      rate: resolveRate(rateRows, { ...entry, projectId: project.id }, hourly),
    }));
    const lines = timeLines(
      rated.map(({ entry, rate }) => ({
        id: entry.id,
        workDate: entry.workDate,
        minutes: entry.minutes ?? 0,
        note: entry.note,
        phaseId: entry.phaseId,
        phaseName: entry.phaseId ? (phaseNames.get(entry.phaseId) ?? null) : null,
        personName: "",
        rateCents: rate.billableCents,
      })),
      form.layout,
      form.rounding,
      { from: form.from, to: form.to },
    );
    const invoiceForm = projectDraftForm(
      project,
      input.today,
      [...lines, ...spentLines].map((line) => ({
        description: line.description,
        quantity: line.quantity,
        unit_price: line.unitPrice,
      })),
    );
    if (invoiceTotals(invoiceForm).subtotal > maxMoneyCents) return refused(totalTooLargeMessage);
    const created = await insertInvoice(tx as Tx, invoiceForm, now);
    if (form.appendix && locked.length > 0) await setTimesheetAppendix(tx, created.id);
    await markEntriesBilled(
      tx,
      created.id,
      rated.map(({ entry, rate }) => ({ id: entry.id, billableCents: rate.billableCents, costCents: rate.costCents })),
    );
    await markExpensesBilled(
      tx,
      created.id,
      spentLines.map((line) => ({ id: line.id, billedCents: line.unitPrice })),
    );
    if ((await customerRounding(tx, project.customerId)) !== form.rounding) {
      await setCustomerRounding(tx, project.customerId, form.rounding);
    }
    const minutes = locked.reduce((sum, entry) => sum + (entry.minutes ?? 0), 0);
    await auditAction(tx, input.actor, input.ip, "time_invoiced", {
      invoice: created.invoiceNumber,
      project: project.projectName,
      entries: locked.length,
      expenses: spent.length,
      minutes,
    });
    return { ok: true, invoiceId: created.id, invoiceNumber: created.invoiceNumber, minutes };
  });
}

/** Saves a rate from a day for a person, the project, or one of its phases. */
export async function saveRate(
  db: Db,
  input: Who & { projectId: string; form: SaveRateForm },
): Promise<TimeChange<{ label: string }>> {
  const { form } = input;
  return db.transaction(async (tx) => {
    const project = await workTarget(tx, input.projectId, form.target.scope === "phase" ? form.target.id : null);
    if (!project)
      return missing(form.target.scope === "phase" ? timeMessages.phaseNotFound : timeMessages.projectNotFound);
    await upsertRate(tx, {
      userId: form.target.scope === "person" ? form.target.id : null,
      projectId: form.target.scope === "person" ? null : input.projectId,
      phaseId: form.target.scope === "phase" ? form.target.id : null,
      effectiveFrom: form.effective_from,
      billableCents: form.billable_rate ?? null,
      costCents: form.cost_rate ?? null,
      createdBy: input.actor.userId,
    });
    await auditAction(tx, input.actor, input.ip, "rate_saved", {
      target: form.target.scope,
      from: form.effective_from,
      billable: form.billable_rate ?? null,
      cost: form.cost_rate ?? null,
    });
    return { ok: true, label: timeMessages.rateSaved };
  });
}

/**
 * Tells the owner, once each, when a project's logged hours reach 80% and 100% of its estimated hours,
 * and when its logged value (or a phase's) reaches 80% and 100% of the project's (or the phase's) price.
 */
async function checkBudget(tx: Queryable, projectId: string) {
  const project = await getProject(tx, projectId);
  if (!project) return;
  const budget = projectBudget(
    project,
    await projectPhaseList(tx, project.id),
    timeTotals(await projectTimeSums(tx, project)),
  );
  const link = `/admin/projects/${project.id}/time`;
  const tell = (key: string, message: string) => postOwnerNotice(tx, { kind: "budget", message, link, key });
  const hours = budgetThresholdReached(budget.loggedMinutes, budget.estimatedMinutes);
  if (hours !== null) {
    await tell(
      `budget:${project.id}:hours:${hours}`,
      `${project.projectName}: ${formatHours(budget.loggedMinutes)} logged, ${hours}% of the ${formatHours(budget.estimatedMinutes ?? 0)} estimated`,
    );
  }
  const worth = budgetThresholdReached(budget.loggedValueCents, budget.valueCents);
  if (worth !== null) {
    await tell(
      `budget:${project.id}:value:${worth}`,
      `${project.projectName}: the time logged is worth ${worth}% of the project's value`,
    );
  }
  // each phase from the pricing: its logged value against its price, its hours against its estimate
  for (const phase of budget.phases) {
    const reached = budgetThresholdReached(phase.totals?.valueCents ?? 0, phase.budgetCents);
    if (reached !== null) {
      await tell(
        `budget:${phase.id}:value:${reached}`,
        `${project.projectName}, ${phase.name}: the time logged is worth ${reached}% of the phase's price`,
      );
    }
    const logged = phase.totals?.minutes ?? 0;
    const phaseHours = budgetThresholdReached(logged, phase.estimatedMinutes);
    if (phaseHours !== null) {
      await tell(
        `budget:${phase.id}:hours:${phaseHours}`,
        `${project.projectName}, ${phase.name}: ${formatHours(logged)} logged, ${phaseHours}% of the ${formatHours(phase.estimatedMinutes ?? 0)} estimated`,
      );
    }
  }
}

/**
 * Adds an expense to the project (with its stored receipt, when one was uploaded). One that repeats also
 * makes its recurring expense (`recurringExpenseStart`): recorded now when its date has come, and the job
 * (`expenseRecordingRule`, a rule of the automations engine) records each later period on its date.
 */
export async function addExpense(
  db: Db,
  input: Who & { projectId: string; form: AddExpenseForm; receiptFileId: string | null },
): Promise<TimeChange<{ vendor: string; nextDue: string | null }>> {
  const { form } = input;
  return db.transaction(async (tx) => {
    const target = await workTarget(tx, input.projectId, form.phase_id ?? null);
    if (!target) return missing(form.phase_id ? timeMessages.phaseNotFound : timeMessages.projectNotFound);
    const expense = {
      projectId: target.project.id,
      phaseId: target.phase?.id ?? null,
      amountCents: form.amount,
      category: form.category,
      vendor: form.vendor,
      note: form.note ?? null,
      billable: form.billable,
      markupHundredths: form.markup ?? (await lastMarkups(tx))[form.category] ?? 0,
      createdBy: input.actor.userId,
    };
    let recurringExpenseId: string | undefined;
    let nextDue: string | null = null;
    let recordNow = true;
    if (form.repeats !== "none") {
      const rule = recurringExpenseRule(form.repeats, form.expense_date);
      const today = todayIn(await studioTimeZone(tx), input.now ?? new Date());
      ({ recordNow, nextDue } = recurringExpenseStart(rule, today));
      recurringExpenseId =
        (await insertRecurringExpense(tx, {
          ...expense,
          frequency: form.repeats,
          startDate: form.expense_date,
          nextDue,
        })) ?? undefined;
    }
    if (recordNow) {
      await insertExpense(tx, {
        ...expense,
        expenseDate: form.expense_date,
        receiptFileId: input.receiptFileId,
        ...(recurringExpenseId ? { recurringExpenseId } : {}),
      });
    }
    await auditAction(tx, input.actor, input.ip, "expense_added", {
      project: target.project.projectName,
      vendor: form.vendor,
      amount: form.amount,
      billable: form.billable,
      ...(form.repeats === "none" ? {} : { repeats: form.repeats }),
    });
    return { ok: true, vendor: form.vendor, nextDue };
  });
}

/** Stops a project's recurring expense: no later period is recorded; the recorded ones stay. */
export async function stopRecurringExpense(
  db: Db,
  input: Who & { projectId: string; recurringId: string },
): Promise<TimeChange<{ vendor: string }>> {
  return db.transaction(async (tx) => {
    const recurring = await lockRecurringExpense(tx, input.recurringId);
    if (!recurring || recurring.expense.projectId !== input.projectId || recurring.nextDue === null) {
      return missing(expenseMessages.recurringNotFound);
    }
    const { vendor } = recurring.expense;
    await setRecurringNextDue(tx, recurring.id, null);
    await publishChange(tx, { table: "projects", id: input.projectId });
    await auditAction(tx, input.actor, input.ip, "recurring_expense_stopped", { vendor });
    return { ok: true, vendor };
  });
}

/**
 * Recurring expenses as a built-in rule of the automations engine (ADR 0063): a run per recurring expense and
 * period due in the studio's today. The run, its row locked, records the periods through its own (an earlier one
 * still waiting goes with it, so none is left behind), each once by its unique key (another instance, a rerun),
 * and moves the next date on. Its runs carry no customer or project: stopping the expense is what ends it.
 */
export function expenseRecordingRule(): RuleHandler {
  return {
    key: "recurring-expense",
    name: builtInRuleName("recurring-expense"),
    async due(db, now) {
      const today = todayIn(await studioTimeZone(db), now);
      return (await dueRecurringExpensePeriods(db, today)).map((due) => ({
        subjectType: "recurring_expense",
        subjectId: due.id,
        subjectLabel: `${due.vendor} · ${displayDate(due.period)}`,
        dueAt: utcDate(due.period),
        customerId: null,
        projectId: null,
      }));
    },
    async upcoming() {
      return [];
    },
    async perform(tx, run) {
      const period = isoDay(run.dueAt);
      const recurring = await lockRecurringExpense(tx, run.subjectId);
      if (!recurring?.nextDue) return fail("skipped", { message: automationMessages.recurringExpenseStopped });
      const periods = duePeriods(recurring.rule, recurring.nextDue, period);
      if (periods.length === 0) return fail("skipped", { message: automationMessages.periodRecorded });
      for (const day of periods) {
        await insertExpense(tx, {
          ...recurring.expense,
          expenseDate: day,
          receiptFileId: null,
          recurringExpenseId: recurring.id,
        });
      }
      await setRecurringNextDue(tx, recurring.id, periodAfter(recurring.rule, periods.at(-1) as string));
      return { ok: true };
    },
  };
}

/** Deletes an unbilled expense read at `version`; a billed one names its invoice. */
export async function deleteExpense(
  db: Db,
  input: Who & { expenseId: string; version: number },
): Promise<TimeChange<{ vendor: string }>> {
  return db.transaction(async (tx) => {
    const expense = await expenseForChange(tx, input.expenseId);
    if (!expense || expense.deletedAt) return missing(expenseMessages.notFound);
    if (expense.invoiceNumber) return refused(expenseMessages.billed(expense.invoiceNumber));
    const deleted = await deleteExpenseRow(tx, expense.id, input.version, input.now ?? new Date());
    if (!deleted) return refused(timeMessages.changedElsewhere);
    await auditAction(tx, input.actor, input.ip, "expense_deleted", { vendor: expense.vendor });
    return { ok: true, vendor: expense.vendor };
  });
}

/** Sets the hours a retainer's monthly fee includes (null: no bank). */
export async function saveHourBank(
  db: Db,
  input: Who & { projectId: string; minutes: number | null },
): Promise<TimeChange<{ minutes: number | null }>> {
  return db.transaction(async (tx) => {
    if (!(await setHourBank(tx, input.projectId, input.minutes))) return missing(timeMessages.projectNotFound);
    await auditAction(tx, input.actor, input.ip, "hour_bank_saved", { minutes: input.minutes });
    return { ok: true, minutes: input.minutes };
  });
}

/**
 * Settles a month of a retainer against its hour bank: the minutes logged beyond it are billed (a draft with
 * one line at the project's rate, rounded by the customer's increment) or absorbed; once per month, under
 * the project's row lock, never silently.
 */
export async function settleBankMonth(
  db: Db,
  input: Who & { projectId: string; month: string; decision: BankDecision; today: string },
): Promise<BankSettlement> {
  const now = input.now ?? new Date();
  return db
    .transaction(async (tx): Promise<BankSettlement> => {
      if (!(await lockProjectRow(tx, input.projectId))) return missing(timeMessages.projectNotFound);
      const project = await getProject(tx, input.projectId);
      if (!project || project.hourBankMinutes === null) return missing(timeMessages.projectNotFound);
      const logged = await billableMinutesByMonth(tx, project.id, `${input.month}-01`);
      const [month] = bankMonths(
        logged.filter((row) => row.month === input.month),
        project.hourBankMinutes,
      );
      if (!month || month.beyondMinutes <= 0) return refused(hourBankMessages.nothingBeyond);
      let invoice: { id: string; invoiceNumber: string } | null = null;
      if (input.decision === "bill") {
        const rateRows = await ratesForProject(tx, project.id);
        const rate = resolveRate(
          rateRows,
          { userId: "", projectId: project.id, phaseId: null, workDate: `${input.month}-28` },
          project.hourlyRate === null ? null : toCents(project.hourlyRate),
        );
        const rounding = project.customer?.timeRoundingMinutes ?? 0;
        const form = projectDraftForm(project, input.today, [
          {
            description: hourBankMessages.lineDescription(input.month, month.beyondMinutes),
            quantity: quantityHundredths(month.beyondMinutes, rounding),
            unit_price: rate.billableCents,
          },
        ]);
        invoice = await insertInvoice(tx as Tx, form, now);
      }
      const recorded = await insertBankDecision(tx, {
        projectId: project.id,
        month: input.month,
        includedMinutes: month.includedMinutes,
        loggedMinutes: month.loggedMinutes,
        beyondMinutes: month.beyondMinutes,
        decision: input.decision,
        invoiceId: invoice?.id ?? null,
        decidedBy: input.actor.userId,
      });
      // settled by someone else meanwhile: nothing of this one stays (the transaction's invoice rolls back)
      if (!recorded) throw new MonthAlreadySettled();
      await auditAction(tx, input.actor, input.ip, "hour_bank_month_settled", {
        project: project.projectName,
        month: input.month,
        decision: input.decision,
        minutes: month.beyondMinutes,
        invoice: invoice?.invoiceNumber ?? null,
      });
      return {
        ok: true,
        minutes: month.beyondMinutes,
        invoiceId: invoice?.id ?? null,
        invoiceNumber: invoice?.invoiceNumber ?? null,
      };
    })
    .catch((error: unknown) => {
      if (error instanceof MonthAlreadySettled) return refused(hourBankMessages.decided);
      throw error;
    });
}

class MonthAlreadySettled extends Error {}
type BankSettlement = TimeChange<{ minutes: number; invoiceId: string | null; invoiceNumber: string | null }>;
