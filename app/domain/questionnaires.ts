/**
 * Onboarding questionnaires (the client's project room): the owner builds a questionnaire of questions
 * (short text, long text, choice, checkboxes, date, URL, file); a sent copy keeps the questions of the
 * version it was sent with; the client saves and comes back, then submits; an answer to a question
 * mapped to a customer record field never changes the record: where it differs from the record it
 * becomes a review item the owner accepts, edits or rejects.
 * Pure rules: the builder's schemas, the answers' schema (save or submit), what is still missing, the
 * diff that makes review items, the states and the mails' text.
 */
import { z } from "zod";
import { isIsoDate } from "#app/domain/dates.ts";
import { uuidField } from "#app/domain/id-fields.ts";
import { type MailMessageContent, mailContent, paragraphs } from "#app/domain/mail.ts";
import {
  type Answer,
  type Answers,
  answerField,
  answerText,
  type Question,
  type QuestionKind,
  questionKinds,
  questionLimits,
  questionnaireMessages,
  type RecordField,
  type RequestState,
  recordFields,
} from "#app/domain/questionnaire-words.ts";
import { httpUrl, normaliseLineBreaks, optionalText, requiredText } from "#app/domain/validation.ts";

// ---------------------------------------------------------------- questions

/** Options typed one per line: trimmed, blank lines dropped. */
export function optionLines(text: string | undefined): string[] {
  return normaliseLineBreaks(text ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

const hasOptions = (kind: QuestionKind) => kind === "choice" || kind === "checkboxes";
const mayMap = (kind: QuestionKind) => kind === "short_text" || kind === "long_text" || kind === "url";

/** The builder's form for one question (add or edit). */
export const questionFormSchema = z
  .object({
    intent: z.enum(["add-question", "edit-question"]),
    question_id: z.string().max(20).optional(),
    label: requiredText(
      questionLimits.label,
      questionnaireMessages.labelRequired,
      questionnaireMessages.tooLong(questionLimits.label),
    ),
    help: optionalText(questionLimits.help, "Help text"),
    kind: z.enum(questionKinds),
    required: z.boolean().optional(),
    options: z
      .string()
      .max(questionLimits.options * (questionLimits.option + 2))
      .optional(),
    maps_to: z.enum(recordFields).optional(),
  })
  .superRefine((value, context) => {
    const options = optionLines(value.options);
    if (hasOptions(value.kind)) {
      if (options.length < 2)
        context.addIssue({ code: "custom", path: ["options"], message: questionnaireMessages.twoOptions });
      if (options.length > questionLimits.options) {
        context.addIssue({ code: "custom", path: ["options"], message: questionnaireMessages.tooManyOptions });
      }
      if (options.some((option) => option.length > questionLimits.option)) {
        context.addIssue({ code: "custom", path: ["options"], message: questionnaireMessages.optionTooLong });
      }
      if (new Set(options.map((option) => option.toLowerCase())).size !== options.length) {
        context.addIssue({ code: "custom", path: ["options"], message: questionnaireMessages.duplicateOption });
      }
    }
    if (value.maps_to && !mayMap(value.kind)) {
      context.addIssue({ code: "custom", path: ["maps_to"], message: questionnaireMessages.mapsToKind });
    }
  });
export type QuestionForm = z.output<typeof questionFormSchema>;

/** The stored question a valid form makes (options only for choice and checkboxes). */
export function questionFromForm(form: QuestionForm, id: string): Question {
  return {
    id,
    kind: form.kind,
    label: form.label,
    help: typeof form.help === "string" ? form.help : null,
    required: form.required === true,
    options: hasOptions(form.kind) ? optionLines(form.options) : [],
    mapsTo: form.maps_to && mayMap(form.kind) ? form.maps_to : null,
  };
}

/** A new question's id: not used by any question of the list. */
export function nextQuestionId(questions: readonly Question[]): string {
  const used = new Set(questions.map((question) => question.id));
  let index = questions.length + 1;
  while (used.has(`q${index}`)) index += 1;
  return `q${index}`;
}

/** The questionnaire's own form: its name, and the project type it is the default for. */
export const questionnaireFormSchema = z.object({
  intent: z.literal("save-questionnaire"),
  name: requiredText(questionLimits.name, questionnaireMessages.nameRequired, questionnaireMessages.tooLong(200)),
  project_type: optionalText(50, "Project type"),
});

/** Which form of the questionnaire pages a post is. */
export const questionnaireIntentSchema = z.object({
  intent: z.enum([
    "save-questionnaire",
    "send-questionnaire",
    "add-question",
    "edit-question",
    "remove-question",
    "move-up",
    "move-down",
  ]),
});

/** The builder's row actions on a question. */
export const questionActionSchema = z.object({
  intent: z.enum(["remove-question", "move-up", "move-down"]),
  question_id: z.string().min(1).max(20),
});

/** Moves or removes a question; the list unchanged when the id is unknown or the move goes nowhere. */
export function rearrange(questions: readonly Question[], action: z.output<typeof questionActionSchema>): Question[] {
  const index = questions.findIndex((question) => question.id === action.question_id);
  const list = [...questions];
  if (index < 0) return list;
  if (action.intent === "remove-question") {
    list.splice(index, 1);
    return list;
  }
  const to = action.intent === "move-up" ? index - 1 : index + 1;
  if (to < 0 || to >= list.length) return list;
  const [moved] = list.splice(index, 1);
  if (moved) list.splice(to, 0, moved);
  return list;
}

// ---------------------------------------------------------------- answers

function isBlank(answer: Answer | undefined): boolean {
  if (answer === undefined) return true;
  return Array.isArray(answer) ? answer.length === 0 : answer.trim() === "";
}

/** The required questions without an answer, in the questionnaire's order. */
export function missingAnswers(questions: readonly Question[], answers: Answers): Question[] {
  return questions.filter((question) => question.required && isBlank(answers[question.id]));
}

/** Why an answer cannot be submitted, or null. `required` false when saving for later. */
function answerProblem(question: Question, answer: Answer | undefined, required = true): string | null {
  if (isBlank(answer)) return required && question.required ? questionnaireMessages.required : null;
  const values = Array.isArray(answer) ? answer : [answer as string];
  const text = values[0] ?? "";
  switch (question.kind) {
    case "short_text":
    case "file":
      return text.length > questionLimits.shortAnswer
        ? questionnaireMessages.tooLong(questionLimits.shortAnswer)
        : null;
    case "long_text":
      return text.length > questionLimits.longAnswer ? questionnaireMessages.tooLong(questionLimits.longAnswer) : null;
    case "url":
      return httpUrl.safeParse(text.trim()).success ? null : questionnaireMessages.invalidUrl;
    case "date":
      return isIsoDate(text) ? null : questionnaireMessages.invalidDate;
    case "choice":
      return values.length === 1 && question.options.includes(text) ? null : questionnaireMessages.notAnOption;
    case "checkboxes":
      return values.every((value) => question.options.includes(value)) ? null : questionnaireMessages.notAnOption;
  }
  return null;
}

/** An answer as stored: text trimmed (line breaks kept in long text), URLs with their scheme, blanks dropped. */
function cleanAnswer(question: Question, raw: unknown): Answer | undefined {
  if (question.kind === "checkboxes") {
    const values = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter(
      (value): value is string => typeof value === "string" && value.trim() !== "",
    );
    return values.length ? [...new Set(values.map((value) => value.trim()))] : undefined;
  }
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== "string") return undefined;
  const text = question.kind === "long_text" ? normaliseLineBreaks(value).trim() : value.trim();
  if (text === "") return undefined;
  if (question.kind === "url") {
    const url = httpUrl.safeParse(text);
    return url.success ? url.data : text;
  }
  return text;
}

/**
 * The client's post (`previous`: the stored answers, for file questions sent without a new file): `intent` save (kept as typed, no question required; each answer within its
 * limits) or submit (every rule); each answer under `answer_<id>`. The output is the answers.
 */
export function answersSchema(
  questions: readonly Question[],
  previous: Answers = {},
  uploaded: readonly string[] = [],
) {
  const fields: Record<string, z.ZodType> = { intent: z.enum(["save", "submit"]) };
  for (const question of questions) {
    fields[answerField(question.id)] =
      question.kind === "checkboxes"
        ? z.array(z.string().max(questionLimits.option)).optional()
        : z
            .string()
            .max(questionLimits.longAnswer * 2)
            .optional();
  }
  return z.object(fields).transform((value, context) => {
    const intent = value.intent as "save" | "submit";
    const answers: Answers = {};
    for (const question of questions) {
      // a file question without a new file keeps the file sent before
      const answer =
        cleanAnswer(question, value[answerField(question.id)]) ??
        (question.kind === "file" ? previous[question.id] : undefined);
      // a file answer is a file stored from this post, or the one stored before: never a typed id
      const foreignFile =
        question.kind === "file" &&
        typeof answer === "string" &&
        answer !== previous[question.id] &&
        !uploaded.includes(answer);
      const problem = foreignFile
        ? questionnaireMessages.chooseFile
        : answerProblem(question, answer, intent === "submit");
      if (problem) context.addIssue({ code: "custom", path: [answerField(question.id)], message: problem });
      if (answer !== undefined && !foreignFile) answers[question.id] = answer;
    }
    return { intent, answers };
  });
}

// ---------------------------------------------------------------- review items

export type RecordValues = Record<RecordField, string | null>;

export type ProposedChange = {
  field: RecordField;
  questionId: string;
  label: string;
  proposed: string;
  current: string | null;
};

function sameValue(a: string | null, b: string | null): boolean {
  const norm = (value: string | null) => (value ?? "").replace(/\s+/g, " ").trim().toLowerCase();
  return norm(a) === norm(b);
}

/**
 * The review items a submission makes: each answer to a mapped question that differs from the
 * customer's current value (blank answers propose nothing; the last question mapped to a field wins).
 */
export function proposedChanges(
  questions: readonly Question[],
  answers: Answers,
  record: RecordValues,
): ProposedChange[] {
  const byField = new Map<RecordField, ProposedChange>();
  for (const question of questions) {
    if (!question.mapsTo) continue;
    const answer = answers[question.id];
    if (isBlank(answer)) continue;
    const proposed = answerText(answer).trim();
    const current = record[question.mapsTo];
    if (sameValue(proposed, current)) {
      byField.delete(question.mapsTo);
      continue;
    }
    byField.set(question.mapsTo, {
      field: question.mapsTo,
      questionId: question.id,
      label: question.label,
      proposed,
      current,
    });
  }
  return [...byField.values()];
}

/** The owner's decision on a review item: accept (optionally with an edited value) or reject. */
export const reviewDecisionSchema = z.object({
  intent: z.enum(["accept", "reject"]),
  review_id: uuidField(questionnaireMessages.reviewNotFound),
  value: z.string().max(500).optional(),
});

// ---------------------------------------------------------------- sent copies

/** The client may save and submit while the copy is not submitted. */
export function isAnswerable(state: RequestState): boolean {
  return state !== "submitted";
}

/** The state after the client saves (a submitted copy is not changed by a save). */
export function stateAfterSave(state: RequestState): RequestState {
  return state === "sent" ? "in_progress" : state;
}

/** The owner's "Send questionnaire" (customer page), optionally for one of the customer's projects. */
export const sendQuestionnaireSchema = z.object({
  intent: z.literal("send-questionnaire"),
  questionnaire_id: uuidField(questionnaireMessages.notFound),
  project_id: z.preprocess((value) => (value === "" ? undefined : value), uuidField().optional()),
});

/** The owner reopens a submitted copy: the reason is mailed to the client. */
export const reopenSchema = z.object({
  intent: z.literal("reopen"),
  reason: requiredText(
    questionLimits.reason,
    questionnaireMessages.reasonRequired,
    questionnaireMessages.tooLong(1000),
  ),
});

/** The owner's actions on a sent copy's page. */
export const requestActionSchema = z.object({ intent: z.enum(["reopen", "revoke-links"]) });

/** How long a questionnaire link opens its questionnaire. */
const questionnaireLinkLifetimeDays = 60;

export function questionnaireLinkPath(token: string): string {
  return `/q/${token}`;
}

export function questionnaireLinkExpiry(now: Date): Date {
  return new Date(now.getTime() + questionnaireLinkLifetimeDays * 86_400_000);
}

/** The client's fresh-link request on an expired page. */
export const freshLinkSchema = z.object({ intent: z.literal("fresh-link") });

/** The portal's Open button on a questionnaire. */
export const portalQuestionnaireSchema = z.object({ request_id: uuidField() });

// ---------------------------------------------------------------- mails

export function questionnaireMail(input: {
  studioName: string;
  customerName: string;
  questionnaireName: string;
  link: string;
  reason?: string;
}): MailMessageContent {
  const reopened = input.reason !== undefined;
  return mailContent(
    reopened
      ? `Please review your answers: ${input.questionnaireName}`
      : `A few questions to start: ${input.questionnaireName}`,
    [
      { type: "text", text: `Hello ${input.customerName},` },
      ...(reopened
        ? [
            { type: "text" as const, text: "We reopened your questionnaire so that you can change some answers:" },
            ...paragraphs(input.reason ?? ""),
          ]
        : [
            {
              type: "text" as const,
              text: `${input.studioName} would like a few details to get your project going. You can save your answers and come back to them later.`,
            },
          ]),
      { type: "action", label: "Open the questionnaire", url: input.link },
      { type: "text", text: input.studioName },
    ],
  );
}

/** The form fields that take a file: the upload layer stores a file only from these. */
export function fileFieldsOf(questions: readonly Question[]): string[] {
  return questions.filter((question) => question.kind === "file").map((question) => answerField(question.id));
}
