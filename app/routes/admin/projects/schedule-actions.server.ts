/**
 * The project page's Recurring invoices card (ADR 0031): the schedule's form (form "schedule": 400,
 * 404, 409) and its Pause / Resume / End (form "schedule-status": 404, 409). A saved or resumed
 * schedule whose period is due today makes that invoice at once, not at the next timer tick.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { RouterContextProvider } from "react-router";
import { getApp } from "#app/context.server.ts";
import { projectMessages } from "#app/domain/projects.ts";
import { scheduleEditSchema, scheduleFormSchema, scheduleStatusSchema } from "#app/domain/retainer-forms.ts";
import { scheduleMessages } from "#app/domain/retainers.ts";
import { studioToday } from "#app/models/business-settings.server.ts";
import { changeScheduleStatus, createSchedule, updateSchedule } from "#app/models/recurring-schedules.server.ts";
import { invalid, redirectWithToast, refuse } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import type { SessionInfo } from "#app/services/auth.server.ts";
import { runDueSchedules } from "#app/services/retainers.server.ts";

type ScheduleAction = {
  context: Readonly<RouterContextProvider>;
  session: SessionInfo;
  /** the project's id from the address (null when malformed) */
  id: string | null;
  formData: FormData;
};

const statusEvents = {
  "pause-schedule": { action: "pause", event: "schedule_paused", toast: scheduleMessages.paused },
  "resume-schedule": { action: "resume", event: "schedule_resumed", toast: scheduleMessages.resumed },
  "end-schedule": { action: "end", event: "schedule_ended", toast: scheduleMessages.ended },
} as const;

/** Saves a new or changed schedule; its first period due today is invoiced now. */
export async function saveScheduleAction({ context, session, id, formData }: ScheduleAction) {
  const { config, database, ip, logger } = getApp(context);
  const page = `/admin/projects/${id}`;
  const submission = parseWithZod(formData, { schema: scheduleFormSchema });
  if (submission.status !== "success") return invalid(submission, { form: "schedule" });
  const target = scheduleEditSchema.safeParse(Object.fromEntries(formData));
  if (!id || !target.success) return refuse(404, scheduleMessages.notFound, { submission, form: "schedule" });
  const scheduleId = target.data.schedule_id;
  const today = await studioToday(database.db);
  const saved = await auditedChange(
    database.db,
    (tx) =>
      scheduleId
        ? updateSchedule(tx, { projectId: id, scheduleId, form: submission.value, today })
        : createSchedule(tx, { projectId: id, form: submission.value, today, userId: session.userId }),
    {
      actor: session,
      ip,
      event: scheduleId ? "schedule_updated" : "schedule_created",
      when: (result) => result.ok,
      detail: (result) =>
        result.ok
          ? {
              project: id,
              schedule: result.schedule.id,
              frequency: result.schedule.frequency,
              mode: result.schedule.mode,
              next: result.schedule.nextDue,
            }
          : undefined,
    },
  );
  if (!saved) {
    return refuse(404, scheduleId ? scheduleMessages.notFound : projectMessages.notFound, {
      submission,
      form: "schedule",
    });
  }
  if (!saved.ok) {
    if (saved.field) {
      return invalid(submission, {
        form: "schedule",
        fieldErrors: { [saved.field]: [saved.message] },
        toast: { type: "error", message: saved.message },
      });
    }
    return refuse(409, saved.message, { submission, form: "schedule" });
  }
  // the first period due today is invoiced now, not at the next timer tick
  let description: string | undefined;
  if (saved.schedule.status === "active" && saved.schedule.nextDue !== null && saved.schedule.nextDue <= today) {
    const run = await runDueSchedules({ db: database.db, config, logger }, new Date(), { only: saved.schedule.id });
    const numbers = run.made.map((made) => made.invoiceNumber).join(", ");
    if (numbers) description = `${run.sent > 0 ? "Sent" : "Made"} ${numbers}`;
  }
  return redirectWithToast(config, page, {
    type: "success",
    message: scheduleId ? scheduleMessages.updated : scheduleMessages.created,
    description,
  });
}

/** Pause, Resume or End a schedule; a resumed one due today is invoiced now. */
export async function scheduleStatusAction({ context, session, id, formData }: ScheduleAction) {
  const { config, database, ip, logger } = getApp(context);
  const page = `/admin/projects/${id}`;
  const submission = parseWithZod(formData, { schema: scheduleStatusSchema });
  if (!id || submission.status !== "success") {
    return refuse(404, scheduleMessages.notFound, { form: "schedule-status" });
  }
  const change = statusEvents[submission.value.intent];
  const today = await studioToday(database.db);
  const changed = await auditedChange(
    database.db,
    (tx) =>
      changeScheduleStatus(tx, {
        projectId: id,
        scheduleId: submission.value.schedule_id,
        action: change.action,
        today,
      }),
    {
      actor: session,
      ip,
      event: change.event,
      when: (result) => result.ok,
      detail: (result) =>
        result.ok ? { project: id, schedule: result.schedule.id, next: result.schedule.nextDue } : undefined,
    },
  );
  if (!changed) return refuse(404, scheduleMessages.notFound, { form: "schedule-status" });
  if (!changed.ok) return refuse(409, changed.message, { form: "schedule-status" });
  if (change.action === "resume" && changed.schedule.nextDue !== null && changed.schedule.nextDue <= today) {
    await runDueSchedules({ db: database.db, config, logger }, new Date(), { only: changed.schedule.id });
  }
  return redirectWithToast(config, page, { type: "success", message: change.toast });
}
