/**
 * /i/{token}: the client's view of an invoice or estimate, without an account (ADR 0016).
 * Fetching it records no view: the view beacon (ADR 0034), posted once the page is visible in a
 * browser without a back-office session, marks the document viewed (the first time). An estimate shows its terms, then Accept or Decline,
 * signed by typing a full name: plain forms, so it works without JavaScript (the page is not
 * hydrated). A wrong, malformed or revoked token answers 404 (the site's not-found page says why); the page is never cached or indexed,
 * and its address never leaves the site as a referrer (`same-origin`: `no-referrer` would make the
 * browser send `Origin: null` with the answer form, which React Router refuses as cross-site).
 * An invoice shows how to pay (ADR 0035): Pay Online when a provider is set up (its form posts to
 * /i/{token}/pay, this module's other route, which redirects to the provider's Checkout), and the
 * studio's bank details with the invoice number as reference. Back from Checkout
 * (`?paid={session}`), the session is reconciled, so the page shows the payment at once.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { InvoiceSheet, invoicePrintCss } from "#app/components/admin/invoice-print-view.tsx";
import { buttonClass, cx } from "#app/components/admin/ui.tsx";
import { ViewBeacon } from "#app/components/view-beacon.tsx";
import { getApp } from "#app/context.server.ts";
import { failureMessage } from "#app/domain/action-answer.ts";
import { clientPageHeaders, clientPageMessages } from "#app/domain/client-pages.ts";
import { displayDate, isoDay } from "#app/domain/dates.ts";
import { invoiceDocument } from "#app/domain/invoice-document.ts";
import { canAccept } from "#app/domain/invoice-status.ts";
import { formatMoney, toCents } from "#app/domain/money.ts";
import { payFormSchema } from "#app/domain/online-payment-forms.ts";
import { bankTransferHeading, bankTransferLines, onlinePaymentMessages } from "#app/domain/online-payments.ts";
import { refundLine } from "#app/domain/provider-payments.ts";
import { acceptFormSchema, sendMessages } from "#app/domain/sending.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import { getPaymentSettings } from "#app/models/payment-settings.server.ts";
import { listRefunds } from "#app/models/payments.server.ts";
import { invalid, notFound, refuse, tooManyRequests } from "#app/services/action-result.server.ts";
import { answerEstimate, findClientDocument } from "#app/services/client-documents.server.ts";
import { onlinePaymentOffer, reconcileCheckoutReturn, startCheckout } from "#app/services/online-payments.server.ts";
import { viewBeacon } from "#app/services/view-beacon.server.ts";
import type { RouteHandle } from "../root.tsx";
import type { Route } from "./+types/client-document";

export const handle: RouteHandle = { hydrate: false };

export const headers: Route.HeadersFunction = () => clientPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `${loaderData.doc.title === "ESTIMATE" ? "Estimate" : "Invoice"} ${loaderData.doc.number} | ${loaderData.studioName}`
      : "Not found",
  },
  { name: "robots", content: "noindex, nofollow" },
];

async function lookup(context: Route.LoaderArgs["context"], token: string | undefined) {
  const { database, ip } = getApp(context);
  const found = await findClientDocument(database.db, token, ip);
  if (!found.ok) {
    if (found.reason === "limited") {
      tooManyRequests(clientPageMessages.tooMany, found.retryAfterSeconds ?? 60, clientPageHeaders);
    }
    notFound(found.reason === "revising" ? sendMessages.revising : clientPageMessages.invalidLink, clientPageHeaders);
  }
  return found.invoice;
}

/** Back from Checkout: the session asked for (and its payment recorded once), or the client cancelled. */
async function paymentNotice(context: Route.LoaderArgs["context"], invoiceId: string, paid: string | null) {
  if (!paid) return null;
  if (paid === "cancelled") return onlinePaymentMessages.cancelled;
  const { database, config, logger } = getApp(context);
  const state = await reconcileCheckoutReturn({ db: database.db, config, logger }, { invoiceId, sessionId: paid });
  if (state === "processing") return onlinePaymentMessages.processing;
  if (state !== "paid") return null;
  return "paid" as const;
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { database, config } = getApp(context);
  const found = await lookup(context, params.token);
  const url = new URL(request.url);
  const paidNotice =
    found.invoiceType === "invoice" ? await paymentNotice(context, found.id, url.searchParams.get("paid")) : null;
  // after a reconciled payment the document is read again, so the page shows it paid
  const invoice = paidNotice === "paid" ? await lookup(context, params.token) : found;
  const [studio, paymentSettings, offer, refunds] = await Promise.all([
    getStudioIdentity(database.db),
    getPaymentSettings(database.db),
    onlinePaymentOffer({ db: database.db, config }, invoice),
    invoice.invoiceType === "invoice" ? listRefunds(database.db, invoice.id) : [],
  ]);
  const balanceDue = toCents(invoice.balanceDue) ?? 0;
  const answered = url.searchParams.get("answered");
  return {
    pay: offer,
    bankTransfer:
      invoice.invoiceType === "invoice" && balanceDue > 0 && invoice.status !== "cancelled"
        ? bankTransferLines(paymentSettings, invoice.invoiceNumber)
        : null,
    paymentNotice:
      paidNotice === "paid"
        ? balanceDue > 0
          ? onlinePaymentMessages.paidPartly(balanceDue)
          : onlinePaymentMessages.paid
        : paidNotice,
    isPaid: invoice.status === "paid",
    // money given back on its payments (ADR 0041), one line each
    refunds: refunds.map((refund) =>
      refundLine({ amount: toCents(refund.amount) ?? 0, kind: refund.kind }, displayDate(refund.refundedOn)),
    ),
    token: params.token,
    beacon: viewBeacon(context, "document", params.token),
    doc: invoiceDocument(invoice, studio),
    studioName: studio.businessName,
    isEstimate: invoice.invoiceType === "estimate",
    canAnswer: canAccept(invoice),
    status: invoice.status,
    acceptedByName: invoice.acceptedByName,
    acceptedAt: invoice.acceptedAt ? isoDay(new Date(invoice.acceptedAt)) : null,
    declinedAt: invoice.declinedAt ? isoDay(new Date(invoice.declinedAt)) : null,
    notice: answered === "accept" ? sendMessages.accepted : answered === "decline" ? sendMessages.declined : null,
  };
}

