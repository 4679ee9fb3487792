/**
 * /admin/bookings: the free consultations booked on the site, upcoming (soonest first), past and
 * cancelled. The owner cancels one (a row action) or moves it to another free time (a dialog
 * addressed by the URL, ?move=id, so it works without JavaScript); the visitor is told by email.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import {
  bookingActionSchema,
  bookingAdminMessages,
  bookingFormIds,
  bookingMessages,
  parseBookingView,
} from "#app/domain/booking.ts";
import { formatLongDay, formatMomentIn, formatTimeIn } from "#app/domain/dates.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { getBooking, listBookings } from "#app/models/bookings.server.ts";
import { redirectWithToast, refuse } from "#app/services/action-result.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { changeBookingAsOwner, loadAvailability, openSlots } from "#app/services/booking.server.ts";
import type { Route } from "./+types/bookings";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Bookings") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = getApp(context).database;
  const params = new URL(request.url).searchParams;
  const view = parseBookingView(params.get("view"));
  const [rows, availability] = await Promise.all([listBookings(db, view), loadAvailability(db)]);
  const zone = availability.timeZone;
  const moveId = parseUuid(params.get("move"));
  const moving = moveId ? await getBooking(db, moveId) : null;
  const moveChoices =
    moving?.status === "booked"
      ? (await openSlots(db, { exceptId: moving.id })).days.flatMap((entry) =>
          entry.slots
            .filter((slot) => slot.getTime() !== moving.startsAt.getTime())
            .map((slot) => ({
              value: slot.toISOString(),
              label: `${formatLongDay(entry.day)}, ${formatTimeIn(slot, zone)}`,
            })),
        )
      : [];
  return data(
    {
      view,
      zone,
      items: rows.map((row) => ({
        id: row.id,
        status: row.status,
        when: formatMomentIn(row.startsAt, zone),
        upcoming: row.status === "booked" && row.endsAt.getTime() > Date.now(),
        name: row.name,
        email: row.email,
        note: row.note,
        submissionId: row.contactSubmissionId,
        customerId: row.customerId,
      })),
      moving:
        moving?.status === "booked"
          ? { id: moving.id, name: moving.name, when: formatMomentIn(moving.startsAt, zone) }
          : null,
      moveChoices,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const app = getApp(context);
  const submission = parseWithZod(await request.formData(), { schema: bookingActionSchema });
  const form = submission.payload.intent === "move" ? bookingFormIds.move : bookingFormIds.row;
  if (submission.status !== "success") {
    if (submission.error?.id) return refuse(404, bookingAdminMessages.gone, { form, submission });
    return refuse(409, bookingMessages.slotRequired, { form, submission });
  }
  const { intent, id } = submission.value;
  const change =
    intent === "cancel"
      ? { intent: "cancel" as const }
      : { intent: "reschedule" as const, slot: submission.value.slot };
  const outcome = await changeBookingAsOwner(app, id, change, { actor: session, ip: app.ip });
  if (!outcome.ok) {
    return outcome.reason === "gone"
      ? refuse(404, bookingAdminMessages.gone, { form, submission })
      : refuse(409, bookingMessages.taken, { form, submission });
  }
  return redirectWithToast(app.config, "/admin/bookings", {
    type: "success",
    message: outcome.change === "cancelled" ? bookingAdminMessages.cancelled : bookingAdminMessages.moved,
  });
}

// The page (its forms, Conform and their schemas) loads as a chunk of its own: the server renders it in
// place, and its forms post without JavaScript until the chunk is there.
const BookingsPage = splitComponent(() => import("./bookings-page.tsx").then((module) => module.Bookings));

export default function BookingsRoute(props: Route.ComponentProps) {
  return <BookingsPage {...props} />;
}
