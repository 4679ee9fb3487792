/**
 * Authentication and authorisation: passwords (argon2id), database sessions, single-use
 * tokens (password reset, first-admin set-up), brute-force limits, and the admin guard.
 * docs/decisions/0008-auth.md explains the choices.
 *
 * Secrets never stored: the session cookie and the emailed/printed tokens are random
 * 256-bit values; the database keeps only their SHA-256 hashes.
 */
import { createHash, randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { createCookie, type RouterContextProvider, redirect } from "react-router";
import { type Config, isHttps } from "#app/config.server.ts";
import { getApp } from "#app/context.server.ts";
import type { Queryable, Tx } from "#app/db/client.server.ts";
import { authTokens, sessions, userRoles, users } from "#app/db/schema.ts";
import { authMessages } from "#app/domain/auth-schemas.ts";
import { newPasswordProblem } from "#app/domain/password-policy.ts";
import { loginPathFor } from "#app/domain/return-path.ts";
import {
  adminExists,
  findUserByEmail,
  grantAdmin,
  insertUser,
  normaliseEmail,
  setPasswordHash,
} from "#app/models/users.server.ts";
import { audit } from "#app/services/audit.server.ts";
import { enqueueMail } from "#app/services/mail.server.ts";
import { clearRateLimit, hitRateLimit, peekRateLimit, type RateLimit } from "#app/services/rate-limit.server.ts";

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

export const tokenPolicy = {
  passwordResetMs: hour,
  adminSetupMs: 24 * hour,
};

export const authLimits = {
  signInPerAccount: { limit: 10, windowMs: 15 * minute },
  signInPerIp: { limit: 50, windowMs: 15 * minute },
  resetPerEmail: { limit: 5, windowMs: hour },
  resetPerIp: { limit: 20, windowMs: hour },
} satisfies Record<string, RateLimit>;

export type RequestMeta = { ip?: string | null; userAgent?: string | null };

// ---------------------------------------------------------------- tokens and passwords

/** A random 256-bit token, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps instead of a token: SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (the library's defaults, written out).
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

let dummyHash: Promise<string> | undefined;

/** Verifies; with no stored hash, does the same work against a dummy so timing tells nothing. */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(newToken());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

export class PasswordPolicyError extends Error {}

function delay(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ---------------------------------------------------------------- sessions

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
  await db.insert(sessions).values({
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
export async function getSession(db: Queryable, token: string | null | undefined, now = new Date()) {
  if (!token || token.length > 200) return null;
  const id = hashToken(token);
  const [row] = await db
    .select({
      userId: sessions.userId,
      email: users.email,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      adminRole: userRoles.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userRoles, and(eq(userRoles.userId, sessions.userId), eq(userRoles.role, "admin")))
    .where(eq(sessions.id, id));
  if (!row) return null;
  if (row.expiresAt <= now || row.lastSeenAt.getTime() + sessionPolicy.idleMs <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() >= sessionPolicy.touchMs) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return {
    sessionId: id,
    userId: row.userId,
    email: row.email,
    isAdmin: row.adminRole === "admin",
    expiresAt: row.expiresAt,
  } satisfies SessionInfo;
}

export async function deleteSession(db: Queryable, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

/** Ends every session of a user, or every one but `keepSessionId`. */
export async function deleteUserSessions(db: Queryable, userId: string, keepSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId),
    );
}

// ---------------------------------------------------------------- sign-in and sign-out

export type SignInResult =
  | { ok: true; token: string; expiresAt: Date; userId: string; isAdmin: boolean }
  | { ok: false; message: string };

const signInKeys = (email: string, ip: string) => ({
  account: `signin:account:${email}`,
  ip: `signin:ip:${ip || "unknown"}`,
});

/**
 * Checks the password within the brute-force limits (per account and per IP, fixed windows
 * that expire, so nobody is locked out for good). A new session replaces `previousToken`.
 */
export async function signIn(
  db: Queryable,
  input: { email: string; password: string; previousToken?: string | null } & RequestMeta,
  options: { now?: Date; limitedDelayMs?: number } = {},
): Promise<SignInResult> {
  const now = options.now ?? new Date();
  const email = normaliseEmail(input.email);
  const ip = input.ip ?? "";
  const keys = signInKeys(email, ip);
  const account = await peekRateLimit(db, keys.account, authLimits.signInPerAccount, now);
  const byIp = await peekRateLimit(db, keys.ip, authLimits.signInPerIp, now);
  if (!account.allowed || !byIp.allowed) {
    await audit(db, { event: "signin_blocked", email, ip, detail: { by: account.allowed ? "ip" : "account" } });
    await delay(options.limitedDelayMs ?? 1000);
    return { ok: false, message: authMessages.tooManySignIns };
  }
  const user = await findUserByEmail(db, email);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid) {
    await hitRateLimit(db, keys.account, authLimits.signInPerAccount, now);
    await hitRateLimit(db, keys.ip, authLimits.signInPerIp, now);
    await audit(db, { event: "signin_failure", userId: user?.id, email, ip });
    return { ok: false, message: authMessages.invalidCredentials };
  }
  await clearRateLimit(db, keys.account);
  if (input.previousToken) await deleteSession(db, input.previousToken);
  const session = await createSession(db, user.id, input, now);
  const [role] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, user.id), eq(userRoles.role, "admin")));
  await audit(db, { event: "signin_success", userId: user.id, email, ip });
  return { ok: true, ...session, userId: user.id, isAdmin: role !== undefined };
}

