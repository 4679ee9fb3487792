/**
 * Recurring fees as schedules: the forms (a schedule, pause and resume, the project page's intents) and the
 * form into a rule, for browser and server. The rules themselves are in the schema-free `retainers.ts`.
 */
import { z } from "zod";
import { isIsoDate } from "#app/domain/dates.ts";
import { scheduleAnchors, scheduleFrequencies, scheduleModes } from "#app/domain/enums.ts";
import { uuidField } from "#app/domain/id-fields.ts";
import { type ScheduleRule, scheduleMessages } from "#app/domain/retainers.ts";

const requiredDate = (message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z
      .string(message)
      .refine((value) => value !== "", message)
      .refine(isIsoDate, "Please enter a valid date"),
  );
const optionalDate = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined),
  z.string().refine(isIsoDate, "Please enter a valid date").optional(),
);

/** Create or edit a schedule (the project page's form); shared by the browser and the server. */
export const scheduleFormSchema = z
  .object({
    frequency: z.enum(scheduleFrequencies).catch("month"),
    anchor: z.enum(scheduleAnchors).catch("date"),
    start_date: requiredDate(scheduleMessages.startRequired),
    end_date: optionalDate,
    mode: z.enum(scheduleModes).catch("draft"),
  })
  .superRefine((form, ctx) => {
    if (form.end_date && form.end_date < form.start_date) {
      ctx.addIssue({ code: "custom", path: ["end_date"], message: scheduleMessages.endBeforeStart });
    }
    if (form.anchor === "last_day" && form.frequency === "week") {
      ctx.addIssue({ code: "custom", path: ["anchor"], message: scheduleMessages.lastDayMonthly });
    }
  });
export type ScheduleForm = z.output<typeof scheduleFormSchema>;

export function ruleOfForm(form: ScheduleForm): ScheduleRule {
  return {
    frequency: form.frequency,
    anchor: form.anchor,
    startDate: form.start_date,
    endDate: form.end_date ?? null,
  };
}

/** The project page's posts: the one-off invoice from the recurring fees (confirmed), the schedule's form and buttons. */
export const projectPageIntentSchema = z.object({
  intent: z.enum(["recurring-invoice", "save-schedule", "pause-schedule", "resume-schedule", "end-schedule"]),
});

/** A schedule's pause / resume / end button: its id (anything else is no schedule at all). */
export const scheduleStatusSchema = z.object({
  intent: z.enum(["pause-schedule", "resume-schedule", "end-schedule"]),
  schedule_id: uuidField(scheduleMessages.notFound),
});

/** The schedule form as posted: an edit carries the schedule's id. */
export const scheduleEditSchema = z.object({ schedule_id: uuidField(scheduleMessages.notFound).optional() });
