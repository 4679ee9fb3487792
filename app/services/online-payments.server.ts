/**
 * Online payments through a provider (ADR 0035); Stripe is the first, through its official SDK.
 * Without STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET nothing here is offered.
 *
 * - `onlinePaymentOffer`: whether the client page shows a Pay button for a document, and for what.
 * - `startCheckout`: a Checkout session for the balance due (or less when the owner allows it); the
 *   one Pay entry (`POST /i/{token}/pay`) redirects to its address.
 * - `handleStripeWebhook`: `POST /webhooks/stripe`, the signature checked on the raw body by the
 *   SDK; a completed session records its payment, a refund reverses it, each event once.
 * - `reconcileCheckoutReturn`: the client's return page asks the provider about its session, so a
 *   client back before the webhook already sees the payment.
 *
 * The SDK is imported on first use. `config.stripe.apiUrl` points it elsewhere (the tests' fake).
 */
import type Stripe from "stripe";
import type { Config } from "#app/config.server.ts";
import type { Db } from "#app/db/client.server.ts";
import type { PaymentMethod } from "#app/domain/enums.ts";
import { canTakePayment } from "#app/domain/invoice-status.ts";
import { type Cents, toCents } from "#app/domain/money.ts";
import {
  checkoutAmount,
  onlinePaymentMessages,
  paymentMethodOf,
  receiptMail,
  smallestOnlinePayment,
} from "#app/domain/online-payments.ts";
import type { Result } from "#app/domain/result.ts";
import { clientLinkPath } from "#app/domain/sending.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import { getPrintableInvoice, studioToday } from "#app/models/invoices.server.ts";
import { getPaymentSettings } from "#app/models/payment-settings.server.ts";
import { recordProviderPayment, reverseProviderPayment } from "#app/models/payments.server.ts";
import { audit } from "#app/services/audit.server.ts";
import type { Logger } from "#app/services/logger.server.ts";
import { enqueueMail } from "#app/services/mail.server.ts";

type StripeSettings = NonNullable<Config["stripe"]>;
type Deps = { db: Db; config: Pick<Config, "publicUrl" | "stripe">; logger?: Pick<Logger, "info" | "warn" | "error"> };

const provider = "stripe";
const currency = "usd";

const clients = new Map<string, Promise<Stripe>>();

/** One SDK client per key (and API address), made on first use. */
function stripeClient(settings: StripeSettings): Promise<Stripe> {
  const key = `${settings.secretKey}|${settings.apiUrl ?? ""}`;
  let client = clients.get(key);
  if (!client) {
    client = import("stripe").then(({ default: StripeSdk }) => {
      const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
      return new StripeSdk(settings.secretKey, {
        maxNetworkRetries: 2,
        timeout: 20_000,
        appInfo: { name: "Studio" },
        ...(api
          ? {
              host: api.hostname,
              port: api.port || (api.protocol === "http:" ? 80 : 443),
              protocol: api.protocol === "http:" ? ("http" as const) : ("https" as const),
            }
          : {}),
      });
    });
    clients.set(key, client);
  }
  return client;
}

type PayableInvoice = {
  id: string;
  invoiceType: "invoice" | "estimate" | "credit_note";
  status: Parameters<typeof canTakePayment>[0]["status"];
  balanceDue: string;
};

/** What the client page offers: null without a provider, or when nothing can be paid online. */
export async function onlinePaymentOffer(
  deps: Pick<Deps, "db" | "config">,
  invoice: PayableInvoice,
): Promise<{ balanceDue: Cents; allowPartial: boolean } | null> {
  if (!deps.config.stripe || !canTakePayment(invoice)) return null;
  const balanceDue = toCents(invoice.balanceDue) ?? 0;
  if (balanceDue < smallestOnlinePayment) return null;
  const settings = await getPaymentSettings(deps.db);
  return { balanceDue, allowPartial: settings.allowPartialPayments };
}

/**
 * A Checkout session for this invoice: the amount checked against the balance due now, the invoice
 * named in its metadata and `client_reference_id`, back to the client page after.
 */
