/**
 * Time on projects (ADR 0058): durations, rates by date and specificity, rounding on the invoice line,
 * how unbilled time becomes invoice lines, budget thresholds and profit. Pure: minutes and cents in,
 * minutes and cents out. Words of the time pages are here too.
 */
import { addDaysIso } from "#app/domain/dates.ts";
import { type Cents, divideRounded, formatMoney } from "#app/domain/money.ts";
import { firstPeriodFrom, type ScheduleRule } from "#app/domain/retainers.ts";

export const timeLimits = {
  /** an entry's note */
  note: 500,
  /** one entry is at most a day */
  entryMinutes: 24 * 60,
  /** a running timer older than this asks to be confirmed or corrected when it is stopped */
  longTimerMinutes: 10 * 60,
  /** the time pages list this many entries, newest first */
  listedEntries: 20,
  /** and at most this many when asked for all (?entries=all) */
  allEntries: 1000,
} as const;

/** How unbilled time becomes invoice lines. */
export const billingLayouts = ["summary", "phase", "entry"] as const;
export type BillingLayout = (typeof billingLayouts)[number];
export const billingLayoutLabels: Record<BillingLayout, string> = {
  summary: "One summary line",
  phase: "One line per phase",
  entry: "One line per entry",
};

/** A customer's rounding of billed time, in minutes (0: none). */
export const roundingIncrements = [0, 5, 6, 10, 15, 30, 60] as const;

export function roundingLabel(increment: number): string {
  return increment === 0 ? "No rounding" : `Round up to ${increment} minutes`;
}

/** Where an entry stands: not on an invoice, on a draft, or on an invoice that was issued. */
export type EntryStanding = "unbilled" | "on_draft" | "billed";
export const entryStandingLabels: Record<EntryStanding, string> = {
  unbilled: "Unbilled",
  on_draft: "On draft",
  billed: "Billed",
};
export function entryStanding(invoice: { status: string } | null): EntryStanding {
  if (!invoice) return "unbilled";
  return invoice.status === "draft" ? "on_draft" : "billed";
}

export const timeMessages = {
  projectNotFound: "Project not found",
  entryNotFound: "Time entry not found",
  phaseNotFound: "Phase not found",
  workRequired: "Choose a project",
  durationRequired: "Enter the time, e.g. 1:30 or 1.5",
  durationInvalid: "Enter the time as hours and minutes (1:30) or hours (1.5)",
  durationNegative: "The time cannot be negative",
  durationTooLong: "One entry is at most 24 hours",
  endBeforeStart: "The end must be after the start",
  dateRequired: "Enter the date the work was done",
  noteTooLong: `The note must be at most ${timeLimits.note} characters`,
  timerRunning: "A timer is already running: stop it first",
  noTimer: "No timer is running",
  changedElsewhere: "This entry was changed elsewhere: reload to see the latest",
  billedEntry: (invoiceNumber: string) => `This entry is on invoice ${invoiceNumber} and cannot be changed`,
  longTimer: (running: string) =>
    `This timer has run for ${running}. Stop it now to keep all of it, or enter when you finished.`,
  overlap: (other: string) => `Saved. It overlaps your entry ${other}.`,
  started: (project: string) => `Timer started on ${project}`,
  stopped: (time: string) => `Timer stopped: ${time} logged`,
  logged: (time: string) => `${time} logged`,
  saved: "Time entry saved",
  deleted: "Time entry deleted",
  nothingToBill: "No unbilled billable time matches: change the dates or phases",
  rangeInvalid: "The end date must be on or after the start date",
  invoiced: (invoiceNumber: string, time: string) => `Draft ${invoiceNumber} made from ${time} of unbilled time`,
  rateRequired: "Enter a billable rate, a cost rate, or both",
  rateSaved: "Rate saved",
  rateTargetNotFound: "Choose who or what the rate is for",
} as const;

/**
 * A typed duration in minutes: "1:30" (hours:minutes), "1.5" or "1,5" (hours), "90m", "1h 30m", "2h".
 * Null when it cannot be read; a negative number is read (the caller refuses it).
 */
