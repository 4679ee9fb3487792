/**
 * The contract page's forms (docs/decisions/0043-contracts-and-customer-credit.md): the schedule the
 * owner edits (the installments not invoiced yet, in order: label, percentage or amount, due on a date
 * or when a phase is approved) and the two ways to draw an invoice from it; their messages. The
 * arithmetic is app/domain/contracts.ts.
 */
import { z } from "zod";
import { contractMessages, type InstallmentBasis, installmentBases, installmentKinds } from "#app/domain/contracts.ts";
import { displayDate, isIsoDate } from "#app/domain/dates.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { limits } from "#app/domain/limits.ts";
import { maxMoneyCents, readTypedHundredths } from "#app/domain/money.ts";

const optionalDate = z.preprocess((value) => (isIsoDate(value) ? value : undefined), z.string().optional());

/** One installment as the schedule form posts it (the balance has no percentage or amount: it is the rest). */
const installmentRowSchema = z
  .object({
    /** an installment already in the schedule; none for a new milestone */
    id: z.preprocess((value) => parseUuid(value) ?? undefined, z.string().optional()),
    /** what the page shows the row as; the server keeps a stored installment's own, a new one is a milestone */
    kind: z.enum(installmentKinds).catch("milestone"),
    label: z.preprocess(
      (value) => (typeof value === "string" ? value.replace(/\s+/g, " ").trim() : ""),
      z.string().min(1, contractMessages.labelRequired).max(limits.installmentLabel, contractMessages.labelTooLong),
    ),
    basis: z.enum(installmentBases).catch("percent"),
    /** hundredths: a percentage (50 -> 5000) or cents; absent on the balance */
    value: z.preprocess(
      (value) => (value === undefined || value === "" ? undefined : (readTypedHundredths(value) ?? Number.NaN)),
      z
        .number(contractMessages.valueRequired)
        .int(contractMessages.valueRequired)
        .min(1, contractMessages.valueRequired)
        .max(maxMoneyCents, contractMessages.valueTooLarge)
        .optional(),
    ),
    /** due on a date, or (due_phase) when a phase of the project is approved, or neither */
    due_on: optionalDate,
    due_phase: z.preprocess(
      (value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined),
      z.string().max(limits.phaseId, contractMessages.unknownPhase).optional(),
    ),
  })
  .superRefine((row, ctx) => {
    if (row.basis === "percent" && row.value !== undefined && row.value > 10_000) {
      ctx.addIssue({ code: "custom", path: ["value"], message: contractMessages.percentRange });
    }
    if (row.due_on && row.due_phase) {
      ctx.addIssue({ code: "custom", path: ["due_phase"], message: contractMessages.dueBoth });
    }
  });
export type InstallmentRow = z.output<typeof installmentRowSchema>;

export const scheduleFormSchema = z.object({
  intent: z.literal("save-schedule"),
  installments: z.preprocess(
    (value) => (Array.isArray(value) ? value : []),
    z.array(installmentRowSchema).max(limits.installments, contractMessages.tooMany),
  ),
});

export const contractIntentSchema = z.object({ intent: z.enum(["save-schedule", "invoice-next", "invoice-balance"]) });

/** A row of the schedule form as the page holds it (field texts). */
export type ScheduleEditorRow = {
  id: string;
  kind: "deposit" | "milestone" | "balance";
  label: string;
  basis: InstallmentBasis;
  value: string;
  due_on: string;
  due_phase: string;
};

/** What Add milestone appends. */
export const newMilestoneRow: Omit<ScheduleEditorRow, "id" | "kind"> = {
  label: "",
  basis: "percent",
  value: "",
  due_on: "",
  due_phase: "",
};

/** When an installment falls due: a date, the approval of a phase of the project, or not said. */
export function dueText(due: { dueOn: string | null; phaseName: string | null }): string {
  if (due.dueOn) return `Due ${displayDate(due.dueOn)}`;
  if (due.phaseName) return `When “${due.phaseName}” is approved`;
  return "No date set";
}
