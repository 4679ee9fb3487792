/**
 * Questionnaires' queries: the owner's questionnaires and their versions, the copies sent to customers
 * (always read with the customer's id where a client asks), their links (token hashes only), their
 * history and the review items. A version with a copy sent is never updated.
 */
import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import {
  customers,
  projects,
  questionnaireEvents,
  questionnaireLinks,
  questionnaireRequests,
  questionnaires,
  questionnaireVersions,
  reviewItems,
} from "#app/db/schema.ts";
import type { Answers, Question, RecordField, RequestState } from "#app/domain/questionnaire-words.ts";
import type { ProposedChange, RecordValues } from "#app/domain/questionnaires.ts";

// ---------------------------------------------------------------- the owner's questionnaires

export async function listQuestionnaires(db: Queryable) {
  return db
    .select({
      id: questionnaires.id,
      name: questionnaires.name,
      projectType: questionnaires.projectType,
      updatedAt: questionnaires.updatedAt,
      version: sql<number>`(select max(${questionnaireVersions.version}) from ${questionnaireVersions} where ${questionnaireVersions.questionnaireId} = ${questionnaires.id})::int`,
      questions: sql<number>`(select jsonb_array_length(v.questions) from ${questionnaireVersions} v where v.questionnaire_id = ${questionnaires.id} order by v.version desc limit 1)::int`,
      sent: sql<number>`(select count(*) from ${questionnaireRequests} where ${questionnaireRequests.questionnaireId} = ${questionnaires.id})::int`,
    })
    .from(questionnaires)
    .orderBy(asc(questionnaires.name), asc(questionnaires.id))
    .limit(200);
}

export async function insertQuestionnaire(db: Queryable, row: { name: string; projectType: string | null }) {
  const [created] = await db.insert(questionnaires).values(row).returning({ id: questionnaires.id });
  if (!created) throw new Error("questionnaire insert returned no row");
  await db.insert(questionnaireVersions).values({ questionnaireId: created.id, version: 1, questions: [] });
  return created;
}

export async function updateQuestionnaire(
  db: Queryable,
  id: string,
  row: { name: string; projectType: string | null },
) {
  const rows = await db
    .update(questionnaires)
    .set({ ...row, updatedAt: new Date() })
    .where(eq(questionnaires.id, id))
    .returning({ id: questionnaires.id });
  return rows.length > 0;
}

/** The questionnaire with its latest version (locked when `lock`: the builder's edits take it). */
export async function getQuestionnaire(db: Queryable, id: string, lock = false) {
  const [row] = await db.select().from(questionnaires).where(eq(questionnaires.id, id));
  if (!row) return null;
  const query = db
    .select()
    .from(questionnaireVersions)
    .where(eq(questionnaireVersions.questionnaireId, id))
    .orderBy(desc(questionnaireVersions.version))
    .limit(1);
  const [latest] = lock ? await query.for("update") : await query;
  if (!latest) return null;
  return { ...row, latest };
}

export async function versionIsSent(db: Queryable, versionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: questionnaireRequests.id })
    .from(questionnaireRequests)
    .where(eq(questionnaireRequests.versionId, versionId))
    .limit(1);
  return row !== undefined;
}

export async function updateVersionQuestions(db: Queryable, versionId: string, questions: Question[]) {
  await db.update(questionnaireVersions).set({ questions }).where(eq(questionnaireVersions.id, versionId));
}

export async function insertVersion(db: Queryable, questionnaireId: string, version: number, questions: Question[]) {
  await db.insert(questionnaireVersions).values({ questionnaireId, version, questions });
  await db.update(questionnaires).set({ updatedAt: new Date() }).where(eq(questionnaires.id, questionnaireId));
}

/** The questionnaire a project type starts with (the newest made for it), for the proposal editor's default. */
export async function questionnaireChoices(db: Queryable) {
  return db
    .select({ id: questionnaires.id, name: questionnaires.name, projectType: questionnaires.projectType })
    .from(questionnaires)
    .orderBy(asc(questionnaires.name))
    .limit(200);
}

// ---------------------------------------------------------------- sent copies

export async function insertRequest(
  db: Queryable,
  row: {
    questionnaireId: string;
    versionId: string;
    customerId: string;
    projectId: string | null;
    proposalId: string | null;
    sentAt: Date;
  },
): Promise<{ id: string } | null> {
  const [created] = await db
    .insert(questionnaireRequests)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: questionnaireRequests.id });
  if (created) await insertEvent(db, created.id, "sent", null, row.sentAt);
  return created ?? null;
}

export async function insertEvent(db: Queryable, requestId: string, kind: string, reason: string | null, at: Date) {
  await db.insert(questionnaireEvents).values({ requestId, kind, reason, at });
}

