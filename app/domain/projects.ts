/**
 * Projects: the list's URL state, the project form with its three
 * pricing models (fixed, hourly, phased) and recurring fees, and the project value in exact cents.
 */
import { z } from "zod";
import { amountText } from "#app/domain/amount-field.ts";
import { type PricingModel, type ProjectStatus, pricingModels, projectStatuses } from "#app/domain/enums.ts";
import { limits } from "#app/domain/limits.ts";
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
import { optionalDate, optionalMultilineText, optionalText, requiredText, tooLong } from "#app/domain/validation.ts";

export const projectPageSize = 24;

export const projectMessages = {
  empty: "No projects found",
  notFound: "Project not found",
  created: "Project created successfully",
  updated: "Project updated successfully",
  required: "Please fill in all required fields",
  errorTitle: "Error",
  saveFailed: "The project could not be saved. Please try again.",
  unknownCustomer: "Unknown Customer",
  notSet: "Not set",
  searchPlaceholder: "Search by project or customer name...",
  endBeforeStart: "End date cannot be before the start date",
  customerGone: "This customer no longer exists",
  recurringInvoice: "Create invoice from recurring fees",
  noRecurringFees: "This project has no recurring fees to invoice",
  recurringInvoiceCreated: (number: string) => `Draft invoice ${number} created from the recurring fees`,
} as const;

// ---------------------------------------------------------------- list URL state

export const projectStatusFilters = ["all", ...projectStatuses] as const;

