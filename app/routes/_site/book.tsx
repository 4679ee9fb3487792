import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { InlineScript } from "#app/components/inline-script.tsx";
import { DayLinks, Notice, SlotChoices, siteFieldClass, ZoneForm } from "#app/components/site/booking.tsx";
import { Card, Eyebrow } from "#app/components/site/ui.tsx";
import { getApp } from "#app/context.server.ts";
import {
  bookingFormSchema,
  bookingLimits,
  bookingMessages,
  bookPath,
  freeSlotsFreshUntil,
  slotPickerView,
  visitorTimeZone,
} from "#app/domain/booking.ts";
import { contactMessages } from "#app/domain/contact-form.ts";
import { formatMomentIn, timeZoneChoices } from "#app/domain/dates.ts";
import { publicCacheUntilHeader } from "#app/domain/site.ts";
import { invalid, refuse } from "#app/services/action-result.server.ts";
import {
  type BookingOutcome,
  type BookingSubmission,
  bookConsultation,
  openSlots,
} from "#app/services/booking.server.ts";
import { issueFormToken } from "#app/services/form-token.server.ts";
import type { Route } from "./+types/book";
import { sitePageMeta } from "./seo.ts";

/**
 * The free times change with every booking: never cached by the browser or a CDN. The server keeps
 * the page for every visitor until a booking or the clock changes them (ADR 0037): a render for
 * that cache says until when, in a header the cache reads and never sends on.
 */
const noStore = { "Cache-Control": "no-store" };
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  // a refused post's own answer (no-store, and a rate limit's Retry-After)
  if (actionHeaders.has("Cache-Control")) return actionHeaders;
  const until = loaderHeaders.get(publicCacheUntilHeader);
  return until ? { ...noStore, [publicCacheUntilHeader]: until } : noStore;
};

function instantParam(value: string | null): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The page for every visitor (the public-page cache: `?tz=` and `&day=` only, no token, no outcome;
 * the token goes in a cookie set per answer, server/public-cache.ts) or for one visitor (an outcome
 * after a post, an address the cache does not key, a refused post): then its form carries a token.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const app = getApp(context);
  const search = new URL(request.url).searchParams;
  const now = new Date();
  const { availability, days } = await openSlots(app.database.db, { now });
  const zone = visitorTimeZone(search.get("tz"), availability.timeZone);
  const page = {
    view: slotPickerView(days, zone, availability.timeZone, search.get("day")),
    zones: timeZoneChoices(),
    zoneKnown: search.has("tz"),
    sessionMinutes: availability.sessionMinutes,
  };
  if (app.forCache) {
    const until = freeSlotsFreshUntil(availability, days, now);
    return data({ ...page, formToken: null, outcome: null }, { headers: { [publicCacheUntilHeader]: String(until) } });
  }
  const booked = instantParam(search.get("booked"));
  const moved = instantParam(search.get("moved"));
  return {
    ...page,
    formToken: issueFormToken(app.config.sessionSecret),
    outcome: booked
      ? { kind: "booked" as const, when: formatMomentIn(booked, zone) }
      : moved
        ? { kind: "moved" as const, when: formatMomentIn(moved, zone) }
        : search.get("cancelled") === "1"
          ? { kind: "cancelled" as const }
          : search.get("booked") === "1"
            ? { kind: "booked" as const, when: null }
            : null,
  };
}