const requestColumns = {
  id: questionnaireRequests.id,
  questionnaireId: questionnaireRequests.questionnaireId,
  name: questionnaires.name,
  version: questionnaireVersions.version,
  questions: questionnaireVersions.questions,
  customerId: questionnaireRequests.customerId,
  customerName: customers.name,
  customerEmail: customers.email,
  projectId: questionnaireRequests.projectId,
  state: questionnaireRequests.state,
  answers: questionnaireRequests.answers,
  reopenReason: questionnaireRequests.reopenReason,
  sentAt: questionnaireRequests.sentAt,
  savedAt: questionnaireRequests.savedAt,
  submittedAt: questionnaireRequests.submittedAt,
};

function requestQuery(db: Queryable) {
  return db
    .select(requestColumns)
    .from(questionnaireRequests)
    .innerJoin(questionnaires, eq(questionnaires.id, questionnaireRequests.questionnaireId))
    .innerJoin(questionnaireVersions, eq(questionnaireVersions.id, questionnaireRequests.versionId))
    .innerJoin(customers, eq(customers.id, questionnaireRequests.customerId));
}

/** One sent copy with its version's questions (locked for the client's save or submit, the owner's reopen). */
export async function getRequest(db: Queryable, id: string, lock = false) {
  const query = requestQuery(db).where(eq(questionnaireRequests.id, id));
  const [row] = lock ? await query.for("update", { of: questionnaireRequests }) : await query;
  return row ?? null;
}

/** One sent copy of this customer, or null (a copy of another customer is never read). */
export async function getCustomerRequest(db: Queryable, customerId: string, id: string) {
  const [row] = await requestQuery(db).where(
    and(eq(questionnaireRequests.id, id), eq(questionnaireRequests.customerId, customerId)),
  );
  return row ?? null;
}

/** The copies sent to a customer (or for a project), newest first, with their pending review count. */
export async function listRequests(db: Queryable, where: { customerId?: string; projectId?: string }) {
  const rows = await db
    .select({
      id: questionnaireRequests.id,
      name: questionnaires.name,
      version: questionnaireVersions.version,
      state: questionnaireRequests.state,
      sentAt: questionnaireRequests.sentAt,
      submittedAt: questionnaireRequests.submittedAt,
      projectName: projects.projectName,
    })
    .from(questionnaireRequests)
    .innerJoin(questionnaires, eq(questionnaires.id, questionnaireRequests.questionnaireId))
    .innerJoin(questionnaireVersions, eq(questionnaireVersions.id, questionnaireRequests.versionId))
    .leftJoin(projects, eq(projects.id, questionnaireRequests.projectId))
    .where(
      where.customerId
        ? eq(questionnaireRequests.customerId, where.customerId)
        : eq(questionnaireRequests.projectId, where.projectId ?? ""),
    )
    .orderBy(desc(questionnaireRequests.sentAt), desc(questionnaireRequests.id))
    .limit(100);
  return rows.map((row) => ({ ...row, state: row.state as RequestState }));
}

export async function saveAnswers(
  db: Queryable,
  id: string,
  values: { answers: Answers; state: RequestState; savedAt?: Date; submittedAt?: Date },
) {
  await db
    .update(questionnaireRequests)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(questionnaireRequests.id, id));
}

export async function setRequestState(db: Queryable, id: string, state: RequestState, reopenReason: string | null) {
  await db
    .update(questionnaireRequests)
    .set({ state, reopenReason, updatedAt: new Date() })
    .where(eq(questionnaireRequests.id, id));
}

export async function listEvents(db: Queryable, requestId: string) {
  return db
    .select({
      id: questionnaireEvents.id,
      kind: questionnaireEvents.kind,
      reason: questionnaireEvents.reason,
      at: questionnaireEvents.at,
    })
    .from(questionnaireEvents)
    .where(eq(questionnaireEvents.requestId, requestId))
    .orderBy(asc(questionnaireEvents.at), asc(questionnaireEvents.id));
}

// ---------------------------------------------------------------- links

export async function insertQuestionnaireLink(
  db: Queryable,
  row: { requestId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
) {
  await db.insert(questionnaireLinks).values(row);
}

/** What a token names: its copy and whether it still opens it (not revoked, not expired at `now`). */
export async function findQuestionnaireLink(db: Queryable, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      requestId: questionnaireLinks.requestId,
      live: sql<boolean>`(${questionnaireLinks.revokedAt} is null and ${questionnaireLinks.expiresAt} > ${now.toISOString()}::timestamptz)`,
    })
    .from(questionnaireLinks)
    .where(eq(questionnaireLinks.tokenHash, tokenHash));
  return row ? { requestId: row.requestId, live: Boolean(row.live) } : null;
}

