/**
 * Calls route loaders and actions directly, below HTTP, with a real router context on a test
 * database: signed-in admins, signed-in staff without the role, and anonymous visitors.
 * Outcomes are normalised: a thrown or returned Response (redirects, the guard's 403) and
 * `data(...)` alike become `{ status, location, data }`.
 */
import { RouterContextProvider } from "react-router";
import type { Config } from "#app/config.server.ts";
import { appContext } from "#app/context.server.ts";
import { createOrUpdateAccount } from "#app/services/auth/accounts.server.ts";
import { createSession, sessionSetCookie } from "#app/services/auth/sessions.server.ts";
import { createLogger } from "#app/services/logger.server.ts";
import type { TestDatabase } from "./database.ts";

export const testConfig: Config = {
  nodeEnv: "test",
  port: 0,
  host: "127.0.0.1",
  dataDir: "/nonexistent-test-data-dir",
  databaseUrl: undefined,
  publicUrl: "http://studio.test",
  sessionSecret: "route-tests-secret-route-tests-secret-0123",
  smtpUrl: undefined,
  contactRateLimit: null,
  contactMinFillMs: 0,
  testClockOffsetMs: 0,
  mailFrom: "Studio <studio@studio.test>",
  logLevel: "silent",
  trustProxy: false,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  maxConnectionsPerAddress: null,
  stripe: null,
};

export type Outcome = { status: number; location: string | null; data: unknown; headers: Headers };

type AnyRouteFunction = (args: never) => unknown;

export function routeHarness(database: () => TestDatabase) {
  const logger = createLogger("silent");

  /** `forCache`: a render for the public-page cache (no nonce, no visitor: server/public-cache.ts) */
  function context(forCache = false) {
    const provider = new RouterContextProvider();
    provider.set(appContext, {
      config: testConfig,
      database: database(),
      changes: { subscribe: () => () => {}, onMailQueued: () => () => {}, close: async () => {} },
      shutdown: new AbortController().signal,
      logger,
      requestId: "test",
      pageViews: { count: () => false, flush: async () => {}, pending: () => 0, stop: async () => {} },
      nonce: forCache ? "" : "test",
      forCache,
      ip: "127.0.0.1",
    });
    return provider;
  }

  /** A session cookie header for a new account, admin or not. */
  async function cookieFor(email: string, admin: boolean): Promise<string> {
    const { userId } = await createOrUpdateAccount(database().db, {
      email,
      password: "a long enough test passphrase",
      admin,
    });
    const session = await createSession(database().db, userId);
    const header = await sessionSetCookie(testConfig, session.token, session.expiresAt);
    return header.split(";")[0] ?? "";
  }

  function request(
    path: string,
    options: { cookie?: string; form?: Record<string, string> | [string, string][] } = {},
  ): Request {
    const headers = new Headers();
    if (options.cookie) headers.set("Cookie", options.cookie);
    if (!options.form) return new Request(`${testConfig.publicUrl}${path}`, { headers });
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    headers.set("Origin", testConfig.publicUrl);
    return new Request(`${testConfig.publicUrl}${path}`, {
      method: "POST",
      headers,
      body: new URLSearchParams(options.form).toString(),
    });
  }

  function normalise(value: unknown): Outcome {
    if (value instanceof Response) {
      return { status: value.status, location: value.headers.get("location"), data: null, headers: value.headers };
    }
    if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
      const wrapped = value as { data: unknown; init: ResponseInit | null };
      return {
        status: wrapped.init?.status ?? 200,
        location: null,
        data: wrapped.data,
        headers: new Headers(wrapped.init?.headers),
      };
    }
    return { status: 200, location: null, data: value, headers: new Headers() };
  }

  /** Runs a loader or action the way React Router would call it. */
  async function call(
    fn: AnyRouteFunction,
    path: string,
    options: {
      cookie?: string;
      form?: Record<string, string> | [string, string][];
      params?: Record<string, string>;
      forCache?: boolean;
    } = {},
  ): Promise<Outcome> {
    const args = {
      request: request(path, options),
      context: context(options.forCache),
      params: options.params ?? {},
    };
    try {
      return normalise(await (fn as (args: unknown) => unknown)(args));
    } catch (thrown) {
      // the guard's redirects and 403s, and data(…, { status: 404 }) thrown by actions
      if (thrown instanceof Response || (thrown as { type?: string } | null)?.type === "DataWithResponseInit") {
        return normalise(thrown);
      }
      throw thrown;
    }
  }

  /** Runs a loader or action with a request built by the test (a multipart upload, say). */
  async function callRequest(
    fn: AnyRouteFunction,
    built: Request,
    params: Record<string, string> = {},
  ): Promise<Outcome> {
    try {
      return normalise(await (fn as (args: unknown) => unknown)({ request: built, context: context(), params }));
    } catch (thrown) {
      if (thrown instanceof Response || (thrown as { type?: string } | null)?.type === "DataWithResponseInit") {
        return normalise(thrown);
      }
      throw thrown;
    }
  }

  /** Runs a resource route's loader and returns its Response as is (to read a streamed body). */
  async function respond(
    fn: AnyRouteFunction,
    path: string,
    options: { cookie?: string; params?: Record<string, string> } = {},
  ): Promise<Response> {
    const result = await (fn as (args: unknown) => unknown)({
      request: request(path, options),
      context: context(),
      params: options.params ?? {},
    });
    if (!(result instanceof Response)) throw new Error(`${path} did not answer with a Response`);
    return result;
  }

  return { call, callRequest, cookieFor, respond };
}