export function parseDuration(value: string): number | null {
  const text = value.trim().toLowerCase();
  if (text === "") return null;
  const clock = /^(-?)(\d{1,3}):([0-5]\d)$/.exec(text);
  if (clock) {
    const minutes = Number(clock[2]) * 60 + Number(clock[3]);
    return clock[1] ? -minutes : minutes;
  }
  const units = /^(?:(\d{1,3}(?:[.,]\d+)?)\s*h)?\s*(?:(\d{1,4})\s*m(?:in)?)?$/.exec(text);
  if (units && (units[1] !== undefined || units[2] !== undefined)) {
    const hours = units[1] ? Number(units[1].replace(",", ".")) : 0;
    return Math.round(hours * 60) + (units[2] ? Number(units[2]) : 0);
  }
  const hours = /^-?\d{1,3}(?:[.,]\d+)?$/.exec(text);
  if (hours) return Math.round(Number(text.replace(",", ".")) * 60);
  return null;
}

/** 90 → "1:30" */
export function formatMinutes(minutes: number): string {
  const sign = minutes < 0 ? "-" : "";
  const whole = Math.abs(Math.round(minutes));
  return `${sign}${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** 90 → "1.5 h", 20 → "0.33 h" */
export function formatHours(minutes: number): string {
  return `${hundredthsText(Math.round((minutes * 100) / 60))} h`;
}

function hundredthsText(hundredths: number): string {
  const whole = Math.trunc(hundredths / 100);
  const rest = Math.abs(hundredths % 100);
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, "0").replace(/0$/, "")}`;
}

/** Minutes rounded up to the increment (0: as they are). */
export function roundUpMinutes(minutes: number, increment: number): number {
  if (increment <= 0 || minutes <= 0) return Math.max(0, minutes);
  return Math.ceil(minutes / increment) * increment;
}

/** An invoice quantity in hundredths of an hour for `minutes`, rounded up to the increment first. */
export function quantityHundredths(minutes: number, increment: number): number {
  return Number(divideRounded(BigInt(roundUpMinutes(minutes, increment)) * 100n, 60n));
}

/** What `minutes` are worth at an hourly rate, to the cent. */
export function valueAt(minutes: number, hourlyCents: Cents): Cents {
  return Number(divideRounded(BigInt(minutes) * BigInt(hourlyCents), 60n));
}

// ---------------------------------------------------------------- rates

type RateScope = "person" | "project" | "phase";
/** One row of the rates' history: from `effectiveFrom` on, for a person, a project or a phase. */
export type RateRow = {
  userId: string | null;
  projectId: string | null;
  phaseId: string | null;
  effectiveFrom: string;
  billableCents: Cents | null;
  costCents: Cents | null;
};
export type RatedWork = { userId: string; projectId: string; phaseId: string | null; workDate: string };
export type ResolvedRate = {
  billableCents: Cents;
  costCents: Cents;
  billableFrom: RateScope | "project-form" | "none";
  costFrom: RateScope | "none";
};

function rateScope(row: Pick<RateRow, "userId" | "projectId" | "phaseId">): RateScope {
  if (row.phaseId) return "phase";
  if (row.projectId) return "project";
  return "person";
}

function applies(row: RateRow, work: RatedWork): boolean {
  if (row.effectiveFrom > work.workDate) return false;
  switch (rateScope(row)) {
    case "phase":
      return row.phaseId === work.phaseId;
    case "project":
      return row.projectId === work.projectId;
    case "person":
      return row.userId === work.userId;
  }
}

const specificity: readonly RateScope[] = ["phase", "project", "person"];

/**
 * The billable and the cost rate of one piece of work: of the rows in effect on its day, the most
 * specific scope that sets the rate (phase, then project, then person), and within a scope the latest
 * `effectiveFrom`. Each rate is resolved on its own (a phase may set only its billable rate). Without
 * any billable row the project form's hourly rate counts; without any cost row the cost is 0.
 */
