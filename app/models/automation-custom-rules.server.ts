/**
 * The owner's own automations (ADR 0063): their rows, and what each trigger finds. A trigger's subjects are the
 * records that still qualify (a proposal still out, an invoice still owed, an inquiry still new, a project still
 * open with an end date; a proposal opened, signed or declined, an invoice paid, a phase approved, a project
 * completed), each with the moment its days count from, its recipient and its placeholder values.
 */

import { and, asc, eq, gt, gte, inArray, isNotNull, notInArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Queryable } from "#app/db/client.server.ts";
import {
  automationCustomRules,
  contactSubmissions,
  customers,
  deliverableAnswerRecords,
  deliverables,
  deliverableVersions,
  invoices,
  mailOptOuts,
  payments,
  projectPhases,
  projects,
  proposals,
  questionnaireRequests,
} from "#app/db/schema.ts";
import type { AutomationRuleForm, RuleTrigger } from "#app/domain/automation-rules.ts";
import { displayDate, isoDay, utcDate } from "#app/domain/dates.ts";
import type { PlaceholderValues } from "#app/domain/mail-templates.ts";
import { centsToDecimal, formatMoney, toCents } from "#app/domain/money.ts";
import { outstandingCondition } from "#app/models/invoices.server.ts";
import { normaliseEmail } from "#app/models/users.server.ts";

export type CustomRule = typeof automationCustomRules.$inferSelect;

export function listCustomRules(db: Queryable) {
  return db.select().from(automationCustomRules).orderBy(asc(automationCustomRules.createdAt));
}

export async function getCustomRule(db: Queryable, id: string): Promise<CustomRule | null> {
  const [row] = await db.select().from(automationCustomRules).where(eq(automationCustomRules.id, id));
  return row ?? null;
}

const ruleRow = (form: AutomationRuleForm) => ({
  name: form.name,
  trigger: form.trigger,
  days: form.days,
  minAmount: form.min_amount === undefined ? null : centsToDecimal(form.min_amount),
  customerStatus: form.customer_status,
  projectType: form.project_type,
  budgetRange: form.budget_range,
  step: form.step,
  subject: form.subject,
  body: form.body,
  approval: form.approval,
});

export async function createCustomRule(db: Queryable, form: AutomationRuleForm): Promise<CustomRule> {
  const [row] = await db.insert(automationCustomRules).values(ruleRow(form)).returning();
  if (!row) throw new Error("automation insert returned no row");
  return row;
}

/** Null when there is no such rule. */
export async function updateCustomRule(db: Queryable, id: string, form: AutomationRuleForm) {
  const [row] = await db
    .update(automationCustomRules)
    .set(ruleRow(form))
    .where(eq(automationCustomRules.id, id))
    .returning();
  return row ?? null;
}

export async function deleteCustomRule(db: Queryable, id: string) {
  const [row] = await db.delete(automationCustomRules).where(eq(automationCustomRules.id, id)).returning();
  return row ?? null;
}

/** One record a trigger found: what its days count from, who a mail goes to, what its placeholders say. */
export type TriggerSubject = {
  subjectType: string;
  subjectId: string;
  subjectLabel: string;
  /** the moment the rule's days count from */
  baseAt: Date;
  customerId: string | null;
  projectId: string | null;
  to: string;
  values: PlaceholderValues;
  /** where the owner acts on it (a to-do's link) */
  adminPath: string;
};

/** A rule's conditions, as its row holds them. */
export type RuleConditions = Pick<CustomRule, "customerStatus" | "projectType" | "budgetRange"> & {
  /** cents owed at least (an invoice) */
  minAmount: number | null;
};

/** The conditions of a rule's row. */
export const conditionsOf = (rule: CustomRule): RuleConditions => ({
  customerStatus: rule.customerStatus,
  projectType: rule.projectType,
  budgetRange: rule.budgetRange,
  minAmount: rule.minAmount === null ? null : (toCents(rule.minAmount) ?? null),
});

/** What a trigger's search is narrowed by: one customer or record, the rule's conditions, the events since. */
type Search = {
  today: string;
  customerId?: string;
  subjectId?: string;
  conditions?: RuleConditions;
  since: Date;
  /** the customer-status condition as a filter */
  ofStatus: SQL | undefined;
};

