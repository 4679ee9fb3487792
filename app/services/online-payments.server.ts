/**
 * Online payments through a provider (ADR 0035); Stripe is the first, through its official SDK.
 * Without STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET nothing here is offered.
 *
 * - `onlinePaymentOffer`: whether the client page shows a Pay button for a document, and for what.
 * - `startCheckout`: a Checkout session for the balance due (or less when the owner allows it); the
 *   one Pay entry (`POST /i/{token}/pay`) redirects to its address.
 * - `handleStripeWebhook`: `POST /webhooks/stripe`, the signature checked on the raw body by the
 *   SDK; every payment event is a hint (ADR 0041): the PaymentIntent it names is read from the
 *   provider (its charge, refunds and disputes) and the invoice's payment and refund entries set to
 *   that state under the invoice's lock, whatever the order the events come in.
 * - `reconcileCheckoutReturn`: the client's return page asks the provider about its session and
 *   reconciles the same way, so a client back before the webhook already sees the payment.
 *
 * - `checkStripeConnection`: Settings → Payments → Check connection: the key, the mode, the webhook.
 * A key Stripe refuses (a Pay click or a check) is reported to the owner: an audit entry and a notice,
 * once per key and problem.
 *
 * The SDK is imported on first use. `config.stripe.apiUrl` points it elsewhere (the tests' fake).
 */
import { createHash } from "node:crypto";
import type Stripe from "stripe";
import type { Config } from "#app/config.server.ts";
import type { Db, Tx } from "#app/db/client.server.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { canTakePayment } from "#app/domain/invoice-status.ts";
import { type Cents, toCents } from "#app/domain/money.ts";
import { receiptMail, refundMail } from "#app/domain/online-payment-mails.ts";
import {
  type ConnectionCheck,
  checkoutAmount,
  connectionMessages,
  onlinePaymentMessages,
  paymentMethodOf,
  smallestOnlinePayment,
} from "#app/domain/online-payments.ts";
import {
  type Anomaly,
  anomalyHeading,
  anomalyMessages,
  disputeNotice,
  isOpenDispute,
  type ProviderPaymentState,
} from "#app/domain/provider-payments.ts";
import { fail, type Result } from "#app/domain/result.ts";
import { clientLinkPath } from "#app/domain/sending.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import { getMailWording } from "#app/models/mail-templates.server.ts";
import { postOwnerNotice } from "#app/models/owner-notices.server.ts";
import { getPaymentSettings } from "#app/models/payment-settings.server.ts";
import {
  eventSeen,
  reconcileProviderPayment,
  recordPaymentAnomaly,
  recordProviderEvent,
} from "#app/models/payments.server.ts";
import { audit } from "#app/services/audit.server.ts";
import { customerBecomesActive } from "#app/services/customer-status.server.ts";
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
    const problem = keyProblemOf(error);
    if (problem) await reportKeyProblem(deps, stripe, problem);
    return { ok: false, message: onlinePaymentMessages.unavailable };
  }
}

// ---------------------------------------------------------------- the provider's set-up

type KeyProblem = "refused" | "forbidden";

/** A refusal of the key itself (401: wrong, revoked, expired) or of what it may do (403: a restricted key). */
function keyProblemOf(error: unknown): KeyProblem | null {
  if (typeof error !== "object" || error === null) return null;
  const { type, statusCode } = error as { type?: string; statusCode?: number };
  if (type === "StripeAuthenticationError" || statusCode === 401) return "refused";
  if (type === "StripePermissionError" || statusCode === 403) return "forbidden";
  return null;
}

/**
 * The owner hears of a key Stripe refuses: an audit entry and a notice, once per key and problem (the
 * notice's key names the secret key by a short hash, never the key), however many clients click Pay.
 */
