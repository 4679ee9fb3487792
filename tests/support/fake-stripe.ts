/**
 * A FAKE of the few Stripe API calls the app makes, for tests only: the tests never reach the internet.
 * The real SDK is pointed at it (`STRIPE_API_URL`, i.e. the SDK's `host`/`port`/`protocol: "http"`
 * options) and it answers as the provider's API does, in shape only, for:
 *   POST /v1/checkout/sessions               create a Checkout session (form-encoded, as the SDK sends it)
 *   GET  /v1/checkout/sessions/{id}          retrieve it
 *   GET  /v1/payment_intents/{id}            the payment; `expand[]=latest_charge(.balance_transaction)`
 *                                            gives its charge (refunded total, disputed) and the fee
 *   GET  /v1/charges/{id}                    a charge
 *   GET  /v1/refunds?payment_intent=         the payment's refunds (ids, amounts, statuses)
 *   GET  /v1/disputes?payment_intent=        the payment's disputes
 *   GET  /v1/balance                         the account's balance (`livemode`: what the Check connection reads)
 *   GET  /v1/webhook_endpoints               the endpoints in `webhookEndpoints`
 * Every API call must carry the fake's own secret key (`Authorization: Bearer sk_test_fake`), as the
 * SDK sends it; any other key is refused with 401, as Stripe refuses a wrong or revoked key.
 * and it serves the "hosted" checkout page a session's `url` points to (GET /checkout/{id}: the
 * amount, nothing to fill in).
 *
 * It keeps the state its events describe, as the provider does (ADR 0041: the app reads that state,
 * an event is only a hint): `pay(id)` marks a session paid with a PaymentIntent and its charge, as a
 * client finishing Checkout would; `refundEvent(id, cents)` makes a refund of `cents` on that charge
 * (the rest of it by default) and answers its `charge.refunded` event; `disputeEvent(id, ...)` opens
 * or moves the charge's dispute and answers its `charge.dispute.*` event. So API reads agree with the
 * events whatever order those are delivered in. `event(...)` and `deliver(...)` build and send webhook
 * events signed with the SDK's own test helper. Nothing here checks card numbers, keys, refundable
 * amounts or anything else Stripe would (a refund above its payment is the app's to notice).
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import Stripe from "stripe";

type Session = {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  created: number;
};

type Nested = { [key: string]: string | Nested };

type Refund = {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  status: "pending" | "succeeded" | "failed" | "canceled" | "requires_action";
  created: number;
  charge: string;
  payment_intent: string;
  metadata: Record<string, string>;
};

type Dispute = {
  id: string;
  object: "dispute";
  amount: number;
  currency: string;
  status: string;
  reason: string;
  created: number;
  charge: string;
  payment_intent: string;
  metadata: Record<string, string>;
};

type Charge = {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  currency: string;
  created: number;
  paid: boolean;
  status: "succeeded";
  payment_intent: string;
  metadata: Record<string, string>;
  payment_method_details: { type: string };
  balance_transaction: string;
};

type Intent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: "succeeded" | "processing";
  payment_method_types: string[];
  metadata: Record<string, string>;
  created: number;
  charge: Charge;
  refunds: Refund[];
  disputes: Dispute[];
};

/** `a[b][0][c]=1` as the SDK encodes params, back into objects (array indexes stay keys). */
function parseForm(body: string): Nested {
  const root: Nested = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter(Boolean);
    let node = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Nested;
      }
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export type FakeStripe = {
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, Session>;
  /** the PaymentIntents made by `pay`, by id (their charge, refunds and disputes): a test may alter one */
  intents: Map<string, Intent>;
  /** the API calls received, "POST /v1/checkout/sessions" … */
  calls: string[];
  /** while true, every API call answers 503 (with `Stripe-Should-Retry: false`, so the SDK does not retry) */
  unavailable: boolean;
  /** the account's webhook endpoints (GET /v1/webhook_endpoints); none at first */
  webhookEndpoints: { url: string; status: "enabled" | "disabled" }[];
  /**
   * A Checkout session for an invoice made here, as the app's `startCheckout` would make it (for tests
   * and benchmarks that seed their invoices without going through the Pay button).
   */
  openSession(input: { amount: number; invoiceId: string; invoiceNumber: string; email?: string }): Session;
  /**
   * The client completes Checkout: the session paid with a new PaymentIntent and its charge, made
   * now. `currency` (default the session's) makes a payment in another currency.
   */
  pay(sessionId: string, options?: { currency?: string }): Session;
  /** the PaymentIntent of a paid session */
  intentOf(sessionId: string): Intent;
  /** an event as Stripe sends it */
  event(type: string, object: object, eventId?: string): { id: string; payload: string };
  /** a completed-session event for a paid session */
  completedEvent(sessionId: string, eventId?: string): { id: string; payload: string };
  /**
   * A refund of `cents` (the rest of the charge by default) on a paid session's charge, kept in the
   * fake's state, and its charge.refunded event (the charge with its refunded total after it).
   */
  refundEvent(sessionId: string, cents?: number): { id: string; payload: string; refundId: string };
  /**
   * The session's charge disputed: the first call opens a dispute (`amount` defaults to the charge's,
   * status `needs_response`: charge.dispute.created); later calls move it to `status`
   * (charge.dispute.closed for won or lost, else charge.dispute.updated).
   */
  disputeEvent(
    sessionId: string,
    options?: { status?: string; amount?: number },
  ): { id: string; payload: string; disputeId: string };
  /** the signature header for a payload (the SDK's test helper) */
  sign(payload: string, secret?: string): string;
  /** POSTs a signed event to the app's webhook; returns the status */
  deliver(webhookUrl: string, event: { payload: string }, options?: { secret?: string }): Promise<number>;
  stop(): Promise<void>;
};

