/**
 * /t/{token}: the client's testimonial form, from the request the owner mailed once the project was completed
 * (ADR 0062), without an account. A rating from 1 to 5, a few words, the name and role to print, and a box the
 * client ticks to let the studio publish them; without the tick (or with a rating of 3 or less) the words stay
 * with the owner. One answer per request; an answered or expired link says so. A plain form: not hydrated, works
 * without JavaScript, read on phones first; never cached, indexed or sent as a referrer.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { buttonClass, cx } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.server.ts";
import { failureMessage, postedValues } from "#app/domain/action-answer.ts";
import { caseStudyLimits, clientTestimonialSchema } from "#app/domain/case-studies.ts";
import { clientPageHeaders, clientPageMessages } from "#app/domain/client-pages.ts";
import { testimonialLinkPath, testimonialRequestMessages } from "#app/domain/testimonial-requests.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import { invalid, notFound, refusalPage, refuse, tooManyRequests } from "#app/services/action-result.server.ts";
import { answerTestimonialRequest, findTestimonialRequestByToken } from "#app/services/testimonial-requests.server.ts";
import type { RouteHandle } from "../root.tsx";
import type { Route } from "./+types/client-testimonial";

export const handle: RouteHandle = { hydrate: false };

export const headers: Route.HeadersFunction = () => clientPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `How did it go? | ${loaderData.studio.name}` : "Not found" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { database, ip } = getApp(context);
  const studio = await getStudioIdentity(database.db);
  const thanked = new URL(request.url).searchParams.get("answered") === "1";
  const found = await findTestimonialRequestByToken(database.db, params.token, ip);
  if (!found.ok) {
    if (found.reason === "limited")
      tooManyRequests(clientPageMessages.tooMany, found.retryAfterSeconds ?? 60, clientPageHeaders);
    if (found.reason === "not-found") notFound(clientPageMessages.invalidLink, clientPageHeaders);
    const gone = { studio: { name: studio.businessName } };
    if (found.reason === "expired") {
      return refusalPage(410, { ...gone, message: testimonialRequestMessages.expired }, clientPageHeaders);
    }
    // answered: the thank-you after the client's own post, or a word that it was answered already
    return { ...gone, message: thanked ? testimonialRequestMessages.thanks : testimonialRequestMessages.answered };
  }
  const { request: asked } = found;
  return {
    studio: { name: studio.businessName },
    projectName: asked.projectName,
    customerName: asked.customerName,
  };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const { database, config, ip } = getApp(context);
  const options = { headers: clientPageHeaders };
  const found = await findTestimonialRequestByToken(database.db, params.token, ip);
  if (!found.ok && found.reason === "limited")
    tooManyRequests(clientPageMessages.tooMany, found.retryAfterSeconds ?? 60, clientPageHeaders);
  if (!found.ok && found.reason === "not-found") notFound(clientPageMessages.invalidLink, clientPageHeaders);
  const here = testimonialLinkPath(params.token);
  // answered already (a second tab, a double post) or expired: the page says so
  if (!found.ok) return redirect(here, { status: 303, headers: clientPageHeaders });
  const submission = parseWithZod(await request.formData(), { schema: clientTestimonialSchema });
  if (submission.status !== "success") return invalid(submission, options);
  const answered = await answerTestimonialRequest(
    { db: database.db, config },
    { token: params.token, form: submission.value },
  );
  if (!answered.ok) {
    if (answered.reason === "not-found") notFound(clientPageMessages.invalidLink, clientPageHeaders);
    return refuse(409, answered.message ?? testimonialRequestMessages.answered, { ...options, submission });
  }
  return redirect(`${here}?answered=1`, { status: 303, headers: clientPageHeaders });
}

const card = "rounded-lg border border-zinc-300 bg-white p-4";
const muted = "text-sm text-zinc-600";
const field = "rounded-md border border-zinc-400 bg-white px-3 text-base";

function Frame({ studio, children }: { studio: string; children: React.ReactNode }) {
  return (
    <main className="min-h-screen bg-zinc-100 text-zinc-900 [color-scheme:light]">
      <div className="mx-auto flex max-w-xl flex-col gap-5 px-4 py-6">
        <p className="text-sm font-medium text-zinc-600">{studio}</p>
        {children}
      </div>
    </main>
  );
}

/** The error under a field, tied to it by id. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-sm text-red-800">
      {message}
    </p>
  ) : null;
}

/** A one-line field of the form: its label, and its error tied to it by id. */
function TextInput({
  name,
  label,
  error,
  ...input
}: {
  name: string;
  label: React.ReactNode;
  error: string | undefined;
  autoComplete: string;
  maxLength: number;
  defaultValue: string;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={name} className="text-sm font-medium">
        {label}
      </label>
      <input
        {...input}
        id={name}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
        className={cx(field, "h-11")}
      />
      <FieldError id={`${name}-error`} message={error} />
    </div>
  );
}