export async function signOut(db: Queryable, token: string | null, meta: RequestMeta = {}): Promise<void> {
  if (!token) return;
  const session = await getSession(db, token);
  await deleteSession(db, token);
  if (session) await audit(db, { event: "signout", userId: session.userId, email: session.email, ip: meta.ip });
}

// ---------------------------------------------------------------- password reset

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/admin/login#type=recovery&token=${token}`;
}

function resetMail(email: string, link: string) {
  return {
    to: email,
    subject: "Reset your password",
    text: [
      "Someone (hopefully you) asked to reset the password of the back-office account for this address.",
      "",
      "Choose a new password here. The link works once, for one hour:",
      link,
      "",
      "If you did not ask for this, ignore this email: your password stays as it is.",
    ].join("\n"),
  };
}

/**
 * Sends a reset link if the email belongs to an account. Answers the same, after at least
 * `floorMs`, whether or not it does, so neither the answer nor its timing tells.
 * The caller kicks the mail worker afterwards.
 */
export async function requestPasswordReset(
  db: Queryable,
  input: { email: string; publicUrl: string } & RequestMeta,
  options: { now?: Date; floorMs?: number } = {},
): Promise<{ ok: true } | { ok: false; message: string }> {
  const started = Date.now();
  const now = options.now ?? new Date();
  const floor = () => delay(Math.max(0, (options.floorMs ?? 400) - (Date.now() - started)));
  const email = normaliseEmail(input.email);
  const ip = input.ip ?? "";
  const byEmail = await hitRateLimit(db, `reset:email:${email}`, authLimits.resetPerEmail, now);
  const byIp = await hitRateLimit(db, `reset:ip:${ip || "unknown"}`, authLimits.resetPerIp, now);
  if (!byEmail.allowed || !byIp.allowed) {
    await audit(db, { event: "password_reset_blocked", email, ip });
    await floor();
    return { ok: false, message: authMessages.tooManyResets };
  }
  const user = await findUserByEmail(db, email);
  const token = newToken();
  const id = hashToken(token);
  if (user) {
    await db.transaction(async (tx) => {
      // an earlier link stops working when a new one is sent
      await tx
        .update(authTokens)
        .set({ usedAt: now })
        .where(
          and(eq(authTokens.userId, user.id), eq(authTokens.purpose, "password_reset"), isNull(authTokens.usedAt)),
        );
      await tx.insert(authTokens).values({
        id,
        purpose: "password_reset",
        userId: user.id,
        expiresAt: new Date(now.getTime() + tokenPolicy.passwordResetMs),
        createdAt: now,
      });
      await enqueueMail(tx, resetMail(user.email, resetLink(input.publicUrl, token)));
      await audit(tx, { event: "password_reset_requested", userId: user.id, email, ip });
    });
  } else {
    await audit(db, { event: "password_reset_requested", email, ip, detail: { account: false } });
  }
  await floor();
  return { ok: true };
}

