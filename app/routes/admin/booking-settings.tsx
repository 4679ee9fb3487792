/** /admin/bookings/availability: when the free consultation can be booked (hours in the studio's time zone). */

import { parseWithZod } from "@conform-to/zod/v4";
import { data, useActionData } from "react-router";
import {
  AdminForm,
  FormError,
  NumberField,
  SubmitButton,
  TextareaField,
  TimeField,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import {
  availabilityFormDefaults,
  availabilityFormSchema,
  bookingAdminMessages,
  toAvailabilitySettings,
  weekdayNames,
} from "#app/domain/booking.ts";
import { getAvailabilitySettings, saveAvailabilitySettings } from "#app/models/bookings.server.ts";
import { studioTimeZone } from "#app/models/invoices.server.ts";
import { invalid, redirectWithToast } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/booking-settings";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Availability") }];

const formId = "booking-availability";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = getApp(context).database;
  const [settings, zone] = await Promise.all([getAvailabilitySettings(db), studioTimeZone(db)]);
  return data({ defaults: availabilityFormDefaults(settings), zone }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip } = getApp(context);
  const submission = parseWithZod(await request.formData(), { schema: availabilityFormSchema });
  if (submission.status !== "success") return invalid(submission);
  const settings = toAvailabilitySettings(submission.value);
  await auditedChange(database.db, (tx) => saveAvailabilitySettings(tx, settings).then(() => true), {
    actor: session,
    ip,
    event: "booking_settings_saved",
  });
  return redirectWithToast(config, "/admin/bookings/availability", {
    type: "success",
    message: bookingAdminMessages.saved,
  });
}

export default function BookingSettings({ loaderData }: Route.ComponentProps) {
  const { defaults, zone } = loaderData;
  const [form, fields] = useAdminForm({
    id: formId,
    schema: availabilityFormSchema,
    failure: useActionData<typeof action>(),
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
