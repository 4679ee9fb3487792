/**
 * Onboarding questionnaires (domain/questionnaires.ts). The owner edits a questionnaire: while its
 * latest version was never sent the edit changes it, otherwise the edit makes the next version, so a
 * sent copy keeps the questions it was sent with. A copy is sent by hand or when a signed proposal
 * names a questionnaire (in the signing's transaction, once per proposal); its mail is sealed (it
 * carries the link). The client's link is a 256-bit token stored as its SHA-256, looked up under a
 * per-address limit; an expired or revoked link says so and offers a fresh one by mail to the
 * customer's address. Answers never touch the customer's record: a submitted answer to a mapped
 * question that differs from the record is a review item, and only the owner's accept changes the
 * record (audited in the same transaction).
 */
import type { Config } from "#app/config.server.ts";
import type { Db, Queryable } from "#app/db/client.server.ts";
import { parseUuid } from "#app/domain/ids.ts";
import {
  type Answers,
  type Question,
  questionLimits,
  questionnaireMessages,
  type RecordField,
  type RequestState,
} from "#app/domain/questionnaire-words.ts";
import {
  isAnswerable,
  missingAnswers,
  nextQuestionId,
  proposedChanges,
  type QuestionForm,
  questionFromForm,
  questionnaireLinkExpiry,
  questionnaireLinkPath,
  questionnaireMail,
  stateAfterSave,
} from "#app/domain/questionnaires.ts";
import { fail, type Result } from "#app/domain/result.ts";
import { httpUrl, phoneNumber } from "#app/domain/validation.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import { portalCustomer } from "#app/models/portal.server.ts";
import {
  customerRecordValues,
  findQuestionnaireLink,
  getCustomerRequest,
  getQuestionnaire,
  getRequest,
  insertEvent,
  insertQuestionnaire,
  insertQuestionnaireLink,
  insertRequest,
  insertReviewItems,
  insertVersion,
  listRequests,
  lockPendingReview,
  revokeQuestionnaireLinks,
  saveAnswers,
  setCustomerRecordField,
  setRequestState,
  decideReview as storeDecision,
  updateQuestionnaire,
  updateVersionQuestions,
  versionIsSent,
} from "#app/models/questionnaires.server.ts";
import { getStoredFile } from "#app/models/stored-files.server.ts";
import { auditAction, auditedChange } from "#app/services/audit.server.ts";
import { clientTokenHash, newClientToken } from "#app/services/client-links.server.ts";
import { enqueueMail, mailKey } from "#app/services/mail.server.ts";
import { hitAddressLimit, hitRateLimit } from "#app/services/rate-limit.server.ts";

type Deps = { db: Db; config: Pick<Config, "publicUrl" | "sessionSecret"> };
type Actor = { userId: string; email: string };

/** Opens of questionnaire links per address: plenty for a client, far too few to guess a token. */
const questionnaireOpenLimit = { limit: 120, windowMs: 10 * 60_000 };
/** Fresh links mailed per copy (no mail bombing a client from an old link). */
const freshLinkLimit = { limit: 3, windowMs: 60 * 60_000 };

// ---------------------------------------------------------------- the owner's builder

/** Creates or renames a questionnaire; audited. */
export function saveQuestionnaire(
  db: Db,
  input: { id: string | null; name: string; projectType: string | null; actor: Actor; ip: string | null },
): Promise<Result<{ id: string }, "not-found">> {
  return auditedChange(
    db,
    async (tx): Promise<Result<{ id: string }, "not-found">> => {
      const row = { name: input.name, projectType: input.projectType };
      if (!input.id) return { ok: true, ...(await insertQuestionnaire(tx, row)) };
      return (await updateQuestionnaire(tx, input.id, row)) ? { ok: true, id: input.id } : fail("not-found");
    },
    {
      actor: input.actor,
      ip: input.ip,
      event: "questionnaire_saved",
      when: (result) => result.ok,
      detail: (result) => ({ questionnaire: result.ok ? result.id : null }),
    },
  );
}

/**
 * Changes the questions: the latest version in place while no copy of it was sent, else a new version
 * (the sent copies keep theirs). Answers the version the questions now live in.
 */
