import { describe, expect, it } from "vitest";
import {
  automationRuleFormSchema,
  conditionWords,
  newRuleDefaults,
  offeredPlaceholders,
  ruleTriggers,
  ruleWhen,
  stepsOf,
  triggerDefinitions,
} from "./automation-rules.ts";

const form = (values: Record<string, string | undefined> = {}) => ({ ...newRuleDefaults, name: "Nudge", ...values });

describe("an owner's automation", () => {
  it("takes the form's fields: whole days, an optional amount in cents, approval as a box", () => {
    const parsed = automationRuleFormSchema.parse(form({ days: " 5 ", approval: "" }));
    expect(parsed).toMatchObject({ name: "Nudge", trigger: "proposal_unsigned", days: 5, approval: false });
    expect(
      automationRuleFormSchema.parse(
        form({ trigger: "invoice_overdue", subject: "{amount} due", min_amount: "1,250.50" }),
      ).min_amount,
    ).toBe(125050);
    expect(automationRuleFormSchema.parse(form()).approval).toBe(true);
  });

  it("refuses a placeholder its trigger does not offer, naming each, in the subject and the message", () => {
    const refused = automationRuleFormSchema.safeParse(
      form({ trigger: "inquiry_new", subject: "About {proposal_title}", body: "Hi {client_name} {amount} {amount}" }),
    );
    const messages = refused.error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(messages).toEqual([
      ["subject", "Unknown field {proposal_title}: this trigger offers {client_name}, {studio_name}"],
      ["body", "Unknown field {amount}: this trigger offers {client_name}, {studio_name}"],
    ]);
  });

  it("counts days back only from a date, within ten years", () => {
    expect(automationRuleFormSchema.safeParse(form({ days: "-1" })).error?.issues[0]?.message).toBe(
      "Enter whole days from 0 to 3650",
    );
    const before = automationRuleFormSchema.parse(
      form({ trigger: "project_end_date", days: "-2", subject: "{project_name}", body: "{end_date}" }),
    );
    expect(before.days).toBe(-2);
    // an invoice's due date is a date too: "due in 3 days"
    const due = automationRuleFormSchema.parse(
      form({ trigger: "invoice_overdue", days: "-3", subject: "{document_number}", body: "{due_date}" }),
    );
    expect(due.days).toBe(-3);
    for (const days of ["1.5", "3651", "soon", ""]) {
      expect(automationRuleFormSchema.safeParse(form({ days })).success, days).toBe(false);
    }
  });

  it("takes only the conditions its trigger offers, and says them in words", () => {
    const inquiry = automationRuleFormSchema.parse(
      form({
        trigger: "inquiry_new",
        subject: "Hi {client_name}",
        body: "x",
        project_type: "website",
        budget_range: "",
      }),
    );
    expect(inquiry).toMatchObject({ project_type: "website", budget_range: null, customer_status: null });
    const refused = automationRuleFormSchema.safeParse(form({ customer_status: "active", budget_range: "large" }));
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["budget_range", "This trigger cannot be narrowed by this: leave it at Any"],
    ]);
    expect(automationRuleFormSchema.safeParse(form({ customer_status: "gold" })).success).toBe(false);
    expect(
      conditionWords({ customerStatus: "active", projectType: null, budgetRange: null, minAmount: "500.00" }),
    ).toBe("only Active customers, at least $500.00 owed");
    expect(
      conditionWords({ customerStatus: null, projectType: "website", budgetRange: "medium", minAmount: null }),
    ).toBe("only inquiries about New Website, a budget of $5,000 - $15,000");
    expect(conditionWords({ customerStatus: null, projectType: null, budgetRange: null, minAmount: null })).toBe("");
  });

  it("asks for a testimonial only after a project is completed, with no words to write; other steps need them", () => {
    expect(stepsOf("project_completed")).toEqual(["email", "todo", "testimonial"]);
    expect(stepsOf("invoice_paid")).toEqual(["email", "todo"]);
    const asked = automationRuleFormSchema.parse(
      form({ trigger: "project_completed", step: "testimonial", subject: "", body: undefined }),
    );
    expect(asked).toMatchObject({ step: "testimonial", subject: "", body: "" });
    const issues = (values: Record<string, string | undefined>) =>
      automationRuleFormSchema
        .safeParse(form(values))
        .error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues({ trigger: "proposal_signed", step: "testimonial", subject: "Hi {proposal_title}" })).toEqual([
      ["step", "A testimonial can be requested only when a project is completed"],
    ]);
    // the words are asked for beside another field's error, not a submit later
    expect(issues({ name: "", trigger: "invoice_paid", step: "email", subject: "  ", body: undefined })).toEqual([
      ["name", "Please enter a name"],
      ["subject", "Please enter a subject"],
      ["body", "Please enter the message"],
    ]);
    expect(
      conditionWords({
        trigger: "invoice_paid",
        customerStatus: null,
        projectType: null,
        budgetRange: null,
        minAmount: "500.00",
      }),
    ).toBe("only invoices of at least $500.00");
    expect(
      conditionWords({
        trigger: "estimate_accepted",
        customerStatus: "active",
        projectType: null,
        budgetRange: null,
        minAmount: "2000.00",
      }),
    ).toBe("only Active customers, estimates of at least $2,000.00");
    // every trigger narrowed by an amount says what the amount is, and no other does
    for (const trigger of ruleTriggers) {
      const definition = triggerDefinitions[trigger];
      expect([trigger, definition.amount !== undefined]).toEqual([
        trigger,
        definition.conditions.includes("min_amount"),
      ]);
    }
    expect(triggerDefinitions.invoice_sent.amount?.help).toBe("The invoice's total.");
    expect(ruleWhen("project_completed", 3)).toBe("3 days after it was completed, while it stays completed");
    expect(ruleWhen("proposal_declined", 1)).toBe("1 day after the client declined it");
    // a phase's trigger offers its name, and refuses an amount
    expect(offeredPlaceholders("phase_approved").map((placeholder) => placeholder.name)).toEqual([
      "client_name",
      "studio_name",
      "project_name",
      "phase_name",
    ]);
    expect(
      automationRuleFormSchema.safeParse(
        form({ trigger: "phase_approved", subject: "{phase_name} is approved", body: "{amount}" }),
      ).error?.issues[0]?.message,
    ).toBe("Unknown field {amount}: this trigger offers {client_name}, {studio_name}, {project_name}, {phase_name}");
  });

  it("says when it acts, in words", () => {
    expect(ruleWhen("proposal_unsigned", 3)).toBe(
      "3 days after it was sent, while it is still not signed, declined or withdrawn",
    );
    expect(ruleWhen("invoice_overdue", 1)).toBe("1 day after its due date, while a balance is unpaid");
    expect(ruleWhen("invoice_overdue", -3)).toBe("3 days before its due date, while a balance is unpaid");
    expect(ruleWhen("invoice_overdue", 0)).toBe("On its due date, while a balance is unpaid");
    expect(ruleWhen("project_end_date", -2)).toBe(
      "2 days before the project's end date, while the project is not completed or cancelled",
    );
    expect(offeredPlaceholders("inquiry_new").map((placeholder) => placeholder.name)).toEqual([
      "client_name",
      "studio_name",
    ]);
  });
});