const projectListQuerySchema = z.object({
  status: z.enum(projectStatusFilters).catch("all"),
  q: z.string().trim().max(100).catch(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type ProjectListQuery = z.output<typeof projectListQuerySchema>;

export function parseProjectListQuery(params: URLSearchParams): ProjectListQuery {
  return projectListQuerySchema.parse({
    status: params.get("status") ?? undefined,
    q: params.get("q") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}

export function projectsHref(query: Partial<ProjectListQuery>): string {
  const params = new URLSearchParams();
  if (query.status && query.status !== "all") params.set("status", query.status);
  if (query.q) params.set("q", query.q);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return `/admin/projects${search ? `?${search}` : ""}`;
}

// ---------------------------------------------------------------- pricing and value

/** pricing_details as stored; amounts are decimal numbers of dollars. */
export type ProjectPricing = {
  type: PricingModel;
  phases: { id: string; name: string; price: number | null }[];
  recurring_fees: { id: string; name: string; amount: number | null }[];
};

export type ProjectPriceFields = {
  pricingDetails: ProjectPricing | null;
  fixedPrice: string | null;
  hourlyRate: string | null;
  estimatedHours: string | null;
};

const centsOf = (value: string | number | null | undefined): Cents | null =>
  value === null || value === undefined ? null : toCents(value);

/** The pricing model of a stored project: the default (fixed) when none is recorded. */
export function pricingModelOf(project: Pick<ProjectPriceFields, "pricingDetails">): PricingModel {
  const type = project.pricingDetails?.type;
  return type && pricingModels.includes(type) ? type : "fixed";
}

/**
 * Project value: phased = sum of the phase prices (a blank price counts 0);
 * hourly = hourly rate x estimated hours, rounded half away from zero to the cent;
 * fixed = the fixed price. Null ('Not set') when the model's numbers are missing.
 */
export function projectValue(project: ProjectPriceFields): Cents | null {
  const model = pricingModelOf(project);
  if (model === "phased") {
    const phases = project.pricingDetails?.phases ?? [];
    if (phases.length === 0) return centsOf(project.fixedPrice);
    return phases.reduce((sum, phase) => sum + (centsOf(phase.price) ?? 0), 0);
  }
  if (model === "hourly") {
    const rate = centsOf(project.hourlyRate);
    const hours = project.estimatedHours === null ? null : parseScaled(project.estimatedHours, 2);
    return rate === null || hours === null ? null : lineTotal({ quantity: hours, unitPrice: rate });
  }
  return centsOf(project.fixedPrice);
}

/** Sum of the recurring fees (per period, as the owner records them). */
export function recurringFeesTotal(pricing: ProjectPricing | null): Cents {
  return (pricing?.recurring_fees ?? []).reduce((sum, fee) => sum + (centsOf(fee.amount) ?? 0), 0);
}

// ---------------------------------------------------------------- the project form

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
});
const feeSchema = z.object({
  name: optionalText(200, "Fee name"),
  amount: amount("Fee amount"),
});

const customerIdSchema = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
  z.uuid(projectMessages.required),
);

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

/** The default name of the phase at `index` (0-based): 'Phase 1' … 'Phase N'. */
export function defaultPhaseName(index: number): string {
  return `Phase ${index + 1}`;
}

const dollars = (cents: Cents) => Number(centsToDecimal(cents));
/** Typed amount text (already checked by the schema) to exact cents. */
const centsOfText = (text: string | undefined): Cents | undefined =>
  text === undefined ? undefined : (toCents(text) ?? undefined);
const decimalOrNull = (text: string | undefined) => {
  const cents = centsOfText(text);
  return cents === undefined ? null : centsToDecimal(cents);
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
      ? (form.phases.length > 0 ? form.phases : [{ name: undefined, price: undefined }]).map((phase, index) => ({
          id: `phase-${index + 1}`,
          name: phase.name ?? defaultPhaseName(index),
          price: dollars(centsOfText(phase.price) ?? 0),
        }))
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

type StoredProject = ProjectPriceFields & {
  customerId: string;
  projectName: string;
  description: string | null;
  projectType: string | null;
  status: ProjectStatus;
  startDate: string | null;
  endDate: string | null;
  notes: string | null;
};

const amountInput = (value: string | number | null | undefined) => {
  const cents = centsOf(value);
  return cents === null ? "" : centsToDecimal(cents);
};

/** The form's values: a new project (optionally for a given customer) or the stored one. */
export function projectFormDefaults(project?: StoredProject | null, customerId?: string | null) {
  const model = project ? pricingModelOf(project) : "fixed";
  const storedPhases = project?.pricingDetails?.phases ?? [];
  return {
    customer_id: project?.customerId ?? customerId ?? "",
    project_name: project?.projectName ?? "",
    description: project?.description ?? "",
    project_type: project?.projectType ?? "",
    status: project?.status ?? "quoted",
    start_date: project?.startDate ?? "",
    end_date: project?.endDate ?? "",
    pricing_type: model,
    fixed_price: model === "fixed" ? amountInput(project?.fixedPrice) : "",
    hourly_rate: amountInput(project?.hourlyRate),
    estimated_hours: project?.estimatedHours ? String(Number(project.estimatedHours)) : "",
    phases:
      storedPhases.length > 0
        ? storedPhases.map((phase) => ({ name: phase.name, price: amountInput(phase.price) }))
        : [{ name: defaultPhaseName(0), price: "" }],
    recurring_fees: (project?.pricingDetails?.recurring_fees ?? []).map((fee) => ({
      name: fee.name,
      amount: amountInput(fee.amount),
    })),
    notes: project?.notes ?? "",
  };
}

// ---------------------------------------------------------------- invoicing recurring fees

/** One invoice line per named recurring fee (quantity 1, the fee's amount; a blank amount is $0.00). */
export function recurringFeeLines(
  pricing: ProjectPricing | null,
): { description: string; quantity: number; unit_price: Cents }[] {
  return (pricing?.recurring_fees ?? [])
    .filter((fee) => fee.name.trim() !== "")
    .map((fee) => ({ description: fee.name.trim(), quantity: 100, unit_price: Math.max(0, centsOf(fee.amount) ?? 0) }));
}

// ---------------------------------------------------------------- documents from a project

export type ProjectLine = { description: string; quantity: number; unit_price: Cents };

/**
 * The lines an estimate or invoice starts with, from the project's pricing: phased = one line per
 * phase (1 x its price; a blank price is $0.00); hourly = one line of the estimated hours (or 1 hour
 * when none are recorded) x the rate; fixed = one line with the project's name x the fixed price.
 * Quantities are hundredths (1 hour = 100). Empty when the model's numbers are missing.
 */
export function projectLines(project: ProjectPriceFields & { projectName: string }): ProjectLine[] {
  const model = pricingModelOf(project);
  const name = project.projectName.trim() || "Project";
  if (model === "phased") {
    const phases = project.pricingDetails?.phases ?? [];
    return phases.map((phase, index) => ({
      description: `${name}: ${phase.name.trim() || defaultPhaseName(index)}`,
      quantity: 100,
      unit_price: Math.max(0, centsOf(phase.price) ?? 0),
    }));
  }
  if (model === "hourly") {
    const rate = centsOf(project.hourlyRate);
    if (rate === null) return [];
    const hours = project.estimatedHours === null ? null : parseScaled(project.estimatedHours, 2);
    return [{ description: `${name}: hours`, quantity: hours && hours > 0 ? hours : 100, unit_price: rate }];
  }
  const price = centsOf(project.fixedPrice);
  return price === null ? [] : [{ description: name, quantity: 100, unit_price: price }];
}
