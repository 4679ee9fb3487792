import { describe, expect, it } from "vitest";
import { lineTotal } from "./money.ts";
import {
  type BillableEntry,
  bankMonths,
  billedAmountOf,
  budgetPercent,
  budgetThresholdReached,
  entryStanding,
  expenseLines,
  firstOverlap,
  formatHours,
  formatMinutes,
  minutesBetween,
  parseDuration,
  profitOf,
  quantityHundredths,
  type RateRow,
  recurringExpenseRule,
  recurringExpenseStart,
  resolveRate,
  roundUpMinutes,
  timeLines,
  timeTotals,
  valueAt,
} from "./time-tracking.ts";

describe("durations", () => {
  it.each([
    ["1:30", 90],
    ["0:05", 5],
    ["1.5", 90],
    ["1,25", 75],
    ["2", 120],
    ["90m", 90],
    ["45 min", 45],
    ["1h 30m", 90],
    ["2h", 120],
    ["-1:00", -60],
    ["-0.5", -30],
  ])("reads %s as %i minutes", (text, minutes) => {
    expect(parseDuration(text)).toBe(minutes);
  });

  it.each(["", "abc", "1:75", "1:3", "h", "1.5.2"])("cannot read %j", (text) => {
    expect(parseDuration(text)).toBeNull();
  });

  it("writes minutes as a clock and as hours", () => {
    expect(formatMinutes(90)).toBe("1:30");
    expect(formatMinutes(605)).toBe("10:05");
    expect(formatHours(90)).toBe("1.5 h");
    expect(formatHours(20)).toBe("0.33 h");
    expect(formatHours(120)).toBe("2 h");
  });

  it("a timer stopped at once still logs one minute", () => {
    const start = new Date("2026-11-28T10:00:00Z");
    expect(minutesBetween(start, new Date("2026-11-28T10:00:10Z"))).toBe(1);
    expect(minutesBetween(start, new Date("2026-11-28T11:29:40Z"))).toBe(90);
  });
});

describe("rounding on the invoice line", () => {
  it("rounds up to the customer's increment and keeps minutes as they are without one", () => {
    expect(roundUpMinutes(7, 15)).toBe(15);
    expect(roundUpMinutes(15, 15)).toBe(15);
    expect(roundUpMinutes(16, 15)).toBe(30);
    expect(roundUpMinutes(7, 0)).toBe(7);
    expect(roundUpMinutes(0, 15)).toBe(0);
  });

  it("turns minutes into hundredths of an hour", () => {
    expect(quantityHundredths(90, 0)).toBe(150);
    expect(quantityHundredths(7, 0)).toBe(12);
    expect(quantityHundredths(7, 15)).toBe(25);
    expect(quantityHundredths(50, 6)).toBe(90);
  });

  it("values minutes at an hourly rate to the cent", () => {
    expect(valueAt(90, 10_000)).toBe(15_000);
    expect(valueAt(20, 10_000)).toBe(3_333);
    expect(valueAt(1, 12_345)).toBe(206);
  });
});

describe("rate resolution", () => {
  const work = { userId: "u1", projectId: "p1", phaseId: "ph1", workDate: "2026-06-15" };
  const row = (over: Partial<RateRow>): RateRow => ({
    userId: null,
    projectId: null,
    phaseId: null,
    effectiveFrom: "2026-01-01",
    billableCents: null,
    costCents: null,
    ...over,
  });

  it("takes the most specific scope: phase over project over person", () => {
    const rows = [
      row({ userId: "u1", billableCents: 10_000, costCents: 4_000 }),
      row({ projectId: "p1", billableCents: 12_000 }),
      row({ projectId: "p1", phaseId: "ph1", billableCents: 15_000 }),
    ];
    expect(resolveRate(rows, work, null)).toEqual({
      billableCents: 15_000,
      billableFrom: "phase",
      costCents: 4_000,
      costFrom: "person",
    });
    expect(resolveRate(rows, { ...work, phaseId: "ph2" }, null).billableCents).toBe(12_000);
    expect(resolveRate(rows, { ...work, projectId: "p2", phaseId: null }, null).billableCents).toBe(10_000);
  });

  it("a change applies from its date: earlier work keeps the earlier rate", () => {
    const rows = [
      row({ userId: "u1", billableCents: 10_000 }),
      row({ userId: "u1", effectiveFrom: "2026-07-01", billableCents: 11_000 }),
    ];
    expect(resolveRate(rows, work, null).billableCents).toBe(10_000);
    expect(resolveRate(rows, { ...work, workDate: "2026-07-01" }, null).billableCents).toBe(11_000);
    // a rate from the future of a piece of work never applies to it
    expect(resolveRate([row({ userId: "u1", effectiveFrom: "2026-12-01", billableCents: 1 })], work, 5_000)).toEqual({
      billableCents: 5_000,
      billableFrom: "project-form",
      costCents: 0,
      costFrom: "none",
    });
  });

  it("another person's rate never applies", () => {
    expect(resolveRate([row({ userId: "u2", billableCents: 9_000 })], work, null)).toMatchObject({
      billableCents: 0,
      billableFrom: "none",
    });
  });
});

