/**
 * /admin/questionnaires/{id}: the builder. The questionnaire's name and default project type; its
 * questions in order (move up, move down, remove, edit at `?edit=<question>`), and a form to add one.
 * While no copy of the latest version was sent an edit changes it; once one was, the edit makes the
 * next version and the sent copies keep theirs. A missing or malformed id answers 404.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useActionData } from "react-router";
import { RowActionForm } from "#app/components/admin/form-buttons.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.server.ts";
import { parseUuid } from "#app/domain/ids.ts";
import {
  type Question,
  questionKindLabels,
  questionnaireMessages,
  recordFieldLabels,
} from "#app/domain/questionnaire-words.ts";
import {
  questionActionSchema,
  questionFormSchema,
  questionnaireFormSchema,
  questionnaireIntentSchema,
  rearrange,
} from "#app/domain/questionnaires.ts";
import { getQuestionnaire } from "#app/models/questionnaires.server.ts";
import { badRequest, invalid, notFound, redirectWithToast, refuse } from "#app/services/action-result.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { editQuestions, putQuestion, saveQuestionnaire } from "#app/services/questionnaires.server.ts";
import type { Route } from "./+types/questionnaire-editor";

const NameForm = splitComponent(() =>
  import("#app/components/admin/questionnaire-forms.tsx").then((module) => module.QuestionnaireNameForm),
);
const QuestionForm = splitComponent(() =>
  import("#app/components/admin/questionnaire-forms.tsx").then((module) => module.QuestionForm),
);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: adminTitle(matches, loaderData ? loaderData.questionnaire.name : questionnaireMessages.notFound) },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = parseUuid(params.id);
  const questionnaire = id ? await getQuestionnaire(getApp(context).database.db, id) : null;
  if (!questionnaire) notFound(questionnaireMessages.notFound);
  const edit = new URL(request.url).searchParams.get("edit");
  return {
    questionnaire: { id: questionnaire.id, name: questionnaire.name, projectType: questionnaire.projectType },
    version: questionnaire.latest.version,
    questions: questionnaire.latest.questions,
    editing: questionnaire.latest.questions.find((question) => question.id === edit) ?? null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip } = getApp(context);
  const id = parseUuid(params.id);
  if (!id) notFound(questionnaireMessages.notFound);
  const formData = await request.formData();
  const posted = questionnaireIntentSchema.safeParse(Object.fromEntries(formData));
  if (!posted.success) badRequest("Unknown action");
  const actor = { userId: session.userId, email: session.email };
  const here = `/admin/questionnaires/${id}`;
  const intent = posted.data.intent;
  if (intent === "save-questionnaire") {
    const submission = parseWithZod(formData, { schema: questionnaireFormSchema });
    if (submission.status !== "success") return invalid(submission, { form: "questionnaire-name" });
    const projectType = submission.value.project_type;
    const saved = await saveQuestionnaire(database.db, {
      id,
      name: submission.value.name,
      projectType: typeof projectType === "string" ? projectType : null,
      actor,
      ip,
    });
    if (!saved.ok) notFound(questionnaireMessages.notFound);
    return redirectWithToast(config, here, { type: "success", message: "Questionnaire saved" });
  }
  if (intent === "add-question" || intent === "edit-question") {
    const submission = parseWithZod(formData, { schema: questionFormSchema });
    const form = intent === "add-question" ? "question-new" : `question-${submission.payload.question_id}`;
    if (submission.status !== "success") return invalid(submission, { form });
    const edited = await editQuestions(database.db, { questionnaireId: id, actor, ip }, putQuestion(submission.value));
    if (!edited.ok) {
      if (edited.reason === "not-found") notFound(questionnaireMessages.notFound);
      return refuse(409, edited.message ?? questionnaireMessages.notFound, { submission, form });
    }
    return redirectWithToast(config, here, { type: "success", message: `Saved (version ${edited.version})` });
  }
  const submission = parseWithZod(formData, { schema: questionActionSchema });
  if (submission.status !== "success") return refuse(404, questionnaireMessages.notFound, { form: "questions" });
  const edited = await editQuestions(database.db, { questionnaireId: id, actor, ip }, (questions) => ({
    ok: true,
    questions: rearrange(questions, submission.value),
  }));
  if (!edited.ok) notFound(questionnaireMessages.notFound);
  return redirectWithToast(config, here, { type: "success", message: `Saved (version ${edited.version})` });
}

function QuestionCard({
  question,
  index,
  count,
  here,
}: {
  question: Question;
  index: number;
  count: number;
  here: string;
}) {
  const fields = { question_id: question.id };
  return (
    <li
      className="flex flex-col gap-2 rounded-lg border border-zinc-800 bg-zinc-900/40 p-4"
      data-question={question.label}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium [overflow-wrap:anywhere]">
          {index + 1}. {question.label}
          {question.required ? <span className="text-zinc-400"> (required)</span> : null}
        </p>
        <p className="text-sm text-zinc-400">{questionKindLabels[question.kind]}</p>
      </div>
      {question.help ? <p className="text-sm text-zinc-400 [overflow-wrap:anywhere]">{question.help}</p> : null}
      {question.options.length ? (
        <p className="text-sm [overflow-wrap:anywhere]">Options: {question.options.join(" · ")}</p>
      ) : null}
      {question.mapsTo ? (
        <p className="text-sm text-zinc-300">
          Proposes the customer's {recordFieldLabels[question.mapsTo].toLowerCase()}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Link
          to={`${here}?edit=${question.id}#question-${question.id}-title`}
          className={buttonClass("secondary", { size: "sm" })}
        >
          Edit<span className="sr-only"> {question.label}</span>
        </Link>
        <RowActionForm
          intent="move-up"
          fields={fields}
          disabled={index === 0}
          className={buttonClass("ghost", { size: "sm" })}
        >
          Move up<span className="sr-only"> {question.label}</span>
        </RowActionForm>
        <RowActionForm
          intent="move-down"
          fields={fields}
          disabled={index === count - 1}
          className={buttonClass("ghost", { size: "sm" })}
        >
          Move down<span className="sr-only"> {question.label}</span>
        </RowActionForm>
        <RowActionForm intent="remove-question" fields={fields} className={buttonClass("ghost", { size: "sm" })}>
          Remove<span className="sr-only"> {question.label}</span>
        </RowActionForm>
      </div>
    </li>
  );
}

export default function QuestionnaireEditor({ loaderData }: Route.ComponentProps) {
  const failure = useActionData<typeof action>();
  const { questionnaire, questions, version, editing } = loaderData;
  const here = `/admin/questionnaires/${questionnaire.id}`;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <PageHeader
        title={questionnaire.name}
        description={`Version ${version}. Copies already sent keep the questions they were sent with: editing a sent version makes the next one.`}
        back={{ href: "/admin/questionnaires", label: "Back to Questionnaires" }}
      />
      <NameForm
        formId="questionnaire-name"
        defaults={{ name: questionnaire.name, project_type: questionnaire.projectType ?? "" }}
        failure={failure}
        submitLabel="Save name"
      />
      <section aria-labelledby="questions-title" className="flex flex-col gap-3">
        <h2 id="questions-title" className="text-lg font-semibold">
          Questions ({questions.length})
        </h2>
        {questions.length === 0 ? <p className="text-sm text-zinc-400">No questions yet.</p> : null}
        <ol className="flex flex-col gap-2">
          {questions.map((question, index) => (
            <QuestionCard key={question.id} question={question} index={index} count={questions.length} here={here} />
          ))}
        </ol>
      </section>
      {editing ? <QuestionForm key={editing.id} question={editing} failure={failure} cancelHref={here} /> : null}
      <QuestionForm key={`new-${questions.length}`} question={null} failure={failure} cancelHref={here} />
    </div>
  );
}
