import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { DayLinks, Notice, SlotChoices, ZoneForm } from "#app/components/site/booking.tsx";
import { Card, Eyebrow } from "#app/components/site/ui.tsx";
import { getApp } from "#app/context.server.ts";
import {
  bookingMessages,
  bookPath,
  manageBookingPath,
  manageBookingSchema,
  slotPickerView,
  visitorTimeZone,
} from "#app/domain/booking.ts";
import { formatMomentIn, timeZoneChoices } from "#app/domain/dates.ts";
import { secretPageHeaders } from "#app/domain/secret-paths.ts";
import { bookingByTokenHash } from "#app/models/bookings.server.ts";
import { invalid, refusalPage, refuse } from "#app/services/action-result.server.ts";
import { manageBooking, manageTokenHash, openSlots } from "#app/services/booking.server.ts";
import type { Route } from "./+types/book-manage";

/** The token is in the address: never cached, never sent to another site as a referrer. */
const noStore = secretPageHeaders;
export const headers: Route.HeadersFunction = () => noStore;

export const meta: Route.MetaFunction = () => [{ title: "Your consultation" }, { name: "robots", content: "noindex" }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { database } = getApp(context);
  const hash = manageTokenHash(params.token);
  const booking = hash ? await bookingByTokenHash(database.db, hash) : null;
  if (!booking) return refusalPage(410, { live: false as const }, noStore);
  const search = new URL(request.url).searchParams;
  const { availability, days } = await openSlots(database.db, { exceptId: booking.id });
  const zone = visitorTimeZone(search.get("tz") ?? booking.timeZone, availability.timeZone);
  return {
    live: true as const,
    when: formatMomentIn(booking.startsAt, zone),
    name: booking.name,
    view: slotPickerView(
      days.map((entry) => ({
        ...entry,
        slots: entry.slots.filter((slot) => slot.getTime() !== booking.startsAt.getTime()),
      })),
      zone,
      availability.timeZone,
      search.get("day"),
    ),
    zones: timeZoneChoices(),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const app = getApp(context);
  const submission = parseWithZod(await request.formData(), { schema: manageBookingSchema });
  if (submission.status !== "success") return invalid(submission, { headers: noStore });
  const hash = manageTokenHash(params.token);
  if (!hash) return refuse(410, bookingMessages.usedLink, { headers: noStore });
  // cancelling asks first: this page, rendered again with the question (no script needed)
  if (submission.value.intent === "cancel" && submission.value.confirm !== "yes") {
    return data({ confirmCancel: true as const }, { headers: noStore });
  }
  const outcome = await manageBooking(app, hash, submission.value);
  if (!outcome.ok) {
    return outcome.reason === "gone"
      ? refuse(410, bookingMessages.usedLink, { submission, headers: noStore })
      : refuse(409, bookingMessages.taken, { submission, headers: noStore });
  }
  if (outcome.change === "cancelled") throw redirect(`${bookPath}?cancelled=1`, { status: 303, headers: noStore });
  const query = new URLSearchParams({ moved: outcome.startsAt.toISOString() });
  if (outcome.timeZone) query.set("tz", outcome.timeZone);
  throw redirect(`${bookPath}?${query.toString()}`, { status: 303, headers: noStore });
}

export default function ManageBooking({ loaderData, actionData, params }: Route.ComponentProps) {
  const path = manageBookingPath(params.token);
  const confirmCancel = Boolean(actionData && "confirmCancel" in actionData && actionData.confirmCancel);
  const formError = (actionData as { result?: { error?: Record<string, string[] | null> } } | undefined)?.result
    ?.error?.[""]?.[0];
  return (
    <main className="mx-auto max-w-4xl px-5 pt-20 pb-28">
      <Eyebrow>Free Consultation</Eyebrow>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-white sm:text-5xl">Your consultation</h1>
      {!loaderData.live ? (
        <div className="mt-10">
          <Notice tone="error">
            <p>{bookingMessages.usedLink}</p>
            <p className="mt-2">
              <a href={bookPath} className="underline">
                Book a new time
              </a>
            </p>
          </Notice>
        </div>
      ) : confirmCancel ? (
        <>
          <p className="mt-5 text-lg text-zinc-300">
            {loaderData.name}, your consultation is booked for <strong className="text-white">{loaderData.when}</strong>
            .
          </p>
          <Card className="mt-10 px-5 sm:px-8">
            <section aria-labelledby="cancel-confirm-title" data-cancel-confirm>
              <h2 id="cancel-confirm-title" className="text-2xl font-semibold text-white">
                Cancel this consultation?
              </h2>
              <p className="mt-2 text-zinc-300">
                The time goes back to the calendar; you can book again whenever you like.
              </p>
              <form method="post" action={path} className="mt-6 flex flex-wrap gap-3">
                <input type="hidden" name="intent" value="cancel" />
                <input type="hidden" name="confirm" value="yes" />
                <button
                  type="submit"
                  className="min-h-12 rounded-full border border-red-300/60 px-6 font-semibold text-red-100 hover:border-red-200"
                >
                  Confirm
                </button>
                <a
                  href={path}
                  className="inline-flex min-h-12 items-center justify-center rounded-full bg-[var(--color-accent)] px-6 font-semibold text-black hover:bg-white"
                >
                  Keep
                </a>
              </form>
            </section>
          </Card>
        </>
      ) : (
        <>
          <p className="mt-5 text-lg text-zinc-300">
            {loaderData.name}, your consultation is booked for <strong className="text-white">{loaderData.when}</strong>
            .
          </p>
          {formError ? (
            <div className="mt-8">
              <Notice tone="error">{formError}</Notice>
            </div>
          ) : null}
          <Card className="mt-10 px-5 sm:px-8">
            <h2 className="text-2xl font-semibold text-white">Choose another time</h2>
            <div className="mt-4">
              <ZoneForm
                zone={loaderData.view.zone}
                zones={loaderData.zones}
                path={path}
                day={loaderData.view.selected?.day}
              />
            </div>
            <div className="mt-6">
              <DayLinks view={loaderData.view} path={path} />
            </div>
            {loaderData.view.selected ? (
              <form method="post" action={path} className="mt-8 flex flex-col gap-6">
                <input type="hidden" name="intent" value="reschedule" />
                <SlotChoices view={loaderData.view} />
                <button
                  type="submit"
                  className="inline-flex min-h-12 items-center justify-center self-start rounded-full bg-[var(--color-accent)] px-6 font-semibold text-black hover:bg-white"
                >
                  Move my consultation
                </button>
              </form>
            ) : (
              <p className="mt-4 text-zinc-300">There are no other free times in the coming weeks.</p>
            )}
          </Card>
          <Card className="mt-6 px-5 sm:px-8">
            <h2 className="text-2xl font-semibold text-white">Cancel</h2>
            <p className="mt-2 text-zinc-300">
              The time goes back to the calendar; you can book again whenever you like.
            </p>
            <form method="post" action={path} className="mt-4">
              <input type="hidden" name="intent" value="cancel" />
              <button
                type="submit"
                className="min-h-12 rounded-full border border-red-300/60 px-6 font-semibold text-red-100 hover:border-red-200"
              >
                Cancel my consultation
              </button>
            </form>
          </Card>
        </>
      )}
    </main>
  );
}