/** POST /i/{token}/pay: a Checkout session for this invoice, and 303 to it. */
async function pay({ params, context, request }: Route.ActionArgs) {
  const { database, config, logger } = getApp(context);
  const invoice = await lookup(context, params.token);
  if (invoice.invoiceType !== "invoice") notFound(clientPageMessages.invalidLink, clientPageHeaders);
  const submission = parseWithZod(await request.formData(), { schema: payFormSchema });
  // the amount's own message: "Use a dot for cents, e.g. 10.00" for "10,00" (never read as $1,000.00)
  if (submission.status !== "success") return invalid(submission, { headers: clientPageHeaders, form: "pay" });
  const checkout = await startCheckout(
    { db: database.db, config, logger },
    { invoice, token: params.token, requested: submission.value.amount },
  );
  if (!checkout.ok) {
    return checkout.field
      ? invalid(null, { fieldErrors: { amount: [checkout.message] }, headers: clientPageHeaders, form: "pay" })
      : refuse(409, checkout.message, { headers: clientPageHeaders, form: "pay" });
  }
  return redirect(checkout.url, { status: 303, headers: clientPageHeaders });
}

export async function action(args: Route.ActionArgs) {
  if (new URL(args.request.url).pathname.endsWith("/pay")) return pay(args);
  const { params, context, request } = args;
  const { database, config, ip } = getApp(context);
  const invoice = await lookup(context, params.token);
  if (invoice.invoiceType !== "estimate") notFound(clientPageMessages.invalidLink, clientPageHeaders);
  const submission = parseWithZod(await request.formData(), { schema: acceptFormSchema });
  if (submission.status !== "success") {
    return invalid(null, { fieldErrors: { name: [sendMessages.acceptNameRequired] }, headers: clientPageHeaders });
  }
  const answered = await answerEstimate(
    { db: database.db, publicUrl: config.publicUrl, ip },
    { id: invoice.id, invoiceNumber: invoice.invoiceNumber, customerName: invoice.customer.name, token: params.token },
    submission.value,
  );
  if (!answered.ok) {
    if (answered.reason === "revoked") notFound(clientPageMessages.invalidLink, clientPageHeaders);
    return refuse(409, sendMessages.alreadyAnswered, { headers: clientPageHeaders });
  }
  return redirect(`/i/${params.token}?answered=${submission.value.intent}`, {
    status: 303,
    headers: clientPageHeaders,
  });
}

