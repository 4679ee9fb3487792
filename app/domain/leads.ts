import { type BudgetRange, budgetRangeLabels, type ProjectType, projectTypeLabels } from "#app/domain/enums.ts";

/** The interaction note written when a lead becomes a customer: the original project type and, if given, the budget. */
export function conversionDescription(lead: { projectType: ProjectType; budgetRange: BudgetRange | null }): string {
  const type = projectTypeLabels[lead.projectType];
  return lead.budgetRange
    ? `Original inquiry: ${type}. Budget: ${budgetRangeLabels[lead.budgetRange]}.`
    : `Original inquiry: ${type}.`;
}
