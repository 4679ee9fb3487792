/**
 * /q/{token}: the client answers an onboarding questionnaire, without an account. "Save for later"
 * keeps every answer as typed (nothing required); the required questions still unanswered are listed
 * at the top, each linking to its field; "Submit" refuses while one is missing, with the messages
 * beside the fields and every typed answer kept. Plain forms (the page is not hydrated), so it all
 * works without JavaScript. A wrong or malformed token answers 404; an expired or revoked one says so
 * (410) and offers a fresh link by email, sent to the customer's own address. Never cached, indexed
 * or sent as a referrer.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { QuestionField } from "#app/components/questionnaire-fields.tsx";
import { getApp } from "#app/context.server.ts";
import { clientPageHeaders, clientPageMessages } from "#app/domain/client-pages.ts";
import { type Answers, answerField, questionnaireMessages } from "#app/domain/questionnaire-words.ts";
import { answersSchema, fileFieldsOf, freshLinkSchema, questionnaireLinkPath } from "#app/domain/questionnaires.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import {
  badRequest,
  invalid,
  notFound,
  refusalPage,
  refuse,
  tooManyRequests,
} from "#app/services/action-result.server.ts";
import { parseUploadForm } from "#app/services/file-storage.server.ts";
import {
  answerQuestionnaire,
  findQuestionnaireByToken,
  loadClientQuestionnaire,
  mailFreshLink,
} from "#app/services/questionnaires.server.ts";
import type { RouteHandle } from "../root.tsx";
import type { Route } from "./+types/client-questionnaire";

export const handle: RouteHandle = { hydrate: false };

export const headers: Route.HeadersFunction = () => clientPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `${"questionnaire" in loaderData ? loaderData.questionnaire.name : "Questionnaire"} | ${loaderData.studioName}`
      : "Not found",
  },
  { name: "robots", content: "noindex, nofollow" },
];

async function lookup(context: Route.LoaderArgs["context"], token: string | undefined) {
  const { database, ip } = getApp(context);
  const found = await findQuestionnaireByToken(database.db, token, ip);
  if (!found.ok && found.reason === "limited") {
    tooManyRequests(clientPageMessages.tooMany, found.retryAfterSeconds ?? 60, clientPageHeaders);
  }
  if (!found.ok && found.reason === "not-found") notFound(questionnaireMessages.invalidLink, clientPageHeaders);
  return found;
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { database } = getApp(context);
  const found = await lookup(context, params.token);
  const studio = await getStudioIdentity(database.db);
  const search = new URL(request.url).searchParams;
  if (!found.ok) {
    return refusalPage(
      410,
      { studioName: studio.businessName, expired: true as const, freshSent: search.get("fresh") === "1" },
      clientPageHeaders,
    );
  }
  const loaded = await loadClientQuestionnaire(database.db, found.requestId);
  if (!loaded) notFound(questionnaireMessages.invalidLink, clientPageHeaders);
  // the page shows the questions and answers; the record ids stay on the server
  const { customerId: _customer, projectId: _project, ...questionnaire } = loaded;
  const notice = search.get("saved") === "1" ? "saved" : search.get("submitted") === "1" ? "submitted" : null;
  return { studioName: studio.businessName, questionnaire, notice };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const { database, config } = getApp(context);
  const found = await lookup(context, params.token);
  const here = questionnaireLinkPath(params.token);
  if (!found.ok) {
    // a multipart post is read by the upload layer (never buffered whole); no file is taken here
    const read = await parseUploadForm(database.db, request, {
      customerId: null,
      projectId: null,
      uploadedBy: "client",
      fileFields: [],
    });
    const fresh = read.ok ? freshLinkSchema.safeParse(Object.fromEntries(read.formData)) : null;
    if (!fresh?.success) badRequest("Unknown action", clientPageHeaders);
    if (!found.requestId) notFound(questionnaireMessages.invalidLink, clientPageHeaders);
    return freshLinkAnswer(await mailFreshLink({ db: database.db, config }, found.requestId), here);
  }
  const questionnaire = await loadClientQuestionnaire(database.db, found.requestId);
  if (!questionnaire) notFound(questionnaireMessages.invalidLink, clientPageHeaders);
  // the file questions' files are stored as they stream in; each arrives here as its stored id
  const read = await parseUploadForm(database.db, request, {
    customerId: questionnaire.customerId,
    projectId: questionnaire.projectId,
    uploadedBy: "client",
    fileFields: fileFieldsOf(questionnaire.questions),
  });
  if (!read.ok) badRequest(read.message ?? "Unreadable form", clientPageHeaders);
  const schema = answersSchema(
    questionnaire.questions,
    questionnaire.answers,
    read.files.map((file) => file.id),
  );
  const submission = parseWithZod(read.formData, { schema });
  const fileErrors = Object.fromEntries(Object.entries(read.fileErrors).map(([name, message]) => [name, [message]]));
  if (submission.status !== "success" || Object.keys(fileErrors).length > 0) {
    // a refused post keeps the files it stored: a file field cannot be filled in again
    const uploaded = new Set(read.files.map((file) => file.id));
    const kept = Object.fromEntries(
      questionnaire.questions
        .map((question) => [question.id, submission.payload[answerField(question.id)]] as const)
        .filter((entry): entry is readonly [string, string] => typeof entry[1] === "string" && uploaded.has(entry[1])),
    );
    if (Object.keys(kept).length > 0) {
      await answerQuestionnaire(database.db, {
        requestId: found.requestId,
        intent: "save",
        answers: { ...questionnaire.answers, ...kept },
      });
    }
    return invalid(submission, { headers: clientPageHeaders, fieldErrors: fileErrors });
  }
  const answered = await answerQuestionnaire(database.db, { requestId: found.requestId, ...submission.value });
  if (!answered.ok) {
    if (answered.reason === "not-found") notFound(questionnaireMessages.invalidLink, clientPageHeaders);
    return refuse(409, answered.message ?? questionnaireMessages.notOpen, { submission, headers: clientPageHeaders });
  }
  const outcome = submission.value.intent === "save" ? "saved" : "submitted";
  return redirect(`${here}?${outcome}=1`, { status: 303, headers: clientPageHeaders });
}

function freshLinkAnswer(result: Awaited<ReturnType<typeof mailFreshLink>>, here: string) {
  if (!result.ok) {
    return refuse(429, clientPageMessages.tooMany, {
      headers: clientPageHeaders,
      retryAfterSeconds: result.retryAfterSeconds,
    });
  }
  return redirect(`${here}?fresh=1`, { status: 303, headers: clientPageHeaders });
}

const card = "rounded-lg border border-zinc-800 bg-zinc-900 p-4";

function Expired({ studioName, freshSent }: { studioName: string; freshSent: boolean }) {
  return (
    <main className="min-h-screen bg-zinc-950 px-4 py-10 text-zinc-100">
      <div className="mx-auto flex max-w-md flex-col gap-6">
        <header>
          <p className="text-sm text-zinc-400">{studioName}</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight">Link expired</h1>
        </header>
        <p>{questionnaireMessages.expiredLink}</p>
        {freshSent ? (
          <p role="status" className="rounded-md border border-emerald-800 bg-emerald-950 px-3 py-2 text-emerald-100">
            {questionnaireMessages.freshLinkSent}
          </p>
        ) : (
          <form method="post">
            <input type="hidden" name="intent" value="fresh-link" />
            <button type="submit" className={buttonClass("primary")}>
              Email me a fresh link
            </button>
          </form>
        )}
      </div>
    </main>
  );
}

/** The field errors and the typed answers of a refused post, if any. */
function postedBack(actionData: unknown): {
  errors: Record<string, string[]>;
  typed: Record<string, unknown> | null;
  formError?: string;
} {
  const result = (
    actionData as { result?: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } }
  )?.result;
  const errors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(result?.error ?? {})) if (messages?.length) errors[name] = messages;
  return { errors, typed: result?.initialValue ?? null, formError: errors[""]?.[0] };
}

