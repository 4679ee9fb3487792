/**
 * /admin/questionnaires/sent/{id}: one copy sent to a customer: its state, history (sent, each
 * submission, each reopening with its reason), the answers against the questions it was sent with,
 * the review items they made; Reopen (a submitted copy, with a reason the client is mailed) and
 * Revoke links. A missing or malformed id answers 404.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useActionData } from "react-router";
import { Badge } from "#app/components/admin/badge.tsx";
import { FailureNotice, RowActionForm } from "#app/components/admin/form-buttons.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.server.ts";
import { formatDateTime } from "#app/domain/dates.ts";
import { parseUuid } from "#app/domain/ids.ts";
import {
  answerText,
  questionnaireMessages,
  type RequestState,
  recordFieldLabels,
  requestStateLabels,
} from "#app/domain/questionnaire-words.ts";
import { reopenSchema, requestActionSchema } from "#app/domain/questionnaires.ts";
import { getRequest, listEvents, reviewItemsOfRequest } from "#app/models/questionnaires.server.ts";
import { badRequest, invalid, notFound, redirectWithToast, refuse } from "#app/services/action-result.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { fileNamesOf, reopenQuestionnaire, revokeQuestionnaire } from "#app/services/questionnaires.server.ts";
import type { Route } from "./+types/questionnaire-sent";
import type { AdminHandle } from "./layout.tsx";

const ReopenForm = splitComponent(() =>
  import("#app/components/admin/questionnaire-forms.tsx").then((module) => module.ReopenForm),
);

export const handle: AdminHandle = { liveTables: [] };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: adminTitle(matches, loaderData ? loaderData.request.name : questionnaireMessages.requestNotFound) },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = getApp(context).database;
  const id = parseUuid(params.id);
  const sent = id ? await getRequest(db, id) : null;
  if (!sent) notFound(questionnaireMessages.requestNotFound);
  const [events, reviews, fileNames] = await Promise.all([
    listEvents(db, sent.id),
    reviewItemsOfRequest(db, sent.id),
    fileNamesOf(db, sent.questions, sent.answers),
  ]);
  return { request: { ...sent, state: sent.state as RequestState }, events, reviews, fileNames };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip } = getApp(context);
  const id = parseUuid(params.id);
  if (!id) notFound(questionnaireMessages.requestNotFound);
  const formData = await request.formData();
  const posted = requestActionSchema.safeParse(Object.fromEntries(formData));
  if (!posted.success) badRequest("Unknown action");
  const actor = { userId: session.userId, email: session.email };
  const here = `/admin/questionnaires/sent/${id}`;
  if (posted.data.intent === "revoke-links") {
    const revoked = await revokeQuestionnaire(database.db, { requestId: id, actor, ip });
    return redirectWithToast(config, here, {
      type: "success",
      message:
        revoked.count === 0
          ? "No live links to revoke"
          : `${revoked.count} ${revoked.count === 1 ? "link" : "links"} revoked`,
    });
  }
  const submission = parseWithZod(formData, { schema: reopenSchema });
  if (submission.status !== "success") return invalid(submission, { form: "reopen" });
  const reopened = await reopenQuestionnaire(
    { db: database.db, config },
    { requestId: id, reason: submission.value.reason, actor, ip },
  );
  if (!reopened.ok) {
    if (reopened.reason === "not-found") notFound(questionnaireMessages.requestNotFound);
    return refuse(409, reopened.message ?? questionnaireMessages.notOpen, { submission, form: "reopen" });
  }
  return redirectWithToast(config, here, {
    type: "success",
    message: `Reopened: the reason was emailed to ${reopened.to}`,
  });
}

const stateTones = { sent: "sky", in_progress: "amber", submitted: "green", reopened: "violet" } as const;
const eventLabels: Record<string, string> = { sent: "Sent", submitted: "Submitted", reopened: "Reopened" };

export default function QuestionnaireSent({ loaderData }: Route.ComponentProps) {
  const failure = useActionData<typeof action>();
  const { request, events, reviews, fileNames } = loaderData;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <PageHeader
        title={`${request.name} (version ${request.version})`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Link to={`/admin/customers/${request.customerId}`} className="underline">
              {request.customerName}
            </Link>
            <Badge tone={stateTones[request.state]}>{requestStateLabels[request.state]}</Badge>
          </span>
        }
        back={{ href: `/admin/customers/${request.customerId}`, label: "Back to the customer" }}
      >
        <RowActionForm intent="revoke-links" fields={{}} className={buttonClass("secondary")}>
          Revoke links
        </RowActionForm>
      </PageHeader>
      <FailureNotice failure={failure} form="revoke" />
      <section aria-labelledby="history-title" className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-4">
        <h2 id="history-title" className="font-semibold">
          History
        </h2>
        <ol className="mt-2 flex flex-col gap-1 text-sm" data-history>
          {events.map((event) => (
            <li key={event.id}>
              <span className="text-zinc-400">{formatDateTime(new Date(event.at))}</span>{" "}
              {eventLabels[event.kind] ?? event.kind}
              {event.reason ? `: ${event.reason}` : ""}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="answers-title" className="flex flex-col gap-2">
        <h2 id="answers-title" className="text-lg font-semibold">
          Answers
        </h2>
        <dl className="flex flex-col gap-2">
          {request.questions.map((question) => (
            <div
              key={question.id}
              className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-3"
              data-answer={question.label}
            >
              <dt className="text-sm text-zinc-400">{question.label}</dt>
              <dd className="whitespace-pre-line [overflow-wrap:anywhere]">
                {question.kind === "file" && fileNames[answerText(request.answers[question.id])] ? (
                  <a href={`/admin/files/${answerText(request.answers[question.id])}`} className="underline">
                    {fileNames[answerText(request.answers[question.id])]}
                  </a>
                ) : (
                  answerText(request.answers[question.id]) || "—"
                )}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      {reviews.length > 0 ? (
        <section aria-labelledby="reviews-title" className="flex flex-col gap-2">
          <h2 id="reviews-title" className="text-lg font-semibold">
            Proposed record changes
          </h2>
          <ul className="flex flex-col gap-1 text-sm">
            {reviews.map((item) => (
              <li key={item.id}>
                {recordFieldLabels[item.field]}: {item.proposedValue} ({item.status})
              </li>
            ))}
          </ul>
          <Link to={`/admin/reviews?customer=${request.customerId}`} className="text-sm underline">
            Open the review queue
          </Link>
        </section>
      ) : null}
      {request.state === "submitted" ? (
        <section
          aria-labelledby="reopen-title"
          className="flex flex-col gap-2 rounded-lg border border-zinc-800 bg-zinc-900/40 p-4"
        >
          <h2 id="reopen-title" className="font-semibold">
            Reopen for changes
          </h2>
          <ReopenForm failure={failure} />
        </section>
      ) : null}
    </div>
  );
}