export type PasswordSetResult =
  | { ok: true; token: string; expiresAt: Date; userId: string; isAdmin: boolean }
  | { ok: false; field?: "password"; message: string };

/** Uses a reset token once: new password, every session ended, a fresh one started. */
export async function resetPassword(
  db: Queryable,
  input: { token: string; password: string } & RequestMeta,
  now = new Date(),
): Promise<PasswordSetResult> {
  const problem = newPasswordProblem(input.password);
  if (problem) return { ok: false, field: "password", message: problem };
  if (!input.token) return { ok: false, message: authMessages.invalidResetLink };
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const used = await consumeToken(tx, input.token, "password_reset", now);
    if (!used?.userId) return { ok: false, message: authMessages.invalidResetLink } as const;
    const userId = used.userId;
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    await deleteUserSessions(tx, userId);
    const session = await createSession(tx, userId, input, now);
    if (user) await clearRateLimit(tx, signInKeys(user.email, "").account);
    await audit(tx, { event: "password_reset_completed", userId, email: user?.email, ip: input.ip });
    const [role] = await tx
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")));
    return { ok: true, ...session, userId, isAdmin: role !== undefined } as const;
  });
}

/**
 * A signed-in user's password change: every session ends, including the current one,
 * which is replaced by a new session (rotation). Returns the new session.
 */
export async function changePassword(
  db: Queryable,
  input: { userId: string; password: string } & RequestMeta,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const problem = newPasswordProblem(input.password);
  if (problem) throw new PasswordPolicyError(problem);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await setPasswordHash(tx, input.userId, passwordHash);
    await deleteUserSessions(tx, input.userId);
    const session = await createSession(tx, input.userId, input, now);
    await audit(tx, { event: "password_changed", userId: input.userId, ip: input.ip });
    return session;
  });
}

// ---------------------------------------------------------------- accounts (CLI) and first-admin set-up

/**
 * Creates an account, or updates an existing one: a new password (ending its sessions),
 * and the admin role unless `admin` is false. Never removes a role.
 */
export async function createOrUpdateAccount(
  db: Queryable,
  input: { email: string; password?: string; admin: boolean },
): Promise<{ created: boolean; passwordSet: boolean; isAdmin: boolean; userId: string }> {
  if (input.password !== undefined) {
    const problem = newPasswordProblem(input.password);
    if (problem) throw new PasswordPolicyError(problem);
  }
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, input.email);
    let userId: string;
    if (existing) {
      userId = existing.id;
      if (passwordHash) {
        await setPasswordHash(tx, userId, passwordHash);
        await deleteUserSessions(tx, userId);
      }
    } else {
      if (!passwordHash) throw new PasswordPolicyError("A new account needs a password.");
      userId = (await insertUser(tx, input.email, passwordHash)).id;
    }
    if (input.admin) await grantAdmin(tx, userId);
    const [role] = await tx
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")));
    await audit(tx, {
      event: "admin_created",
      userId,
      email: normaliseEmail(input.email),
      detail: { via: "cli", created: !existing, admin: role !== undefined },
    });
    return { created: !existing, passwordSet: passwordHash !== undefined, isAdmin: role !== undefined, userId };
  });
}

