/** Password reset: the emailed single-use link, and setting a new password with it. */
import type { Queryable } from "#app/db/client.server.ts";
import { authMessages } from "#app/domain/auth-messages.ts";
import { mailContent } from "#app/domain/mail.ts";
import { newPasswordProblem } from "#app/domain/password-policy.ts";
import { fail, type Result } from "#app/domain/result.ts";
import { consumeAuthToken, insertAuthToken, isTokenLive, voidUnusedTokens } from "#app/models/auth-tokens.server.ts";
import { hasConfirmedTotp } from "#app/models/two-factor.server.ts";
import { findUserByEmail, hasAdminRole, normaliseEmail, setPasswordHash } from "#app/models/users.server.ts";
import { audit } from "#app/services/audit.server.ts";
import { enqueueMail, mailKey } from "#app/services/mail.server.ts";
import { forgetSignInFailures, takeResetRequest, takeTokenFormAttempt } from "./limits.server.ts";
import { hashPassword } from "./passwords.server.ts";
import { createSession, deleteUserSessions, type OpenedSession, type RequestMeta } from "./sessions.server.ts";
import type { SecondFactorNext } from "./sign-in.server.ts";
import { hashToken, looksLikeToken, newToken, tokenPolicy } from "./tokens.server.ts";

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/admin/login#type=recovery&token=${token}`;
}

function resetMail(email: string, link: string) {
  return {
    to: email,
    ...mailContent("Reset your password", [
      {
        type: "text",
        text: "Someone (hopefully you) asked to reset the password of the back-office account for this address.",
      },
      { type: "text", text: "Choose a new password here. The link works once, for one hour:" },
      { type: "action", label: "Choose a new password", url: link },
      { type: "text", text: "If you did not ask for this, ignore this email: your password stays as it is." },
    ]),
  };
}

function delay(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Where reset mail comes from: the site's address, and the secret whose derived key seals the link. */
export type ResetSite = { publicUrl: string; sessionSecret: string };

/**
 * Sends a reset link if the email belongs to an account. Answers the same, after at least
 * `floorMs`, whether or not it does, so neither the answer nor its timing tells.
 * The mail body is sealed (see mail.server.ts): the outbox never holds a usable link.
 * Its commit wakes the mail worker.
 */
export async function requestPasswordReset(
  db: Queryable,
  input: { email: string } & ResetSite & RequestMeta,
  options: { now?: Date; floorMs?: number } = {},
): Promise<{ ok: true } | { ok: false; message: string }> {
  const started = Date.now();
  const now = options.now ?? new Date();
  const floor = () => delay(Math.max(0, (options.floorMs ?? 400) - (Date.now() - started)));
  const email = normaliseEmail(input.email);
  const ip = input.ip ?? "";
  if (!(await takeResetRequest(db, email, ip, now))) {
    await audit(db, { event: "password_reset_blocked", email, ip });
    await floor();
    return { ok: false, message: authMessages.tooManyResets };
  }
  const found = await findUserByEmail(db, email);
  // a disabled account (ADR 0026) gets no link, and the answer is the same
  const user = found?.disabledAt ? undefined : found;
  if (user) {
    const token = newToken();
    await db.transaction(async (tx) => {
      // an earlier link stops working when a new one is sent
      await voidUnusedTokens(tx, user.id, "password_reset", now);
      await insertAuthToken(tx, {
        id: hashToken(token),
        purpose: "password_reset",
        userId: user.id,
        expiresAt: new Date(now.getTime() + tokenPolicy.passwordResetMs),
        createdAt: now,
      });
      await enqueueMail(tx, resetMail(user.email, resetLink(input.publicUrl, token)), {
        seal: mailKey(input.sessionSecret),
      });
      await audit(tx, { event: "password_reset_requested", userId: user.id, email, ip });
    });
  } else {
    await audit(db, { event: "password_reset_requested", email, ip, detail: { account: false } });
  }
  await floor();
  return { ok: true };
}

/**
 * Whether a reset link is still usable, asked when the link is opened (so a used or expired
 * link says so at once). Counted against the address's token-form allowance.
 */
export async function checkResetToken(
  db: Queryable,
  input: { token: string } & RequestMeta,
  now = new Date(),
): Promise<Result<object, "limited" | "dead-link">> {
  if (!(await takeTokenFormAttempt(db, "recovery", input.ip, now))) return fail("limited");
  const live = looksLikeToken(input.token) && (await isTokenLive(db, hashToken(input.token), "password_reset", now));
  return live ? { ok: true } : fail("dead-link");
}

/**
 * Why a new password was not set: `weak-password` (the policy's words, for the `password` field),
 * `limited` (too many tries from the address), `dead-link` (the link or invitation is unknown, used or
 * expired), `refused` (it cannot be used any more: set-up done, its sender gone, the account exists).
 */
type PasswordSetReason = "weak-password" | "limited" | "dead-link" | "refused";

/** Setting a password from a link (reset, set-up, invitation) opens a session, or says why not. */
export type PasswordSetResult<Opened extends object = OpenedSession> = Result<
  Opened,
  PasswordSetReason,
  { message: string }
>;

/**
 * A reset of an account with two-factor on sets the password and ends every session, but opens
 * none: the second factor comes next, as after a password sign-in (ADR 0024).
 */
type ResetResult = PasswordSetResult | (SecondFactorNext & { message: string });

/** The policy's refusal of a new password, on its field, or nothing. */
export function weakPassword(password: string) {
  const problem = newPasswordProblem(password);
  return problem ? fail("weak-password", { field: "password", message: problem }) : null;
}

/**
 * Uses a reset token once: new password, every session ended, and a fresh one started unless the
 * account has two-factor on (then the caller starts a pending sign-in: the link alone opens nothing).
 * The address's allowance is taken and the token checked before argon2 runs.
 */
export async function resetPassword(
  db: Queryable,
  input: { token: string; password: string } & RequestMeta,
  now = new Date(),
): Promise<ResetResult> {
  const weak = weakPassword(input.password);
  if (weak) return weak;
  if (!(await takeTokenFormAttempt(db, "recovery", input.ip, now))) {
    return fail("limited", { message: authMessages.tooManyAttempts });
  }
  const id = looksLikeToken(input.token) ? hashToken(input.token) : null;
  if (!id || !(await isTokenLive(db, id, "password_reset", now))) {
    return fail("dead-link", { message: authMessages.invalidResetLink });
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const used = await consumeAuthToken(tx, id, "password_reset", now);
    if (!used?.userId) return fail("dead-link", { message: authMessages.invalidResetLink });
    const userId = used.userId;
    const user = await setPasswordHash(tx, userId, passwordHash);
    await deleteUserSessions(tx, userId);
    if (user) await forgetSignInFailures(tx, user.email);
    const secondFactor = await hasConfirmedTotp(tx, userId);
    await audit(tx, {
      event: "password_reset_completed",
      userId,
      email: user?.email,
      ip: input.ip,
      detail: secondFactor ? { secondFactor: "required" } : undefined,
    });
    if (secondFactor) return fail("second-factor", { userId, message: authMessages.passwordUpdated });
    const session = await createSession(tx, userId, input, now);
    return { ok: true, ...session, userId, isAdmin: await hasAdminRole(tx, userId) } as const;
  });
}