export function editQuestions(
  db: Db,
  input: { questionnaireId: string; actor: Actor; ip: string | null },
  change: (questions: readonly Question[]) => Result<{ questions: Question[] }>,
): Promise<Result<{ version: number }, "not-found" | "refused">> {
  return auditedChange(
    db,
    async (tx): Promise<Result<{ version: number }, "not-found" | "refused">> => {
      const questionnaire = await getQuestionnaire(tx, input.questionnaireId, true);
      if (!questionnaire) return fail("not-found");
      const changed = change(questionnaire.latest.questions);
      if (!changed.ok) return fail("refused", { message: changed.message, field: changed.field });
      if (changed.questions.length > questionLimits.questions) {
        return fail("refused", { message: questionnaireMessages.tooManyQuestions });
      }
      if (await versionIsSent(tx, questionnaire.latest.id)) {
        const version = questionnaire.latest.version + 1;
        await insertVersion(tx, questionnaire.id, version, changed.questions);
        return { ok: true, version };
      }
      await updateVersionQuestions(tx, questionnaire.latest.id, changed.questions);
      return { ok: true, version: questionnaire.latest.version };
    },
    {
      actor: input.actor,
      ip: input.ip,
      event: "questionnaire_saved",
      when: (result) => result.ok,
      detail: (result) => ({ questionnaire: input.questionnaireId, version: result.ok ? result.version : null }),
    },
  );
}

/** The builder's add or edit of one question, as a change for `editQuestions`. */
export function putQuestion(form: QuestionForm) {
  return (questions: readonly Question[]): Result<{ questions: Question[] }> => {
    if (form.intent === "add-question") {
      return { ok: true, questions: [...questions, questionFromForm(form, nextQuestionId(questions))] };
    }
    const index = questions.findIndex((question) => question.id === form.question_id);
    if (index < 0) return { ok: false, message: questionnaireMessages.notFound };
    const list = [...questions];
    list[index] = questionFromForm(form, questions[index]?.id ?? "");
    return { ok: true, questions: list };
  };
}

// ---------------------------------------------------------------- sending

async function issueLink(tx: Queryable, publicUrl: string, requestId: string, now: Date): Promise<string> {
  const { token, hash } = newClientToken();
  await insertQuestionnaireLink(tx, {
    requestId,
    tokenHash: hash,
    createdAt: now,
    expiresAt: questionnaireLinkExpiry(now),
  });
  return new URL(questionnaireLinkPath(token), publicUrl).toString();
}

/** A fresh link to the copy, mailed (sealed) to the customer; with `reason` it is the reopening's mail. */
async function mailLink(
  tx: Queryable,
  deps: Deps,
  requestId: string,
  now: Date,
  reason?: string,
): Promise<string | null> {
  const request = await getRequest(tx, requestId);
  if (!request) return null;
  const link = await issueLink(tx, deps.config.publicUrl, requestId, now);
  const studio = await getStudioIdentity(tx);
  const mail = questionnaireMail({
    studioName: studio.businessName,
    customerName: request.customerName,
    questionnaireName: request.name,
    link,
    ...(reason !== undefined ? { reason } : {}),
  });
  await enqueueMail(tx, { to: request.customerEmail, ...mail }, { seal: mailKey(deps.config.sessionSecret) });
  return request.customerEmail;
}

/**
 * Sends the questionnaire's latest version to the customer (optionally for a project, or for the
 * proposal whose signing sends it: once per proposal). Inside the caller's transaction. Answers the
 * copy's id, or null when there is nothing to send (no such questionnaire or customer, sent already).
 */
export async function queueQuestionnaire(
  tx: Queryable,
  deps: Deps,
  input: {
    questionnaireId: string;
    customerId: string;
    projectId: string | null;
    proposalId: string | null;
    now: Date;
  },
): Promise<{ requestId: string; to: string } | null> {
  const questionnaire = await getQuestionnaire(tx, input.questionnaireId);
  const customer = await portalCustomer(tx, input.customerId);
  if (!questionnaire || !customer) return null;
  const created = await insertRequest(tx, {
    questionnaireId: questionnaire.id,
    versionId: questionnaire.latest.id,
    customerId: customer.id,
    projectId: input.projectId,
    proposalId: input.proposalId,
    sentAt: input.now,
  });
  if (!created) return null;
  const to = await mailLink(tx, deps, created.id, input.now);
  return to ? { requestId: created.id, to } : null;
}

/** The owner's "Send questionnaire": audited. */
export function sendQuestionnaire(
  deps: Deps,
  input: { questionnaireId: string; customerId: string; projectId: string | null; actor: Actor; ip: string | null },
): Promise<Result<{ requestId: string; to: string }, "not-found">> {
  return auditedChange(
    deps.db,
    async (tx): Promise<Result<{ requestId: string; to: string }, "not-found">> => {
      const sent = await queueQuestionnaire(tx, deps, { ...input, proposalId: null, now: new Date() });
      return sent ? { ok: true, ...sent } : fail("not-found");
    },
    {
      actor: input.actor,
      ip: input.ip,
      event: "questionnaire_sent",
      when: (result) => result.ok,
      detail: { questionnaire: input.questionnaireId, customer: input.customerId },
    },
  );
}

// ---------------------------------------------------------------- the client's link