async function lockSetup(tx: Queryable) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('studio:admin-setup'))`);
}

/**
 * When no admin exists: a fresh single-use set-up token (earlier unused ones stop working).
 * Null when an admin exists.
 */
export async function issueAdminSetupToken(db: Queryable, now = new Date()): Promise<string | null> {
  return db.transaction(async (tx) => {
    await lockSetup(tx);
    if (await adminExists(tx)) return null;
    await tx.delete(authTokens).where(and(eq(authTokens.purpose, "admin_setup"), isNull(authTokens.usedAt)));
    const token = newToken();
    await tx.insert(authTokens).values({
      id: hashToken(token),
      purpose: "admin_setup",
      userId: null,
      expiresAt: new Date(now.getTime() + tokenPolicy.adminSetupMs),
      createdAt: now,
    });
    return token;
  });
}

export function adminSetupLink(publicUrl: string, token: string): string {
  return `${publicUrl}/admin/setup#token=${token}`;
}

/** Creates the first admin with a set-up token (once; refused as soon as any admin exists). */
export async function completeAdminSetup(
  db: Queryable,
  input: { token: string; email: string; password: string } & RequestMeta,
  now = new Date(),
): Promise<PasswordSetResult> {
  const problem = newPasswordProblem(input.password);
  if (problem) return { ok: false, field: "password", message: problem };
  if (!input.token) return { ok: false, message: authMessages.setupInvalidLink };
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await lockSetup(tx);
    if (await adminExists(tx)) return { ok: false, message: authMessages.setupDone } as const;
    const used = await consumeToken(tx, input.token, "admin_setup", now);
    if (!used) return { ok: false, message: authMessages.setupInvalidLink } as const;
    const existing = await findUserByEmail(tx, input.email);
    const userId = existing ? existing.id : (await insertUser(tx, input.email, passwordHash)).id;
    if (existing) {
      await setPasswordHash(tx, userId, passwordHash);
      await deleteUserSessions(tx, userId);
    }
    await grantAdmin(tx, userId);
    const session = await createSession(tx, userId, input, now);
    await audit(tx, { event: "admin_setup_completed", userId, email: normaliseEmail(input.email), ip: input.ip });
    return { ok: true, ...session, userId, isAdmin: true } as const;
  });
}

export async function isAdminSetupPending(db: Queryable): Promise<boolean> {
  return !(await adminExists(db));
}

// ---------------------------------------------------------------- cookies and the guard

/** `__Host-` (Secure, host-only, path /) when the site is served over https. */
export function sessionCookieName(config: Pick<Config, "publicUrl">): string {
  return isHttps(config) ? "__Host-studio_session" : "studio_session";
}

function sessionCookie(config: Pick<Config, "publicUrl">) {
  return createCookie(sessionCookieName(config), {
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(config),
    path: "/",
  });
}

export async function readSessionToken(request: Request, config: Pick<Config, "publicUrl">): Promise<string | null> {
  const value: unknown = await sessionCookie(config).parse(request.headers.get("cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** Set-Cookie for a new session (expires with the session's absolute lifetime). */
export function sessionSetCookie(config: Pick<Config, "publicUrl">, token: string, expiresAt: Date): Promise<string> {
  return sessionCookie(config).serialize(token, { expires: expiresAt });
}

export function sessionClearCookie(config: Pick<Config, "publicUrl">): Promise<string> {
  return sessionCookie(config).serialize("", { maxAge: 0, expires: new Date(0) });
}

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
    throw new Response(`Access Denied: ${authMessages.accessDenied}`, {
      status: 403,
      statusText: "Access Denied",
      headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return session;
}

/**
 * Marks a single-use token used and returns its row, or null when it is unknown,
 * used, expired or for another purpose. One UPDATE, so two requests racing with
 * the same token cannot both succeed.
 */
async function consumeToken(tx: Tx, token: string, purpose: "password_reset" | "admin_setup", now: Date) {
  const [used] = await tx
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.id, hashToken(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ id: authTokens.id, userId: authTokens.userId });
  return used ?? null;
}
