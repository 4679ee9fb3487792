import { describe, expect, it } from "vitest";
import { addExpenseSchema, invoiceTimeSchema, logTimeSchema, saveRateSchema, stopTimerSchema } from "./time-forms.ts";
import { expenseMessages, timeMessages } from "./time-tracking.ts";

const project = "00000000-0000-4000-8000-000000000001";
const phase = "00000000-0000-4000-8000-000000000002";
const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("the time forms", () => {
  const log = (over: Record<string, string>) =>
    logTimeSchema.safeParse({ intent: "log-time", work: project, work_date: "2026-11-28", duration: "1:30", ...over });

  it("reads the work as a project or one of its phases", () => {
    expect(log({}).data?.work).toEqual({ projectId: project, phaseId: null });
    expect(log({ work: `${project}:${phase}` }).data?.work).toEqual({ projectId: project, phaseId: phase });
    expect(errorsOf(log({ work: "" }))).toEqual({ work: timeMessages.workRequired });
    expect(errorsOf(log({ work: `${project}:nope` }))).toEqual({ work: timeMessages.workRequired });
  });

  it("refuses a negative, empty, unreadable or over-a-day duration with its message", () => {
    expect(log({}).data?.duration).toBe(90);
    expect(errorsOf(log({ duration: "-1:00" }))).toEqual({ duration: timeMessages.durationNegative });
    expect(errorsOf(log({ duration: "" }))).toEqual({ duration: timeMessages.durationRequired });
    expect(errorsOf(log({ duration: "0" }))).toEqual({ duration: timeMessages.durationRequired });
    expect(errorsOf(log({ duration: "soon" }))).toEqual({ duration: timeMessages.durationInvalid });
    expect(errorsOf(log({ duration: "24:01" }))).toEqual({ duration: timeMessages.durationTooLong });
    expect(errorsOf(log({ work_date: "" }))).toEqual({ work_date: timeMessages.dateRequired });
    expect(errorsOf(log({ started_at: "25:00" }))).toEqual({ started_at: "Enter a time as HH:MM" });
    expect(errorsOf(log({ note: "x".repeat(501) }))).toEqual({ note: timeMessages.noteTooLong });
  });

  it("refuses a billing range that ends before it starts, and reads the phases ticked", () => {
    const bill = (over: Record<string, unknown>) =>
      invoiceTimeSchema.safeParse({
        intent: "invoice-time",
        from: "2026-11-01",
        to: "2026-11-30",
        layout: "phase",
        rounding: "15",
        ...over,
      });
    expect(bill({}).data).toMatchObject({ phases: [], rounding: 15, appendix: false, expenses: false });
    expect(bill({ phases: [phase, ""] }).data?.phases).toEqual([phase, ""]);
    expect(errorsOf(bill({ to: "2026-10-31" }))).toEqual({ to: timeMessages.rangeInvalid });
    expect(bill({ rounding: "7" }).success).toBe(false);
  });

  it("stops a timer at a corrected time, or keeps all of it", () => {
    expect(stopTimerSchema.parse({ intent: "stop-timer", keep_all: "on" })).toMatchObject({ keep_all: true });
    expect(errorsOf(stopTimerSchema.safeParse({ intent: "stop-timer", finished_at: "9:5" }))).toEqual({
      finished_at: "Enter a time as HH:MM",
    });
  });

  it("asks a rate for a billable rate, a cost rate or both, for a person, the project or a phase", () => {
    const rate = (over: Record<string, string>) =>
      saveRateSchema.safeParse({ intent: "save-rate", target: "project", effective_from: "2026-11-01", ...over });
    expect(errorsOf(rate({}))).toEqual({ billable_rate: timeMessages.rateRequired });
    expect(rate({ cost_rate: "40" }).data).toMatchObject({ target: { scope: "project", id: null }, cost_rate: 4_000 });
    expect(rate({ target: `phase:${phase}`, billable_rate: "120.50" }).data).toMatchObject({
      target: { scope: "phase", id: phase },
      billable_rate: 12_050,
    });
    expect(errorsOf(rate({ target: "phase:nope", cost_rate: "1" }))).toEqual({
      target: timeMessages.rateTargetNotFound,
    });
    expect(errorsOf(rate({ cost_rate: "-5" }))).toEqual({ cost_rate: "The rate cannot be negative" });
  });

  it("asks an expense for an amount and a vendor, and bounds the markup", () => {
    const expense = (over: Record<string, string>) =>
      addExpenseSchema.safeParse({
        intent: "add-expense",
        expense_date: "2026-11-28",
        amount: "20",
        category: "hosting",
        vendor: "Fly.io",
        ...over,
      });
    expect(expense({}).data).toMatchObject({ amount: 2_000, billable: false });
    // blank: the category's last markup, chosen by the server
    expect(expense({}).data?.markup).toBeUndefined();
    expect(errorsOf(expense({ amount: "" }))).toEqual({ amount: expenseMessages.amountRequired });
    expect(errorsOf(expense({ vendor: "  " }))).toEqual({ vendor: expenseMessages.vendorRequired });
    expect(errorsOf(expense({ markup: "1000.01" }))).toEqual({ markup: expenseMessages.markupRange });
    expect(expense({ markup: "12.5", billable: "on" }).data).toMatchObject({ markup: 1_250, billable: true });
  });
});
