/** /admin/bookings/availability: when the free consultation can be booked (hours in the studio's time zone). */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import {
  availabilityFormDefaults,
  availabilityFormSchema,
  bookingAdminMessages,
  toAvailabilitySettings,
} from "#app/domain/booking.ts";
import { getAvailabilitySettings, saveAvailabilitySettings } from "#app/models/bookings.server.ts";
import { studioTimeZone } from "#app/models/business-settings.server.ts";
import { invalid, redirectWithToast } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/booking-settings";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Availability") }];

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

// The page (its forms, Conform and their schemas) loads as a chunk of its own: the server renders it in
// place, and its forms post without JavaScript until the chunk is there.
const BookingSettingsPage = splitComponent(() =>
  import("./booking-settings-page.tsx").then((module) => module.BookingSettings),
);

export default function BookingSettingsRoute(props: Route.ComponentProps) {
  return <BookingSettingsPage {...props} />;
}
