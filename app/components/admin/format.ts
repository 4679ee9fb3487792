/**
 * How the back office shows dates: en-US, as the spec's calendar does. Deep imports only: the
 * `date-fns` and `date-fns/locale` barrels load every function and every locale (hundreds of MB
 * on the server, DESIGN.md section 8).
 */
import { format } from "date-fns/format";
import { enUS } from "date-fns/locale/en-US";
import { displayDate } from "#app/domain/invoice-form.ts";

/** "Jan 5, 2026" */
export function formatDate(date: Date) {
  return format(date, "MMM d, yyyy", { locale: enUS });
}

/** "January 5, 2026 at 3:04 PM" */
export function formatDateTime(date: Date) {
  return format(date, "MMMM d, yyyy 'at' h:mm a", { locale: enUS });
}

/** A Date as 'Jan 5, 2026'; a calendar date column ('2026-01-05') as the spec's MM/dd/yyyy. */
export function formatDay(value: Date | string): string {
  return typeof value === "string" ? displayDate(value) : formatDate(value);
}
