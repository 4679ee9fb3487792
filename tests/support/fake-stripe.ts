/**
 * A FAKE of the few Stripe API calls the app makes, for tests only: the tests never reach the internet.
 * The real SDK is pointed at it (`STRIPE_API_URL`, i.e. the SDK's `host`/`port`/`protocol: "http"`
 * options) and it answers as the provider's API does, in shape only, for:
 *   POST /v1/checkout/sessions            create a Checkout session (form-encoded, as the SDK sends it)
 *   GET  /v1/checkout/sessions/{id}       retrieve it
 *   GET  /v1/payment_intents/{id}         the payment, its charge and balance transaction (the fee)
 * and it serves the "hosted" checkout page a session's `url` points to (GET /checkout/{id}: the
 * amount, nothing to fill in). `pay(id)` marks a session paid, as a client finishing Checkout would;
 * `event(...)` and `deliver(...)` build and send webhook events signed with the SDK's own test helper.
 * Nothing here checks card numbers, keys or anything else Stripe would.
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
  /** the API calls received, "POST /v1/checkout/sessions" … */
  calls: string[];
  /** the client completes Checkout: the session paid with a new PaymentIntent */
  pay(sessionId: string): Session;
  /** an event as Stripe sends it */
  event(type: string, object: object, eventId?: string): { id: string; payload: string };
  /** a completed-session event for a paid session */
  completedEvent(sessionId: string, eventId?: string): { id: string; payload: string };
  /** a charge.refunded event for a session's payment (`refunded` cents, all by default) */
  refundEvent(sessionId: string, refunded?: number): { id: string; payload: string };
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
  const calls: string[] = [];
  const sdk = new Stripe(secretKey);
  let base = "";

  const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body), type: "application/json" });
  const notFound = () => json(404, { error: { type: "invalid_request_error", message: "No such object" } });

  async function answer(req: IncomingMessage) {
    const url = new URL(req.url ?? "/", base);
    calls.push(`${req.method} ${url.pathname}`);
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
    const intentMatch = /^\/v1\/payment_intents\/([\w]+)$/.exec(url.pathname);
    if (req.method === "GET" && intentMatch) {
      const session = [...sessions.values()].find((entry) => entry.payment_intent === intentMatch[1]);
      if (!session) return notFound();
      return json(200, {
        id: session.payment_intent,
        object: "payment_intent",
        amount: session.amount_total,
        currency: session.currency,
        status: "succeeded",
        payment_method_types: ["card"],
        metadata: session.metadata,
        latest_charge: {
          id: `ch_${session.payment_intent}`,
          object: "charge",
          amount: session.amount_total,
          payment_method_details: { type: "card" },
          balance_transaction: {
            id: `txn_${session.payment_intent}`,
            object: "balance_transaction",
            amount: session.amount_total,
            fee: fakeFee(session.amount_total),
          },
        },
      });
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
        res.writeHead(reply.status, { "Content-Type": reply.type, "Request-Id": id("req") });
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

  return {
    url: base,
    secretKey,
    webhookSecret,
    sessions,
    calls,
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent ??= id("pi");
      return session;
    },
    event,
    completedEvent(sessionId, eventId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      return event("checkout.session.completed", session, eventId);
    },
    refundEvent(sessionId, refunded) {
      const session = sessions.get(sessionId);
      if (!session?.payment_intent) throw new Error(`session ${sessionId} is not paid`);
      const amount = session.amount_total;
      return event("charge.refunded", {
        id: `ch_${session.payment_intent}`,
        object: "charge",
        amount,
        amount_refunded: refunded ?? amount,
        refunded: (refunded ?? amount) >= amount,
        payment_intent: session.payment_intent,
        metadata: session.metadata,
      });
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
}
