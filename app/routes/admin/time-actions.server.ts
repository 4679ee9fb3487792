/**
 * The forms of time (ADR 0058), answered the same on the Time page, a project's time page and the
 * header's Stop: start and stop the timer, log, edit and delete an entry, and on a project's page
 * invoice its unbilled time and save a rate. Each form's refusal comes back to it (`form` is its intent,
 * or `entry-{id}` for an entry's edit): 400 a field, 404 gone, 409 otherwise.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { RouterContextProvider } from "react-router";
import { getApp } from "#app/context.server.ts";
import { formatDay } from "#app/domain/dates.ts";
import { safeReturnPath } from "#app/domain/return-path.ts";
import {
  addExpenseSchema,
  deleteEntrySchema,
  deleteExpenseSchema,
  hourBankSchema,
  invoiceTimeSchema,
  logTimeSchema,
  saveEntrySchema,
  saveRateSchema,
  settleMonthSchema,
  startTimerSchema,
  stopRecurringExpenseSchema,
  stopTimerSchema,
  timeIntentSchema,
  timeTargetSchema,
} from "#app/domain/time-forms.ts";
import {
  expenseMessages,
  expenseRepeatLabels,
  formatMinutes,
  hourBankMessages,
  timeMessages,
} from "#app/domain/time-tracking.ts";
import { studioToday } from "#app/models/business-settings.server.ts";
import { badRequest, invalid, redirectWithToast, refuse } from "#app/services/action-result.server.ts";
import type { SessionInfo } from "#app/services/auth.server.ts";
import {
  addExpense,
  deleteEntry,
  deleteExpense,
  invoiceUnbilledTime,
  logTime,
  saveEntry,
  saveHourBank,
  saveRate,
  settleBankMonth,
  startTimer,
  stopRecurringExpense,
  stopTimer,
  type TimeChange,
} from "#app/services/time-tracking.server.ts";

type TimeAction = {
  context: Readonly<RouterContextProvider>;
  session: SessionInfo;
  formData: FormData;
  /** where a success goes back to (a posted `return` path wins) */
  page: string;
  /** the project of a project's page: billing, rates and expenses need it */
  projectId?: string;
  /** an expense's receipt, stored as the post streamed in (null: none; `error`: refused) */
  receipt?: { fileId: string | null; error: string | null };
};

type Submission = Parameters<typeof invalid>[0];

