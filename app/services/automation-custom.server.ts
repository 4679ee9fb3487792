/**
 * The owner's own automations as rules of the engine (ADR 0063). A rule's run is due its days after what its
 * trigger counts from (a proposal's sending, an invoice's due date, an inquiry's arrival, a project's end date),
 * once per record; a rule acts on what comes due after it was made, never reaching back. When the run comes round
 * the record is read again: no longer qualifying, or its date moved (the run of the new date replaces it), the run
 * is skipped with the reason. The email step goes through the one sending path with a "Stop these emails" link
 * and skips an address that used it; the to-do step posts an owner's notice. With approval on, a due run waits in
 * the queue until the owner approves (with the mail as they edited it) or skips it.
 */
import type { Queryable } from "#app/db/client.server.ts";
import { customRuleKey, type RuleTrigger, stepLabels, stepWritesItsOwnMail } from "#app/domain/automation-rules.ts";
import { automationMessages } from "#app/domain/automations.ts";
import { todayIn } from "#app/domain/dates.ts";
import { paragraphs } from "#app/domain/mail.ts";
import { fillWording } from "#app/domain/mail-templates.ts";
import { fail } from "#app/domain/result.ts";
import {
  type CustomRule,
  conditionsOf,
  listCustomRules,
  optedOut,
  type TriggerSubject,
  triggerSubjects,
} from "#app/models/automation-custom-rules.server.ts";
import type { AutomationRun, DueSubject } from "#app/models/automations.server.ts";
import { getStudioIdentity, studioTimeZone } from "#app/models/business-settings.server.ts";
import { postOwnerNotice } from "#app/models/owner-notices.server.ts";
import { builtInHandlers } from "#app/services/automation-rules.server.ts";
import type { RuleHandler, RunPreview } from "#app/services/automations.server.ts";
import type { SendDeps } from "#app/services/invoice-sending.server.ts";
import { enqueueMail } from "#app/services/mail.server.ts";
import { optOutUrl } from "#app/services/mail-opt-out.server.ts";
import { queueTestimonialRequest } from "#app/services/testimonial-requests.server.ts";

const day = 86_400_000;

const goneReasons: Record<RuleTrigger, string> = {
  proposal_unsigned: automationMessages.proposalGone,
  invoice_overdue: automationMessages.invoiceSettled,
  inquiry_new: automationMessages.inquiryAnswered,
  project_end_date: automationMessages.projectClosed,
  proposal_signed: automationMessages.proposalUnsigned,
  invoice_paid: automationMessages.invoiceUnpaid,
  project_completed: automationMessages.projectReopened,
  proposal_viewed: automationMessages.proposalGone,
  proposal_declined: automationMessages.proposalNotDeclined,
  phase_approved: automationMessages.phaseNotApproved,
  invoice_sent: automationMessages.invoiceCancelled,
  estimate_accepted: automationMessages.estimateNotAccepted,
  questionnaire_answered: automationMessages.questionnaireReopened,
  deliverable_approved: automationMessages.deliverableGone,
  deliverable_changes_requested: automationMessages.deliverableGone,
};

async function studioDay(db: Queryable, now: Date): Promise<string> {
  return todayIn(await studioTimeZone(db), now);
}

/** When a rule's step is due for one record: its days after (or before) what the trigger counts from. */
const dueAtOf = (rule: CustomRule, subject: TriggerSubject) => new Date(subject.baseAt.getTime() + rule.days * day);

/** A rule's template filled in for one record (Settings → Emails' own filling: the subject on one line). */
function ruleWords(rule: CustomRule, subject: TriggerSubject, studioName: string) {
  const filled = fillWording(
    { subject: rule.subject, opening: rule.body },
    { ...subject.values, studio_name: studioName },
  );
  return { subject: filled.subject, body: filled.opening };
}

/** Whom a step goes to, as the queue and a dry run say it. */
const recipientOf = (rule: CustomRule, subject: TriggerSubject) =>
  rule.step === "todo" ? automationMessages.toDoRecipient : subject.to;

/** What the testimonial step sends, in the queue's and a dry run's words (its mail is Settings → Emails'). */
const testimonialWords = (subject: TriggerSubject) => ({
  subject: stepLabels.testimonial,
  body: automationMessages.testimonialPreview(subject.values.project_name ?? subject.subjectLabel),
});

/** The earliest event a rule can act on: its days before it was made (it never reaches further back). */
const sinceOf = (rule: CustomRule) => new Date(rule.createdAt.getTime() - Math.max(rule.days, 0) * day);

