/**
 * /admin/bookings: the free consultations booked on the site, upcoming (soonest first), past and
 * cancelled. The owner cancels one (a row action) or moves it to another free time (a dialog
 * addressed by the URL, ?move=id, so it works without JavaScript); the visitor is told by email.
 */

import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, useActionData } from "react-router";
import { type Column, DataTable, rowActionClass } from "#app/components/admin/data-table.tsx";
import {
  AdminForm,
  FormError,
  RowActionForm,
  SelectField,
  SubmitButton,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { DialogBody, DialogFooter, dialogFormClass, UrlDialog } from "#app/components/admin/url-dialog.tsx";
import { getApp } from "#app/context.server.ts";
import {
  type BookingView,
  bookingActionSchema,
  bookingAdminMessages,
  bookingFormIds,
  bookingMessages,
  bookingViews,
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

const viewLabels: Record<BookingView, string> = { upcoming: "Upcoming", past: "Past", cancelled: "Cancelled" };

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
  switch (outcome.kind) {
    case "cancelled":
      return redirectWithToast(app.config, "/admin/bookings", {
        type: "success",
        message: bookingAdminMessages.cancelled,
      });
    case "moved":
      return redirectWithToast(app.config, "/admin/bookings", { type: "success", message: bookingAdminMessages.moved });
    case "gone":
      return refuse(404, bookingAdminMessages.gone, { form, submission });
    case "taken":
      return refuse(409, bookingMessages.taken, { form, submission });
  }
}

type Item = Route.ComponentProps["loaderData"]["items"][number];

const columns: readonly Column<Item>[] = [
  {
    header: "Visitor",
    primary: true,
    cell: (item) => (
      <>
        <span className="block break-words">{item.name}</span>
        <span className="block text-sm font-normal break-all text-zinc-400">{item.email}</span>
      </>
    ),
    className: "md:max-w-56",
  },
  { header: "When", cell: (item) => item.when },
  {
    header: "Note",
    lowPriority: true,
    cell: (item) => <span className="line-clamp-3 whitespace-pre-wrap break-words">{item.note || "—"}</span>,
    className: "md:max-w-64",
  },
  {
    header: "Lead",
    cell: (item) =>
      item.customerId ? (
        <Link to={`/admin/customers/${item.customerId}`} className="underline">
          Customer
        </Link>
      ) : item.submissionId ? (
        <Link to={`/admin/dashboard?submission=${item.submissionId}`} className="underline">
          Inbox
        </Link>
      ) : (
        "—"
      ),
  },
];

export default function Bookings({ loaderData }: Route.ComponentProps) {
  const { view, zone, items, moving, moveChoices } = loaderData;
  const failure = useActionData<typeof action>();
  const [rowForm] = useAdminForm({
    id: bookingFormIds.row,
    schema: bookingActionSchema,
    failure: failure?.form === bookingFormIds.row ? failure : null,
  });
  const [moveForm, moveFields] = useAdminForm({
    id: bookingFormIds.move,
    schema: bookingActionSchema,
    failure: failure?.form === bookingFormIds.move ? failure : null,
  });
  const listHref = view === "upcoming" ? "/admin/bookings" : `/admin/bookings?view=${view}`;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <PageHeader title="Bookings" description={`Free consultations booked on the site. Times in ${zone}.`}>
        <Link to="/admin/bookings/availability" className={buttonClass("secondary")}>
          Availability
        </Link>
      </PageHeader>
      <nav aria-label="Bookings" className="flex flex-wrap gap-2">
        {bookingViews.map((entry) => (
          <Link
            key={entry}
            to={entry === "upcoming" ? "/admin/bookings" : `/admin/bookings?view=${entry}`}
            aria-current={entry === view ? "page" : undefined}
            className={buttonClass(entry === view ? "primary" : "ghost")}
          >
            {viewLabels[entry]}
          </Link>
        ))}
      </nav>
      <FormError form={rowForm} />
      <DataTable
        label={`${viewLabels[view]} bookings`}
        columns={columns}
        rows={items}
        rowKey={(item) => item.id}
        rowAttributes={(item) => ({ "data-booking-row": item.id })}
        empty={view === "upcoming" ? "No upcoming consultations." : `No ${view} consultations.`}
        actions={(item) =>
          item.upcoming ? (
            <>
              <Link
                to={`${listHref}${listHref.includes("?") ? "&" : "?"}move=${item.id}`}
                preventScrollReset
                className={rowActionClass}
                data-row-action
              >
                Move
              </Link>
              <RowActionForm intent="cancel" fields={{ id: item.id }} className={rowActionClass} data-row-action>
                Cancel
              </RowActionForm>
            </>
          ) : null
        }
      />
      {moving ? (
        <UrlDialog
          title="Move the consultation"
          description={`${moving.name}, now ${moving.when}. The visitor is sent the new time and a new link.`}
          closeHref={listHref}
        >
          <AdminForm form={moveForm} className={dialogFormClass}>
            <input type="hidden" name="id" value={moving.id} />
            <DialogBody className="flex flex-col gap-3">
              <FormError form={moveForm} />
              {moveChoices.length > 0 ? (
                <SelectField
                  meta={moveFields.slot}
                  label="New time"
                  options={moveChoices}
                  placeholder="Choose a time"
                />
              ) : (
                <p className="text-sm text-zinc-300">There are no other free times.</p>
              )}
            </DialogBody>
            <DialogFooter>
              <Link to={listHref} preventScrollReset className={buttonClass("ghost")}>
                Keep the time
              </Link>
              <SubmitButton intent="move" pendingLabel="Moving...">
                Move
              </SubmitButton>
            </DialogFooter>
          </AdminForm>
        </UrlDialog>
      ) : null}
    </div>
  );
}