export default function ClientTestimonial({ loaderData, actionData }: Route.ComponentProps) {
  if (!("projectName" in loaderData)) {
    return (
      <Frame studio={loaderData.studio.name}>
        <h1 className="text-2xl font-bold">How did it go?</h1>
        <p role="status" className={card}>
          {loaderData.message}
        </p>
      </Frame>
    );
  }
  const { studio, projectName, customerName } = loaderData;
  const error = (name: string) => failureMessage(actionData, { field: name });
  const typed = postedValues(actionData);
  const value = (name: string, fallback = "") => {
    const posted = typed?.[name];
    return typeof posted === "string" ? posted : fallback;
  };
  const formError = ["rating", "quote", "author_name", "author_role"].some((name) => error(name))
    ? undefined
    : failureMessage(actionData);
  const ratingError = error("rating");
  const quoteError = error("quote");
  const nameError = error("author_name");
  const roleError = error("author_role");
  return (
    <Frame studio={studio.name}>
      <header>
        <h1 className="text-2xl font-bold break-words">How did {projectName} go?</h1>
        <p className={cx(muted, "mt-1")}>
          A rating and a few words help us, and help the next client decide. You choose whether we may publish them.
        </p>
      </header>
      <form method="post" className={cx(card, "flex flex-col gap-4")} noValidate aria-label="Your testimonial">
        {formError ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
            {formError}
          </p>
        ) : null}
        <fieldset
          className="flex flex-col gap-2"
          aria-invalid={ratingError ? true : undefined}
          aria-describedby={ratingError ? "rating-error" : undefined}
        >
          <legend className="text-sm font-medium">Your rating</legend>
          <div className="flex flex-wrap gap-2">
            {[5, 4, 3, 2, 1].map((stars) => (
              <label
                key={stars}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-zinc-400 bg-white px-3 has-[:checked]:border-zinc-900 has-[:checked]:bg-zinc-900 has-[:checked]:text-white"
              >
                <input
                  type="radio"
                  name="rating"
                  value={stars}
                  defaultChecked={value("rating") === String(stars)}
                  className="size-4"
                />
                {stars} of 5
              </label>
            ))}
          </div>
          <FieldError id="rating-error" message={ratingError} />
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="quote" className="text-sm font-medium">
            In your words
          </label>
          <textarea
            id="quote"
            name="quote"
            rows={5}
            maxLength={caseStudyLimits.quote}
            defaultValue={value("quote")}
            aria-invalid={quoteError ? true : undefined}
            aria-describedby={cx("quote-hint", quoteError && "quote-error")}
            className={cx(field, "py-2")}
          />
          <p id="quote-hint" className={muted}>
            What was it like to work with us, and what changed for you? At most {caseStudyLimits.quote} characters.
          </p>
          <FieldError id="quote-error" message={quoteError} />
        </div>
        <TextInput
          name="author_name"
          label="Your name"
          autoComplete="name"
          maxLength={caseStudyLimits.authorName}
          defaultValue={value("author_name", customerName)}
          error={nameError}
        />
        <TextInput
          name="author_role"
          label={
            <>
              Your role <span className="font-normal text-zinc-600">(optional, e.g. Owner, Bakery on Main)</span>
            </>
          }
          autoComplete="organization-title"
          maxLength={caseStudyLimits.authorRole}
          defaultValue={value("author_role")}
          error={roleError}
        />
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            name="permission"
            defaultChecked={value("permission") === "on"}
            className="mt-0.5 size-5 shrink-0"
          />
          <span>
            {studio.name} may publish my words with my name and role on its website. Without this, they stay with the
            studio.
          </span>
        </label>
        <button type="submit" className={cx(buttonClass("primary"), "min-h-11 self-start")}>
          Send
        </button>
      </form>
    </Frame>
  );
}