async function reportKeyProblem(deps: Pick<Deps, "db" | "logger">, stripe: StripeSettings, problem: KeyProblem) {
  const fingerprint = createHash("sha256").update(stripe.secretKey).digest("hex").slice(0, 12);
  try {
    await deps.db.transaction(async (tx) => {
      const isNew = await postOwnerNotice(tx, {
        kind: "payment_setup",
        message: problem === "refused" ? connectionMessages.keyRefusedNotice : connectionMessages.keyForbiddenNotice,
        link: "/admin/settings#payment-settings-title",
        key: `stripe-key:${fingerprint}:${problem}`,
      });
      if (isNew) {
        await audit(tx, {
          event: "online_payment_key_refused",
          detail: { provider, problem, key: `${stripe.secretKey.slice(0, 8)}…${fingerprint}` },
        });
      }
    });
  } catch (error) {
    deps.logger?.error({ err: error }, "the refused key could not be reported");
  }
}

/**
 * Settings → Payments → Check connection: asks Stripe with the configured key for the account's
 * balance (is the key accepted, test or live mode) and its webhook endpoints (does one send to this
 * site's /webhooks/stripe, enabled). A refused key is reported as a Pay click's would be.
 */
export async function checkStripeConnection(deps: Deps): Promise<ConnectionCheck> {
  const stripe = deps.config.stripe;
  if (!stripe) return { ok: false, lines: [{ ok: false, text: connectionMessages.off }] };
  const client = await stripeClient(stripe);
  let live: boolean;
  try {
    live = (await client.balance.retrieve()).livemode;
  } catch (error) {
    const problem = keyProblemOf(error);
    if (problem) await reportKeyProblem(deps, stripe, problem);
    const text =
      problem === "refused"
        ? connectionMessages.keyRefused
        : problem === "forbidden"
          ? connectionMessages.keyForbidden
          : connectionMessages.unreachable(error instanceof Error ? error.message : "no answer");
    deps.logger?.warn({ err: error }, "Stripe connection check failed");
    return { ok: false, lines: [{ ok: false, text }] };
  }
  const lines: ConnectionCheck["lines"] = [{ ok: true, text: connectionMessages.connected(live) }];
  const webhookUrl = new URL("/webhooks/stripe", deps.config.publicUrl).toString();
  let webhookOk = false;
  try {
    const endpoints = await client.webhookEndpoints.list({ limit: 100 }).autoPagingToArray({ limit: 1_000 });
    const endpoint = endpoints.find((item) => item.url === webhookUrl);
    webhookOk = endpoint?.status === "enabled";
    lines.push({
      ok: webhookOk,
      text: !endpoint
        ? connectionMessages.webhookMissing(webhookUrl)
        : webhookOk
          ? connectionMessages.webhookFound(webhookUrl)
          : connectionMessages.webhookDisabled(webhookUrl),
    });
  } catch (error) {
    deps.logger?.warn({ err: error }, "Stripe webhook endpoints could not be listed");
    lines.push({ ok: false, text: connectionMessages.webhookUnknown(webhookUrl) });
  }
  lines.push({ ok: true, text: connectionMessages.webhookSecret });
  return { ok: webhookOk, lines };
}

// ---------------------------------------------------------------- reconciling from the provider's state (ADR 0041)

/** What an event (or the return page) says to look at: the PaymentIntent, the invoice it names, what changed. */
type Hint = {
  paymentIntentId: string;
  invoiceId: string | null;
  /** the event is about refunds: list them even when the charge shows none (one may have failed) */
  refunds?: boolean;
  /** the event is about a dispute: list them even when the charge does not say it was disputed */
  disputes?: boolean;
};

const isNotFound = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { statusCode?: number }).statusCode === 404;

/**
 * The PaymentIntent as the provider has it now: one call (with its latest charge and the charge's
 * balance transaction: method, fee), then its refunds when the charge has any (or the event is about
 * one) and its disputes when it was disputed. Null when the provider does not know it; any other
 * failure throws (the webhook answers 500 and the provider retries).
 */
