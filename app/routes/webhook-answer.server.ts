/**
 * The answer to the payment provider's webhook call: each outcome of `handleStripeWebhook` mapped to
 * its status and plain-text body in one place. A bad call (not set up, bad signature) is refused and
 * not retried; a failure of ours answers 500 so the provider retries; everything else is taken.
 */
import { handleStripeWebhook } from "#app/services/online-payments.server.ts";

type Outcome = Awaited<ReturnType<typeof handleStripeWebhook>>;
type Reason = Extract<Outcome, { ok: false }>["reason"];

/** Each refusal's status and body: 400 is not retried, 500 is. */
const answers: Record<Reason, readonly [400 | 500, string]> = {
  "not-set-up": [400, "Online payments are not set up"],
  "bad-signature": [400, "Bad signature"],
  failed: [500, "Failed"],
};

/** The status, the body and whether a mail was queued (a receipt or a refund notice). */
export async function answerStripeWebhook(...args: Parameters<typeof handleStripeWebhook>) {
  const outcome = await handleStripeWebhook(...args);
  if (!outcome.ok) {
    const [status, body] = answers[outcome.reason];
    return { status, body, recorded: false };
  }
  return { status: 200, body: outcome.handled, recorded: outcome.recorded };
}
