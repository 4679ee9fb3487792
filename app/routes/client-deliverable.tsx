/**
 * /d/{token}: a deliverable of the client's project room (ADR 0057), without an account. The client sees
 * the current version (its images, files or link, and the studio's note) and its history, and answers
 * Approve or Request changes with a typed name (a comment is required for changes). The answer carries
 * the version and the content hash the page showed, so it is bound to exactly that: a version replaced
 * since is refused with a link to the current one. An expired or revoked link says so and offers a fresh
 * link by email (to the address the studio has). Plain forms: not hydrated, works without JavaScript;
 * never cached, indexed or sent as a referrer. Fetching it changes nothing: the view beacon records a view.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { buttonClass, cx } from "#app/components/admin/ui.tsx";
import { ViewBeacon } from "#app/components/view-beacon.tsx";
import { getApp } from "#app/context.server.ts";
import { failureMessage } from "#app/domain/action-answer.ts";
import { clientPageHeaders, clientPageMessages } from "#app/domain/client-pages.ts";
import { formatDay } from "#app/domain/dates.ts";
import {
  clientPhaseStatusLabels,
  currentVersion,
  deliverableAnswerLabels,
  fileSizeText,
  roomMessages,
  versionLabel,
} from "#app/domain/project-room.ts";
import { deliverableAnswerSchema } from "#app/domain/project-room-forms.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import { clientDeliverable } from "#app/models/project-room.server.ts";
import { fileFactsOf } from "#app/models/stored-files.server.ts";
import { invalid, notFound, refusalPage, refuse, tooManyRequests } from "#app/services/action-result.server.ts";
import {
  answerDeliverable,
  deliverableLinkPath,
  findDeliverable,
  mailFreshDeliverableLink,
} from "#app/services/project-room.server.ts";
import { viewBeacon } from "#app/services/view-beacon.server.ts";
import type { RouteHandle } from "../root.tsx";
import type { Route } from "./+types/client-deliverable";

export const handle: RouteHandle = { hydrate: false };

export const headers: Route.HeadersFunction = () => clientPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title:
      loaderData && "deliverable" in loaderData
        ? `${loaderData.deliverable.title} | ${loaderData.studio.name}`
        : loaderData
          ? `${loaderData.message} | ${loaderData.studio.name}`
          : "Not found",
  },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { database, ip } = getApp(context);
  const found = await findDeliverable(database.db, params.token, ip);
  const studio = await getStudioIdentity(database.db);
  if (!found.ok) {
    if (found.reason === "limited")
      tooManyRequests(clientPageMessages.tooMany, found.retryAfterSeconds ?? 60, clientPageHeaders);
    if (found.reason === "not-found") notFound(clientPageMessages.invalidLink, clientPageHeaders);
    const sent = new URL(request.url).searchParams.get("fresh") === "sent";
    return refusalPage(
      410,
      {
        studio: { name: studio.businessName },
        message: found.reason === "expired" ? roomMessages.linkExpired : roomMessages.linkRevoked,
        sent,
      },
      clientPageHeaders,
    );
  }
  const deliverable = await clientDeliverable(database.db, found.deliverableId, found.customerId);
  if (!deliverable) notFound(clientPageMessages.invalidLink, clientPageHeaders);
  const files = await fileFactsOf(
    database.db,
    deliverable.versions.flatMap((version) => version.files.map((file) => file.fileId)),
  );
  const answered = new URL(request.url).searchParams.get("answered");
  return {
    studio: { name: studio.businessName },
    deliverable,
    files,
    token: params.token,
    notice: answered === "approved" || answered === "changes_requested" ? roomMessages.answerRecorded[answered] : null,
    beacon: viewBeacon(context, "deliverable", params.token),
  };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const { database, config, ip } = getApp(context);
  const here = deliverableLinkPath(params.token);
  const formData = await request.formData();
  const found = await findDeliverable(database.db, params.token, ip);
  if (!found.ok) {
    if (found.reason === "limited")
      tooManyRequests(clientPageMessages.tooMany, found.retryAfterSeconds ?? 60, clientPageHeaders);
    if (found.reason === "not-found") notFound(clientPageMessages.invalidLink, clientPageHeaders);
    // an expired or revoked link: its one form asks for a fresh link, mailed to the address on record
    await mailFreshDeliverableLink({ db: database.db, config }, params.token, ip);
    return redirect(`${here}?fresh=sent`, { status: 303, headers: clientPageHeaders });
  }
  const submission = parseWithZod(formData, { schema: deliverableAnswerSchema });
  const options = { headers: clientPageHeaders };
  if (submission.status !== "success") return invalid(submission, options);
  const answered = await answerDeliverable(
    { db: database.db, config },
    {
      deliverableId: found.deliverableId,
      customerId: found.customerId,
      form: submission.value,
      ip,
      userAgent: request.headers.get("user-agent"),
    },
  );
  if (!answered.ok) {
    if (answered.reason === "not-found") notFound(clientPageMessages.invalidLink, clientPageHeaders);
    const message =
      answered.reason === "superseded"
        ? roomMessages.superseded
        : answered.reason === "answered"
          ? roomMessages.alreadyAnswered
          : roomMessages.changedSinceShown;
    return refuse(409, message, { ...options, submission });
  }
  return redirect(`${here}?answered=${answered.answer}`, { status: 303, headers: clientPageHeaders });
}

const card = "rounded-lg border border-zinc-300 bg-white p-4";
const muted = "text-sm text-zinc-600";

type Live = Extract<Route.ComponentProps["loaderData"], { deliverable: unknown }>;
type Version = Live["deliverable"]["versions"][number];

function VersionContent({ version, files, token }: { version: Version; files: Live["files"]; token: string }) {
  return (
    <div className="flex flex-col gap-3">
      {version.note ? <p className="whitespace-pre-line break-words text-zinc-800">{version.note}</p> : null}
      {version.url ? (
        <p>
          <a
            href={version.url}
            className="break-all font-medium text-blue-800 underline"
            rel="noreferrer noopener"
            target="_blank"
          >
            {version.url}
          </a>
          <span className={cx(muted, "block")}>Posted {formatDay(version.createdAt)}</span>
        </p>
      ) : null}
      {version.files.length ? (
        <ul className="flex flex-col gap-3">
          {version.files.map((file) => {
            const facts = files[file.fileId];
            const href = `/d/${token}/file?id=${file.fileId}`;
            const name = facts?.name ?? "File";
            return (
              <li key={file.fileId} className="flex flex-col gap-1">
                {facts?.contentType.startsWith("image/") ? (
                  <a href={`${href}&download=1`}>
                    <img
                      src={`${href}&w=800`}
                      alt={name}
                      width={800}
                      height={500}
                      loading="lazy"
                      className="h-auto w-full rounded border border-zinc-200 bg-zinc-50 object-contain"
                    />
                  </a>
                ) : null}
                <a href={`${href}&download=1`} className="break-all font-medium text-blue-800 underline" download>
                  Download {name}
                </a>
                {facts ? <span className={muted}>{fileSizeText(facts.size)}</span> : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

function AnswerForm({ version, actionData }: { version: Version; actionData: unknown }) {
  const fieldError = (field: string) => failureMessage(actionData, { field });
  const nameError = fieldError("name");
  const commentError = fieldError("comment");
  const formError = !nameError && !commentError ? failureMessage(actionData) : undefined;
  return (
    <form method="post" className={cx(card, "flex flex-col gap-3")} aria-labelledby="answer-title" noValidate>
      <h2 id="answer-title" className="text-lg font-semibold">
        Your answer to {versionLabel(version.version)}
      </h2>
      {formError ? (
        <p
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900"
          data-answer-error
        >
          {formError}{" "}
          <a href="#current" className="underline">
            See the current version
          </a>
        </p>
      ) : null}
      <input type="hidden" name="version_id" value={version.id} />
      <input type="hidden" name="content_hash" value={version.contentHash} />
      <label htmlFor="answer-name" className="text-sm font-medium">
        Your name
      </label>
      <input
        id="answer-name"
        name="name"
        autoComplete="name"
        maxLength={101}
        required
        aria-invalid={nameError ? true : undefined}
        aria-describedby={nameError ? "answer-name-error" : undefined}
        className="h-11 rounded-md border border-zinc-400 bg-white px-3 text-base"
      />
      {nameError ? (
        <p id="answer-name-error" className="text-sm text-red-800">
          {nameError}
        </p>
      ) : null}
      <label htmlFor="answer-comment" className="text-sm font-medium">
        Comment <span className="font-normal text-zinc-600">(required to ask for changes)</span>
      </label>
      <textarea
        id="answer-comment"
        name="comment"
        rows={4}
        maxLength={2000}
        aria-invalid={commentError ? true : undefined}
        aria-describedby={commentError ? "answer-comment-error" : undefined}
        className="rounded-md border border-zinc-400 bg-white px-3 py-2 text-base"
      />
      {commentError ? (
        <p id="answer-comment-error" className="text-sm text-red-800">
          {commentError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="answer" value="approved" className={cx(buttonClass("primary"), "min-h-11")}>
          Approve
        </button>
        <button
          type="submit"
          name="answer"
          value="changes_requested"
          className={cx(buttonClass("secondary"), "min-h-11")}
        >
          Request changes
        </button>
      </div>
      <p className={muted}>Your answer is recorded with your name, the time and this exact version.</p>
    </form>
  );
}

function History({ versions }: { versions: Version[] }) {
  const earlier = versions.slice(0, -1).reverse();
  if (!earlier.length) return null;
  return (
    <section aria-labelledby="history-title" className={cx(card, "flex flex-col gap-2")}>
      <h2 id="history-title" className="text-lg font-semibold">
        Earlier versions
      </h2>
      <ol className="flex flex-col gap-2">
        {earlier.map((version) => (
          <li key={version.id} className="text-sm" data-history={versionLabel(version.version)}>
            <span className="font-medium">{versionLabel(version.version)}</span> · {formatDay(version.createdAt)} ·{" "}
            {version.answer
              ? `${deliverableAnswerLabels[version.answer.answer]} by ${version.answer.name}`
              : "Replaced before an answer"}
            {version.answer?.comment ? (
              <q className="block break-words text-zinc-700">{version.answer.comment}</q>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function DeadLink({ loaderData }: { loaderData: Exclude<Route.ComponentProps["loaderData"], Live> }) {
  return (
    <main className="min-h-screen bg-zinc-100 text-zinc-900 [color-scheme:light]">
      <div className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-6">
        <p className="text-sm font-medium text-zinc-600">{loaderData.studio.name}</p>
        <h1 className="text-2xl font-bold">{loaderData.message}</h1>
        {loaderData.sent ? (
          <p role="status" className="rounded-md bg-zinc-900 px-3 py-2 text-sm text-white">
            {roomMessages.freshLinkSent}
          </p>
        ) : (
          <form method="post" className={cx(card, "flex flex-col gap-3")}>
            <p>We can email a fresh link to the address we have for you.</p>
            <button
              type="submit"
              name="intent"
              value="fresh-link"
              className={cx(buttonClass("primary"), "min-h-11 self-start")}
            >
              Email me a fresh link
            </button>
          </form>
        )}
      </div>
    </main>
  );
}

export default function ClientDeliverable({ loaderData, actionData }: Route.ComponentProps) {
  if (!("deliverable" in loaderData)) return <DeadLink loaderData={loaderData} />;
  const { deliverable, files, token, notice, studio } = loaderData;
  const current = currentVersion(deliverable.versions);
  return (
    <main className="min-h-screen bg-zinc-100 text-zinc-900 [color-scheme:light]">
      <div className="mx-auto flex max-w-2xl flex-col gap-5 px-4 py-6">
        <header>
          <p className="text-sm font-medium text-zinc-600">{studio.name}</p>
          <h1 className="mt-1 break-words text-2xl font-bold">{deliverable.title}</h1>
          <p className={muted}>
            {deliverable.projectName} · {deliverable.phaseName}: {clientPhaseStatusLabels[deliverable.phaseStatus]}
          </p>
        </header>
        {notice ? (
          <p role="status" className="rounded-md bg-zinc-900 px-3 py-2 text-sm text-white">
            {notice}
          </p>
        ) : null}
        {current ? (
          <section
            id="current"
            aria-labelledby="current-title"
            className={cx(card, "flex flex-col gap-3")}
            data-current={versionLabel(current.version)}
          >
            <h2 id="current-title" className="text-xl font-semibold">
              {versionLabel(current.version)}
              <span className="ml-2 text-sm font-normal text-zinc-600">{formatDay(current.createdAt)}</span>
            </h2>
            <VersionContent version={current} files={files} token={token} />
            {current.answer ? (
              <p className="rounded-md bg-zinc-100 px-3 py-2 text-sm" data-answered>
                {deliverableAnswerLabels[current.answer.answer]} by {current.answer.name} on{" "}
                {formatDay(current.answer.answeredAt)}
              </p>
            ) : null}
          </section>
        ) : (
          <p className={card}>Nothing has been posted yet.</p>
        )}
        {current && !current.answer ? <AnswerForm version={current} actionData={actionData} /> : null}
        <History versions={deliverable.versions} />
      </div>
      <ViewBeacon beacon={loaderData.beacon} />
    </main>
  );
}
