/**
 * The owner's own automations (ADR 0063): a trigger (a proposal sent and not signed, an invoice's due date, an
 * inquiry left new, a project's end date; or an event: a proposal opened, signed or declined, an invoice sent or
 * paid in full, an estimate accepted, a questionnaire answered, a deliverable approved or sent back, a phase
 * approved, a project completed), how many days after it (or before, for a date), an optional condition, one step (mail the client
 * from a template, a to-do for the owner, or, after a project is completed, the testimonial request) and whether
 * the step waits for the owner's approval. The template's placeholders are those of the trigger: one it does not
 * offer is refused when saved, with its name. Pure: no I/O.
 */
import { z } from "zod";
import {
  type BudgetRange,
  budgetRangeLabels,
  budgetRanges,
  type CustomerStatus,
  customerStatuses,
  customerStatusLabels,
  formProjectTypes,
  type ProjectType,
  projectTypeLabels,
  projectTypes,
} from "#app/domain/enums.ts";
import { tooLong } from "#app/domain/limits.ts";
import { type Placeholder, placeholderLabels, placeholdersOutside } from "#app/domain/mail-templates.ts";
import { formatMoney, maxMoneyCents, readTypedHundredths, toCents } from "#app/domain/money.ts";
import { normaliseLineBreaks, requiredText } from "#app/domain/validation.ts";

export const ruleTriggers = [
  "proposal_unsigned",
  "invoice_overdue",
  "inquiry_new",
  "project_end_date",
  "proposal_signed",
  "invoice_paid",
  "project_completed",
  "proposal_viewed",
  "proposal_declined",
  "phase_approved",
  "invoice_sent",
  "estimate_accepted",
  "questionnaire_answered",
  "deliverable_approved",
  "deliverable_changes_requested",
] as const;
export type RuleTrigger = (typeof ruleTriggers)[number];

export const ruleSteps = ["email", "todo", "testimonial"] as const;
export type RuleStep = (typeof ruleSteps)[number];

/** What a rule can be narrowed by: the customer's status, the inquiry's project type or budget, an amount owed. */
const ruleConditions = ["customer_status", "project_type", "budget_range", "min_amount"] as const;
export type RuleCondition = (typeof ruleConditions)[number];

type TriggerDefinition = {
  label: string;
  /** what the days count from, in words ("after it was sent") */
  when: string;
  /** a date field: its days may be negative (before the date) */
  dated: boolean;
  /** a dated trigger's date and its condition, in words ("its due date", "while a balance is unpaid") */
  date?: { name: string; while: string };
  /** the conditions it can be narrowed by */
  conditions: readonly RuleCondition[];
  /** with the amount condition: what the amount is (the form's help) and the condition in words */
  amount?: { help: string; words: (amount: string) => string };
  placeholders: readonly Placeholder[];
  /** what a run's subject is (the history's words) */
  subject: string;
  /** the steps it offers beside the email and the to-do (the testimonial request needs a completed project) */
  steps?: readonly RuleStep[];
};

/** An invoice's balance owed, in a condition's words. */
const amountOwedWords = (amount: string) => `at least ${amount} owed`;

