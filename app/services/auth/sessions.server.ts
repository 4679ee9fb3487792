/**
 * Database sessions and their cookie. The cookie holds a random 256-bit token; the session row's
 * id is its SHA-256, so a database leak yields no usable cookie.
 */
import { createCookie } from "react-router";
import { type Config, isHttps } from "#app/config.server.ts";
import type { Queryable } from "#app/db/client.server.ts";
import {
  deleteSessionById,
  deleteSessionsOfUser,
  findSessionWithUser,
  insertSession,
  touchSession,
} from "#app/models/sessions.server.ts";
import { hashToken, newToken } from "./tokens.server.ts";

const minute = 60_000;
const hour = 60 * minute;

export const sessionPolicy = {
  /** signed out after this long without a request */
  idleMs: 12 * hour,
  /** signed out this long after sign-in, whatever happens */
  absoluteMs: 7 * 24 * hour,
  /** last_seen_at is written at most this often */
  touchMs: 5 * minute,
};

export type RequestMeta = { ip?: string | null; userAgent?: string | null };

/** A session a sign-in, a reset, a set-up or an invitation opened: the cookie's token and whose it is. */
export type OpenedSession = { token: string; expiresAt: Date; userId: string; isAdmin: boolean };

export type SessionInfo = {
  sessionId: string;
  userId: string;
  email: string;
  isAdmin: boolean;
  expiresAt: Date;
};

export async function createSession(
  db: Queryable,
  userId: string,
  meta: RequestMeta = {},
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + sessionPolicy.absoluteMs);
  await insertSession(db, {
    id: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ipAddress: meta.ip ? meta.ip.slice(0, 64) : null,
    userAgent: meta.userAgent ? meta.userAgent.slice(0, 500) : null,
  });
  return { token, expiresAt };
}

/** The live session a cookie token names, or null (unknown, idle too long, or past its lifetime). */
export async function getSession(
  db: Queryable,
  token: string | null | undefined,
  now = new Date(),
): Promise<SessionInfo | null> {
  if (!token || token.length > 200) return null;
  const id = hashToken(token);
  const row = await findSessionWithUser(db, id);
  if (!row) return null;
  if (row.expiresAt <= now || row.lastSeenAt.getTime() + sessionPolicy.idleMs <= now.getTime()) {
    await deleteSessionById(db, id);
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() >= sessionPolicy.touchMs) await touchSession(db, id, now);
  return { sessionId: id, userId: row.userId, email: row.email, isAdmin: row.isAdmin, expiresAt: row.expiresAt };
}

export async function deleteSession(db: Queryable, token: string): Promise<void> {
  await deleteSessionById(db, hashToken(token));
}

/** Ends every session of a user, or every one but `keepSessionId`. */
export const deleteUserSessions = deleteSessionsOfUser;

/** `__Host-` (Secure, host-only, path /) when the site is served over https. */
function authCookieName(config: Pick<Config, "publicUrl">, name: string): string {
  return isHttps(config) ? `__Host-${name}` : name;
}

/**
 * The one shape of the sign-in cookies (the session, a sign-in waiting for its second factor, a
 * WebAuthn challenge): httpOnly, host-only, Secure over https; `sameSite` and `maxAge` per cookie.
 */
export function authCookie(
  config: Pick<Config, "publicUrl">,
  name: string,
  options: { sameSite?: "lax" | "strict"; maxAge?: number } = {},
) {
  return createCookie(authCookieName(config, name), {
    httpOnly: true,
    sameSite: options.sameSite ?? "lax",
    secure: isHttps(config),
    path: "/",
    ...(options.maxAge ? { maxAge: options.maxAge } : {}),
  });
}

export function sessionCookieName(config: Pick<Config, "publicUrl">): string {
  return authCookieName(config, "studio_session");
}

const sessionCookie = (config: Pick<Config, "publicUrl">) => authCookie(config, "studio_session");

export function readSessionToken(request: Request, config: Pick<Config, "publicUrl">): Promise<string | null> {
  return sessionTokenFromCookies(request.headers.get("cookie"), config);
}

/** The session token in a raw Cookie header, or null. */
export async function sessionTokenFromCookies(
  cookieHeader: string | null | undefined,
  config: Pick<Config, "publicUrl">,
): Promise<string | null> {
  if (!cookieHeader) return null;
  const value: unknown = await sessionCookie(config).parse(cookieHeader);
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** Set-Cookie for a new session (expires with the session's absolute lifetime). */
export function sessionSetCookie(config: Pick<Config, "publicUrl">, token: string, expiresAt: Date): Promise<string> {
  return sessionCookie(config).serialize(token, { expires: expiresAt });
}

export function sessionClearCookie(config: Pick<Config, "publicUrl">): Promise<string> {
  return sessionCookie(config).serialize("", { maxAge: 0, expires: new Date(0) });
}