async function readPaymentState(client: Stripe, hint: Hint): Promise<ProviderPaymentState | null> {
  let intent: Stripe.PaymentIntent;
  try {
    intent = await client.paymentIntents.retrieve(hint.paymentIntentId, {
      expand: ["latest_charge.balance_transaction"],
    });
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
  const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const transaction = charge && typeof charge.balance_transaction === "object" ? charge.balance_transaction : null;
  const refunds: ProviderPaymentState["refunds"] = {};
  if (charge && (charge.amount_refunded > 0 || hint.refunds)) {
    const list = await client.refunds
      .list({ payment_intent: intent.id, limit: 100 })
      .autoPagingToArray({ limit: 10_000 });
    for (const refund of list) {
      refunds[refund.id] = { amount: refund.amount, status: refund.status ?? "pending", created: refund.created };
    }
  }
  const disputes: ProviderPaymentState["disputes"] = {};
  if (charge && (charge.disputed || hint.disputes)) {
    const list = await client.disputes
      .list({ payment_intent: intent.id, limit: 100 })
      .autoPagingToArray({ limit: 1_000 });
    for (const dispute of list) {
      disputes[dispute.id] = { amount: dispute.amount, status: dispute.status, created: dispute.created };
    }
  }
  return {
    paymentIntentId: intent.id,
    invoiceId: intent.metadata?.invoice_id ?? null,
    currency: intent.currency,
    amountReceived: intent.amount_received ?? 0,
    paidAt: charge?.created ?? null,
    method: paymentMethodOf(charge?.payment_method_details?.type ?? intent.payment_method_types?.[0]),
    fee: typeof transaction?.fee === "number" ? transaction.fee : null,
    refunds,
    disputes,
  };
}

type ReconcileResult = {
  outcome: "applied" | "unpaid" | "anomaly";
  /** a mail was queued (its commit wakes the mail worker) */
  mailed: boolean;
};

type EventRef = { id: string; type: string };

/**
 * One anomaly with its audit entry and the owner's notice (once per cause: a resent event tells the
 * owner nothing new).
 */
async function reportAnomaly(
  tx: Tx,
  input: {
    anomaly: Anomaly;
    key: string;
    invoice: { id: string; number: string } | null;
    paymentId: string | null;
    event: EventRef | null;
    isNew?: boolean;
  },
) {
  const isNew =
    input.isNew ??
    (await recordPaymentAnomaly(tx, {
      key: input.key,
      ...input.anomaly,
      invoiceId: input.invoice?.id ?? null,
      provider,
      paymentId: input.paymentId,
      eventId: input.event?.id ?? null,
    }));
  if (!isNew) return;
  await audit(tx, {
    event: "online_payment_anomaly",
    detail: {
      invoice: input.invoice?.number ?? null,
      kind: input.anomaly.kind,
      provider,
      payment: input.paymentId,
      event: input.event?.id ?? null,
    },
  });
  await postOwnerNotice(tx, {
    kind: "payment_anomaly",
    message: `${anomalyHeading}${input.invoice ? ` (invoice ${input.invoice.number})` : ""}: ${input.anomaly.message}`,
    link: input.invoice ? `/admin/invoices/${input.invoice.id}` : null,
    // once per time the anomaly opens: `recordPaymentAnomaly` answers new to one transaction only
    key: null,
  });
}

/**
 * Reads the PaymentIntent's state, then, in one transaction, locks the invoice and sets its entries of
 * this payment to the state (`reconcileProviderPayment`), with the client's receipt or refund notice,
 * the audit entries and the owner's notices of disputes and anomalies, each once (they follow what the
 * call changed, under the lock); the event is kept last, with what it did. The same for every event
 * type, in any order, and for the client's return page (`event` null).
 */
async function reconcilePayment(
  deps: Deps,
  client: Stripe,
  hint: Hint,
  event: EventRef | null,
): Promise<ReconcileResult> {
  const read = await readPaymentState(client, hint);
  const paymentIntentId = hint.paymentIntentId;
  return deps.db.transaction(async (tx): Promise<ReconcileResult> => {
    const providerEvent = event ? { provider, eventId: event.id, type: event.type, paymentId: paymentIntentId } : null;
    const invoiceId = read?.invoiceId ?? hint.invoiceId;
    const knownInvoice = invoiceId && parseUuid(invoiceId) ? invoiceId : null;
    const anomalyOnEvent = async (anomaly: Anomaly) => {
      await reportAnomaly(tx, {
        anomaly,
        key: `${anomaly.kind}:${provider}:${paymentIntentId}`,
        invoice: null,
        paymentId: paymentIntentId,
        event,
      });
      if (providerEvent) await recordProviderEvent(tx, providerEvent, `anomaly: ${anomaly.kind}`, null);
      return { outcome: "anomaly" as const, mailed: false };
    };
    if (!read) {
      return anomalyOnEvent({ kind: "unknown_payment", message: anomalyMessages.unknownPayment(paymentIntentId) });
    }
    if (read.invoiceId && hint.invoiceId && read.invoiceId !== hint.invoiceId) {
      return anomalyOnEvent({ kind: "invoice_mismatch", message: anomalyMessages.invoiceMismatch(paymentIntentId) });
    }
    const result = knownInvoice
      ? await reconcileProviderPayment(tx, { provider, invoiceId: knownInvoice, read })
      : ({ outcome: "unknown-invoice" } as const);
    if (result.outcome === "unknown-invoice") {
      return anomalyOnEvent({ kind: "unknown_invoice", message: anomalyMessages.unknownInvoice(paymentIntentId) });
    }
    const invoiceRef = knownInvoice ? { id: knownInvoice, number: result.invoiceNumber } : null;
    if (result.outcome === "unpaid") {
      if (providerEvent) await recordProviderEvent(tx, providerEvent, "ignored: not paid yet", knownInvoice);
      return { outcome: "unpaid", mailed: false };
    }
    if (result.outcome === "unchanged") {
      if (providerEvent) await recordProviderEvent(tx, providerEvent, "reconciled: no change", knownInvoice);
      return { outcome: "applied", mailed: false };
    }
    if (result.outcome === "anomaly") {
      await reportAnomaly(tx, {
        anomaly: result.anomaly,
        key: `${result.anomaly.kind}:${provider}:${paymentIntentId}`,
        invoice: invoiceRef,
        paymentId: paymentIntentId,
        event,
        isNew: result.isNew,
      });
      if (providerEvent) {
        await recordProviderEvent(tx, providerEvent, `anomaly: ${result.anomaly.message}`, knownInvoice);
      }
      return { outcome: "anomaly", mailed: false };
    }

    let mailed = false;
    const mailTo = async () =>
      result.recipient ? { customer: result.recipient, studio: await getStudioIdentity(tx) } : null;
    if (result.newPayment) {
      const to = await mailTo();
      if (to) {
        await enqueueMail(tx, {
          to: to.customer.email,
          ...receiptMail({
            invoiceNumber: result.invoiceNumber,
            businessName: to.studio.businessName,
            customerName: to.customer.name,
            amount: result.received,
            balanceDue: result.balanceDue,
            paidOn: result.paidOn,
            refunds: result.refunds,
            wording: await getMailWording(tx, "receipt"),
          }),
        });
        mailed = true;
      }
      if (result.balanceDue === 0 && knownInvoice) {
        await customerBecomesActive(tx, { invoiceId: knownInvoice }, "invoice paid", { invoice: result.invoiceNumber });
      }
      await audit(tx, {
        event: "online_payment_received",
        detail: { invoice: result.invoiceNumber, amount: result.received, provider, payment: paymentIntentId },
      });
    } else if (result.newRefunds.length) {
      const to = await mailTo();
      if (to) {
        await enqueueMail(tx, {
          to: to.customer.email,
          ...refundMail({
            invoiceNumber: result.invoiceNumber,
            businessName: to.studio.businessName,
            customerName: to.customer.name,
            refunds: result.newRefunds,
            balanceDue: result.balanceDue,
          }),
        });
        mailed = true;
      }
    }
    for (const refund of result.newRefunds) {
      await audit(tx, {
        event: "online_payment_refunded",
        detail: {
          invoice: result.invoiceNumber,
          refunded: refund.amount,
          kind: refund.kind,
          provider,
          payment: paymentIntentId,
          refund: refund.providerRefundId,
        },
      });
    }
    const dispute = result.dispute;
    if (dispute && dispute.before !== dispute.after && dispute.after) {
      const opened = isOpenDispute(dispute.after);
      // a dispute is told once when it opens and once when it closes (its status in between is not news)
      if (opened !== isOpenDispute(dispute.before) || (!opened && dispute.before === null)) {
        await audit(tx, {
          event: opened ? "online_payment_disputed" : "online_payment_dispute_closed",
          detail: {
            invoice: result.invoiceNumber,
            amount: dispute.amount,
            status: dispute.after,
            provider,
            payment: paymentIntentId,
          },
        });
        await postOwnerNotice(tx, {
          kind: "payment_dispute",
          message: disputeNotice({
            invoiceNumber: result.invoiceNumber,
            amount: dispute.amount,
            status: dispute.after,
            opened,
          }),
          link: invoiceRef ? `/admin/invoices/${invoiceRef.id}` : null,
          key: `dispute:${provider}:${paymentIntentId}:${opened ? "open" : dispute.after}`,
        });
      }
    }
    if (result.anomaly) {
      await reportAnomaly(tx, {
        anomaly: result.anomaly.anomaly,
        key: `${result.anomaly.anomaly.kind}:${provider}:${paymentIntentId}`,
        invoice: invoiceRef,
        paymentId: paymentIntentId,
        event,
        isNew: result.anomaly.isNew,
      });
    }
    if (providerEvent) {
      await recordProviderEvent(
        tx,
        providerEvent,
        `reconciled: ${result.received} cents received, ${result.refunds.reduce((sum, refund) => sum + refund.amount, 0)} refunded${dispute?.after ? `, dispute ${dispute.after}` : ""}`,
        knownInvoice,
      );
    }
    return { outcome: "applied", mailed };
  });
}

/** The PaymentIntent (and the invoice it names) an event is about, or why there is none. */
function hintOf(event: Stripe.Event): Hint | "unpaid" | "no-payment" | "ignored" {
  const idOf = (value: string | { id: string } | null | undefined) =>
    typeof value === "string" ? value : (value?.id ?? null);
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      if (session.payment_status !== "paid") return "unpaid";
      const paymentIntentId = idOf(session.payment_intent);
      if (!paymentIntentId) return "no-payment";
      return { paymentIntentId, invoiceId: session.metadata?.invoice_id ?? session.client_reference_id ?? null };
    }
    case "payment_intent.succeeded": {
      const intent = event.data.object;
      return { paymentIntentId: intent.id, invoiceId: intent.metadata?.invoice_id ?? null };
    }
    case "charge.refunded":
    case "charge.succeeded": {
      const charge = event.data.object;
      const paymentIntentId = idOf(charge.payment_intent);
      if (!paymentIntentId) return "no-payment";
      return {
        paymentIntentId,
        invoiceId: charge.metadata?.invoice_id ?? null,
        refunds: event.type === "charge.refunded",
      };
    }
    case "charge.refund.updated":
    case "refund.created":
    case "refund.updated":
    case "refund.failed": {
      const refund = event.data.object;
      const paymentIntentId = idOf(refund.payment_intent);
      if (!paymentIntentId) return "no-payment";
      return { paymentIntentId, invoiceId: refund.metadata?.invoice_id ?? null, refunds: true };
    }
    case "charge.dispute.created":
    case "charge.dispute.updated":
    case "charge.dispute.closed":
    case "charge.dispute.funds_withdrawn":
    case "charge.dispute.funds_reinstated": {
      const dispute = event.data.object;
      const paymentIntentId = idOf(dispute.payment_intent);
      if (!paymentIntentId) return "no-payment";
      return { paymentIntentId, invoiceId: dispute.metadata?.invoice_id ?? null, disputes: true };
    }
    default:
      return "ignored";
  }
}