/** An expired or revoked link still names its copy (for a fresh link to the customer's own address). */
type LinkLookup = Result<{ requestId: string }, "not-found" | "expired" | "limited", { requestId?: string }>;

/** The copy a token opens (rate-limited per address before the lookup); `expired` for an expired or revoked link. */
export async function findQuestionnaireByToken(
  db: Db,
  token: unknown,
  ip: string,
  now = new Date(),
): Promise<LinkLookup> {
  const hash = clientTokenHash(token);
  if (!hash) return fail("not-found");
  const limited = await hitAddressLimit(db, "questionnaire", ip, questionnaireOpenLimit, now);
  if (!limited.allowed) return fail("limited", { retryAfterSeconds: limited.retryAfterSeconds });
  const link = await findQuestionnaireLink(db, hash, now);
  if (!link) return fail("not-found");
  return link.live ? { ok: true, requestId: link.requestId } : fail("expired", { requestId: link.requestId });
}

/** The names of the files the answers hold (by stored file id). */
export async function fileNamesOf(db: Queryable, questions: readonly Question[], answers: Answers) {
  const names: Record<string, string> = {};
  for (const question of questions) {
    const id = question.kind === "file" ? parseUuid(answers[question.id]) : null;
    if (!id) continue;
    const file = await getStoredFile(db, id);
    if (file) names[id] = file.name;
  }
  return names;
}

/** The client page's copy: its questions, answers, state, what is still missing. */
export async function loadClientQuestionnaire(db: Queryable, requestId: string) {
  const request = await getRequest(db, requestId);
  if (!request) return null;
  const studio = await getStudioIdentity(db);
  return {
    customerId: request.customerId,
    projectId: request.projectId,
    fileNames: await fileNamesOf(db, request.questions, request.answers),
    studio: { name: studio.businessName, email: studio.email },
    name: request.name,
    customerName: request.customerName,
    state: request.state as RequestState,
    questions: request.questions,
    answers: request.answers,
    reopenReason: request.reopenReason,
    missing: missingAnswers(request.questions, request.answers).map((question) => ({
      id: question.id,
      label: question.label,
    })),
  };
}

/**
 * The client saves (kept as typed, a sent copy is in progress) or submits (the route checked every
 * rule): the answers stored, the history written, the review items made. `closed` once submitted.
 */
export async function answerQuestionnaire(
  db: Db,
  input: { requestId: string; intent: "save" | "submit"; answers: Answers },
  now = new Date(),
): Promise<Result<{ state: RequestState }, "closed" | "not-found">> {
  return db.transaction(async (tx): Promise<Result<{ state: RequestState }, "closed" | "not-found">> => {
    const request = await getRequest(tx, input.requestId, true);
    if (!request) return fail("not-found");
    const state = request.state as RequestState;
    if (!isAnswerable(state)) return fail("closed", { message: questionnaireMessages.notOpen });
    if (input.intent === "save") {
      const next = stateAfterSave(state);
      await saveAnswers(tx, request.id, { answers: input.answers, state: next, savedAt: now });
      return { ok: true, state: next };
    }
    if (missingAnswers(request.questions, input.answers).length > 0) {
      return fail("closed", { message: questionnaireMessages.required });
    }
    await saveAnswers(tx, request.id, { answers: input.answers, state: "submitted", savedAt: now, submittedAt: now });
    await insertEvent(tx, request.id, "submitted", null, now);
    const record = await customerRecordValues(tx, request.customerId);
    if (record) {
      await insertReviewItems(
        tx,
        request.id,
        request.customerId,
        proposedChanges(request.questions, input.answers, record),
      );
    }
    return { ok: true, state: "submitted" };
  });
}

/** An expired or revoked link's "Email me a fresh link": to the customer's own address, a few an hour. */
export async function mailFreshLink(
  deps: Deps,
  requestId: string,
  now = new Date(),
): Promise<Result<object, "limited">> {
  return deps.db.transaction(async (tx): Promise<Result<object, "limited">> => {
    const limited = await hitRateLimit(tx, `questionnaire-fresh:${requestId}`, freshLinkLimit, now);
    if (!limited.allowed) return fail("limited", { retryAfterSeconds: limited.retryAfterSeconds });
    await mailLink(tx, deps, requestId, now);
    return { ok: true };
  });
}

// ---------------------------------------------------------------- the owner's actions on a copy

