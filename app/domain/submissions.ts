import { type BudgetRange, budgetRangeLabels, type ProjectType, projectTypeLabels } from "#app/domain/enums.ts";

/** A stored submission's own fields, as the back office and the owner's mail read them. */
export type SubmissionFields = {
  name: string;
  email: string;
  phoneNumber: string | null;
  businessName: string | null;
  existingWebsiteUrl: string | null;
  projectType: ProjectType;
  budgetRange: BudgetRange | null;
  /** the pricing package chosen on the form (its name when sent) */
  packageName?: string | null;
  message: string;
};

/** The interaction note written when a submission becomes a customer: the original project type and, if given, the budget. */
export function conversionDescription(submission: Pick<SubmissionFields, "projectType" | "budgetRange">): string {
  const type = projectTypeLabels[submission.projectType];
  return submission.budgetRange
    ? `Original inquiry: ${type}. Budget: ${budgetRangeLabels[submission.budgetRange]}.`
    : `Original inquiry: ${type}.`;
}