export async function timeAction({ context, session, formData, page, projectId, receipt }: TimeAction) {
  const { config, database, ip } = getApp(context);
  const posted = timeIntentSchema.safeParse(Object.fromEntries(formData));
  if (!posted.success) badRequest("Unknown action");
  const intent = posted.data.intent;
  const target = timeTargetSchema.parse(Object.fromEntries(formData));
  const back = safeReturnPath(target.return, page);
  const who = { actor: session, ip };

  /** One answer for every form: the toast on success, the refusal on its form. */
  function answer<Value extends object>(
    form: string,
    submission: Submission,
    result: TimeChange<Value>,
    toast: (value: { ok: true } & Value) => { message: string; type?: "success" | "info"; to?: string },
  ) {
    if (result.ok) {
      const said = toast(result);
      return redirectWithToast(config, said.to ?? back, { type: said.type ?? "success", message: said.message });
    }
    if (result.reason === "not-found")
      return refuse(404, result.message, { submission: submission ?? undefined, form });
    if (result.field && submission) {
      return invalid(submission, {
        form,
        fieldErrors: { [result.field]: [result.message] },
        toast: { type: "error", message: result.message },
      });
    }
    return refuse(409, result.message, {
      submission: submission ?? undefined,
      form,
      extra: { long: result.long ?? false },
    });
  }

  const saidTime = (minutes: number, overlap: string | null) =>
    overlap
      ? { message: `${timeMessages.logged(formatMinutes(minutes))}. ${overlap}`, type: "info" as const }
      : { message: timeMessages.logged(formatMinutes(minutes)) };

  switch (intent) {
    case "start-timer": {
      const submission = parseWithZod(formData, { schema: startTimerSchema });
      if (submission.status !== "success") return invalid(submission, { form: intent });
      const { work, note, billable } = submission.value;
      const result = await startTimer(database.db, { ...who, work, note: note ?? null, billable });
      return answer(intent, submission, result, (started) => ({ message: timeMessages.started(started.projectName) }));
    }
    case "stop-timer": {
      const submission = parseWithZod(formData, { schema: stopTimerSchema });
      if (submission.status !== "success") return invalid(submission, { form: intent });
      const result = await stopTimer(database.db, { ...who, form: submission.value });
      return answer(intent, submission, result, (stopped) => ({
        message: timeMessages.stopped(formatMinutes(stopped.minutes)),
      }));
    }
    case "log-time": {
      const submission = parseWithZod(formData, { schema: logTimeSchema });
      if (submission.status !== "success") return invalid(submission, { form: intent });
      const result = await logTime(database.db, { ...who, form: submission.value });
      return answer(intent, submission, result, (logged) => saidTime(logged.minutes, logged.overlap));
    }
    case "save-entry": {
      const submission = parseWithZod(formData, { schema: saveEntrySchema });
      const form = `entry-${target.entry_id}`;
      if (submission.status !== "success") return invalid(submission, { form });
      const result = await saveEntry(database.db, { ...who, form: submission.value });
      // saved: the dialog closes (the page without ?edit=)
      return answer(form, submission, result, (saved) => ({
        ...saidTime(saved.minutes, saved.overlap),
        to: withoutEdit(back),
      }));
    }
    case "delete-entry": {
      const submission = parseWithZod(formData, { schema: deleteEntrySchema });
      if (submission.status !== "success") return refuse(404, timeMessages.entryNotFound, { form: intent });
      const { entry_id, version } = submission.value;
      const result = await deleteEntry(database.db, { ...who, entryId: entry_id, version });
      return answer(intent, null, result, () => ({ message: timeMessages.deleted, to: withoutEdit(back) }));
    }
    case "invoice-time": {
      const submission = parseWithZod(formData, { schema: invoiceTimeSchema });
      if (submission.status !== "success") return invalid(submission, { form: intent });
      if (!projectId) return refuse(404, timeMessages.projectNotFound, { submission, form: intent });
      const today = await studioToday(database.db);
      const result = await invoiceUnbilledTime(database.db, { ...who, projectId, form: submission.value, today });
      return answer(intent, submission, result, (made) => ({
        message: timeMessages.invoiced(made.invoiceNumber, formatMinutes(made.minutes)),
        to: `/admin/invoices/${made.invoiceId}`,
      }));
    }
    case "add-expense": {
      const submission = parseWithZod(formData, { schema: addExpenseSchema });
      if (submission.status !== "success" || receipt?.error) {
        return invalid(submission, {
          form: intent,
          fieldErrors: receipt?.error ? { receipt: [receipt.error] } : undefined,
        });
      }
      if (!projectId) return refuse(404, timeMessages.projectNotFound, { submission, form: intent });
      const result = await addExpense(database.db, {
        ...who,
        projectId,
        form: submission.value,
        receiptFileId: receipt?.fileId ?? null,
      });
      return answer(intent, submission, result, (added) => ({
        message: added.nextDue
          ? expenseMessages.addedRepeating(
              added.vendor,
              expenseRepeatLabels[submission.value.repeats],
              formatDay(added.nextDue),
            )
          : expenseMessages.added(added.vendor),
      }));
    }
    case "stop-recurring-expense": {
      const submission = parseWithZod(formData, { schema: stopRecurringExpenseSchema });
      if (submission.status !== "success" || !projectId) {
        return refuse(404, expenseMessages.recurringNotFound, { form: intent });
      }
      const result = await stopRecurringExpense(database.db, {
        ...who,
        projectId,
        recurringId: submission.value.recurring_id,
      });
      return answer(intent, null, result, (stopped) => ({ message: expenseMessages.stopped(stopped.vendor) }));
    }
    case "delete-expense": {
      const submission = parseWithZod(formData, { schema: deleteExpenseSchema });
      if (submission.status !== "success") return refuse(404, expenseMessages.notFound, { form: intent });
      const { expense_id, version } = submission.value;
      const result = await deleteExpense(database.db, { ...who, expenseId: expense_id, version });
      return answer(intent, null, result, () => ({ message: expenseMessages.deleted }));
    }
    case "save-hour-bank": {
      const submission = parseWithZod(formData, { schema: hourBankSchema });
      if (submission.status !== "success") return invalid(submission, { form: intent });
      if (!projectId) return refuse(404, timeMessages.projectNotFound, { submission, form: intent });
      const result = await saveHourBank(database.db, { ...who, projectId, minutes: submission.value.hours });
      return answer(intent, submission, result, (saved) => ({ message: hourBankMessages.saved(saved.minutes) }));
    }
    case "settle-month": {
      const submission = parseWithZod(formData, { schema: settleMonthSchema });
      if (submission.status !== "success") return refuse(409, hourBankMessages.nothingBeyond, { form: intent });
      if (!projectId) return refuse(404, timeMessages.projectNotFound, { form: intent });
      const today = await studioToday(database.db);
      const { month, decision } = submission.value;
      const result = await settleBankMonth(database.db, { ...who, projectId, month, decision, today });
      return answer(intent, null, result, (settled) =>
        settled.invoiceId && settled.invoiceNumber
          ? {
              message: hourBankMessages.billed(settled.invoiceNumber, settled.minutes),
              to: `/admin/invoices/${settled.invoiceId}`,
            }
          : { message: hourBankMessages.absorbed(settled.minutes) },
      );
    }
    case "save-rate": {
      const submission = parseWithZod(formData, { schema: saveRateSchema });
      if (submission.status !== "success") return invalid(submission, { form: intent });
      if (!projectId) return refuse(404, timeMessages.projectNotFound, { submission, form: intent });
      const result = await saveRate(database.db, { ...who, projectId, form: submission.value });
      return answer(intent, submission, result, (saved) => ({ message: saved.label }));
    }
  }
}

function withoutEdit(path: string): string {
  const url = new URL(path, "http://local.invalid");
  url.searchParams.delete("edit");
  return `${url.pathname}${url.search}${url.hash}`;
}