/**
 * A webhook call taken (`handled`: "ignored" for an event that says nothing of a payment; `recorded`
 * when a mail was queued), or why not: online payments not set up, a bad signature, or a failure of
 * ours (the provider retries).
 */
type WebhookOutcome = Result<
  { handled: "ok" | "ignored"; recorded: boolean },
  "not-set-up" | "bad-signature" | "failed"
>;

/**
 * A provider's webhook call: the signature is checked on the raw body (the SDK's own check, with its
 * 5-minute tolerance); a bad one is refused and changes nothing. An event about a payment (its
 * completion, success, refunds, disputes) is a hint (ADR 0041): the PaymentIntent it names is read from
 * the provider and the invoice set to that state. An event seen before is skipped without a call. A
 * payment that cannot be matched or taken is an anomaly told to the owner, taken (nothing to
 * retry); a failure of ours (the database, the provider's API unreachable) is `failed`, so the
 * provider retries.
 */
export async function handleStripeWebhook(
  deps: Deps,
  rawBody: Buffer,
  signature: string | null,
): Promise<WebhookOutcome> {
  const settings = deps.config.stripe;
  if (!settings) return fail("not-set-up");
  const client = await stripeClient(settings);
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error("no Stripe-Signature header");
    event = await client.webhooks.constructEventAsync(rawBody, signature, settings.webhookSecret);
  } catch (error) {
    deps.logger?.warn({ err: error }, "webhook with a bad signature refused");
    return fail("bad-signature");
  }
  try {
    const hint = hintOf(event);
    if (hint === "ignored" || hint === "unpaid") return { ok: true, handled: "ignored", recorded: false };
    if (await eventSeen(deps.db, { provider, eventId: event.id })) {
      deps.logger?.info({ event: event.id, type: event.type, outcome: "duplicate" }, "payment webhook");
      return { ok: true, handled: "ok", recorded: false };
    }
    if (hint === "no-payment") {
      await deps.db.transaction(async (tx) => {
        const providerEvent = { provider, eventId: event.id, type: event.type, paymentId: null };
        const anomaly = {
          kind: "unknown_payment" as const,
          message: anomalyMessages.unknownPayment(`event ${event.id}`),
        };
        await reportAnomaly(tx, {
          anomaly,
          key: `${anomaly.kind}:${provider}:${event.id}`,
          invoice: null,
          paymentId: null,
          event,
        });
        await recordProviderEvent(tx, providerEvent, `anomaly: ${anomaly.kind}`, null);
      });
      deps.logger?.warn({ event: event.id, type: event.type }, "a payment event without a payment: told the owner");
      return { ok: true, handled: "ok", recorded: false };
    }
    const result = await reconcilePayment(deps, client, hint, event);
    const log = result.outcome === "anomaly" ? deps.logger?.warn : deps.logger?.info;
    log?.call(
      deps.logger,
      { event: event.id, type: event.type, outcome: result.outcome, payment: hint.paymentIntentId },
      "payment webhook",
    );
    return { ok: true, handled: "ok", recorded: result.mailed };
  } catch (error) {
    deps.logger?.error(
      { err: error, event: event.id, type: event.type },
      "payment webhook failed; the provider will retry",
    );
    return fail("failed");
  }
}

/**
 * The client is back from Checkout (`?paid={session id}`): the session is asked for, and when it is
 * paid and for this invoice, its PaymentIntent reconciled as a webhook would (no event id). "paid"
 * when its payment is on the invoice; "processing" when the provider has not confirmed it yet.
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
    const paymentIntentId =
      typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
    if (session.payment_status !== "paid" || !paymentIntentId) return "processing";
    const result = await reconcilePayment(deps, client, { paymentIntentId, invoiceId }, null);
    // an anomaly is the owner's to settle (told already): for the client, the payment is being processed
    return result.outcome === "applied" ? "paid" : "processing";
  } catch (error) {
    deps.logger?.warn({ err: error, session: input.sessionId }, "Checkout session could not be reconciled");
    return "processing";
  }
}
