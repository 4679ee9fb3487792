/**
 * Automations (ADR 0063): the studio's timed work as rules the owner can see into. A rule finds the subjects that
 * are due (a booking the day before, say) and does one step for each; every step is a run, kept as history with
 * its status. A run is one per (rule, subject, due time), so a replay never does it twice; a failed attempt is
 * retried with backoff and, after the last, shown to the owner as failed. The built-in rules are the jobs the
 * studio ran before, now paused and resumed from the back office. Pure: no I/O.
 */
import { type AutomationRunStatus, automationRunStatuses } from "#app/domain/enums.ts";
import { choiceFrom, searchFrom } from "#app/domain/list-query.ts";

export const automationsPath = "/admin/automations";

export type BuiltInRule = {
  key: string;
  name: string;
  /** when it acts */
  trigger: string;
  /** what it does */
  step: string;
};

export const builtInRules = [
  {
    key: "payment-reminder",
    name: "Payment reminders",
    trigger: "A sent invoice is unpaid: the days before and after its due date that Settings → Invoices sets",
    step: "Mail the client a reminder with the balance, the invoice and the link to pay",
  },
  {
    key: "booking-reminder",
    name: "Consultation reminder",
    trigger: "A free consultation is booked, the day before it starts",
    step: "Mail the visitor a reminder with the time, the place and the link to cancel or move it",
  },
  {
    key: "retainer-invoice",
    name: "Retainer invoices",
    trigger: "A project's recurring invoices reach their next period (the schedule on the project's page)",
    step: "Make the period's invoice; in send mode, mail it to the client",
  },
  {
    key: "recurring-expense",
    name: "Recurring expenses",
    trigger: "A recurring expense (hosting, a licence) reaches its next date (the Expenses of the project's Time page)",
    step: "Record the period's expense on its project",
  },
] as const satisfies readonly BuiltInRule[];

export type BuiltInRuleKey = (typeof builtInRules)[number]["key"];

export function builtInRule(key: string): BuiltInRule | undefined {
  return builtInRules.find((rule) => rule.key === key);
}

/** A built-in rule's name (its key when unknown). */
export const builtInRuleName = (key: BuiltInRuleKey) => builtInRule(key)?.name ?? key;

export const ruleKeys = builtInRules.map((rule) => rule.key) as [BuiltInRuleKey, ...BuiltInRuleKey[]];

/** The history's filters in its address: `status` (one status, or all) and `q` (a subject's words). */
export function runListQuery(search: URLSearchParams): { status: "all" | AutomationRunStatus; q: string } {
  return {
    status: choiceFrom(search.get("status"), ["all", ...automationRunStatuses] as const, "all"),
    q: searchFrom(search.get("q")),
  };
}

/** How many times a run is tried before it is failed for the owner to see. */
export const maxRunAttempts = 5;

/** The wait before the next try after `attempts` failed ones: 1 minute, 5, 30, 2 hours. */
export function retryDelayMs(attempts: number): number {
  const minutes = [1, 5, 30, 120];
  return (minutes[Math.min(Math.max(attempts, 1), minutes.length) - 1] ?? 120) * 60_000;
}

/** What a failed attempt leaves: tried again later, or failed for good after the last try. */
export function afterFailure(
  attempts: number,
  now: Date,
): { status: Extract<AutomationRunStatus, "scheduled" | "failed">; nextAttemptAt: Date } {
  if (attempts >= maxRunAttempts) return { status: "failed", nextAttemptAt: now };
  return { status: "scheduled", nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) };
}