export const triggerDefinitions: Record<RuleTrigger, TriggerDefinition> = {
  proposal_unsigned: {
    label: "A proposal is sent and not signed",
    when: "after it was sent, while it is still not signed, declined or withdrawn",
    dated: false,
    conditions: ["customer_status"],
    placeholders: ["client_name", "studio_name", "document_number", "proposal_title", "valid_until"],
    subject: "proposal",
  },
  invoice_overdue: {
    label: "An invoice's due date (before or after it), while unpaid",
    when: "from its due date (negative: before it), while a balance is unpaid",
    dated: true,
    date: { name: "its due date", while: "while a balance is unpaid" },
    conditions: ["customer_status", "min_amount"],
    amount: { help: "The balance still owed.", words: amountOwedWords },
    placeholders: ["client_name", "studio_name", "document_number", "amount", "due_date"],
    subject: "invoice",
  },
  inquiry_new: {
    label: "An inquiry is still new",
    when: "after it came in, while it is still New in the inbox",
    dated: false,
    conditions: ["project_type", "budget_range"],
    placeholders: ["client_name", "studio_name"],
    subject: "inquiry",
  },
  project_end_date: {
    label: "A project's end date",
    when: "from the project's end date (negative: before it), while the project is not completed or cancelled",
    dated: true,
    date: { name: "the project's end date", while: "while the project is not completed or cancelled" },
    conditions: ["customer_status"],
    placeholders: ["client_name", "studio_name", "project_name", "end_date"],
    subject: "project",
  },
  proposal_signed: {
    label: "A proposal is signed",
    when: "after it was signed",
    dated: false,
    conditions: ["customer_status"],
    placeholders: ["client_name", "studio_name", "document_number", "proposal_title"],
    subject: "proposal",
  },
  invoice_paid: {
    label: "An invoice is paid in full",
    when: "after its last payment, while it stays paid",
    dated: false,
    conditions: ["customer_status", "min_amount"],
    amount: { help: "The invoice's total.", words: (amount) => `invoices of at least ${amount}` },
    placeholders: ["client_name", "studio_name", "document_number", "amount", "payment_date"],
    subject: "invoice",
  },
  project_completed: {
    label: "A project is completed",
    when: "after it was completed, while it stays completed",
    dated: false,
    conditions: ["customer_status"],
    placeholders: ["client_name", "studio_name", "project_name"],
    subject: "project",
    steps: ["testimonial"],
  },
  proposal_viewed: {
    label: "A proposal is opened by the client",
    when: "after the client first opened it, while it is still not signed, declined or withdrawn",
    dated: false,
    conditions: ["customer_status"],
    placeholders: ["client_name", "studio_name", "document_number", "proposal_title", "valid_until"],
    subject: "proposal",
  },
  proposal_declined: {
    label: "A proposal is declined",
    when: "after the client declined it",
    dated: false,
    conditions: ["customer_status"],
    placeholders: ["client_name", "studio_name", "document_number", "proposal_title"],
    subject: "proposal",
  },
  phase_approved: {
    label: "A project's phase is approved by the client",
    when: "after the client approved it, while it stays approved",
    dated: false,
    conditions: ["customer_status"],
    placeholders: ["client_name", "studio_name", "project_name", "phase_name"],
    subject: "phase",
  },
  invoice_sent: {
    label: "An invoice is sent",
    when: "after it was sent, while it is not cancelled",
    dated: false,
    conditions: ["customer_status", "min_amount"],
    amount: { help: "The invoice's total.", words: (amount) => `invoices of at least ${amount}` },
    placeholders: ["client_name", "studio_name", "document_number", "amount", "due_date"],
    subject: "invoice",
  },
  estimate_accepted: {
    label: "An estimate is accepted",
    when: "after the client accepted it",
    dated: false,
    conditions: ["customer_status", "min_amount"],
    amount: { help: "The estimate's total.", words: (amount) => `estimates of at least ${amount}` },
    placeholders: ["client_name", "studio_name", "document_number", "amount"],
    subject: "estimate",
  },
  questionnaire_answered: {
    label: "A questionnaire is answered",
    when: "after the client submitted it, while it is not reopened",
    dated: false,
    conditions: ["customer_status"],
    placeholders: ["client_name", "studio_name"],
    subject: "questionnaire",
  },
  deliverable_approved: {
    label: "A deliverable is approved by the client",
    when: "after the client approved it",
    dated: false,
    conditions: ["customer_status"],
    placeholders: ["client_name", "studio_name", "project_name", "deliverable_title"],
    subject: "deliverable",
  },
  deliverable_changes_requested: {
    label: "A deliverable gets changes requested",
    when: "after the client asked for changes",
    dated: false,
    conditions: ["customer_status"],
    placeholders: ["client_name", "studio_name", "project_name", "deliverable_title"],
    subject: "deliverable",
  },
};

/** The steps a trigger offers: the email and the to-do, and its own. */
export const stepsOf = (trigger: RuleTrigger): readonly RuleStep[] => [
  "email",
  "todo",
  ...(triggerDefinitions[trigger].steps ?? []),
];

/** A step that writes its own mail (the testimonial request's, Settings → Emails): the rule's words are not used. */
export const stepWritesItsOwnMail = (step: RuleStep) => step === "testimonial";

export const stepLabels: Record<RuleStep, string> = {
  email: "Email the client",
  todo: "Add a to-do for me",
  testimonial: "Request a testimonial",
};

/** A rule's key among the engine's rules: the built-ins have words, the owner's their id. */
export const customRuleKey = (id: string) => `custom:${id}`;

