/**
 * Projects (the list's address is project-list.ts): the words, the three pricing models (fixed, hourly, phased) and
 * recurring fees as stored, and the project value in exact cents. Schema-free, so a page that shows a
 * project loads no schema library; the form's schema is in `project-form.ts`.
 */
import { type PricingModel, type ProjectStatus, pricingModels } from "#app/domain/enums.ts";
import { type Cents, centsToDecimal, formatMoney, lineTotal, parseScaled, toCents } from "#app/domain/money.ts";

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

// ---------------------------------------------------------------- pricing and value

/** pricing_details as stored; amounts are decimal numbers of dollars. */
export type ProjectPricing = {
  type: PricingModel;
  /** `hours`: the phase's estimated hours (decimal), when the owner gave them (ADR 0058) */
  phases: { id: string; name: string; price: number | null; hours?: number | null }[];
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

/** The default name of the phase at `index` (0-based): 'Phase 1' … 'Phase N'. */
export function defaultPhaseName(index: number): string {
  return `Phase ${index + 1}`;
}

export const dollars = (cents: Cents) => Number(centsToDecimal(cents));
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
        ? storedPhases.map((phase) => ({
            name: phase.name,
            price: amountInput(phase.price),
            hours: phase.hours ? String(phase.hours) : "",
          }))
        : [{ name: defaultPhaseName(0), price: "", hours: "" }],
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

export function projectValueLabel(project: ProjectPriceFields): string {
  const value: Cents | null = projectValue(project);
  return value === null ? projectMessages.notSet : formatMoney(value);
}