/** A search's own narrowing: the customer's status, one customer's records, one record. */
function narrowed(
  search: Pick<Search, "ofStatus" | "customerId" | "subjectId">,
  customerColumn: PgColumn,
  idColumn: PgColumn,
) {
  return and(
    search.ofStatus,
    search.customerId ? eq(customerColumn, search.customerId) : undefined,
    search.subjectId ? eq(idColumn, search.subjectId) : undefined,
  );
}

/** Each trigger's search: the records that still qualify, as subjects. */
const finders: Record<RuleTrigger, (db: Queryable, search: Search) => Promise<TriggerSubject[]>> = {
  proposal_unsigned(db, search) {
    // out: sent or opened, not past its last day
    const out = and(inArray(proposals.status, ["sent", "viewed"]), sql`${proposals.expiresOn} >= ${search.today}`);
    return proposalSubjects(db, search, { at: proposals.sentAt, where: out, validUntil: true, fromEver: true });
  },
  async invoice_overdue(db, { customerId, subjectId, conditions, ofStatus }) {
    const rows = await db
      .select({
        id: invoices.id,
        number: invoices.invoiceNumber,
        balanceDue: invoices.balanceDue,
        dueDate: invoices.dueDate,
        customerId: invoices.customerId,
        projectId: invoices.projectId,
        name: customers.name,
        email: customers.email,
      })
      .from(invoices)
      .innerJoin(customers, eq(customers.id, invoices.customerId))
      .where(
        and(
          // sent and neither paid nor cancelled: Outstanding, as the lists count it
          outstandingCondition(),
          gt(invoices.balanceDue, "0"),
          conditions?.minAmount ? gte(invoices.balanceDue, centsToDecimal(conditions.minAmount)) : undefined,
          isNotNull(invoices.dueDate),
          narrowed({ ofStatus, customerId, subjectId }, invoices.customerId, invoices.id),
        ),
      );
    return rows.map((row) => ({
      subjectType: "invoice",
      subjectId: row.id,
      subjectLabel: `${row.number} · ${row.name}`,
      baseAt: utcDate(row.dueDate ?? "1970-01-01"),
      customerId: row.customerId,
      projectId: row.projectId,
      to: row.email,
      values: {
        client_name: row.name,
        document_number: row.number,
        amount: formatMoney(toCents(row.balanceDue) ?? 0),
        due_date: displayDate(row.dueDate),
      },
      adminPath: `/admin/invoices/${row.id}`,
    }));
  },
  async inquiry_new(db, { customerId, subjectId, conditions }) {
    // an inquiry is nobody's customer yet: none when a customer's list asks
    if (customerId) return [];
    const rows = await db
      .select({
        id: contactSubmissions.id,
        name: contactSubmissions.name,
        email: contactSubmissions.email,
        createdAt: contactSubmissions.createdAt,
      })
      .from(contactSubmissions)
      .where(
        and(
          eq(contactSubmissions.status, "new"),
          conditions?.projectType ? eq(contactSubmissions.projectType, conditions.projectType) : undefined,
          conditions?.budgetRange ? eq(contactSubmissions.budgetRange, conditions.budgetRange) : undefined,
          subjectId ? eq(contactSubmissions.id, subjectId) : undefined,
        ),
      );
    return rows.map((row) => ({
      subjectType: "inquiry",
      subjectId: row.id,
      subjectLabel: `${row.name} <${row.email}>`,
      baseAt: row.createdAt,
      customerId: null,
      projectId: null,
      to: row.email,
      values: { client_name: row.name },
      adminPath: "/admin/dashboard",
    }));
  },
  project_end_date(db, search) {
    const open = and(isNotNull(projects.endDate), notInArray(projects.status, ["completed", "cancelled"]));
    return projectSubjects(db, search, { where: open, fromEver: true });
  },
  proposal_signed(db, search) {
    return proposalSubjects(db, search, { at: proposals.signedAt, where: eq(proposals.status, "signed") });
  },
  async invoice_paid(db, { customerId, subjectId, conditions, since, ofStatus }) {
    // paid when its last payment was recorded (an invoice settled by a credit: when it was last changed); the
    // row changes as it becomes paid, so its updated_at bounds the search
    const lastPayment = db
      .select({
        invoiceId: payments.invoiceId,
        at: sql<Date>`max(${payments.createdAt})`.as("at"),
        day: sql<string>`max(${payments.paidOn})::text`.as("day"),
      })
      .from(payments)
      .groupBy(payments.invoiceId)
      .as("last_payment");
    const paidAt = sql<Date>`coalesce(${lastPayment.at}, ${invoices.updatedAt})`;
    const rows = await db
      .select({
        id: invoices.id,
        number: invoices.invoiceNumber,
        total: invoices.totalAmount,
        paidAt: paidAt.mapWith(invoices.updatedAt),
        paidOn: lastPayment.day,
        customerId: invoices.customerId,
        projectId: invoices.projectId,
        name: customers.name,
        email: customers.email,
      })
      .from(invoices)
      .innerJoin(customers, eq(customers.id, invoices.customerId))
      .leftJoin(lastPayment, eq(lastPayment.invoiceId, invoices.id))
      .where(
        and(
          eq(invoices.status, "paid"),
          eq(invoices.invoiceType, "invoice"),
          sql`${invoices.voidedAt} is null`,
          gte(invoices.updatedAt, since),
          sql`${paidAt} >= ${since.toISOString()}::timestamptz`,
          conditions?.minAmount ? gte(invoices.totalAmount, centsToDecimal(conditions.minAmount)) : undefined,
          narrowed({ ofStatus, customerId, subjectId }, invoices.customerId, invoices.id),
        ),
      );
    return rows.map((row) => ({
      subjectType: "invoice",
      subjectId: row.id,
      subjectLabel: `${row.number} · ${row.name}`,
      baseAt: row.paidAt,
      customerId: row.customerId,
      projectId: row.projectId,
      to: row.email,
      values: {
        client_name: row.name,
        document_number: row.number,
        amount: formatMoney(toCents(row.total) ?? 0),
        payment_date: displayDate(row.paidOn ?? isoDay(row.paidAt)),
      },
      adminPath: `/admin/invoices/${row.id}`,
    }));
  },
  project_completed(db, search) {
    return projectSubjects(db, search, { where: eq(projects.status, "completed") });
  },
  proposal_viewed(db, search) {
    const open = and(eq(proposals.status, "viewed"), sql`${proposals.expiresOn} >= ${search.today}`);
    return proposalSubjects(db, search, { at: proposals.viewedAt, where: open, validUntil: true });
  },
  proposal_declined(db, search) {
    return proposalSubjects(db, search, { at: proposals.declinedAt, where: eq(proposals.status, "declined") });
  },
  async phase_approved(db, { customerId, subjectId, ofStatus, since }) {
    const rows = await db
      .select({
        id: projectPhases.id,
        phaseName: projectPhases.name,
        approvedAt: projectPhases.approvedAt,
        projectId: projects.id,
        projectName: projects.projectName,
        customerId: projects.customerId,
        name: customers.name,
        email: customers.email,
      })
      .from(projectPhases)
      .innerJoin(projects, eq(projects.id, projectPhases.projectId))
      .innerJoin(customers, eq(customers.id, projects.customerId))
      .where(
        and(
          gte(projectPhases.approvedAt, since),
          narrowed({ ofStatus, customerId, subjectId }, projects.customerId, projectPhases.id),
        ),
      );
    return rows.map((row) => ({
      subjectType: "phase",
      subjectId: row.id,
      subjectLabel: `${row.projectName}: ${row.phaseName} · ${row.name}`,
      baseAt: row.approvedAt ?? new Date(0),
      customerId: row.customerId,
      projectId: row.projectId,
      to: row.email,
      values: { client_name: row.name, project_name: row.projectName, phase_name: row.phaseName },
      adminPath: `/admin/projects/${row.projectId}`,
    }));
  },
  async invoice_sent(db, { customerId, subjectId, conditions, ofStatus, since }) {
    return sentDocuments(db, "invoice", { customerId, subjectId, conditions, ofStatus, since });
  },
  async estimate_accepted(db, { customerId, subjectId, conditions, ofStatus, since }) {
    return sentDocuments(db, "estimate", { customerId, subjectId, conditions, ofStatus, since });
  },
  async questionnaire_answered(db, { customerId, subjectId, ofStatus, since }) {
    const rows = await db
      .select({
        id: questionnaireRequests.id,
        submittedAt: questionnaireRequests.submittedAt,
        customerId: questionnaireRequests.customerId,
        projectId: questionnaireRequests.projectId,
        name: customers.name,
        email: customers.email,
      })
      .from(questionnaireRequests)
      .innerJoin(customers, eq(customers.id, questionnaireRequests.customerId))
      .where(
        and(
          eq(questionnaireRequests.state, "submitted"),
          gte(questionnaireRequests.submittedAt, since),
          narrowed({ ofStatus, customerId, subjectId }, questionnaireRequests.customerId, questionnaireRequests.id),
        ),
      );
    return rows.map((row) => ({
      subjectType: "questionnaire",
      subjectId: row.id,
      subjectLabel: `Questionnaire · ${row.name}`,
      baseAt: row.submittedAt ?? new Date(0),
      customerId: row.customerId,
      projectId: row.projectId,
      to: row.email,
      values: { client_name: row.name },
      adminPath: `/admin/customers/${row.customerId}`,
    }));
  },
  async deliverable_approved(db, search) {
    return answeredDeliverables(db, "approved", search);
  },
  async deliverable_changes_requested(db, search) {
    return answeredDeliverables(db, "changes_requested", search);
  },
};

