/**
 * /portal: a client asks for a fresh link to their portal by email (ADR 0034). The answer, and the
 * work done before it, is the same whether or not the address is a customer's (ADR 0047); rate-limited
 * per address (429) and, silently, per email. A plain form (the page is not hydrated):
 * post/redirect/get to `?sent=1`.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.server.ts";
import { failureMessage } from "#app/domain/action-answer.ts";
import { clientPageHeaders, clientPageMessages } from "#app/domain/client-pages.ts";
import { portalMessages, portalRequestSchema } from "#app/domain/portal.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import { invalid, refuse } from "#app/services/action-result.server.ts";
import { requestPortalLink } from "#app/services/portal.server.ts";
import type { RouteHandle } from "../root.tsx";
import type { Route } from "./+types/portal-request";

export const handle: RouteHandle = { hydrate: false };

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const all = new Headers(clientPageHeaders);
  const retry = actionHeaders.get("Retry-After");
  if (retry) all.set("Retry-After", retry);
  return all;
};

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Client portal | ${loaderData?.studioName ?? "Studio"}` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const studio = await getStudioIdentity(getApp(context).database.db);
  return { studioName: studio.businessName, sent: new URL(request.url).searchParams.get("sent") === "1" };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { database, ip } = getApp(context);
  const submission = parseWithZod(await request.formData(), { schema: portalRequestSchema });
  if (submission.status !== "success") return invalid(submission, { headers: clientPageHeaders });
  const requested = await requestPortalLink({ db: database.db, ip }, submission.value.email);
  if (!requested.ok) {
    return refuse(429, clientPageMessages.tooMany, {
      submission,
      headers: clientPageHeaders,
      retryAfterSeconds: requested.retryAfterSeconds,
    });
  }
  return redirect("/portal?sent=1", { status: 303, headers: clientPageHeaders });
}

export default function PortalRequest({ loaderData, actionData }: Route.ComponentProps) {
  const fieldError = failureMessage(actionData, { field: "email" });
  const formError = failureMessage(actionData);
  const error = fieldError ?? formError;
  return (
    <main className="min-h-screen bg-zinc-950 px-4 py-10 text-zinc-100">
      <div className="mx-auto flex max-w-md flex-col gap-6">
        <header>
          <p className="text-sm text-zinc-400">{loaderData.studioName}</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight">Client portal</h1>
        </header>
        <p className="text-zinc-300">
          Your proposals, invoices, payments, bookings and projects in one place. Enter the email address we know you by
          and we will send you a link to your portal.
        </p>
        {loaderData.sent ? (
          <p role="status" className="rounded-md border border-emerald-800 bg-emerald-950 px-3 py-2 text-emerald-100">
            {portalMessages.requested}
          </p>
        ) : null}
        <form method="post" className="flex flex-col gap-3" noValidate>
          <label htmlFor="portal-email" className="text-sm font-medium">
            Email address
          </label>
          <input
            id="portal-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={255}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "portal-email-error" : undefined}
            className="rounded-md border border-zinc-600 bg-zinc-900 px-3 py-2 text-zinc-100"
          />
          {error ? (
            <p id="portal-email-error" role="alert" className="text-sm text-red-300">
              {error}
            </p>
          ) : null}
          <button type="submit" className={buttonClass("primary")}>
            Email me a link
          </button>
        </form>
      </div>
    </main>
  );
}