export const maxRuleDays = 3650;
const maxRuleName = 100;
const maxRuleSubject = 200;
const maxRuleBody = 4000;

export const ruleMessages = {
  nameRequired: "Please enter a name",
  subjectRequired: "Please enter a subject",
  bodyRequired: "Please enter the message",
  days: `Enter whole days from 0 to ${maxRuleDays}`,
  datedDays: `Enter whole days from -${maxRuleDays} to ${maxRuleDays}`,
  amount: "Enter an amount, e.g. 500.00",
  conditionNotOffered: "This trigger cannot be narrowed by this: leave it at Any",
  stepNotOffered: "A testimonial can be requested only when a project is completed",
  unknownPlaceholder: (names: string[], offered: readonly string[]) =>
    `Unknown field${names.length > 1 ? "s" : ""} ${names.map((name) => `{${name}}`).join(", ")}: this trigger offers ${offered.map((name) => `{${name}}`).join(", ")}`,
  saved: (name: string) => `Automation saved: ${name}`,
  created: (name: string) => `Automation created: ${name}`,
  deleted: (name: string) => `Automation deleted: ${name}`,
  notFound: "Automation not found",
} as const;

/** A dry run's word on each record it found. */
export const dryRunVerdicts = {
  due: "Due now: it would go at the next pass",
  later: "It would go then",
  "before-rule": "It came due before this automation was made: it will not go",
  "opted-out": "The client stopped these emails: it will not go",
} as const;

/** The client's page behind "Stop these emails" in an automation's mail. */
export const optOutMessages = {
  title: "Stop these emails?",
  stoppedTitle: "Emails stopped",
  explain: (studio: string) =>
    `${studio} sends some emails on its own: reminders and follow-ups. Stop them for this address? Invoices, receipts and messages written to you still come.`,
  button: "Stop these emails",
  done: (studio: string) =>
    `Done: ${studio} will send this address no more automatic emails. Invoices, receipts and messages written to you still come.`,
} as const;

const blankToNull = (value: unknown) => (value === undefined || value === "" ? null : value);

const days = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value),
  z
    .number(ruleMessages.datedDays)
    .int(ruleMessages.datedDays)
    .min(-maxRuleDays, ruleMessages.datedDays)
    .max(maxRuleDays, ruleMessages.datedDays),
);

export const automationRuleFormId = "automation-rule";

/** What the rule page posts: its form ("save"), or "delete" from its confirmation. */
export const automationRuleIntentSchema = z.object({ intent: z.enum(["save", "delete"]) });

/** The rule form: a name, the trigger and its days, a minimum amount (invoices), the step, its words, approval. */
export const automationRuleFormSchema = z
  .object({
    name: requiredText(maxRuleName, ruleMessages.nameRequired, tooLong("Name", maxRuleName)),
    trigger: z.enum(ruleTriggers, { error: "Choose a trigger" }),
    days,
    min_amount: z.preprocess(
      (value) => (value === undefined || value === "" ? undefined : (readTypedHundredths(value) ?? Number.NaN)),
      z.number(ruleMessages.amount).int(ruleMessages.amount).min(0, ruleMessages.amount).max(maxMoneyCents).optional(),
    ),
    customer_status: z.preprocess(blankToNull, z.enum(customerStatuses).nullable()),
    project_type: z.preprocess(blankToNull, z.enum(projectTypes).nullable()),
    budget_range: z.preprocess(blankToNull, z.enum(budgetRanges).nullable()),
    step: z.enum(ruleSteps, { error: "Choose a step" }),
    // required below, but for a step that writes its own mail (then kept as typed, unused); optional here as the
    // form kit reads an empty field as absent
    subject: z
      .string()
      .check(z.trim(), z.maxLength(maxRuleSubject, tooLong("Subject", maxRuleSubject)))
      .optional()
      .transform((value) => (value ?? "").replace(/\s+/g, " ")),
    body: z
      .preprocess(
        (value) => (typeof value === "string" ? normaliseLineBreaks(value) : value),
        z
          .string()
          .check(z.trim(), z.maxLength(maxRuleBody, tooLong("Message", maxRuleBody)))
          .optional(),
      )
      .transform((value) => value ?? ""),
    approval: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
  })
  .superRefine((rule, context) => {
    const trigger = triggerDefinitions[rule.trigger];
    if (!stepsOf(rule.trigger).includes(rule.step)) {
      context.addIssue({ code: "custom", path: ["step"], message: ruleMessages.stepNotOffered });
    }
    if (!trigger.dated && rule.days < 0)
      context.addIssue({ code: "custom", path: ["days"], message: ruleMessages.days });
    for (const condition of ruleConditions) {
      const given = condition === "min_amount" ? rule.min_amount !== undefined : rule[condition] !== null;
      if (given && !trigger.conditions.includes(condition)) {
        context.addIssue({ code: "custom", path: [condition], message: ruleMessages.conditionNotOffered });
      }
    }
    for (const field of ["subject", "body"] as const) {
      const unknown = placeholdersOutside(trigger.placeholders, rule[field]);
      if (unknown.length) {
        context.addIssue({
          code: "custom",
          path: [field],
          message: ruleMessages.unknownPlaceholder(unknown, trigger.placeholders),
        });
      }
    }
  })
  // the words are required for a step that mails them, also beside other fields' errors (`when`: the rule's
  // fields may be partly parsed then, so each is read with care)
  .superRefine(
    (rule: Partial<{ step: RuleStep; subject: string; body: string }>, context) => {
      if (rule.step !== undefined && stepWritesItsOwnMail(rule.step)) return;
      if (!rule.subject) context.addIssue({ code: "custom", path: ["subject"], message: ruleMessages.subjectRequired });
      if (!rule.body) context.addIssue({ code: "custom", path: ["body"], message: ruleMessages.bodyRequired });
    },
    { when: () => true },
  );