function customRuleHandler(rule: CustomRule, deps: Pick<SendDeps, "config">): RuleHandler {
  const conditions = conditionsOf(rule);
  const asDue = (subject: TriggerSubject): DueSubject => ({
    subjectType: subject.subjectType,
    subjectId: subject.subjectId,
    subjectLabel: subject.subjectLabel,
    dueAt: dueAtOf(rule, subject),
    customerId: subject.customerId,
    projectId: subject.projectId,
  });
  // a rule acts on what comes due after it was made: it never reaches back to old records
  const sinceMade = (subject: DueSubject) => subject.dueAt.getTime() >= rule.createdAt.getTime();
  const found = async (db: Queryable, now: Date, options: { customerId?: string; subjectId?: string }) =>
    triggerSubjects(db, rule.trigger, {
      today: await studioDay(db, now),
      conditions,
      since: sinceOf(rule),
      ...options,
    });

  /** The step's words for one record: the rule's template filled in, or the owner's edit of it. */
  async function words(db: Queryable, subject: TriggerSubject, run: AutomationRun | null) {
    if (stepWritesItsOwnMail(rule.step)) return testimonialWords(subject);
    if (run?.edited) return run.edited;
    return ruleWords(rule, subject, (await getStudioIdentity(db)).businessName);
  }

  /** The record of a run as it is now, when it still qualifies for this very run (its due time unchanged). */
  async function current(db: Queryable, run: AutomationRun, now: Date) {
    const [subject] = await found(db, now, { subjectId: run.subjectId });
    if (!subject) return fail("skipped", { message: goneReasons[rule.trigger] });
    if (dueAtOf(rule, subject).getTime() !== run.dueAt.getTime()) {
      return fail("skipped", { message: automationMessages.dateChanged });
    }
    return { ok: true as const, subject };
  }

  return {
    key: customRuleKey(rule.id),
    name: rule.name,
    approval: rule.approval,
    afterCompletion: rule.trigger === "project_completed",
    async due(db, now) {
      return (await found(db, now, {})).map(asDue).filter((subject) => subject.dueAt <= now && sinceMade(subject));
    },
    async upcoming(db, customerId, now) {
      return (await found(db, now, { customerId })).map(asDue).filter(sinceMade);
    },
    async preview(db, run, now): Promise<RunPreview | null> {
      const record = await current(db, run, now);
      if (!record.ok) return null;
      const text = await words(db, record.subject, run);
      return { to: recipientOf(rule, record.subject), ...text, editable: rule.step === "email" };
    },
    async perform(tx, run, now) {
      const record = await current(tx, run, now);
      if (!record.ok) return record;
      const { subject } = record;
      const text = await words(tx, subject, run);
      if (rule.step === "todo") {
        await postOwnerNotice(tx, {
          kind: "automation",
          message: `${text.subject} (${subject.subjectLabel})`,
          link: subject.adminPath,
          key: `automation:${run.id}`,
        });
        return { ok: true };
      }
      if (await optedOut(tx, subject.to)) return fail("skipped", { message: automationMessages.optedOut });
      if (rule.step === "testimonial") {
        // the owner's own "Request a testimonial", the same call: a fresh link, the mail of Settings → Emails
        const asked = await queueTestimonialRequest(tx, deps, { projectId: subject.subjectId, now });
        return asked.ok
          ? { ok: true }
          : fail("skipped", { message: automationMessages.testimonialNotAsked[asked.reason] });
      }
      await enqueueMail(tx, {
        to: subject.to,
        subject: text.subject,
        blocks: [
          ...paragraphs(text.body),
          { type: "link", label: "Stop these emails", url: optOutUrl(deps.config, subject.to) },
        ],
      });
      return { ok: true };
    },
  };
}

/** One record a dry run found: when the step would come, whether it would go, and what it would say. */
export type DryRunItem = {
  subjectLabel: string;
  dueAt: Date;
  /** "due" (at the next pass), "later", or why it would not go */
  verdict: "due" | "later" | "before-rule" | "opted-out";
  to: string;
  subject: string;
  body: string;
};

/**
 * What an owner's rule would do for one customer's records (an inquiry rule: the newest inquiries still new),
 * sending and storing nothing: each record with its due time, whether it would go, and the step's words.
 */
export async function dryRunRule(
  db: Queryable,
  rule: CustomRule,
  customerId: string | null,
  now: Date,
): Promise<DryRunItem[]> {
  const conditions = conditionsOf(rule);
  const today = await studioDay(db, now);
  const found =
    rule.trigger === "inquiry_new"
      ? (await triggerSubjects(db, rule.trigger, { today, conditions }))
          .sort((a, b) => b.baseAt.getTime() - a.baseAt.getTime())
          .slice(0, 5)
      : customerId
        ? await triggerSubjects(db, rule.trigger, { today, customerId, conditions })
        : [];
  const studio = await getStudioIdentity(db);
  const items: DryRunItem[] = [];
  const words = (subject: TriggerSubject) =>
    stepWritesItsOwnMail(rule.step) ? testimonialWords(subject) : ruleWords(rule, subject, studio.businessName);
  for (const subject of found) {
    const dueAt = dueAtOf(rule, subject);
    const stopped = rule.step !== "todo" && (await optedOut(db, subject.to));
    items.push({
      subjectLabel: subject.subjectLabel,
      dueAt,
      verdict: dueAt < rule.createdAt ? "before-rule" : stopped ? "opted-out" : dueAt <= now ? "due" : "later",
      to: recipientOf(rule, subject),
      ...words(subject),
    });
  }
  return items.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
}

/** Every rule the engine runs: the built-in ones, then the owner's, read now (a pass sees an edit at once). */
export async function automationHandlers(deps: SendDeps): Promise<RuleHandler[]> {
  const own = await listCustomRules(deps.db);
  return [...builtInHandlers(deps), ...own.map((rule) => customRuleHandler(rule, deps))];
}
