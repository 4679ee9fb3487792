import { describe, expect, it } from "vitest";
import { projectBudget } from "./time-budget.ts";
import { timeTotals } from "./time-tracking.ts";

describe("a project's budget", () => {
  it("sets logged hours and value against the estimate, the project's value and each phase's price and hours", () => {
    const entry = (phaseId: string | null, minutes: number, valueCents: number) => ({
      phaseId,
      minutes,
      billable: true,
      standing: "unbilled" as const,
      valueCents,
      costCents: 0,
    });
    const budget = projectBudget(
      {
        pricingDetails: {
          type: "phased",
          phases: [
            { id: "p1", name: "Design", price: 200, hours: 2 },
            { id: "p2", name: "Build", price: null },
          ],
          recurring_fees: [],
        },
        fixedPrice: null,
        hourlyRate: null,
        estimatedHours: "10.00",
      },
      [
        { id: "a", name: "Design", pricingPhaseId: "p1" },
        { id: "b", name: "Build", pricingPhaseId: "p2" },
        { id: "c", name: "Extra", pricingPhaseId: null },
      ],
      timeTotals([entry("a", 90, 15_000), entry(null, 30, 5_000)]),
    );
    expect(budget).toMatchObject({
      estimatedMinutes: 600,
      loggedMinutes: 120,
      hoursPercent: 20,
      valueCents: 20_000,
      loggedValueCents: 20_000,
      valuePercent: 100,
    });
    expect(budget.phases.map((phase) => [phase.id, phase.budgetCents, phase.percent])).toEqual([
      ["a", 20_000, 75],
      ["b", null, null],
      ["c", null, null],
      ["", null, null],
    ]);
    expect(budget.phases[3]?.totals?.minutes).toBe(30);
    // a phase's estimated hours from the pricing: 90 of 120 minutes logged
    expect(budget.phases.map((phase) => [phase.id, phase.estimatedMinutes, phase.hoursPercent])).toEqual([
      ["a", 120, 75],
      ["b", null, null],
      ["c", null, null],
      ["", null, null],
    ]);
  });
});
