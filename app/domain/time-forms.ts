/**
 * The forms of time (ADR 0058), for browser and server: the timer, a logged entry and its edit, billing
 * unbilled time, and a rate. Words and rules: time-tracking.ts.
 */
import { z } from "zod";
import { typedHundredths } from "#app/domain/amount-field.ts";
import { clockMinutes, isIsoDate } from "#app/domain/dates.ts";
import { uuidField } from "#app/domain/id-fields.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { maxMoneyCents, tooLargeMessage } from "#app/domain/money.ts";
import { dateMessages, optionalDate } from "#app/domain/validation.ts";
import {
  bankDecisions,
  billingLayouts,
  expenseCategories,
  expenseLimits,
  expenseMessages,
  expenseRepeats,
  hourBankMessages,
  parseDuration,
  roundingIncrements,
  timeLimits,
  timeMessages,
} from "./time-tracking.ts";

const checkbox = z.preprocess((value) => value === "on" || value === "true", z.boolean());

/**
 * What the time is for: a project ("{projectId}") or one of its phases ("{projectId}:{phaseId}"), one
 * select so a phone without JavaScript picks both at once.
 */
const workField = z.preprocess(
  (value) => (typeof value === "string" ? value : ""),
  z.string().transform((value, ctx) => {
    const [project, phase, ...rest] = value.split(":");
    const projectId = parseUuid(project);
    const phaseId = phase === undefined ? null : parseUuid(phase);
    if (!projectId || rest.length > 0 || (phase !== undefined && !phaseId)) {
      ctx.addIssue({ code: "custom", message: timeMessages.workRequired });
      return z.NEVER;
    }
    return { projectId, phaseId };
  }),
);

/** "{projectId}" or "{projectId}:{phaseId}", the value of a work choice. */
export function workValue(projectId: string, phaseId: string | null): string {
  return phaseId ? `${projectId}:${phaseId}` : projectId;
}

const note = z.preprocess(
  (value) => (typeof value === "string" ? value.replace(/\s+/g, " ").trim() || undefined : undefined),
  z.string().max(timeLimits.note, timeMessages.noteTooLong).optional(),
);

/** A typed duration in minutes: more than 0, at most a day. */
const duration = z.preprocess(
  (value) => (typeof value === "string" ? value : ""),
  z.string().transform((value, ctx) => {
    if (value.trim() === "") {
      ctx.addIssue({ code: "custom", message: timeMessages.durationRequired });
      return z.NEVER;
    }
    const minutes = parseDuration(value);
    const message =
      minutes === null
        ? timeMessages.durationInvalid
        : minutes < 0
          ? timeMessages.durationNegative
          : minutes === 0
            ? timeMessages.durationRequired
            : minutes > timeLimits.entryMinutes
              ? timeMessages.durationTooLong
              : null;
    if (message || minutes === null) {
      ctx.addIssue({ code: "custom", message: message ?? timeMessages.durationInvalid });
      return z.NEVER;
    }
    return minutes;
  }),
);

const requiredDate = z.preprocess(
  (value) => (typeof value === "string" ? value.trim() : ""),
  z
    .string()
    .min(1, timeMessages.dateRequired)
    .refine((value) => value === "" || isIsoDate(value), dateMessages.invalid),
);

/** "HH:MM" or blank. */
const optionalClock = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined),
  z
    .string()
    .refine((value) => clockMinutes(value) !== null, "Enter a time as HH:MM")
    .optional(),
);

export const startTimerSchema = z.object({
  intent: z.literal("start-timer"),
  work: workField,
  note,
  billable: checkbox,
});

export const stopTimerSchema = z.object({
  intent: z.literal("stop-timer"),
  /** a long timer is stopped now only when the owner says so */
  keep_all: checkbox,
  /** or corrected: when the work finished, on the studio's clock */
  finished_day: optionalDate,
  finished_at: optionalClock,
});
export type StopTimerForm = z.output<typeof stopTimerSchema>;

const entryFields = {
  work_date: requiredDate,
  duration,
  started_at: optionalClock,
  note,
  billable: checkbox,
};

export const logTimeSchema = z.object({ intent: z.literal("log-time"), work: workField, ...entryFields });
export type LogTimeForm = z.output<typeof logTimeSchema>;

export const saveEntrySchema = z.object({
  intent: z.literal("save-entry"),
  entry_id: uuidField(timeMessages.entryNotFound),
  version: z.coerce.number().int().min(1),
  work: workField,
  ...entryFields,
});
export type SaveEntryForm = z.output<typeof saveEntrySchema>;

export const deleteEntrySchema = z.object({
  intent: z.literal("delete-entry"),
  entry_id: uuidField(timeMessages.entryNotFound),
  version: z.coerce.number().int().min(1),
});

/** Which phases to bill: phase ids, and "" for time on no phase; none ticked means all. */
const phaseList = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(
    z
      .string()
      .max(64)
      .refine((value) => value === "" || parseUuid(value) !== null, timeMessages.phaseNotFound),
  ),
);