export async function startCheckout(
  deps: Deps,
  input: {
    invoice: PayableInvoice & { invoiceNumber: string; customer: { email: string } };
    token: string;
    requested: Cents | undefined;
  },
): Promise<Result<{ url: string }>> {
  const offer = await onlinePaymentOffer(deps, input.invoice);
  const stripe = deps.config.stripe;
  if (!offer || !stripe) return { ok: false, message: onlinePaymentMessages.notPayable };
  const amount = checkoutAmount({
    balanceDue: offer.balanceDue,
    requested: input.requested,
    allowPartial: offer.allowPartial,
  });
  if (!amount.ok) return amount;
  const page = new URL(clientLinkPath(input.token), deps.config.publicUrl).toString();
  const { invoice } = input;
  try {
    const client = await stripeClient(stripe);
    const session = await client.checkout.sessions.create({
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency,
            unit_amount: amount.amount,
            product_data: { name: `Invoice ${invoice.invoiceNumber}` },
          },
        },
      ],
      client_reference_id: invoice.id,
      metadata: { invoice_id: invoice.id, invoice_number: invoice.invoiceNumber },
      payment_intent_data: { metadata: { invoice_id: invoice.id, invoice_number: invoice.invoiceNumber } },
      customer_email: invoice.customer.email,
      // the provider puts the session's id in place of {CHECKOUT_SESSION_ID}
      success_url: `${page}?paid={CHECKOUT_SESSION_ID}`,
      cancel_url: `${page}?paid=cancelled`,
    });
    if (!session.url) throw new Error("the Checkout session has no address");
    return { ok: true, url: session.url };
  } catch (error) {
    deps.logger?.error({ err: error, invoice: invoice.id }, "Checkout session could not be created");
    return { ok: false, message: onlinePaymentMessages.unavailable };
  }
}

/** How it was paid, and the provider's fee, when the payment's charge says so (else card, no fee). */
async function paymentDetails(
  client: Stripe,
  paymentIntentId: string,
  logger: Deps["logger"],
): Promise<{ method: PaymentMethod; fee: Cents | null }> {
  try {
    const intent = await client.paymentIntents.retrieve(paymentIntentId, {
      expand: ["latest_charge.balance_transaction"],
    });
    const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
    const transaction = charge && typeof charge.balance_transaction === "object" ? charge.balance_transaction : null;
    return {
      method: paymentMethodOf(charge?.payment_method_details?.type ?? intent.payment_method_types?.[0]),
      fee: typeof transaction?.fee === "number" ? transaction.fee : null,
    };
  } catch (error) {
    logger?.warn({ err: error, paymentIntentId }, "payment details not available; recorded as card without fee");
    return { method: "card", fee: null };
  }
}

type CheckoutOutcome = "recorded" | "already" | "ignored" | "unpaid";

/** Records a paid Checkout session on its invoice (once), with the client's receipt. */
async function recordCheckoutSession(
  deps: Deps,
  client: Stripe,
  session: Stripe.Checkout.Session,
  event: { id: string; type: string } | null,
): Promise<CheckoutOutcome> {
  const invoiceId = session.metadata?.invoice_id ?? session.client_reference_id ?? null;
  const paymentIntentId =
    typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
  if (session.payment_status !== "paid") return "unpaid";
  if (
    !invoiceId ||
    !paymentIntentId ||
    typeof session.amount_total !== "number" ||
    session.amount_total <= 0 ||
    (session.client_reference_id && session.client_reference_id !== invoiceId) ||
    (session.currency && session.currency !== currency)
  ) {
    deps.logger?.warn({ session: session.id }, "a Checkout session without our invoice: ignored");
    return "ignored";
  }
  const invoice = await getPrintableInvoice(deps.db, invoiceId).catch(() => null);
  if (!invoice) {
    deps.logger?.warn({ session: session.id, invoiceId }, "a Checkout session for an unknown invoice: ignored");
    return "ignored";
  }
  const details = await paymentDetails(client, paymentIntentId, deps.logger);
  const amount = session.amount_total;
  const outcome = await deps.db.transaction(async (tx) => {
    const result = await recordProviderPayment(tx, {
      event: event ? { provider, eventId: event.id, type: event.type, paymentId: paymentIntentId } : null,
      invoiceId,
      providerPaymentId: paymentIntentId,
      amount,
      method: details.method,
      fee: details.fee,
      paidOn: await studioToday(tx),
    });
    if (result.outcome !== "recorded") return result;
    const studio = await getStudioIdentity(tx);
    await enqueueMail(tx, {
      to: invoice.customer.email,
      ...receiptMail({
        invoiceNumber: invoice.invoiceNumber,
        businessName: studio.businessName,
        customerName: invoice.customer.name,
        amount,
        balanceDue: result.balanceDue,
        paidOn: await studioToday(tx),
      }),
    });
    await audit(tx, {
      event: "online_payment_received",
      detail: { invoice: invoice.invoiceNumber, amount, provider, payment: paymentIntentId },
    });
    return result;
  });
  if (outcome.outcome === "refused") {
    deps.logger?.error(
      { session: session.id, invoice: invoice.invoiceNumber, reason: outcome.reason },
      "an online payment could not be recorded on its invoice: refund it in the provider's dashboard",
    );
  }
  return outcome.outcome === "recorded" ? "recorded" : outcome.outcome === "refused" ? "ignored" : "already";
}