describe("unbilled time as invoice lines", () => {
  const entry = (over: Partial<BillableEntry>): BillableEntry => ({
    id: "e1",
    workDate: "2026-11-02",
    minutes: 60,
    note: null,
    phaseId: "ph1",
    phaseName: "Design",
    personName: "Sam",
    rateCents: 10_000,
    ...over,
  });
  const range = { from: "2026-11-01", to: "2026-11-30" };
  const entries = [
    entry({ id: "e1", minutes: 50 }),
    entry({ id: "e2", minutes: 25, workDate: "2026-11-03" }),
    entry({ id: "e3", minutes: 40, phaseId: "ph2", phaseName: "Build", note: "Header" }),
    entry({ id: "e4", minutes: 30, phaseId: null, phaseName: null, rateCents: 8_000 }),
  ];

  it("one line per phase, rounded per line", () => {
    const lines = timeLines(entries, "phase", 15, range);
    expect(lines.map((line) => [line.description, line.quantity, line.unitPrice, line.entryIds])).toEqual([
      ["Design: time", 125, 10_000, ["e1", "e2"]],
      ["Build: time", 75, 10_000, ["e3"]],
      ["Other work: time", 50, 8_000, ["e4"]],
    ]);
    expect(lines.map((line) => line.minutes)).toEqual([75, 40, 30]);
  });

  it("one summary line splits by rate, and names the rate only then", () => {
    const lines = timeLines(entries, "summary", 0, range);
    expect(lines.map((line) => line.description)).toEqual([
      "Time 2026-11-01 to 2026-11-30 at $100.00/h",
      "Time 2026-11-01 to 2026-11-30 at $80.00/h",
    ]);
    expect(lines[0]?.quantity).toBe(192); // 115 minutes
    expect(timeLines(entries.slice(0, 2), "summary", 0, range)[0]?.description).toBe("Time 2026-11-01 to 2026-11-30");
  });

  it("one line per entry names its day, phase and note", () => {
    const lines = timeLines(entries, "entry", 0, range);
    expect(lines).toHaveLength(4);
    expect(lines.find((line) => line.entryIds[0] === "e3")?.description).toBe("2026-11-02 · Build · Header");
  });

  it("each entry lands on exactly one line", () => {
    for (const layout of ["summary", "phase", "entry"] as const) {
      const ids = timeLines(entries, layout, 15, range).flatMap((line) => line.entryIds);
      expect(ids.sort()).toEqual(["e1", "e2", "e3", "e4"]);
    }
  });

  it("a line's total is its rounded hours at its rate", () => {
    const [line] = timeLines([entry({ minutes: 7 })], "summary", 15, range);
    expect(line && lineTotal({ quantity: line.quantity, unitPrice: line.unitPrice })).toBe(2_500);
  });
});

describe("standing, budget and profit", () => {
  it("an entry is unbilled, on a draft, or billed", () => {
    expect(entryStanding(null)).toBe("unbilled");
    expect(entryStanding({ status: "draft" })).toBe("on_draft");
    expect(entryStanding({ status: "sent" })).toBe("billed");
    expect(entryStanding({ status: "paid" })).toBe("billed");
  });

  it("tells of 80% and 100% of a budget", () => {
    expect(budgetThresholdReached(79, 100)).toBeNull();
    expect(budgetThresholdReached(80, 100)).toBe(80);
    expect(budgetThresholdReached(99, 100)).toBe(80);
    expect(budgetThresholdReached(100, 100)).toBe(100);
    expect(budgetThresholdReached(500, 100)).toBe(100);
    expect(budgetThresholdReached(500, null)).toBeNull();
    expect(budgetThresholdReached(500, 0)).toBeNull();
    expect(budgetPercent(45, 60)).toBe(75);
    expect(budgetPercent(45, null)).toBeNull();
  });

  it("profit is revenue minus time at cost minus expenses, in cents", () => {
    expect(profitOf({ revenueCents: 1_000_000, timeCostCents: 400_001, expenseCents: 99_999 })).toEqual({
      marginCents: 500_000,
      marginPercent: 50,
    });
    expect(profitOf({ revenueCents: 0, timeCostCents: 100, expenseCents: 0 })).toEqual({
      marginCents: -100,
      marginPercent: null,
    });
    expect(profitOf({ revenueCents: 300, timeCostCents: 200, expenseCents: 0 }).marginPercent).toBe(33.3);
  });

  it("finds an overlap, but not touching ends", () => {
    const at = (h: number) => new Date(Date.UTC(2026, 10, 28, h));
    const others = [{ id: "a", start: at(9), end: at(10) }];
    expect(firstOverlap({ start: at(10), end: at(11) }, others)).toBeNull();
    expect(firstOverlap({ start: at(9), end: at(11) }, others)?.id).toBe("a");
    expect(firstOverlap({ id: "a", start: at(9), end: at(11) }, others)).toBeNull();
  });
});