export const fakeFee = (amount: number) => Math.round(amount * 0.029) + 30;

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = "sk_test_fake";
  const webhookSecret = "whsec_fakeSecretForTests";
  const sessions = new Map<string, Session>();
  const intents = new Map<string, Intent>();
  const calls: string[] = [];
  // the provider's times are whole seconds; each object made here gets a later one than the one before,
  // so "oldest first" is the order they were made in
  let lastTime = 0;
  const now = () => {
    lastTime = Math.max(Math.floor(Date.now() / 1000), lastTime + 1);
    return lastTime;
  };
  const refundedTotal = (intent: Intent) =>
    intent.refunds
      .filter((refund) => refund.status === "pending" || refund.status === "succeeded")
      .reduce((sum, refund) => sum + refund.amount, 0);
  /** the charge as the API shows it: its refunded total and dispute flag follow the fake's state */
  const chargeView = (intent: Intent, expandTransaction: boolean) => {
    const refunded = refundedTotal(intent);
    return {
      ...intent.charge,
      amount_refunded: refunded,
      refunded: refunded >= intent.charge.amount,
      disputed: intent.disputes.length > 0,
      balance_transaction: expandTransaction
        ? {
            id: intent.charge.balance_transaction,
            object: "balance_transaction",
            amount: intent.charge.amount,
            fee: fakeFee(intent.charge.amount),
          }
        : intent.charge.balance_transaction,
    };
  };
  const intentView = (intent: Intent, expand: string[]) => {
    const { charge: _charge, refunds: _refunds, disputes: _disputes, ...fields } = intent;
    const expandCharge = expand.some((path) => path.startsWith("latest_charge"));
    return {
      ...fields,
      latest_charge: expandCharge
        ? chargeView(intent, expand.includes("latest_charge.balance_transaction"))
        : intent.charge.id,
    };
  };
  const list = (path: string, data: unknown[]) => ({ object: "list", url: path, has_more: false, data });
  const sdk = new Stripe(secretKey);
  let base = "";

  const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body), type: "application/json" });
  const notFound = () => json(404, { error: { type: "invalid_request_error", message: "No such object" } });

  async function answer(req: IncomingMessage) {
    const url = new URL(req.url ?? "/", base);
    calls.push(`${req.method} ${url.pathname}`);
    if (fake.unavailable && url.pathname.startsWith("/v1/")) {
      return { ...json(503, { error: { type: "api_error", message: "Unavailable" } }), noRetry: true };
    }
    if (url.pathname.startsWith("/v1/") && req.headers.authorization !== `Bearer ${secretKey}`) {
      const given = /^Bearer (\w{0,8})/.exec(req.headers.authorization ?? "")?.[1] ?? "";
      return json(401, {
        error: { type: "invalid_request_error", message: `Invalid API Key provided: ${given}***` },
      });
    }
    if (req.method === "GET" && url.pathname === "/v1/balance") {
      return json(200, { object: "balance", livemode: false, available: [], pending: [] });
    }
    if (req.method === "GET" && url.pathname === "/v1/webhook_endpoints") {
      return json(
        200,
        list(
          url.pathname,
          fake.webhookEndpoints.map((endpoint, index) => ({
            id: `we_test_${index}`,
            object: "webhook_endpoint",
            livemode: false,
            enabled_events: ["*"],
            ...endpoint,
          })),
        ),
      );
    }
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const form = parseForm(await readBody(req));
      const item = ((form.line_items as Nested)?.["0"] ?? {}) as Nested;
      const price = (item.price_data ?? {}) as Nested;
      const amount = Number(price.unit_amount) * Number(item.quantity ?? 1);
      const sessionId = id("cs");
      const session: Session = {
        id: sessionId,
        object: "checkout.session",
        mode: String(form.mode),
        status: "open",
        payment_status: "unpaid",
        amount_total: amount,
        currency: String(price.currency ?? "usd"),
        client_reference_id: (form.client_reference_id as string) ?? null,
        customer_email: (form.customer_email as string) ?? null,
        metadata: (form.metadata ?? {}) as Record<string, string>,
        payment_intent: null,
        success_url: String(form.success_url),
        cancel_url: String(form.cancel_url),
        url: `${base}/checkout/${sessionId}`,
        created: Math.floor(Date.now() / 1000),
      };
      sessions.set(sessionId, session);
      return json(200, session);
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(url.pathname);
    if (req.method === "GET" && sessionMatch) {
      const session = sessions.get(sessionMatch[1] ?? "");
      return session ? json(200, session) : notFound();
    }
    const expand = [...url.searchParams.entries()]
      .filter(([key]) => key.startsWith("expand"))
      .map(([, value]) => value);
    const intentMatch = /^\/v1\/payment_intents\/([\w]+)$/.exec(url.pathname);
    if (req.method === "GET" && intentMatch) {
      const intent = intents.get(intentMatch[1] ?? "");
      return intent ? json(200, intentView(intent, expand)) : notFound();
    }
    const chargeMatch = /^\/v1\/charges\/([\w]+)$/.exec(url.pathname);
    if (req.method === "GET" && chargeMatch) {
      const intent = [...intents.values()].find((entry) => entry.charge.id === chargeMatch[1]);
      return intent ? json(200, chargeView(intent, expand.includes("balance_transaction"))) : notFound();
    }
    if (req.method === "GET" && (url.pathname === "/v1/refunds" || url.pathname === "/v1/disputes")) {
      const paymentIntent = url.searchParams.get("payment_intent");
      const charge = url.searchParams.get("charge");
      const matching = [...intents.values()].filter(
        (intent) => (!paymentIntent || intent.id === paymentIntent) && (!charge || intent.charge.id === charge),
      );
      const data = matching.flatMap((intent): (Refund | Dispute)[] =>
        url.pathname === "/v1/refunds" ? intent.refunds : intent.disputes,
      );
      // newest first, as the API lists them
      return json(
        200,
        list(
          url.pathname,
          [...data].sort((a, b) => b.created - a.created),
        ),
      );
    }
    const pageMatch = /^\/checkout\/([\w]+)$/.exec(url.pathname);
    if (req.method === "GET" && pageMatch) {
      const session = sessions.get(pageMatch[1] ?? "");
      if (!session) return notFound();
      const dollars = (session.amount_total / 100).toFixed(2);
      return {
        status: 200,
        type: "text/html; charset=utf-8",
        body: `<!doctype html><html lang="en"><title>Fake Checkout</title><main><h1>Fake Checkout</h1><p data-amount="${session.amount_total}">Pay $${dollars} ${session.currency.toUpperCase()}</p><p data-invoice="${session.metadata.invoice_number ?? ""}">${session.metadata.invoice_number ?? ""}</p></main></html>`,
      };
    }
    return notFound();
  }

  const server: Server = createServer((req, res) => {
    answer(req).then(
      (reply) => {
        res.writeHead(reply.status, {
          "Content-Type": reply.type,
          "Request-Id": id("req"),
          ...("noRetry" in reply ? { "Stripe-Should-Retry": "false" } : {}),
        });
        res.end(reply.body);
      },
      (error: unknown) => {
        res.writeHead(500, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ error: { message: String(error) } }));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

  const event = (type: string, object: object, eventId = id("evt")) => ({
    id: eventId,
    payload: JSON.stringify({
      id: eventId,
      object: "event",
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    }),
  });
  const sign = (payload: string, secret = webhookSecret) => sdk.webhooks.generateTestHeaderString({ payload, secret });
  const intentOf = (sessionId: string) => {
    const session = sessions.get(sessionId);
    const intent = session?.payment_intent ? intents.get(session.payment_intent) : undefined;
    if (!intent) throw new Error(`session ${sessionId} is not paid`);
    return intent;
  };

  const fake: FakeStripe = {
    url: base,
    secretKey,
    webhookSecret,
    sessions,
    unavailable: false,
    webhookEndpoints: [],
    calls,
    intents,
    openSession(input) {
      const sessionId = id("cs");
      const metadata = { invoice_id: input.invoiceId, invoice_number: input.invoiceNumber };
      const session: Session = {
        id: sessionId,
        object: "checkout.session",
        mode: "payment",
        status: "open",
        payment_status: "unpaid",
        amount_total: input.amount,
        currency: "usd",
        client_reference_id: input.invoiceId,
        customer_email: input.email ?? null,
        metadata,
        payment_intent: null,
        success_url: `${base}/return?paid={CHECKOUT_SESSION_ID}`,
        cancel_url: `${base}/return?paid=cancelled`,
        url: `${base}/checkout/${sessionId}`,
        created: now(),
      };
      sessions.set(sessionId, session);
      return session;
    },
    pay(sessionId, options = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = "complete";
      session.payment_status = "paid";
      if (!session.payment_intent) {
        const intentId = id("pi");
        const currency = options.currency ?? session.currency;
        const created = now();
        intents.set(intentId, {
          id: intentId,
          object: "payment_intent",
          amount: session.amount_total,
          amount_received: session.amount_total,
          currency,
          status: "succeeded",
          payment_method_types: ["card"],
          metadata: { ...session.metadata },
          created,
          charge: {
            id: id("ch"),
            object: "charge",
            amount: session.amount_total,
            amount_captured: session.amount_total,
            currency,
            created,
            paid: true,
            status: "succeeded",
            payment_intent: intentId,
            metadata: { ...session.metadata },
            payment_method_details: { type: "card" },
            balance_transaction: id("txn"),
          },
          refunds: [],
          disputes: [],
        });
        session.payment_intent = intentId;
      }
      return session;
    },
    intentOf,
    event,
    completedEvent(sessionId, eventId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      return event("checkout.session.completed", session, eventId);
    },
    refundEvent(sessionId, cents) {
      const intent = intentOf(sessionId);
      const refund: Refund = {
        id: id("re"),
        object: "refund",
        amount: cents ?? Math.max(0, intent.charge.amount - refundedTotal(intent)),
        currency: intent.currency,
        status: "succeeded",
        created: now(),
        charge: intent.charge.id,
        payment_intent: intent.id,
        metadata: {},
      };
      intent.refunds.push(refund);
      return { ...event("charge.refunded", chargeView(intent, false)), refundId: refund.id };
    },
    disputeEvent(sessionId, options = {}) {
      const intent = intentOf(sessionId);
      let dispute = intent.disputes[0];
      let type = "charge.dispute.created";
      if (!dispute) {
        dispute = {
          id: id("du"),
          object: "dispute",
          amount: options.amount ?? intent.charge.amount,
          currency: intent.currency,
          status: options.status ?? "needs_response",
          reason: "fraudulent",
          created: now(),
          charge: intent.charge.id,
          payment_intent: intent.id,
          metadata: {},
        };
        intent.disputes.push(dispute);
      } else {
        dispute.status = options.status ?? dispute.status;
        if (options.amount !== undefined) dispute.amount = options.amount;
        type =
          dispute.status === "won" || dispute.status === "lost" ? "charge.dispute.closed" : "charge.dispute.updated";
      }
      return { ...event(type, { ...dispute }), disputeId: dispute.id };
    },
    sign,
    async deliver(webhookUrl, { payload }, options = {}) {
      const response = await fetch(webhookUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": sign(payload, options.secret) },
        body: payload,
      });
      await response.arrayBuffer();
      return response.status;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
