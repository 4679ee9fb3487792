/**
 * The admin guard, and the one place routes ask "who is this request?".
 * The parts of authentication live beside it in services/auth/: tokens, passwords, sessions,
 * limits, sign-in, recovery (password reset), first-admin set-up, accounts.
 * docs/decisions/0008-auth.md explains the choices.
 */
import { type RouterContextProvider, redirect } from "react-router";
import type { Config } from "#app/config.server.ts";
import { getApp } from "#app/context.server.ts";
import type { Queryable } from "#app/db/client.server.ts";
import { authMessages } from "#app/domain/auth-messages.ts";
import { loginPathFor } from "#app/domain/return-path.ts";
import { forbidden } from "#app/services/action-result.server.ts";
import {
  getSession,
  type RequestMeta,
  readSessionToken,
  type SessionInfo,
  sessionTokenFromCookies,
} from "./auth/sessions.server.ts";

export type { RequestMeta, SessionInfo };

export function requestMeta(request: Request, context: Readonly<RouterContextProvider>): RequestMeta {
  return { ip: getApp(context).ip, userAgent: request.headers.get("user-agent") };
}

// One lookup per request, however many loaders, actions and middlewares ask.
const sessionsByRequest = new WeakMap<Request, Promise<SessionInfo | null>>();

export function getRequestSession(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<SessionInfo | null> {
  let found = sessionsByRequest.get(request);
  if (!found) {
    const { config, database } = getApp(context);
    found = readSessionToken(request, config).then((token) => getSession(database.db, token));
    sessionsByRequest.set(request, found);
  }
  return found;
}

/**
 * The admin guard. Anonymous: a redirect to the login page remembering this path.
 * Signed in without the admin role: 403. A page renders the admin layout's error boundary
 * ('Access Denied'); a resource route (the event stream) answers with this plain-text body.
 */
export async function requireAdmin(request: Request, context: Readonly<RouterContextProvider>): Promise<SessionInfo> {
  const session = await getRequestSession(request, context);
  if (!session) throw redirect(loginPathFor(request.url), { headers: { "Cache-Control": "no-store" } });
  if (!session.isAdmin) {
    forbidden(`Access Denied: ${authMessages.accessDenied}`);
  }
  return session;
}

/**
 * What a raw Cookie header may do with an upload, answered as the admin guard would (a live admin
 * session: allowed; none: sign in; a session without the role: forbidden). The server asks it before
 * any of the request's body is read (server/body-limit.ts). No cookie costs no query.
 */
export async function uploadAccess(
  db: Queryable,
  config: Pick<Config, "publicUrl">,
  cookieHeader: string | null | undefined,
): Promise<"allowed" | "sign-in" | "forbidden"> {
  const token = await sessionTokenFromCookies(cookieHeader, config);
  const session = token ? await getSession(db, token) : null;
  if (!session) return "sign-in";
  return session.isAdmin ? "allowed" : "forbidden";
}