describe("a project's totals", () => {
  it("sums time, value and cost, in total and by phase, leaving out a running timer", () => {
    const entry = (over: Partial<Parameters<typeof timeTotals>[0][number]>) => ({
      phaseId: "a",
      minutes: 60,
      billable: true,
      standing: "unbilled" as const,
      valueCents: 10_000,
      costCents: 4_000,
      ...over,
    });
    const { total, byPhase } = timeTotals([
      entry({}),
      entry({ standing: "billed" }),
      entry({ phaseId: null, billable: false, valueCents: 0 }),
      entry({ minutes: null, valueCents: 0, costCents: 0 }),
    ]);
    expect(total).toEqual({
      minutes: 180,
      billableMinutes: 120,
      valueCents: 20_000,
      costCents: 12_000,
      unbilledMinutes: 60,
      unbilledValueCents: 10_000,
    });
    expect(byPhase.get("a")).toMatchObject({ minutes: 120, unbilledMinutes: 60 });
    expect(byPhase.get("")).toMatchObject({ minutes: 60, billableMinutes: 0, costCents: 4_000 });
  });
});

describe("expenses on an invoice", () => {
  it("bills an expense at its amount plus the markup, to the cent", () => {
    expect(billedAmountOf(10_000, 0)).toBe(10_000);
    expect(billedAmountOf(10_000, 1_500)).toBe(11_500);
    expect(billedAmountOf(333, 1_000)).toBe(366);
  });

  it("makes one line per expense, by date", () => {
    const lines = expenseLines([
      {
        id: "b",
        expenseDate: "2026-11-05",
        category: "software",
        vendor: "Figma",
        note: null,
        amountCents: 1_500,
        markupHundredths: 0,
      },
      {
        id: "a",
        expenseDate: "2026-11-02",
        category: "hosting",
        vendor: "Fly.io",
        note: "November",
        amountCents: 2_000,
        markupHundredths: 1_000,
      },
    ]);
    expect(lines).toEqual([
      { id: "a", description: "Hosting: Fly.io · November (2026-11-02)", quantity: 100, unitPrice: 2_200 },
      { id: "b", description: "Software: Figma (2026-11-05)", quantity: 100, unitPrice: 1_500 },
    ]);
  });
});

describe("the hour bank", () => {
  it("lists each month's minutes beyond the bank, newest first, never below zero", () => {
    expect(
      bankMonths(
        [
          { month: "2026-10", minutes: 500 },
          { month: "2026-11", minutes: 700 },
        ],
        600,
      ),
    ).toEqual([
      { month: "2026-11", includedMinutes: 600, loggedMinutes: 700, beyondMinutes: 100 },
      { month: "2026-10", includedMinutes: 600, loggedMinutes: 500, beyondMinutes: 0 },
    ]);
  });
});

describe("a recurring expense's start", () => {
  it("is recorded now when its date has come; the next period is the first after today, on the same day (clamped)", () => {
    expect(recurringExpenseStart(recurringExpenseRule("month", "2026-10-31"), "2026-11-28")).toEqual({
      recordNow: true,
      nextDue: "2026-11-30",
    });
    expect(recurringExpenseStart(recurringExpenseRule("month", "2026-11-28"), "2026-11-28")).toEqual({
      recordNow: true,
      nextDue: "2026-12-28",
    });
    // the periods between a past date and today are not recorded (like a retainer that starts in the past)
    expect(recurringExpenseStart(recurringExpenseRule("month", "2026-06-15"), "2026-11-28")).toEqual({
      recordNow: true,
      nextDue: "2026-12-15",
    });
    expect(recurringExpenseStart(recurringExpenseRule("year", "2024-02-29"), "2026-11-28")).toEqual({
      recordNow: true,
      nextDue: "2027-02-28",
    });
  });

  it("waits for a date still to come", () => {
    expect(recurringExpenseStart(recurringExpenseRule("year", "2026-12-05"), "2026-11-28")).toEqual({
      recordNow: false,
      nextDue: "2026-12-05",
    });
  });
});
