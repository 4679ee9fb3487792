/**
 * The page of `bookings.tsx`, a chunk loaded on demand (its forms, Conform and their schemas): the route
 * renders it through `splitComponent`, so the server renders it in place and it works without JavaScript.
 */
import { Link, useActionData } from "react-router";
import { type Column, DataTable, rowActionClass } from "#app/components/admin/data-table.tsx";
import { AdminForm, FormError, SelectField, useAdminForm } from "#app/components/admin/form.tsx";
import { RowActionForm, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { DialogBody, DialogFooter, dialogFormClass, UrlDialog } from "#app/components/admin/url-dialog.tsx";
import { type BookingView, bookingActionSchema, bookingFormIds, bookingViews } from "#app/domain/booking.ts";
import type { Route } from "./+types/bookings";

const viewLabels: Record<BookingView, string> = { upcoming: "Upcoming", past: "Past", cancelled: "Cancelled" };

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

export function Bookings({ loaderData }: Route.ComponentProps) {
  const { view, zone, items, moving, moveChoices } = loaderData;
  const failure = useActionData() as Route.ComponentProps["actionData"];
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