export async function revokeQuestionnaireLinks(db: Queryable, requestId: string, now: Date): Promise<number> {
  const rows = await db
    .update(questionnaireLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(questionnaireLinks.requestId, requestId),
        isNull(questionnaireLinks.revokedAt),
        gt(questionnaireLinks.expiresAt, now),
      ),
    )
    .returning({ id: questionnaireLinks.id });
  return rows.length;
}

// ---------------------------------------------------------------- the customer's record and review items

const recordColumns = {
  billing_address: customers.billingAddress,
  phone: customers.phoneNumber,
  website: customers.websiteUrl,
} as const;

export async function customerRecordValues(db: Queryable, customerId: string): Promise<RecordValues | null> {
  const [row] = await db.select(recordColumns).from(customers).where(eq(customers.id, customerId));
  return row ?? null;
}

/** Stores the proposed changes; one still pending for the same field and value is not repeated. */
export async function insertReviewItems(
  db: Queryable,
  requestId: string,
  customerId: string,
  changes: ProposedChange[],
) {
  for (const change of changes) {
    const [pending] = await db
      .select({ id: reviewItems.id })
      .from(reviewItems)
      .where(
        and(
          eq(reviewItems.customerId, customerId),
          eq(reviewItems.field, change.field),
          eq(reviewItems.status, "pending"),
          eq(reviewItems.proposedValue, change.proposed),
        ),
      );
    if (pending) continue;
    await db.insert(reviewItems).values({
      requestId,
      customerId,
      field: change.field,
      questionLabel: change.label.slice(0, 200),
      proposedValue: change.proposed,
      currentValue: change.current,
    });
  }
}

export async function listReviewItems(db: Queryable, where: { customerId?: string } = {}) {
  return db
    .select({
      id: reviewItems.id,
      customerId: reviewItems.customerId,
      customerName: customers.name,
      field: reviewItems.field,
      questionLabel: reviewItems.questionLabel,
      proposedValue: reviewItems.proposedValue,
      currentValue: sql<string | null>`case ${reviewItems.field}
        when 'billing_address' then ${customers.billingAddress}
        when 'phone' then ${customers.phoneNumber}
        else ${customers.websiteUrl} end`,
      createdAt: reviewItems.createdAt,
    })
    .from(reviewItems)
    .innerJoin(customers, eq(customers.id, reviewItems.customerId))
    .where(
      and(
        eq(reviewItems.status, "pending"),
        where.customerId ? eq(reviewItems.customerId, where.customerId) : undefined,
      ),
    )
    .orderBy(asc(reviewItems.createdAt), asc(reviewItems.id))
    .limit(200);
}

export async function pendingReviewCount(db: Queryable, customerId?: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(reviewItems)
    .where(and(eq(reviewItems.status, "pending"), customerId ? eq(reviewItems.customerId, customerId) : undefined));
  return Number(row?.count ?? 0);
}

/** Takes a pending item for a decision (locked), or null when it is gone or decided already. */
export async function lockPendingReview(db: Queryable, id: string) {
  const [row] = await db
    .select()
    .from(reviewItems)
    .where(and(eq(reviewItems.id, id), eq(reviewItems.status, "pending")))
    .for("update");
  return row ?? null;
}

export async function decideReview(
  db: Queryable,
  id: string,
  decision: { status: "accepted" | "rejected"; acceptedValue: string | null; decidedBy: string; decidedAt: Date },
) {
  await db.update(reviewItems).set(decision).where(eq(reviewItems.id, id));
}

/** Writes one record field of the customer (only an accepted review item calls it). */
export async function setCustomerRecordField(
  db: Queryable,
  customerId: string,
  field: RecordField,
  value: string | null,
) {
  const column = { billing_address: "billingAddress", phone: "phoneNumber", website: "websiteUrl" } as const;
  await db
    .update(customers)
    .set({ [column[field]]: value, updatedAt: new Date() })
    .where(eq(customers.id, customerId));
}

export async function reviewItemsOfRequest(db: Queryable, requestId: string) {
  return db
    .select({
      id: reviewItems.id,
      field: reviewItems.field,
      proposedValue: reviewItems.proposedValue,
      status: reviewItems.status,
    })
    .from(reviewItems)
    .where(eq(reviewItems.requestId, requestId))
    .orderBy(asc(reviewItems.createdAt));
}

/** The customer page's Questionnaires card: the copies sent, what can be sent, the projects, the pending reviews. */
export async function customerQuestionnaireCard(db: Queryable, customerId: string) {
  const [sent, choices, projectRows, pendingReviews] = await Promise.all([
    listRequests(db, { customerId }),
    questionnaireChoices(db),
    db
      .select({ id: projects.id, projectName: projects.projectName })
      .from(projects)
      .where(eq(projects.customerId, customerId))
      .orderBy(desc(projects.createdAt))
      .limit(50),
    pendingReviewCount(db, customerId),
  ]);
  return { sent, choices, projects: projectRows, pendingReviews };
}