export type AutomationRuleForm = z.infer<typeof automationRuleFormSchema>;

/** The form's fields as the page fills them in for a new rule. */
export const newRuleDefaults: Record<string, string> = {
  name: "",
  trigger: "proposal_unsigned",
  days: "3",
  min_amount: "",
  customer_status: "",
  project_type: "",
  budget_range: "",
  step: "email",
  subject: "Any questions about {proposal_title}?",
  body: "Hi {client_name},\n\nI wanted to check whether you had a chance to look at the proposal. Happy to answer any questions.\n\n{studio_name}",
  approval: "on",
};

/** "3 days after it was sent, ..."; a dated trigger says before or after. */
export function ruleWhen(trigger: RuleTrigger, dayCount: number): string {
  const definition = triggerDefinitions[trigger];
  const plural = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;
  if (definition.date) {
    const { name, while: still } = definition.date;
    if (dayCount === 0) return `On ${name}, ${still}`;
    return `${plural(Math.abs(dayCount))} ${dayCount < 0 ? "before" : "after"} ${name}, ${still}`;
  }
  return `${plural(dayCount)} ${definition.when}`;
}

/** Every placeholder a trigger offers, with what it stands for (the form's help). */
export function offeredPlaceholders(trigger: RuleTrigger): { name: Placeholder; label: string }[] {
  return triggerDefinitions[trigger].placeholders.map((name) => ({ name, label: placeholderLabels[name] }));
}

/** A rule's conditions in words ("only Prospect customers"), or "" when it has none. */
export function conditionWords(rule: {
  /** the rule's trigger (its amount in its words; an invoice's balance owed without it) */
  trigger?: RuleTrigger;
  customerStatus: CustomerStatus | null;
  projectType: ProjectType | null;
  budgetRange: BudgetRange | null;
  minAmount: string | null;
}): string {
  const amount = triggerDefinitions[rule.trigger ?? "invoice_overdue"].amount?.words ?? amountOwedWords;
  const parts = [
    rule.customerStatus ? `${customerStatusLabels[rule.customerStatus]} customers` : null,
    rule.projectType ? `inquiries about ${projectTypeLabels[rule.projectType]}` : null,
    rule.budgetRange ? `a budget of ${budgetRangeLabels[rule.budgetRange]}` : null,
    rule.minAmount ? amount(formatMoney(toCents(rule.minAmount) ?? 0)) : null,
  ].filter((part): part is string => part !== null);
  return parts.length ? `only ${parts.join(", ")}` : "";
}

/** The choices of a condition's select, "Any" first. */
export const conditionChoices = {
  customer_status: customerStatuses.map((value) => ({ value, label: customerStatusLabels[value] })),
  project_type: formProjectTypes.map((value) => ({ value, label: projectTypeLabels[value] })),
  budget_range: budgetRanges.map((value) => ({ value, label: budgetRangeLabels[value] })),
} as const;
