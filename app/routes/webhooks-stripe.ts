/**
 * POST /webhooks/stripe: the payment provider's events (ADR 0035). The body arrives raw (the server
 * leaves this path's body uninspected and asks no Origin: server/app.ts), and the SDK checks its
 * signature on those exact bytes; a bad one answers 400 and changes nothing.
 */
import { getApp } from "#app/context.server.ts";
import { answerStripeWebhook } from "#app/routes/webhook-answer.server.ts";
import type { Route } from "./+types/webhooks-stripe";

export async function action({ request, context }: Route.ActionArgs) {
  const { database, config, logger } = getApp(context);
  const rawBody = Buffer.from(await request.arrayBuffer());
  const answer = await answerStripeWebhook(
    { db: database.db, config, logger },
    rawBody,
    request.headers.get("stripe-signature"),
  );
  return new Response(answer.body, {
    status: answer.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
