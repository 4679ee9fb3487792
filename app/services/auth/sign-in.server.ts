/** Sign-in and sign-out. */
import type { Queryable } from "#app/db/client.server.ts";
import { authMessages } from "#app/domain/auth-messages.ts";
import { type Failure, fail, type Result } from "#app/domain/result.ts";
import type { SignOutScope } from "#app/domain/user-agent.ts";
import { deletePendingSignIn, hasConfirmedTotp } from "#app/models/two-factor.server.ts";
import { findUserByEmail, hasAdminRole, normaliseEmail } from "#app/models/users.server.ts";
import { audit } from "#app/services/audit.server.ts";
import { forgetSignInFailures, takeSignInAttempt } from "./limits.server.ts";
import { verifyPassword } from "./passwords.server.ts";
import {
  createSession,
  deleteSession,
  deleteUserSessions,
  getSession,
  type OpenedSession,
  type RequestMeta,
} from "./sessions.server.ts";

/** The password checked and the account has two-factor on: a code comes next (ADR 0024). */
export type SecondFactorNext = Failure<"second-factor"> & { userId: string };

/** `limited`: over the brute-force limits; `refused`: wrong email or password (one answer for both). */
export type SignInResult = Result<OpenedSession, "limited" | "refused", { message: string }> | SecondFactorNext;

function delay(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Checks the password within the brute-force limits (per account and per IP, fixed windows
 * that expire, so nobody is locked out for good). The attempt is counted *before* the password
 * is verified, in one statement per limit, so a parallel burst cannot slip past the limit, and
 * argon2 never runs for an attempt over it. A new session replaces `previousToken`.
 */
export async function signIn(
  db: Queryable,
  input: { email: string; password: string; previousToken?: string | null } & RequestMeta,
  options: { now?: Date; limitedDelayMs?: number } = {},
): Promise<SignInResult> {
  const now = options.now ?? new Date();
  const email = normaliseEmail(input.email);
  const ip = input.ip ?? "";
  const attempt = await takeSignInAttempt(db, email, ip, now);
  if (!attempt.allowed) {
    await audit(db, { event: "signin_blocked", email, ip, detail: { by: attempt.by } });
    await delay(options.limitedDelayMs ?? 1000);
    return fail("limited", { message: authMessages.tooManySignIns });
  }
  const user = await findUserByEmail(db, email);
  // a disabled account (ADR 0026) is checked like an unknown one: same work, same generic answer
  const valid = await verifyPassword(user?.disabledAt ? null : user?.passwordHash, input.password);
  if (!user || !valid) {
    await audit(db, { event: "signin_failure", userId: user?.id, email, ip });
    return fail("refused", { message: authMessages.invalidCredentials });
  }
  await forgetSignInFailures(db, email);
  if (await hasConfirmedTotp(db, user.id)) {
    return fail("second-factor", { userId: user.id });
  }
  if (input.previousToken) await deleteSession(db, input.previousToken);
  const session = await startSession(db, { id: user.id, email }, input, { now });
  return { ok: true, ...session, userId: user.id, isAdmin: await hasAdminRole(db, user.id) };
}

/**
 * A new session and its `signin_success` entry in one transaction (`detail` says how: a second
 * factor, a passkey); a pending sign-in the session completes (`pendingSignIn`, its token hash) ends
 * in the same transaction.
 */
export function startSession(
  db: Queryable,
  user: { id: string; email: string },
  meta: RequestMeta,
  options: { detail?: Record<string, string>; pendingSignIn?: string; now?: Date } = {},
) {
  return db.transaction(async (tx) => {
    if (options.pendingSignIn) await deletePendingSignIn(tx, options.pendingSignIn);
    const session = await createSession(tx, user.id, meta, options.now ?? new Date());
    await audit(tx, {
      event: "signin_success",
      userId: user.id,
      email: user.email,
      ip: meta.ip,
      detail: options.detail,
    });
    return session;
  });
}

/**
 * Signs out with the scopes: `global` (the default) ends every session of the user, `others`
 * every one but this, `local` this one only. Returns whether this session ended.
 */
export async function signOut(
  db: Queryable,
  token: string | null,
  meta: RequestMeta = {},
  scope: SignOutScope = "global",
): Promise<boolean> {
  if (!token) return true;
  const session = await getSession(db, token);
  if (!session) {
    await deleteSession(db, token);
    return true;
  }
  if (scope === "local") await deleteSession(db, token);
  else await deleteUserSessions(db, session.userId, scope === "others" ? session.sessionId : undefined);
  await audit(db, {
    event: "signout",
    userId: session.userId,
    email: session.email,
    ip: meta.ip,
    detail: { scope },
  });
  return scope !== "others";
}