export function resolveRate(rows: readonly RateRow[], work: RatedWork, projectHourlyCents: Cents | null): ResolvedRate {
  const pick = (field: "billableCents" | "costCents") => {
    for (const scope of specificity) {
      let best: RateRow | null = null;
      for (const row of rows) {
        if (row[field] === null || rateScope(row) !== scope || !applies(row, work)) continue;
        if (!best || row.effectiveFrom > best.effectiveFrom) best = row;
      }
      if (best) return { cents: best[field] ?? 0, scope };
    }
    return null;
  };
  const billable = pick("billableCents");
  const cost = pick("costCents");
  return {
    billableCents: billable?.cents ?? projectHourlyCents ?? 0,
    billableFrom: billable ? billable.scope : projectHourlyCents !== null ? "project-form" : "none",
    costCents: cost?.cents ?? 0,
    costFrom: cost ? cost.scope : "none",
  };
}

// ---------------------------------------------------------------- billing

export type BillableEntry = {
  id: string;
  workDate: string;
  minutes: number;
  note: string | null;
  phaseId: string | null;
  phaseName: string | null;
  personName: string;
  rateCents: Cents;
};
export type TimeLine = { description: string; quantity: number; unitPrice: Cents; entryIds: string[]; minutes: number };

const lineDescriptionMax = 500;

/**
 * Invoice lines for unbilled entries: one summary line, one per phase, or one per entry; entries of a
 * group at different rates make one line per rate. The quantity is the group's minutes rounded up to
 * the customer's increment, in hours; the raw minutes stay on the entries.
 */
export function timeLines(
  entries: readonly BillableEntry[],
  layout: BillingLayout,
  increment: number,
  range: { from: string; to: string },
): TimeLine[] {
  const sorted = [...entries].sort((a, b) => a.workDate.localeCompare(b.workDate) || a.id.localeCompare(b.id));
  const groups = new Map<string, { label: string; entries: BillableEntry[] }>();
  for (const entry of sorted) {
    const group =
      layout === "entry"
        ? { key: entry.id, label: entryLabel(entry) }
        : layout === "phase"
          ? { key: entry.phaseId ?? "", label: `${entry.phaseName ?? "Other work"}: time` }
          : { key: "", label: `Time ${rangeLabel(range)}` };
    const key = `${group.key}|${entry.rateCents}`;
    const found = groups.get(key);
    if (found) found.entries.push(entry);
    else groups.set(key, { label: group.label, entries: [entry] });
  }
  const labelRates = new Map<string, number>();
  for (const group of groups.values()) labelRates.set(group.label, (labelRates.get(group.label) ?? 0) + 1);
  return [...groups.values()].map((group) => {
    const minutes = group.entries.reduce((sum, entry) => sum + entry.minutes, 0);
    const rate = group.entries[0]?.rateCents ?? 0;
    const label = (labelRates.get(group.label) ?? 0) > 1 ? `${group.label} at ${formatMoney(rate)}/h` : group.label;
    return {
      description: label.slice(0, lineDescriptionMax),
      quantity: quantityHundredths(minutes, increment),
      unitPrice: rate,
      entryIds: group.entries.map((entry) => entry.id),
      minutes,
    };
  });
}

function rangeLabel(range: { from: string; to: string }): string {
  return range.from === range.to ? range.from : `${range.from} to ${range.to}`;
}

function entryLabel(entry: BillableEntry): string {
  const parts = [entry.workDate, entry.phaseName, entry.note].filter((part): part is string => Boolean(part));
  return parts.join(" · ");
}

// ---------------------------------------------------------------- budget and profit

/** The budget thresholds the owner is told of, once each, in percent. */
export const budgetThresholds = [80, 100] as const;

/** The highest threshold `actual` has reached of `budget`; null below the first or without a budget. */
export function budgetThresholdReached(
  actual: number,
  budget: number | null,
): (typeof budgetThresholds)[number] | null {
  if (budget === null || budget <= 0) return null;
  let reached: (typeof budgetThresholds)[number] | null = null;
  for (const threshold of budgetThresholds) if (actual * 100 >= budget * threshold) reached = threshold;
  return reached;
}

/** Percent of the budget used, whole, or null without a budget. */
export function budgetPercent(actual: number, budget: number | null): number | null {
  if (budget === null || budget <= 0) return null;
  return Math.round((actual * 100) / budget);
}

export type Profit = { marginCents: Cents; marginPercent: number | null };

