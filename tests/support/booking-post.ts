/**
 * A booking post as the route receives it: parsed against the form's schema, then booked. `kind`
 * names the outcome (booked, ignored for a bot, or the failure's reason), as the route tells them apart.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { bookingFormSchema } from "#app/domain/booking.ts";
import { bookConsultation, type ManageOutcome } from "#app/services/booking.server.ts";

export async function bookPost(
  app: Parameters<typeof bookConsultation>[0],
  data: FormData,
  now?: Date,
  cookieHeader?: string | null,
) {
  const outcome = await bookConsultation(app, parseWithZod(data, { schema: bookingFormSchema }), now, cookieHeader);
  const kind = outcome.ok ? (outcome.booked ? "booked" : "ignored") : outcome.reason;
  return { ...outcome, kind, formToken: outcome.ok ? "" : (outcome.formToken ?? "") };
}

/** A manage outcome's name: the change made, or the failure's reason. */
export const manageKind = (outcome: ManageOutcome) => (outcome.ok ? outcome.change : outcome.reason);