/** Reopens a submitted copy with the reason, mailed with a fresh link; audited. */
export function reopenQuestionnaire(
  deps: Deps,
  input: { requestId: string; reason: string; actor: Actor; ip: string | null; now?: Date },
): Promise<Result<{ to: string }, "not-found" | "refused">> {
  const now = input.now ?? new Date();
  return auditedChange(
    deps.db,
    async (tx): Promise<Result<{ to: string }, "not-found" | "refused">> => {
      const request = await getRequest(tx, input.requestId, true);
      if (!request) return fail("not-found");
      if (request.state !== "submitted")
        return fail("refused", { message: "Only a submitted questionnaire can be reopened" });
      await setRequestState(tx, request.id, "reopened", input.reason);
      await insertEvent(tx, request.id, "reopened", input.reason, now);
      const to = await mailLink(tx, deps, request.id, now, input.reason);
      return to ? { ok: true, to } : fail("not-found");
    },
    {
      actor: input.actor,
      ip: input.ip,
      event: "questionnaire_reopened",
      when: (result) => result.ok,
      detail: { request: input.requestId },
    },
  );
}

/** Every live link of the copy stops; audited when any was live. */
export function revokeQuestionnaire(
  db: Db,
  input: { requestId: string; actor: Actor; ip: string | null },
): Promise<{ count: number }> {
  return auditedChange(db, async (tx) => ({ count: await revokeQuestionnaireLinks(tx, input.requestId, new Date()) }), {
    actor: input.actor,
    ip: input.ip,
    event: "questionnaire_links_revoked",
    when: (result) => result.count > 0,
    detail: (result) => ({ request: input.requestId, count: result.count }),
  });
}

// ---------------------------------------------------------------- the review queue

/** An edited value must still fit its field: the phone and website rules, the address's length. */
function checkedValue(field: RecordField, value: string): Result<{ value: string }> {
  const text = value.trim();
  if (text === "") return { ok: false, message: "Enter the value to accept, or reject the change", field: "value" };
  if (field === "phone") {
    const phone = phoneNumber.safeParse(text);
    return phone.success
      ? { ok: true, value: phone.data }
      : { ok: false, message: phone.error.issues[0]?.message ?? "Invalid phone number", field: "value" };
  }
  if (field === "website") {
    const url = httpUrl.safeParse(text);
    return url.success
      ? { ok: true, value: url.data }
      : { ok: false, message: questionnaireMessages.invalidUrl, field: "value" };
  }
  return text.length > 500
    ? { ok: false, message: questionnaireMessages.tooLong(500), field: "value" }
    : { ok: true, value: text };
}

/**
 * The owner decides a pending item: accept (the proposed value, or `value` when edited) writes the
 * customer's field; reject writes nothing. Each decision audited in its transaction.
 */
export async function decideReviewItem(
  db: Db,
  input: { reviewId: string; intent: "accept" | "reject"; value?: string; actor: Actor; ip: string | null },
): Promise<Result<{ customerId: string }, "not-found" | "invalid">> {
  return db.transaction(async (tx): Promise<Result<{ customerId: string }, "not-found" | "invalid">> => {
    const item = await lockPendingReview(tx, input.reviewId);
    if (!item) return fail("not-found");
    const now = new Date();
    if (input.intent === "reject") {
      await storeDecision(tx, item.id, {
        status: "rejected",
        acceptedValue: null,
        decidedBy: input.actor.userId,
        decidedAt: now,
      });
      await auditAction(tx, input.actor, input.ip, "review_rejected", { customer: item.customerId, field: item.field });
      return { ok: true, customerId: item.customerId };
    }
    const checked = checkedValue(item.field, input.value ?? item.proposedValue);
    if (!checked.ok) return fail("invalid", { message: checked.message, field: checked.field });
    await setCustomerRecordField(tx, item.customerId, item.field, checked.value);
    await storeDecision(tx, item.id, {
      status: "accepted",
      acceptedValue: checked.value,
      decidedBy: input.actor.userId,
      decidedAt: now,
    });
    await auditAction(tx, input.actor, input.ip, "review_accepted", {
      customer: item.customerId,
      field: item.field,
      edited: checked.value !== item.proposedValue,
    });
    return { ok: true, customerId: item.customerId };
  });
}

// ---------------------------------------------------------------- the portal

/** The portal's section: the customer's copies with their state (and nothing of the answers). */
export async function portalQuestionnaires(db: Queryable, customerId: string) {
  const rows = await listRequests(db, { customerId });
  return rows.map((row) => ({ id: row.id, name: row.name, state: row.state, sentAt: row.sentAt }));
}

/** The portal's Open button: the copy must be this customer's; a fresh link's path is answered. */
export async function openQuestionnaireFromPortal(
  deps: Deps,
  customerId: string,
  requestId: string,
): Promise<string | null> {
  return deps.db.transaction(async (tx) => {
    const request = await getCustomerRequest(tx, customerId, requestId);
    if (!request) return null;
    return new URL(await issueLink(tx, deps.config.publicUrl, request.id, new Date())).pathname;
  });
}