/** Revenue minus time at cost minus expenses, and the margin as a share of revenue (one decimal). */
export function profitOf(input: { revenueCents: Cents; timeCostCents: Cents; expenseCents: Cents }): Profit {
  const marginCents = input.revenueCents - input.timeCostCents - input.expenseCents;
  const marginPercent = input.revenueCents > 0 ? Math.round((marginCents * 1000) / input.revenueCents) / 10 : null;
  return { marginCents, marginPercent };
}

// ---------------------------------------------------------------- overlaps

export type Interval = { id: string; start: Date; end: Date };

/** The first of `others` that overlaps [start, end) (touching ends do not overlap). */
export function firstOverlap<Other extends Interval>(
  entry: { id?: string; start: Date; end: Date },
  others: readonly Other[],
): Other | null {
  return (
    others.find(
      (other) =>
        other.id !== entry.id &&
        other.start.getTime() < entry.end.getTime() &&
        entry.start.getTime() < other.end.getTime(),
    ) ?? null
  );
}

/** Whole minutes between two moments, at least 1 (a timer stopped at once still logs a minute). */
export function minutesBetween(start: Date, end: Date): number {
  return Math.max(1, Math.round((end.getTime() - start.getTime()) / 60_000));
}

// ---------------------------------------------------------------- a project's totals

export type TimeTotals = {
  minutes: number;
  billableMinutes: number;
  valueCents: Cents;
  costCents: Cents;
  unbilledMinutes: number;
  unbilledValueCents: Cents;
};
type CountedEntry = {
  phaseId: string | null;
  minutes: number | null;
  billable: boolean;
  standing: EntryStanding;
  valueCents: Cents;
  costCents: Cents;
};

const noTime = (): TimeTotals => ({
  minutes: 0,
  billableMinutes: 0,
  valueCents: 0,
  costCents: 0,
  unbilledMinutes: 0,
  unbilledValueCents: 0,
});

/** A project's logged time in total and by phase ("" for time on no phase); a running timer counts nothing yet. */
export function timeTotals(entries: readonly CountedEntry[]): { total: TimeTotals; byPhase: Map<string, TimeTotals> } {
  const total = noTime();
  const byPhase = new Map<string, TimeTotals>();
  for (const entry of entries) {
    if (entry.minutes === null) continue;
    const key = entry.phaseId ?? "";
    let phase = byPhase.get(key);
    if (!phase) {
      phase = noTime();
      byPhase.set(key, phase);
    }
    for (const sum of [total, phase]) {
      sum.minutes += entry.minutes;
      sum.costCents += entry.costCents;
      if (!entry.billable) continue;
      sum.billableMinutes += entry.minutes;
      sum.valueCents += entry.valueCents;
      if (entry.standing === "unbilled") {
        sum.unbilledMinutes += entry.minutes;
        sum.unbilledValueCents += entry.valueCents;
      }
    }
  }
  return { total, byPhase };
}

// ---------------------------------------------------------------- expenses

export const expenseCategories = ["hosting", "software", "licences", "stock", "contractor", "travel", "other"] as const;
export type ExpenseCategory = (typeof expenseCategories)[number];
export const expenseCategoryLabels: Record<ExpenseCategory, string> = {
  hosting: "Hosting",
  software: "Software",
  licences: "Licences",
  stock: "Stock images and fonts",
  contractor: "Contractor",
  travel: "Travel",
  other: "Other",
};

export const expenseLimits = { vendor: 200, note: 500, markupHundredths: 100_000 } as const;

export const expenseMessages = {
  vendorRequired: "Enter who was paid",
  vendorTooLong: `The vendor must be at most ${expenseLimits.vendor} characters`,
  amountRequired: "Enter the amount paid",
  markupRange: "The markup is 0 to 1000%",
  receiptType: "A receipt is an image (PNG, JPEG, WebP, GIF) or a PDF",
  notFound: "Expense not found",
  added: (vendor: string) => `Expense from ${vendor} added`,
  deleted: "Expense deleted",
  billed: (invoiceNumber: string) => `This expense is on invoice ${invoiceNumber} and cannot be changed`,
  recurring: "Recurring expenses",
  addedRepeating: (vendor: string, every: string, nextDue: string) =>
    `Expense from ${vendor} added; it repeats ${every.toLowerCase()}, next on ${nextDue}`,
  stopped: (vendor: string) => `${vendor} no longer repeats`,
  recurringNotFound: "Recurring expense not found",
} as const;