export const invoiceTimeSchema = z
  .object({
    intent: z.literal("invoice-time"),
    from: requiredDate,
    to: requiredDate,
    phases: phaseList,
    layout: z.enum(billingLayouts),
    rounding: z.coerce.number().refine((value) => (roundingIncrements as readonly number[]).includes(value)),
    appendix: checkbox,
    /** the billable expenses of the range too */
    expenses: checkbox,
  })
  .superRefine((form, ctx) => {
    if (form.to < form.from) ctx.addIssue({ code: "custom", path: ["to"], message: timeMessages.rangeInvalid });
  });
export type InvoiceTimeForm = z.output<typeof invoiceTimeSchema>;

const optionalRate = typedHundredths(
  z.number().int().min(0, "The rate cannot be negative").max(maxMoneyCents, tooLargeMessage()).optional(),
);

/** Whom a rate is for: "person:{userId}", "project", or "phase:{phaseId}". */
const rateTarget = z.preprocess(
  (value) => (typeof value === "string" ? value : ""),
  z.string().transform((value, ctx) => {
    if (value === "project") return { scope: "project" as const, id: null };
    const [scope, id] = value.split(":");
    const parsed = parseUuid(id);
    if ((scope === "person" || scope === "phase") && parsed) return { scope, id: parsed };
    ctx.addIssue({ code: "custom", message: timeMessages.rateTargetNotFound });
    return z.NEVER;
  }),
);

export const saveRateSchema = z
  .object({
    intent: z.literal("save-rate"),
    target: rateTarget,
    effective_from: requiredDate,
    billable_rate: optionalRate,
    cost_rate: optionalRate,
  })
  .superRefine((form, ctx) => {
    if (form.billable_rate === undefined && form.cost_rate === undefined) {
      ctx.addIssue({ code: "custom", path: ["billable_rate"], message: timeMessages.rateRequired });
    }
  });
export type SaveRateForm = z.output<typeof saveRateSchema>;

const optionalPhase = z.preprocess(
  (value) => (value === "" || value === undefined ? undefined : value),
  uuidField(timeMessages.phaseNotFound).optional(),
);

export const addExpenseSchema = z.object({
  intent: z.literal("add-expense"),
  expense_date: requiredDate,
  amount: typedHundredths(
    z
      .number(expenseMessages.amountRequired)
      .int()
      .min(1, expenseMessages.amountRequired)
      .max(maxMoneyCents, tooLargeMessage()),
  ),
  category: z.enum(expenseCategories),
  vendor: z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/\s+/g, " ").trim() : ""),
    z.string().min(1, expenseMessages.vendorRequired).max(expenseLimits.vendor, expenseMessages.vendorTooLong),
  ),
  note: z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/\s+/g, " ").trim() || undefined : undefined),
    z.string().max(expenseLimits.note, `The note must be at most ${expenseLimits.note} characters`).optional(),
  ),
  phase_id: optionalPhase,
  billable: checkbox,
  /** blank: the category's last markup (what the field shows as its placeholder), else 0 */
  markup: typedHundredths(
    z
      .number()
      .int()
      .min(0, expenseMessages.markupRange)
      .max(expenseLimits.markupHundredths, expenseMessages.markupRange)
      .optional(),
  ),
  /** the receipt's file: stored by the upload layer before the form is read, so anything here is ignored */
  receipt: z.unknown().optional(),
  /** monthly or yearly from the expense's date (a recurring expense), or once */
  repeats: z.enum(expenseRepeats).default("none"),
});
export type AddExpenseForm = z.output<typeof addExpenseSchema>;

export const deleteExpenseSchema = z.object({
  intent: z.literal("delete-expense"),
  expense_id: uuidField(expenseMessages.notFound),
  version: z.coerce.number().int().min(1),
});

/** Stops a recurring expense: no later period is recorded; those recorded stay. */
export const stopRecurringExpenseSchema = z.object({
  intent: z.literal("stop-recurring-expense"),
  recurring_id: uuidField(expenseMessages.recurringNotFound),
});

/** The hours a retainer's monthly fee includes (blank: no bank), as minutes. */
export const hourBankSchema = z.object({
  intent: z.literal("save-hour-bank"),
  hours: z.pipe(
    typedHundredths(
      z
        .number(hourBankMessages.hoursInvalid)
        .int()
        .min(0, hourBankMessages.hoursInvalid)
        .max(744_00, hourBankMessages.hoursInvalid)
        .optional(),
    ),
    z.transform((hundredths: number | undefined) =>
      hundredths === undefined ? null : Math.round((hundredths * 60) / 100),
    ),
  ),
});

export const settleMonthSchema = z.object({
  intent: z.literal("settle-month"),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, hourBankMessages.nothingBeyond),
  decision: z.enum(bankDecisions),
});

const timeIntents = [
  "save-hour-bank",
  "settle-month",
  "add-expense",
  "delete-expense",
  "stop-recurring-expense",
  "start-timer",
  "stop-timer",
  "log-time",
  "save-entry",
  "delete-entry",
  "invoice-time",
  "save-rate",
] as const;
export const timeIntentSchema = z.object({ intent: z.enum(timeIntents) });

/** Where a time form goes back to (`return`, a path of this site) and which entry's form posted. */
export const timeTargetSchema = z.object({
  return: z.string().max(2000).catch("").default(""),
  entry_id: z.string().max(64).catch("").default(""),
});