/** An error as the owner reads it: its message, on one line, bounded. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").trim().slice(0, 1000) || "Unknown error";
}

export const automationStatusLabels: Record<AutomationRunStatus, string> = {
  scheduled: "Scheduled",
  waiting_approval: "Waiting for approval",
  sent: "Sent",
  skipped: "Skipped",
  failed: "Failed",
};

export const automationMessages = {
  /** why a built-in rule's run was skipped (the history's note) */
  bookingGone: "The booking was cancelled, moved or reminded already",
  reminderSent: "This reminder was sent already",
  reminderNotOwed: "The invoice was paid, cancelled or its reminders turned off",
  invoiceGone: "The invoice was cancelled or deleted",
  customerArchived: "The customer was archived",
  projectCompleted: "The project was completed or cancelled",
  notWaiting: "This is no longer waiting for approval: the list was refreshed",
  approved: (what: string) => `Approved and sent: ${what}`,
  approvedNotSent: (what: string, why: string) => `Approved, not sent: ${what}. ${why}`,
  ruleDeleted: "The automation was deleted",
  dateChanged: "Its date changed: the run for the new date replaces it",
  optedOut: "The client asked for no more automatic emails",
  /** whom a to-do step goes to, in the queue and a dry run */
  toDoRecipient: "You: a to-do in Notices",
  proposalGone: "The proposal was signed, declined, withdrawn or expired",
  invoiceSettled: "The invoice was paid, cancelled or is under the automation's amount",
  inquiryAnswered: "The inquiry is no longer new",
  projectClosed: "The project was completed or cancelled, or its end date removed",
  scheduleNotActive: "The recurring invoices were paused or ended",
  periodInvoiced: "This period is invoiced already",
  periodWithoutFees: "The project has no fees to invoice for this period",
  recurringExpenseStopped: "The recurring expense was stopped",
  periodRecorded: "This period is recorded already",
  proposalUnsigned: "The proposal is no longer signed",
  invoiceUnpaid: "The invoice is no longer paid in full, or is under the automation's amount",
  projectReopened: "The project is no longer completed",
  proposalNotDeclined: "The proposal is no longer declined",
  phaseNotApproved: "The phase is no longer approved",
  invoiceCancelled: "The invoice was cancelled or voided, or is under the automation's amount",
  estimateNotAccepted: "The estimate is no longer accepted",
  questionnaireReopened: "The questionnaire was reopened",
  deliverableGone: "The deliverable was deleted",
  testimonialStep: "The client gets the testimonial request of Settings → Emails, with a fresh link to the form.",
  testimonialPreview: (project: string) =>
    `The testimonial request of Settings → Emails, with a fresh link to the form, for ${project}`,
  testimonialNotAsked: {
    "not-found": "The project was deleted",
    "not-completed": "The project is no longer completed",
    "no-email": "The customer has no email address",
  },
  skippedByOwner: "Skipped by you",
  paused: (name: string) => `${name} paused: nothing is sent until you resume it`,
  resumed: (name: string) => `${name} resumed`,
  unknownRule: "Unknown automation",
  /** a customer's "What happens next" */
  customerPaused: (name: string) => `Automations paused for ${name}: nothing is sent to them until you resume`,
  customerResumed: (name: string) => `Automations resumed for ${name}`,
  projectPaused: (name: string) =>
    `Automations paused for ${name}: nothing about this project is sent until you resume`,
  runSkipped: (what: string) => `Skipped: ${what}`,
  notPending: "This is no longer scheduled: the list was refreshed",
  unknownAction: "Unknown action",
} as const;

/** One thing that will happen for a customer: a run already scheduled, or one its rule will schedule when due. */
export type NextRun = {
  rule: string;
  /** the owner's name for the rule */
  ruleName: string;
  subjectType: string;
  subjectId: string;
  subjectLabel: string;
  dueAt: Date;
  status: Extract<AutomationRunStatus, "scheduled" | "waiting_approval"> | "upcoming";
  customerId?: string | null;
  projectId?: string | null;
};

/** A run's identity: the engine keeps one run per (rule, subject, due time). */
export const runKey = (run: Pick<NextRun, "rule" | "subjectType" | "subjectId" | "dueAt">) =>
  `${run.rule}|${run.subjectType}|${run.subjectId}|${run.dueAt.toISOString()}`;

/**
 * A customer's "What happens next": the runs scheduled for them and those their rules will schedule, one per
 * identity (a scheduled run is the same as the upcoming one it came from), minus those already done, skipped or
 * failed (`settled`), soonest first.
 */
export function whatHappensNext(
  scheduled: readonly NextRun[],
  upcoming: readonly NextRun[],
  settled: ReadonlySet<string>,
): NextRun[] {
  const byKey = new Map<string, NextRun>();
  for (const run of upcoming) if (!settled.has(runKey(run))) byKey.set(runKey(run), run);
  for (const run of scheduled) byKey.set(runKey(run), run);
  return [...byKey.values()].sort(
    (a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a.subjectLabel.localeCompare(b.subjectLabel),
  );
}