/**
 * Proposals in a state, counted from one of their moments (`at`): from `since` on, but for a trigger that counts
 * from a moment long past (`fromEver`: a proposal still out counts from its sending); `validUntil` offers its
 * last day.
 */
async function proposalSubjects(
  db: Queryable,
  { customerId, subjectId, ofStatus, since }: Search,
  trigger: {
    at: typeof proposals.sentAt | typeof proposals.signedAt | typeof proposals.viewedAt | typeof proposals.declinedAt;
    where: SQL | undefined;
    validUntil?: boolean;
    fromEver?: boolean;
  },
): Promise<TriggerSubject[]> {
  const rows = await db
    .select({
      id: proposals.id,
      number: proposals.proposalNumber,
      title: proposals.title,
      expiresOn: proposals.expiresOn,
      at: trigger.at,
      customerId: proposals.customerId,
      projectId: proposals.projectId,
      name: customers.name,
      email: customers.email,
    })
    .from(proposals)
    .innerJoin(customers, eq(customers.id, proposals.customerId))
    .where(
      and(
        trigger.where,
        trigger.fromEver ? isNotNull(trigger.at) : gte(trigger.at, since),
        narrowed({ ofStatus, customerId, subjectId }, proposals.customerId, proposals.id),
      ),
    );
  return rows.map((row) => ({
    subjectType: "proposal",
    subjectId: row.id,
    subjectLabel: `${row.number} · ${row.name}`,
    baseAt: row.at ?? new Date(0),
    customerId: row.customerId,
    projectId: row.projectId,
    to: row.email,
    values: {
      client_name: row.name,
      document_number: row.number,
      proposal_title: row.title,
      ...(trigger.validUntil ? { valid_until: displayDate(row.expiresOn) } : {}),
    },
    adminPath: `/admin/proposals/${row.id}`,
  }));
}

