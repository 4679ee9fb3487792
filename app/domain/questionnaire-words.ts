/**
 * The words and shapes of onboarding questionnaires that pages show (no schema library): the kinds of
 * question, the record fields an answer may propose, the states of a sent copy, the messages, and how
 * an answer reads. The forms' schemas and rules: questionnaires.ts.
 */

export const questionKinds = ["short_text", "long_text", "choice", "checkboxes", "date", "url", "file"] as const;
export type QuestionKind = (typeof questionKinds)[number];
export const questionKindLabels: Record<QuestionKind, string> = {
  short_text: "Short text",
  long_text: "Long text",
  choice: "Choice (one of the options)",
  checkboxes: "Checkboxes (several of the options)",
  date: "Date",
  url: "Web address (URL)",
  file: "File upload",
};

/** Customer record fields a question may propose a value for (never written without the owner's review). */
export const recordFields = ["billing_address", "phone", "website"] as const;
export type RecordField = (typeof recordFields)[number];
export const recordFieldLabels: Record<RecordField, string> = {
  billing_address: "Billing address",
  phone: "Phone",
  website: "Website",
};

export const questionLimits = {
  label: 200,
  help: 500,
  options: 20,
  option: 100,
  questions: 50,
  name: 200,
  shortAnswer: 500,
  longAnswer: 5000,
  reason: 1000,
} as const;

export type Question = {
  /** stable within a questionnaire: the answers' keys */
  id: string;
  kind: QuestionKind;
  label: string;
  help: string | null;
  required: boolean;
  options: string[];
  mapsTo: RecordField | null;
};

export const questionnaireMessages = {
  nameRequired: "Enter a name",
  labelRequired: "Enter the question",
  twoOptions: "A choice needs at least 2 options, one per line",
  tooManyOptions: `At most ${questionLimits.options} options`,
  optionTooLong: `Each option must be at most ${questionLimits.option} characters`,
  duplicateOption: "Each option must be different",
  tooManyQuestions: `A questionnaire has at most ${questionLimits.questions} questions`,
  mapsToKind: "Only a text or URL question can fill in a record field",
  required: "This question needs an answer",
  invalidUrl: "Enter a web address such as https://example.com",
  invalidDate: "Enter a date",
  chooseFile: "Choose a file to send",
  notAnOption: "Choose one of the options",
  tooLong: (max: number) => `At most ${max} characters`,
  reasonRequired: "Say why it is reopened: the client reads it",
  notFound: "Questionnaire not found",
  requestNotFound: "Sent questionnaire not found",
  reviewNotFound: "Review item not found or already decided",
  invalidLink: "This questionnaire link is not valid.",
  expiredLink: "This questionnaire link has expired or was withdrawn.",
  freshLinkSent: "A fresh link is on its way to the email address we have for you.",
  saved: "Saved. You can come back to this page at any time with the same link.",
  submitted: "Thank you: your answers were sent.",
  notOpen: "These answers were already submitted. We will write to you if anything needs changing.",
  missingTitle: "Still missing",
} as const;

/** An answer: text (short, long, date, URL, choice, a stored file's id) or the options ticked. */
export type Answer = string | string[];
export type Answers = Record<string, Answer>;

/** The form field of a question's answer. */
export function answerField(questionId: string): string {
  return `answer_${questionId}`;
}

/** A stored answer as the pages show it. */
export function answerText(answer: Answer | undefined): string {
  if (answer === undefined) return "";
  return Array.isArray(answer) ? answer.join(", ") : answer;
}

const reviewStatuses = ["pending", "accepted", "rejected"] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

const requestStates = ["sent", "in_progress", "submitted", "reopened"] as const;
export type RequestState = (typeof requestStates)[number];
export const requestStateLabels: Record<RequestState, string> = {
  sent: "Sent",
  in_progress: "In progress",
  submitted: "Submitted",
  reopened: "Reopened",
};