/** How an expense repeats: not, or on the retainers' monthly or yearly schedule from its date. */
export const expenseRepeats = ["none", "month", "year"] as const;
export type ExpenseRepeat = (typeof expenseRepeats)[number];
export const expenseRepeatLabels: Record<ExpenseRepeat, string> = {
  none: "Does not repeat",
  month: "Every month",
  year: "Every year",
};

/** A recurring expense's schedule: its first period on its date, the same day each month or year (clamped). */
export function recurringExpenseRule(frequency: Exclude<ExpenseRepeat, "none">, startDate: string): ScheduleRule {
  return { frequency, anchor: "date", startDate, endDate: null };
}

/**
 * A recurring expense entered `today` with the date of its first period: recorded now when that date has
 * come, else by the job on it; like a retainer that starts in the past, the periods between its date and
 * today are not recorded, and the next is the first after today.
 */
export function recurringExpenseStart(
  rule: ScheduleRule,
  today: string,
): { recordNow: boolean; nextDue: string | null } {
  if (rule.startDate > today) return { recordNow: false, nextDue: rule.startDate };
  return { recordNow: true, nextDue: firstPeriodFrom(rule, addDaysIso(today, 1)) };
}

/** What a billable expense is billed at: its amount plus the markup (hundredths of a percent), to the cent. */
export function billedAmountOf(amountCents: Cents, markupHundredths: number): Cents {
  return amountCents + Number(divideRounded(BigInt(amountCents) * BigInt(markupHundredths), 10_000n));
}

export type BillableExpense = {
  id: string;
  expenseDate: string;
  category: ExpenseCategory;
  vendor: string;
  note: string | null;
  amountCents: Cents;
  markupHundredths: number;
};

/** One invoice line per billable expense: "Hosting: Fly.io (2026-11-02)", quantity 1, at its amount with markup. */
export function expenseLines(expenses: readonly BillableExpense[]) {
  return [...expenses]
    .sort((a, b) => a.expenseDate.localeCompare(b.expenseDate) || a.id.localeCompare(b.id))
    .map((expense) => ({
      id: expense.id,
      description:
        `${expenseCategoryLabels[expense.category]}: ${expense.vendor}${expense.note ? ` · ${expense.note}` : ""} (${expense.expenseDate})`.slice(
          0,
          lineDescriptionMax,
        ),
      quantity: 100,
      unitPrice: billedAmountOf(expense.amountCents, expense.markupHundredths),
    }));
}

// ---------------------------------------------------------------- the hour bank

/** What the owner did with a month's hours beyond a retainer's bank. */
export const bankDecisions = ["bill", "absorb"] as const;
export type BankDecision = (typeof bankDecisions)[number];

export const hourBankMessages = {
  saved: (minutes: number | null) =>
    minutes === null ? "The hour bank is off" : `The hour bank is ${formatHours(minutes)} a month`,
  nothingBeyond: "Nothing beyond the bank in this month",
  decided: "This month is already settled",
  billed: (invoiceNumber: string, minutes: number) =>
    `Draft ${invoiceNumber} made for ${formatMinutes(minutes)} beyond the bank`,
  absorbed: (minutes: number) => `${formatMinutes(minutes)} beyond the bank absorbed`,
  hoursInvalid: "Enter the hours included each month, e.g. 10 or 12.5, or leave it empty",
  lineDescription: (month: string, minutes: number) =>
    `Hours beyond the monthly bank, ${month}: ${formatHours(minutes)}`,
} as const;

export type BankMonth = { month: string; includedMinutes: number; loggedMinutes: number; beyondMinutes: number };

/**
 * A retainer's months against its bank: the billable minutes logged each month ('YYYY-MM'), what the bank
 * includes, and what lies beyond it (never below zero: unused hours do not roll over). Newest month first.
 */
export function bankMonths(logged: readonly { month: string; minutes: number }[], bankMinutes: number): BankMonth[] {
  return [...logged]
    .sort((a, b) => b.month.localeCompare(a.month))
    .map((row) => ({
      month: row.month,
      includedMinutes: bankMinutes,
      loggedMinutes: row.minutes,
      beyondMinutes: Math.max(0, row.minutes - bankMinutes),
    }));
}