export type WebhookAnswer = { status: 200 | 400 | 500; body: string; recorded: boolean };

/**
 * A provider's webhook call: the signature is checked on the raw body (the SDK's own check, with its
 * 5-minute tolerance); a bad one answers 400 and changes nothing. The events used: a completed (or
 * later succeeded) Checkout session records its payment; a refunded charge reverses it. Others are
 * acknowledged and ignored. A failure of ours answers 500, so the provider retries.
 */
export async function handleStripeWebhook(
  deps: Deps,
  rawBody: Buffer,
  signature: string | null,
): Promise<WebhookAnswer> {
  const settings = deps.config.stripe;
  if (!settings) return { status: 400, body: "Online payments are not set up", recorded: false };
  const client = await stripeClient(settings);
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error("no Stripe-Signature header");
    event = await client.webhooks.constructEventAsync(rawBody, signature, settings.webhookSecret);
  } catch (error) {
    deps.logger?.warn({ err: error }, "webhook with a bad signature refused");
    return { status: 400, body: "Bad signature", recorded: false };
  }
  try {
    if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
      const outcome = await recordCheckoutSession(deps, client, event.data.object, event);
      deps.logger?.info({ event: event.id, type: event.type, outcome }, "payment webhook");
      return { status: 200, body: "ok", recorded: outcome === "recorded" };
    }
    if (event.type === "charge.refunded") {
      const charge = event.data.object;
      const paymentIntentId =
        typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
      if (!paymentIntentId) return { status: 200, body: "ignored", recorded: false };
      const result = await deps.db.transaction(async (tx) => {
        const reversed = await reverseProviderPayment(tx, {
          event: { provider, eventId: event.id, type: event.type, paymentId: paymentIntentId },
          providerPaymentId: paymentIntentId,
          charged: charge.amount,
          refunded: charge.amount_refunded,
        });
        if (reversed.outcome === "reversed") {
          await audit(tx, {
            event: "online_payment_refunded",
            detail: {
              invoice: reversed.invoiceNumber ?? null,
              refunded: charge.amount_refunded,
              provider,
              payment: paymentIntentId,
            },
          });
        }
        return reversed;
      });
      deps.logger?.info({ event: event.id, type: event.type, outcome: result.outcome }, "payment webhook");
      return { status: 200, body: "ok", recorded: result.outcome === "reversed" };
    }
    return { status: 200, body: "ignored", recorded: false };
  } catch (error) {
    deps.logger?.error(
      { err: error, event: event.id, type: event.type },
      "payment webhook failed; the provider will retry",
    );
    return { status: 500, body: "Failed", recorded: false };
  }
}

/**
 * The client is back from Checkout (`?paid={session id}`): the session is asked for, and when it is
 * paid and for this invoice, its payment recorded (once, as the webhook would). "paid" also when it
 * was recorded before; "processing" when the provider has not confirmed it yet.
 */
export async function reconcileCheckoutReturn(
  deps: Deps,
  input: { invoiceId: string; sessionId: string },
): Promise<"paid" | "processing" | "unknown"> {
  const settings = deps.config.stripe;
  if (!settings || !/^cs_[\w]{1,250}$/.test(input.sessionId)) return "unknown";
  try {
    const client = await stripeClient(settings);
    const session = await client.checkout.sessions.retrieve(input.sessionId);
    const invoiceId = session.metadata?.invoice_id ?? session.client_reference_id;
    if (invoiceId !== input.invoiceId) return "unknown";
    const outcome = await recordCheckoutSession(deps, client, session, null);
    return outcome === "recorded" || outcome === "already" ? "paid" : outcome === "unpaid" ? "processing" : "unknown";
  } catch (error) {
    deps.logger?.warn({ err: error, session: input.sessionId }, "Checkout session could not be reconciled");
    return "processing";
  }
}