export default function ClientDocument({ loaderData, actionData }: Route.ComponentProps) {
  const { doc, token, isEstimate, canAnswer, status, acceptedByName, acceptedAt, declinedAt, notice } = loaderData;
  const { pay, bankTransfer, paymentNotice, isPaid, refunds } = loaderData;
  const error = failureMessage(actionData);
  const payError = failureMessage(actionData, { form: "pay" });
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
      {paymentNotice ? (
        <p
          role="status"
          data-payment-notice
          className="no-print mx-auto mb-4 w-[8.5in] max-w-full rounded-md bg-emerald-950 px-3 py-2 text-sm text-emerald-100"
        >
          {paymentNotice}
        </p>
      ) : null}
      <InvoiceSheet doc={doc} logoSrc={null} />
      {refunds.length ? (
        <section
          aria-labelledby="refunds-title"
          data-refunds
          className="no-print mx-auto mt-4 w-[8.5in] max-w-full rounded-lg bg-white p-6 text-zinc-900 [color-scheme:light]"
        >
          <h2 id="refunds-title" className="text-lg font-semibold">
            Refunds
          </h2>
          <ul className="mt-2 text-sm text-zinc-700">
            {refunds.map((line, index) => (
              // the same amount may be refunded twice on one day: the position keeps the lines apart
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, in its order
              <li key={`${index}-${line}`}>{line}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {!isEstimate && (isPaid || pay || bankTransfer) ? (
        <section
          id="pay"
          aria-labelledby="pay-title"
          className="no-print mx-auto mt-4 w-[8.5in] max-w-full rounded-lg bg-white p-6 text-zinc-900 [color-scheme:light]"
        >
          <h2 id="pay-title" className="text-lg font-semibold">
            {isPaid ? "Paid" : "How to pay"}
          </h2>
          {isPaid ? (
            <p className="mt-2" data-paid>
              This invoice is paid in full. Thank you!
            </p>
          ) : null}
          {pay ? (
            // the answer to a refused payment is this page again, scrolled to this section (#pay): its
            // message shows under the button, not at the top of a long invoice
            <form method="post" action={`/i/${token}/pay#pay`} className="mt-3 flex flex-wrap items-end gap-3">
              {pay.allowPartial ? (
                <div className="flex flex-col gap-1">
                  <label htmlFor="pay-amount" className="text-sm font-medium">
                    {onlinePaymentMessages.payPartialLabel}
                  </label>
                  <input
                    id="pay-amount"
                    name="amount"
                    inputMode="decimal"
                    defaultValue={(pay.balanceDue / 100).toFixed(2)}
                    aria-describedby={payError ? "pay-error" : undefined}
                    aria-invalid={payError ? true : undefined}
                    className="w-40 rounded-md border border-zinc-400 px-3 py-2 text-zinc-900"
                  />
                </div>
              ) : null}
              <button type="submit" className={buttonClass("primary")} data-pay-button>
                {onlinePaymentMessages.payButton}
                {pay.allowPartial ? "" : ` ${formatMoney(pay.balanceDue)}`}
              </button>
              {payError ? (
                <p id="pay-error" role="alert" className="w-full text-sm text-red-700">
                  {payError}
                </p>
              ) : null}
            </form>
          ) : null}
          {bankTransfer ? (
            <div className="mt-4" data-bank-transfer>
              <h3 className="text-sm font-semibold">{bankTransferHeading}</h3>
              <ul className="mt-1 text-sm text-zinc-700">
                {bankTransfer.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      ) : null}
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