export default function ClientQuestionnaire({ loaderData, actionData }: Route.ComponentProps) {
  if ("expired" in loaderData) return <Expired studioName={loaderData.studioName} freshSent={loaderData.freshSent} />;
  const { questionnaire, notice, studioName } = loaderData;
  const back = postedBack(actionData);
  const answers: Answers = back.typed
    ? Object.fromEntries(
        questionnaire.questions.map((question) => [
          question.id,
          back.typed?.[answerField(question.id)] as string | string[],
        ]),
      )
    : questionnaire.answers;
  const missing = back.typed
    ? questionnaire.questions.filter(
        (question) => back.errors[answerField(question.id)]?.[0] === questionnaireMessages.required,
      )
    : questionnaire.missing;
  const submitted = questionnaire.state === "submitted";
  return (
    <main className="min-h-screen bg-zinc-950 px-4 py-8 text-zinc-100 sm:px-6">
      <div className="mx-auto flex max-w-2xl flex-col gap-6">
        <header>
          <p className="text-sm text-zinc-400">{studioName}</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight break-words">{questionnaire.name}</h1>
          <p className="mt-2 text-zinc-300">Hello {questionnaire.customerName}.</p>
        </header>
        {notice ? (
          <p role="status" className="rounded-md border border-emerald-800 bg-emerald-950 px-3 py-2 text-emerald-100">
            {notice === "saved" ? questionnaireMessages.saved : questionnaireMessages.submitted}
          </p>
        ) : null}
        {back.formError ? (
          <p role="alert" className="rounded-md border border-red-800 bg-red-950 px-3 py-2 text-red-100">
            {back.formError}
          </p>
        ) : null}
        {questionnaire.state === "reopened" && questionnaire.reopenReason ? (
          <section aria-labelledby="reopened-title" className={card}>
            <h2 id="reopened-title" className="font-semibold">
              Please review your answers
            </h2>
            <p className="mt-1 whitespace-pre-line break-words text-zinc-300">{questionnaire.reopenReason}</p>
          </section>
        ) : null}
        {submitted ? (
          <Submitted
            questions={questionnaire.questions}
            answers={questionnaire.answers}
            fileNames={questionnaire.fileNames}
          />
        ) : (
          <>
            {missing.length > 0 ? (
              <section aria-labelledby="missing-title" className={card} data-missing>
                <h2 id="missing-title" className="font-semibold">
                  {questionnaireMessages.missingTitle} ({missing.length})
                </h2>
                <ul className="mt-2 list-disc pl-5">
                  {missing.map((question) => (
                    <li key={question.id}>
                      <a href={`#${answerField(question.id)}`} className="underline">
                        {question.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            <form
              method="post"
              className="flex flex-col gap-6"
              noValidate
              encType={
                questionnaire.questions.some((question) => question.kind === "file") ? "multipart/form-data" : undefined
              }
            >
              {questionnaire.questions.map((question) => (
                <div key={question.id} className={card}>
                  <QuestionField
                    question={question}
                    value={answers[question.id]}
                    error={back.errors[answerField(question.id)]?.[0]}
                    fileNames={questionnaire.fileNames}
                  />
                </div>
              ))}
              <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
                <button type="submit" name="intent" value="save" className={buttonClass("secondary")}>
                  Save for later
                </button>
                <button type="submit" name="intent" value="submit" className={buttonClass("primary")}>
                  Submit
                </button>
              </div>
            </form>
          </>
        )}
      </div>
    </main>
  );
}

function Submitted({
  questions,
  answers,
  fileNames,
}: {
  questions: { id: string; label: string }[];
  answers: Answers;
  fileNames: Record<string, string>;
}) {
  return (
    <section aria-labelledby="answers-title" className="flex flex-col gap-3">
      <h2 id="answers-title" className="text-xl font-semibold">
        Your answers
      </h2>
      <p className="text-zinc-300">{questionnaireMessages.notOpen}</p>
      <dl className="flex flex-col gap-3">
        {questions.map((question) => {
          const answer = answers[question.id];
          return (
            <div key={question.id} className={card}>
              <dt className="text-sm text-zinc-400">{question.label}</dt>
              <dd className="mt-1 whitespace-pre-line break-words">
                {answer === undefined ? "—" : Array.isArray(answer) ? answer.join(", ") : (fileNames[answer] ?? answer)}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
