/**
 * The project form (its three pricing models and recurring fees) and the projects list's URL parser:
 * one schema each for browser and server, and the form's values into a row.
 */
import { z } from "zod";
import { amountText } from "#app/domain/amount-field.ts";
import { pricingModels, projectStatuses } from "#app/domain/enums.ts";
import { uuidField } from "#app/domain/id-fields.ts";
import { limits, tooLong } from "#app/domain/limits.ts";
import {
  type Cents,
  centsToDecimal,
  lineTotal,
  maxHoursHundredths,
  maxMoneyCents,
  parseScaled,
  toCents,
  totalTooLargeMessage,
} from "#app/domain/money.ts";
import { defaultPhaseName, dollars, type ProjectPricing, projectMessages } from "#app/domain/projects.ts";
import { optionalDate, optionalMultilineText, optionalText, requiredText } from "#app/domain/validation.ts";

function blankToUndefined(value: unknown) {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** A money or hours input: blank (or unparsable) is undefined, stored as null; never negative. */
const amount = (label: string, max?: number) => amountText({ label, max });

/** The cents of amount texts already checked by the schema (blank counts 0). */
const sumOfCents = (texts: (string | undefined)[]) =>
  texts.reduce((sum, text) => sum + (text === undefined ? 0 : (toCents(text) ?? 0)), 0);

const phaseSchema = z.object({
  name: optionalText(200, "Phase name"),
  price: amount("Phase price"),
  hours: amount("Phase hours", maxHoursHundredths),
});
const feeSchema = z.object({
  name: optionalText(200, "Fee name"),
  amount: amount("Fee amount"),
});

const customerIdSchema = uuidField(projectMessages.required);

/**
 * One schema for the browser and the server. Fields the form does not own (id, created_at,
 * the stored total) are not in it, so posting them changes nothing.
 */
export const projectFormSchema = z
  .object({
    customer_id: z.preprocess(blankToUndefined, customerIdSchema.optional()).refine((value) => value !== undefined, {
      error: projectMessages.required,
    }),
    project_name: requiredText(
      limits.projectName,
      projectMessages.required,
      tooLong("Project name", limits.projectName),
    ),
    description: optionalMultilineText(limits.longText, "Description"),
    project_type: optionalText(limits.projectType, "Project type"),
    status: z.enum(projectStatuses).catch("quoted"),
    start_date: optionalDate,
    end_date: optionalDate,
    pricing_type: z.enum(pricingModels).catch("fixed"),
    fixed_price: amount("Fixed price"),
    hourly_rate: amount("Hourly rate"),
    estimated_hours: amount("Estimated hours", maxHoursHundredths),
    phases: z.array(phaseSchema).max(50, "At most 50 phases").default([]),
    recurring_fees: z.array(feeSchema).max(50, "At most 50 recurring fees").default([]),
    notes: optionalMultilineText(limits.notes, "Notes"),
  })
  .superRefine((form, ctx) => {
    if (form.start_date && form.end_date && form.end_date < form.start_date) {
      ctx.addIssue({ code: "custom", path: ["end_date"], message: projectMessages.endBeforeStart });
    }
    // totals computed from the fields: each must fit an amount too (phased is stored as fixed_price,
    // the recurring fees become one invoice, rate x hours is the project's value)
    if (form.pricing_type === "phased" && sumOfCents(form.phases.map((phase) => phase.price)) > maxMoneyCents) {
      ctx.addIssue({ code: "custom", path: ["phases"], message: totalTooLargeMessage });
    }
    if (sumOfCents(form.recurring_fees.map((fee) => fee.amount)) > maxMoneyCents) {
      ctx.addIssue({ code: "custom", path: ["recurring_fees"], message: totalTooLargeMessage });
    }
    if (form.pricing_type === "hourly" && form.hourly_rate && form.estimated_hours) {
      const value = lineTotal({
        quantity: parseScaled(form.estimated_hours, 2) ?? 0,
        unitPrice: toCents(form.hourly_rate) ?? 0,
      });
      if (value > maxMoneyCents) {
        ctx.addIssue({ code: "custom", path: ["estimated_hours"], message: totalTooLargeMessage });
      }
    }
    form.recurring_fees.forEach((fee, index) => {
      if (!fee.name && fee.amount !== undefined) {
        ctx.addIssue({ code: "custom", path: ["recurring_fees", index, "name"], message: "Please name this fee" });
      }
    });
  });
export type ProjectForm = z.output<typeof projectFormSchema>;

/** Typed amount text (already checked by the schema) to exact cents. */
const centsOfText = (text: string | undefined): Cents | undefined =>
  text === undefined ? undefined : (toCents(text) ?? undefined);
const decimalOrNull = (text: string | undefined) => {
  const cents = centsOfText(text);
  return cents === undefined ? null : centsToDecimal(cents);
};
/** Typed hours ("12.5") as a number of hours, or null when blank. */
const hoursNumber = (text: string | undefined) => {
  const hundredths = text === undefined ? null : parseScaled(text, 2);
  return hundredths === null ? null : hundredths / 100;
};
const hoursOrNull = (text: string | undefined) => {
  const hundredths = text === undefined ? null : parseScaled(text, 2);
  return hundredths === null ? null : centsToDecimal(hundredths);
};

/**
 * The row a project form stores. Only the chosen model's numbers are kept (the others are
 * null), phased pricing stores the sum of its phases as fixed_price, at least one phase is
 * kept, blank phase names take their default, and fees without a name or amount are dropped.
 */
export function toProjectRow(form: ProjectForm) {
  const model = form.pricing_type;
  const phases =
    model === "phased"
      ? (form.phases.length > 0 ? form.phases : [{ name: undefined, price: undefined, hours: undefined }]).map(
          (phase, index) => ({
            id: `phase-${index + 1}`,
            name: phase.name ?? defaultPhaseName(index),
            price: dollars(centsOfText(phase.price) ?? 0),
            hours: hoursNumber(phase.hours),
          }),
        )
      : [];
  const fees = form.recurring_fees
    .filter((fee) => fee.name)
    .map((fee, index) => ({
      id: `fee-${index + 1}`,
      name: fee.name ?? "",
      amount: fee.amount === undefined ? null : dollars(centsOfText(fee.amount) ?? 0),
    }));
  const phasedTotal = phases.reduce((sum, phase) => sum + (toCents(phase.price) ?? 0), 0);
  return {
    customerId: form.customer_id as string,
    projectName: form.project_name,
    description: form.description ?? null,
    projectType: form.project_type ?? null,
    status: form.status,
    startDate: form.start_date ?? null,
    endDate: form.end_date ?? null,
    fixedPrice:
      model === "phased" ? centsToDecimal(phasedTotal) : model === "fixed" ? decimalOrNull(form.fixed_price) : null,
    hourlyRate: model === "hourly" ? decimalOrNull(form.hourly_rate) : null,
    estimatedHours: model === "hourly" ? hoursOrNull(form.estimated_hours) : null,
    notes: form.notes ?? null,
    pricingDetails: { type: model, phases, recurring_fees: fees } satisfies ProjectPricing,
  };
}
