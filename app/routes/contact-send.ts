/** POST /contact/send: the inquiry form's script sends here and gets JSON back (without JavaScript the form posts to /contact). */
import { getApp } from "#app/context.server.ts";
import { answerInquiryPost } from "#app/routes/_site/inquiry-answer.server.ts";
import type { Route } from "./+types/contact-send";

export async function action({ request, context }: Route.ActionArgs) {
  const { status, headers, body } = await answerInquiryPost(getApp(context), request);
  const json =
    body.status === "invalid"
      ? {
          status: "invalid",
          // first message per field
          errors: Object.fromEntries(
            Object.entries(body.result.error ?? {}).flatMap(([field, messages]) =>
              messages?.[0] ? [[field, messages[0]]] : [],
            ),
          ),
        }
      : body.status === "error"
        ? { status: "error", message: body.message }
        : body.status === "stale"
          ? { status: "stale", message: body.message, formToken: body.formToken }
          : { status: "sent" };
  return Response.json(json, { status, headers });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
