import { type BudgetRange, budgetRangeLabels, type ProjectType, projectTypeLabels } from "#app/domain/enums.ts";

/** A stored lead's own fields, as the back office and the owner's mail read them. */
export type LeadFields = {
  name: string;
  email: string;
  phoneNumber: string | null;
  businessName: string | null;
  existingWebsiteUrl: string | null;
  projectType: ProjectType;
  budgetRange: BudgetRange | null;
  message: string;
};

/** The interaction note written when a lead becomes a customer: the original project type and, if given, the budget. */
export function conversionDescription(lead: Pick<LeadFields, "projectType" | "budgetRange">): string {
  const type = projectTypeLabels[lead.projectType];
  return lead.budgetRange
    ? `Original inquiry: ${type}. Budget: ${budgetRangeLabels[lead.budgetRange]}.`
    : `Original inquiry: ${type}.`;
}
