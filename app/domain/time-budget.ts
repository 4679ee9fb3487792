/**
 * A project's budget against its logged time (ADR 0058): estimated hours (the project form's) and value (the
 * project's value), and each room phase's price and estimated hours (from the pricing phase it came from), each
 * with what is logged and the share used. One reading for the project's page and for the owner's budget notices.
 */
import { toCents } from "#app/domain/money.ts";
import { type ProjectPriceFields, projectValue } from "#app/domain/projects.ts";
import { budgetPercent, type TimeTotals } from "#app/domain/time-tracking.ts";

export type BudgetPhase = { id: string; name: string; pricingPhaseId: string | null };

export function projectBudget(
  project: ProjectPriceFields,
  phases: readonly BudgetPhase[],
  totals: { total: TimeTotals; byPhase: Map<string, TimeTotals> },
) {
  const { total, byPhase } = totals;
  const estimatedMinutes = project.estimatedHours === null ? null : Math.round(Number(project.estimatedHours) * 60);
  const valueCents = projectValue(project);
  const pricing = new Map((project.pricingDetails?.phases ?? []).map((phase) => [phase.id, phase]));
  const phaseRows = phases.map((phase) => {
    const priced = phase.pricingPhaseId ? pricing.get(phase.pricingPhaseId) : undefined;
    const budgetCents = priced?.price === undefined || priced.price === null ? null : toCents(priced.price);
    const estimatedMinutes = priced?.hours ? Math.round(priced.hours * 60) : null;
    const logged = byPhase.get(phase.id) ?? null;
    return {
      id: phase.id,
      name: phase.name,
      budgetCents,
      totals: logged,
      percent: budgetPercent(logged?.valueCents ?? 0, budgetCents),
      estimatedMinutes,
      hoursPercent: budgetPercent(logged?.minutes ?? 0, estimatedMinutes),
    };
  });
  const other = byPhase.get("");
  return {
    estimatedMinutes,
    loggedMinutes: total.minutes,
    hoursPercent: budgetPercent(total.minutes, estimatedMinutes),
    valueCents,
    loggedValueCents: total.valueCents,
    valuePercent: budgetPercent(total.valueCents, valueCents),
    /** the room's phases, then the time on no phase ("Other work", id "") when there is some */
    phases: other
      ? [
          ...phaseRows,
          {
            id: "",
            name: "Other work",
            budgetCents: null,
            totals: other,
            percent: null,
            estimatedMinutes: null,
            hoursPercent: null,
          },
        ]
      : phaseRows,
  };
}
