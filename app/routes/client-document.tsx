/**
 * /i/{token}: the client's view of an invoice or estimate, without an account (ADR 0016).
 * Fetching it changes nothing: the view beacon (ADR 0034), posted once the page is visible in a
 * browser without a back-office session, marks the document viewed (the first time). An estimate shows its terms, then Accept or Decline,
 * signed by typing a full name: plain forms, so it works without JavaScript (the page is not
 * hydrated). A wrong, malformed or revoked token answers 404 (the site's not-found page says why); the page is never cached or indexed,
 * and its address never leaves the site as a referrer (`same-origin`: `no-referrer` would make the
 * browser send `Origin: null` with the answer form, which React Router refuses as cross-site).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { InvoiceSheet, invoicePrintCss } from "#app/components/admin/invoice-print-view.tsx";
import { buttonClass, cx } from "#app/components/admin/ui.tsx";
import { ViewBeacon } from "#app/components/view-beacon.tsx";
import { getApp } from "#app/context.server.ts";
import { failureMessage } from "#app/domain/action-answer.ts";
import { invoiceDocument } from "#app/domain/invoice-document.ts";
import { canAccept } from "#app/domain/invoice-status.ts";
import { acceptFormSchema, sendMessages } from "#app/domain/sending.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import { invalid, notFound, refuse, tooManyRequests } from "#app/services/action-result.server.ts";
import { answerEstimate, findClientDocument } from "#app/services/client-documents.server.ts";
import { viewBeacon } from "#app/services/view-beacon.server.ts";
import type { RouteHandle } from "../root.tsx";
import type { Route } from "./+types/client-document";

export const handle: RouteHandle = { hydrate: false };

const privateHeaders = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "same-origin",
};

export const headers: Route.HeadersFunction = () => privateHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `${loaderData.doc.title === "ESTIMATE" ? "Estimate" : "Invoice"} ${loaderData.doc.number} | ${loaderData.studioName}`
      : "Not found",
  },
  { name: "robots", content: "noindex, nofollow" },
];

const invalidLink = "This link is not valid. Please ask the sender for a new one.";

async function lookup(context: Route.LoaderArgs["context"], token: string | undefined) {
  const { database, ip } = getApp(context);
  const found = await findClientDocument(database.db, token, ip);
  if (found.status === "limited") {
    tooManyRequests("Too many requests. Please try again later.", found.retryAfterSeconds, privateHeaders);
  }
  if (found.status === "not-found") notFound(invalidLink, privateHeaders);
  if (found.status === "revising") notFound(sendMessages.revising, privateHeaders);
  return found.invoice;
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { database } = getApp(context);
  const invoice = await lookup(context, params.token);
  const studio = await getStudioIdentity(database.db);
  const answered = new URL(request.url).searchParams.get("answered");
  return {
    token: params.token,
    beacon: viewBeacon("document", params.token),
    doc: invoiceDocument(invoice, studio),
    studioName: studio.businessName,
    isEstimate: invoice.invoiceType === "estimate",
    canAnswer: canAccept(invoice),
    status: invoice.status,
    acceptedByName: invoice.acceptedByName,
    acceptedAt: invoice.acceptedAt ? new Date(invoice.acceptedAt).toISOString().slice(0, 10) : null,
    declinedAt: invoice.declinedAt ? new Date(invoice.declinedAt).toISOString().slice(0, 10) : null,
    notice: answered === "accept" ? sendMessages.accepted : answered === "decline" ? sendMessages.declined : null,
  };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const { database, config, ip, mail } = getApp(context);
  const invoice = await lookup(context, params.token);
  if (invoice.invoiceType !== "estimate") notFound(invalidLink, privateHeaders);
  const submission = parseWithZod(await request.formData(), { schema: acceptFormSchema });
  if (submission.status !== "success") {
    return invalid(null, { fieldErrors: { name: [sendMessages.acceptNameRequired] }, headers: privateHeaders });
  }
  const answered = await answerEstimate(
    { db: database.db, publicUrl: config.publicUrl, ip },
    { id: invoice.id, invoiceNumber: invoice.invoiceNumber, customerName: invoice.customer.name, token: params.token },
    submission.value,
  );
  if (answered === "revoked") notFound(invalidLink, privateHeaders);
  if (answered === "already") {
    return refuse(409, sendMessages.alreadyAnswered, { headers: privateHeaders });
  }
  mail.kick();
  return redirect(`/i/${params.token}?answered=${submission.value.intent}`, { status: 303, headers: privateHeaders });
}

export default function ClientDocument({ loaderData, actionData }: Route.ComponentProps) {
  const { doc, token, isEstimate, canAnswer, status, acceptedByName, acceptedAt, declinedAt, notice } = loaderData;
  const error = failureMessage(actionData);
  return (
    <main className="invoice-screen min-h-screen bg-zinc-800 px-2 py-4 sm:px-6 sm:py-8">
      <style>{invoicePrintCss}</style>
      <div className="no-print mx-auto mb-4 flex w-[8.5in] max-w-full flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-zinc-200">
          {doc.title === "ESTIMATE" ? "Estimate" : "Invoice"} {doc.number} from {loaderData.studioName}
        </p>
        <a href={`/i/${token}/pdf`} className={buttonClass("primary")} download>
          Download PDF
        </a>
      </div>
      {notice ? (
        <p
          role="status"
          className="no-print mx-auto mb-4 w-[8.5in] max-w-full rounded-md bg-emerald-950 px-3 py-2 text-sm text-emerald-100"
        >
          {notice}
        </p>
      ) : null}
      <InvoiceSheet doc={doc} logoSrc={null} />
      {isEstimate ? (
        <section
          aria-labelledby="answer-title"
          className="no-print mx-auto mt-4 w-[8.5in] max-w-full rounded-lg bg-white p-6 text-zinc-900 [color-scheme:light]"
        >
          <h2 id="answer-title" className="text-lg font-semibold">
            Your answer
          </h2>
          {status === "accepted" ? (
            <p className="mt-2">
              Accepted{acceptedByName ? ` by ${acceptedByName}` : ""}
              {acceptedAt ? ` on ${acceptedAt}` : ""}. Thank you!
            </p>
          ) : status === "declined" ? (
            <p className="mt-2">Declined{declinedAt ? ` on ${declinedAt}` : ""}.</p>
          ) : canAnswer ? (
            <form method="post" className="mt-3 flex flex-col gap-3">
              <p className="text-sm text-zinc-700">
                By accepting, you agree to the estimate above and its terms. Type your full name as your signature.
              </p>
              <label htmlFor="signature" className="text-sm font-medium">
                Full name
              </label>
              <input
                id="signature"
                name="name"
                autoComplete="name"
                maxLength={100}
                aria-describedby={error ? "answer-error" : undefined}
                aria-invalid={error ? true : undefined}
                className="rounded-md border border-zinc-400 px-3 py-2 text-zinc-900"
              />
              {error ? (
                <p id="answer-error" role="alert" className="text-sm text-red-700">
                  {error}
                </p>
              ) : null}
              <div className="flex flex-wrap gap-2">
                <button type="submit" name="intent" value="accept" className={cx(buttonClass("primary"))}>
                  Accept Estimate
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="decline"
                  className="rounded-md border border-zinc-400 px-4 py-2 text-sm font-medium text-zinc-900 hover:bg-zinc-100"
                >
                  Decline
                </button>
              </div>
            </form>
          ) : (
            <p className="mt-2 text-sm text-zinc-700">This estimate can no longer be answered online.</p>
          )}
        </section>
      ) : null}
      <ViewBeacon beacon={loaderData.beacon} />
    </main>
  );
}