/** Projects: completed (from when, since `since`), or open with an end date (from that day: `fromEver`). */
async function projectSubjects(
  db: Queryable,
  { customerId, subjectId, ofStatus, since }: Search,
  trigger: { where: SQL | undefined; fromEver?: boolean },
): Promise<TriggerSubject[]> {
  const rows = await db
    .select({
      id: projects.id,
      projectName: projects.projectName,
      endDate: projects.endDate,
      completedAt: projects.completedAt,
      customerId: projects.customerId,
      name: customers.name,
      email: customers.email,
    })
    .from(projects)
    .innerJoin(customers, eq(customers.id, projects.customerId))
    .where(
      and(
        trigger.where,
        trigger.fromEver ? undefined : gte(projects.completedAt, since),
        narrowed({ ofStatus, customerId, subjectId }, projects.customerId, projects.id),
      ),
    );
  return rows.map((row) => ({
    subjectType: "project",
    subjectId: row.id,
    subjectLabel: `${row.projectName} · ${row.name}`,
    baseAt: trigger.fromEver ? utcDate(row.endDate ?? "1970-01-01") : (row.completedAt ?? new Date(0)),
    customerId: row.customerId,
    projectId: row.id,
    to: row.email,
    values: {
      client_name: row.name,
      project_name: row.projectName,
      ...(trigger.fromEver ? { end_date: displayDate(row.endDate) } : {}),
    },
    adminPath: `/admin/projects/${row.id}`,
  }));
}