/** Without JavaScript the form posts here; a booking answers with a redirect to its confirmation. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const submission = parseWithZod(await request.formData(), { schema: bookingFormSchema });
  const outcome = await bookConsultation(app, submission, new Date(), request.headers.get("cookie"));
  if (!outcome.ok) return answerFor(outcome, submission);
  // a bot is answered as if booked
  const query = new URLSearchParams(
    outcome.booked ? { booked: outcome.booked.startsAt.toISOString() } : { booked: "1" },
  );
  if (outcome.booked?.timeZone) query.set("tz", outcome.booked.timeZone);
  throw redirect(`${bookPath}?${query.toString()}`, { status: 303, headers: noStore });
}

/** A refused booking's answer: the form again with the visitor's values and the reason's message. */
function answerFor(outcome: Extract<BookingOutcome, { ok: false }>, submission: BookingSubmission) {
  const options = { submission, headers: noStore };
  switch (outcome.reason) {
    case "invalid":
      return invalid(submission, { headers: noStore });
    case "stale":
      return refuse(409, contactMessages.staleForm, options);
    case "no-token":
      return refuse(409, bookingMessages.noToken, { ...options, extra: { formToken: outcome.formToken ?? "" } });
    case "taken":
      return refuse(409, bookingMessages.taken, options);
    case "limited":
      return refuse(429, contactMessages.rateLimited, { ...options, retryAfterSeconds: outcome.retryAfterSeconds });
    case "recipient-limited":
      return refuse(429, bookingMessages.recipientLimited, {
        ...options,
        retryAfterSeconds: outcome.retryAfterSeconds,
      });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  sitePageMeta(matches, {
    path: bookPath,
    title: "Book a Free Consultation | {studio}",
    description: "Pick a time for a free 30-minute strategy session. No cost, no commitment.",
  });

/** Sets the visitor's zone once, when the address does not name one yet (the select does it without JavaScript). */
const zoneScript = `(function(){try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(!z)return;var u=new URL(location.href);if(u.searchParams.has("tz"))return;u.searchParams.set("tz",z);location.replace(u.toString())}catch(e){}})()`;

function fieldErrors(actionData: unknown): Record<string, string[] | null | undefined> {
  const result = (actionData as { result?: { error?: Record<string, string[] | null> } } | undefined)?.result;
  return result?.error ?? {};
}

/** The token a refused post came back with (it skips the time trap once: services/booking.server.ts). */
function answerToken(actionData: unknown): string | null {
  const token = (actionData as { formToken?: unknown } | undefined)?.formToken;
  return typeof token === "string" ? token : null;
}

function initialValues(actionData: unknown): Record<string, unknown> {
  const result = (actionData as { result?: { initialValue?: Record<string, unknown> | null } } | undefined)?.result;
  return result?.initialValue ?? {};
}

export default function Book({ loaderData, actionData }: Route.ComponentProps) {
  const { view, zones, sessionMinutes, outcome, zoneKnown } = loaderData;
  const formToken = answerToken(actionData) ?? loaderData.formToken;
  const errors = fieldErrors(actionData);
  const values = initialValues(actionData);
  const formError = errors[""]?.[0];
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : undefined);
  const action = `${bookPath}?${new URLSearchParams({ tz: view.zone, ...(view.selected ? { day: view.selected.day } : {}) }).toString()}`;
  return (
    <main className="mx-auto max-w-4xl px-5 pt-20 pb-28">
      <Eyebrow>Free Consultation</Eyebrow>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-white sm:text-6xl">Book a Free Consultation</h1>
      <p className="mt-5 max-w-2xl text-lg text-zinc-300">
        A {sessionMinutes}-minute strategy session and a branded demo of your site. No cost, no commitment. Pick a time
        that suits you.
      </p>

      {outcome ? (
        <div className="mt-10">
          <Notice>
            {outcome.kind === "cancelled" ? (
              <p className="font-semibold">{bookingMessages.cancelled}</p>
            ) : (
              <>
                <p className="font-semibold">
                  {outcome.kind === "moved" ? bookingMessages.rescheduled : `${bookingMessages.booked}.`}
                </p>
                {outcome.when ? <p className="mt-1">{outcome.when}</p> : null}
                <p className="mt-1 text-zinc-300">
                  We have emailed you the details, a calendar invitation and a link to reschedule or cancel.
                </p>
              </>
            )}
          </Notice>
        </div>
      ) : null}

      <Card className="mt-10 px-5 sm:px-8">
        <ZoneForm zone={view.zone} zones={zones} path={bookPath} day={view.selected?.day} />
        <h2 className="mt-8 text-2xl font-semibold text-white">Choose a day</h2>
        {view.days.length === 0 ? (
          <p className="mt-3 text-zinc-300">
            There are no free times in the coming weeks. Please{" "}
            <a href="/contact?type=consultation" className="underline">
              send us a message
            </a>{" "}
            instead.
          </p>
        ) : (
          <div className="mt-4">
            <DayLinks view={view} path={bookPath} />
          </div>
        )}

        {view.selected ? (
          <form method="post" action={action} className="mt-10 flex flex-col gap-6" noValidate>
            {formError ? <Notice tone="error">{formError}</Notice> : null}
            <SlotChoices view={view} error={errors.slot?.[0] ?? undefined} />
            <input type="hidden" name="tz" value={view.zone} />
            {/* a page rendered for one visitor carries its token; the cached page's is in a cookie */}
            {formToken ? <input type="hidden" name="form_token" value={formToken} /> : null}
            {/* Honeypot: people never see it; bots fill it in. */}
            <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
              <label htmlFor="company_website">Leave this field empty</label>
              <input id="company_website" name="company_website" type="text" tabIndex={-1} autoComplete="off" />
            </div>
            <div className="grid gap-x-4 sm:grid-cols-2">
              <Input label="Name" name="name" autoComplete="name" value={text("name")} error={errors.name?.[0]} />
              <Input
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                value={text("email")}
                error={errors.email?.[0]}
              />
            </div>
            <div>
              <label htmlFor="note" className="block text-sm font-medium text-zinc-200">
                What would you like to talk about? <span className="font-normal text-zinc-400">(optional)</span>
              </label>
              <textarea
                id="note"
                name="note"
                rows={3}
                maxLength={bookingLimits.note}
                defaultValue={text("note")}
                aria-invalid={errors.note ? true : undefined}
                aria-describedby={errors.note ? "note-error" : undefined}
                className={siteFieldClass}
              />
              {errors.note ? (
                <p id="note-error" className="mt-1 text-sm text-red-300">
                  {errors.note[0]}
                </p>
              ) : null}
            </div>
            <button
              type="submit"
              className="inline-flex min-h-12 items-center justify-center self-start rounded-full bg-[var(--color-accent)] px-6 text-base font-semibold text-black hover:bg-white"
            >
              Confirm booking
            </button>
          </form>
        ) : null}
      </Card>
      {zoneKnown ? null : <InlineScript code={zoneScript} />}
    </main>
  );
}

function Input({
  label,
  name,
  type = "text",
  autoComplete,
  value,
  error,
}: {
  label: string;
  name: string;
  type?: string;
  autoComplete: string;
  value?: string;
  error?: string | null;
}) {
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-medium text-zinc-200">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type={type}
        required
        autoComplete={autoComplete}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
        className={`${siteFieldClass} h-11.5`}
      />
      <p id={`${name}-error`} className="mt-1 mb-2 min-h-5 text-sm text-red-300">
        {error}
      </p>
    </div>
  );
}
