/**
 * The page of `booking-settings.tsx`, a chunk loaded on demand (its forms, Conform and their schemas): the route
 * renders it through `splitComponent`, so the server renders it in place and it works without JavaScript.
 */
import { useActionData } from "react-router";
import {
  AdminForm,
  FormError,
  NumberField,
  TextareaField,
  TextField,
  TimeField,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { availabilityFormSchema, weekdayNames } from "#app/domain/booking.ts";
import { meetingPlaceMax } from "#app/domain/meeting-place.ts";
import type { Route } from "./+types/booking-settings";

const formId = "booking-availability";

export function BookingSettings({ loaderData }: Route.ComponentProps) {
  const { defaults, zone } = loaderData;
  const [form, fields] = useAdminForm({
    id: formId,
    schema: availabilityFormSchema,
    failure: useActionData() as Route.ComponentProps["actionData"],
    defaultValue: defaults,
  });
  const field = (name: string) => fields[name as keyof typeof fields];
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <PageHeader
        title="Availability"
        description={`When visitors can book the free consultation on /book. Hours are in the studio's time zone (${zone}, set in Settings).`}
        back={{ href: "/admin/bookings", label: "Back to Bookings" }}
      />
      <AdminForm form={form} className="flex flex-col gap-6">
        <FormError form={form} />
        <fieldset className="rounded-lg border border-zinc-800 p-4">
          <legend className="px-1 text-sm font-semibold">Weekly hours</legend>
          <p className="mb-3 text-xs text-zinc-400">Leave both times empty for a day without consultations.</p>
          {weekdayNames.map((day, index) => (
            <div key={day} className="grid grid-cols-2 gap-x-4 sm:grid-cols-[8rem_1fr_1fr] sm:items-start">
              <p className="col-span-2 pt-2 text-sm font-medium sm:col-span-1 sm:pt-8">{day}</p>
              <TimeField meta={field(`start_${index}`)} label={`${day} from`} />
              <TimeField meta={field(`end_${index}`)} label={`${day} until`} />
            </div>
          ))}
        </fieldset>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <NumberField meta={fields.session_minutes} label="Session length (minutes)" min={10} max={240} />
          <NumberField
            meta={fields.daily_cap}
            label="Daily limit"
            description="Bookings per day at most; 0 is no limit."
            min={0}
          />
          <NumberField meta={fields.buffer_before_minutes} label="Buffer before (minutes)" min={0} />
          <NumberField meta={fields.buffer_after_minutes} label="Buffer after (minutes)" min={0} />
          <NumberField meta={fields.minimum_notice_hours} label="Minimum notice (hours)" min={0} />
          <NumberField meta={fields.horizon_days} label="Booking window (days ahead)" min={1} />
        </div>
        <TextField
          meta={fields.meeting_place}
          label="Where the consultation happens"
          description="A call link (https://...), a phone number or an address. It is in the confirmation email and the calendar invitation."
          wide
          maxLength={meetingPlaceMax}
        />
        <TextareaField
          meta={fields.days_off}
          label="Days off"
          description="Dates without consultations, YYYY-MM-DD, one per line."
          rows={4}
        />
        <div>
          <SubmitButton>Save availability</SubmitButton>
        </div>
      </AdminForm>
    </div>
  );
}