/** Invoices sent (from their sending, while not cancelled) or estimates accepted (from the client's answer). */
async function sentDocuments(
  db: Queryable,
  type: "invoice" | "estimate",
  { customerId, subjectId, conditions, ofStatus, since }: Omit<Search, "today">,
): Promise<TriggerSubject[]> {
  const at = type === "invoice" ? invoices.sentAt : invoices.acceptedAt;
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.invoiceNumber,
      total: invoices.totalAmount,
      dueDate: invoices.dueDate,
      at,
      customerId: invoices.customerId,
      projectId: invoices.projectId,
      name: customers.name,
      email: customers.email,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(
      and(
        eq(invoices.invoiceType, type),
        type === "invoice"
          ? and(notInArray(invoices.status, ["draft", "cancelled"]), sql`${invoices.voidedAt} is null`)
          : eq(invoices.status, "accepted"),
        gte(at, since),
        conditions?.minAmount ? gte(invoices.totalAmount, centsToDecimal(conditions.minAmount)) : undefined,
        narrowed({ ofStatus, customerId, subjectId }, invoices.customerId, invoices.id),
      ),
    );
  return rows.map((row) => ({
    subjectType: type,
    subjectId: row.id,
    subjectLabel: `${row.number} · ${row.name}`,
    baseAt: row.at ?? new Date(0),
    customerId: row.customerId,
    projectId: row.projectId,
    to: row.email,
    values: {
      client_name: row.name,
      document_number: row.number,
      amount: formatMoney(toCents(row.total) ?? 0),
      ...(type === "invoice" ? { due_date: displayDate(row.dueDate) } : {}),
    },
    adminPath: `/admin/invoices/${row.id}`,
  }));
}

/** A deliverable's version the client approved or sent back, from their answer (final: one per version). */
async function answeredDeliverables(
  db: Queryable,
  answer: "approved" | "changes_requested",
  { customerId, subjectId, ofStatus, since }: Search,
): Promise<TriggerSubject[]> {
  const rows = await db
    .select({
      id: deliverableAnswerRecords.id,
      answeredAt: deliverableAnswerRecords.answeredAt,
      version: deliverableVersions.version,
      title: deliverables.title,
      projectId: projects.id,
      projectName: projects.projectName,
      customerId: projects.customerId,
      name: customers.name,
      email: customers.email,
    })
    .from(deliverableAnswerRecords)
    .innerJoin(deliverableVersions, eq(deliverableVersions.id, deliverableAnswerRecords.versionId))
    .innerJoin(deliverables, eq(deliverables.id, deliverableVersions.deliverableId))
    .innerJoin(projects, eq(projects.id, deliverables.projectId))
    .innerJoin(customers, eq(customers.id, projects.customerId))
    .where(
      and(
        eq(deliverableAnswerRecords.answer, answer),
        gte(deliverableAnswerRecords.answeredAt, since),
        narrowed({ ofStatus, customerId, subjectId }, projects.customerId, deliverableAnswerRecords.id),
      ),
    );
  return rows.map((row) => ({
    subjectType: "deliverable",
    subjectId: row.id,
    subjectLabel: `${row.title} v${row.version} · ${row.name}`,
    baseAt: row.answeredAt,
    customerId: row.customerId,
    projectId: row.projectId,
    to: row.email,
    values: { client_name: row.name, project_name: row.projectName, deliverable_title: `${row.title} v${row.version}` },
    adminPath: `/admin/projects/${row.projectId}/room`,
  }));
}

/**
 * The records `trigger` finds that still qualify and meet the rule's conditions: of one customer, or one record
 * (`subjectId`), or all. `today` is the studio's day (a proposal past its last day is expired). An event's trigger
 * (signed, paid, completed) finds only the events at or after `since` (a rule never reaches further back).
 */
export function triggerSubjects(
  db: Queryable,
  trigger: RuleTrigger,
  options: { today: string; customerId?: string; subjectId?: string; conditions?: RuleConditions; since?: Date },
): Promise<TriggerSubject[]> {
  const status = options.conditions?.customerStatus;
  return finders[trigger](db, {
    ...options,
    since: options.since ?? new Date(0),
    ofStatus: status ? eq(customers.status, status) : undefined,
  });
}

// ---------------------------------------------------------------- opting out of automatic mail

export async function optOut(db: Queryable, email: string): Promise<void> {
  await db
    .insert(mailOptOuts)
    .values({ email: normaliseEmail(email) })
    .onConflictDoNothing();
}

export async function optedOut(db: Queryable, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: mailOptOuts.email })
    .from(mailOptOuts)
    .where(eq(mailOptOuts.email, normaliseEmail(email)));
  return row !== undefined;
}
