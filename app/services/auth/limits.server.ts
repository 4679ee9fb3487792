/**
 * Brute-force limits of the auth flows. Each is *taken* (counted and answered in one statement)
 * before anything expensive or secret runs: argon2, a token lookup, a mail.
 */
import type { Queryable } from "#app/db/client.server.ts";
import { clearRateLimit, hitAddressLimit, hitRateLimit, type RateLimit } from "#app/services/rate-limit.server.ts";

const minute = 60_000;
const hour = 60 * minute;

export const authLimits = {
  signInPerAccount: { limit: 10, windowMs: 15 * minute },
  signInPerIp: { limit: 50, windowMs: 15 * minute },
  resetPerEmail: { limit: 5, windowMs: hour },
  resetPerIp: { limit: 20, windowMs: hour },
  /** set-new-password, first-admin set-up and invitation posts (each carries a token) */
  tokenFormPerIp: { limit: 20, windowMs: 15 * minute },
  /** passkey sign-in posts (options and answers) */
  passkeyPerIp: { limit: 30, windowMs: 10 * minute },
  secondFactorPerUser: { limit: 5, windowMs: 10 * minute },
  secondFactorPerIp: { limit: 20, windowMs: 10 * minute },
} satisfies Record<string, RateLimit>;

/** The forms that carry an emailed or printed token (the invitation: ADR 0026). */
type TokenForm = "recovery" | "setup" | "invitation";

const limitKeys = {
  signInAccount: (email: string) => `signin:account:${email}`,
  resetEmail: (email: string) => `reset:email:${email}`,
  secondFactorUser: (userId: string) => `totp:${userId}`,
};

/** Takes one sign-in attempt from the account's and the address's allowance. */
export async function takeSignInAttempt(db: Queryable, email: string, ip: string | null | undefined, now: Date) {
  const account = await hitRateLimit(db, limitKeys.signInAccount(email), authLimits.signInPerAccount, now);
  const byIp = await hitAddressLimit(db, "signin", ip, authLimits.signInPerIp, now);
  if (account.allowed && byIp.allowed) return { allowed: true as const };
  return { allowed: false as const, by: account.allowed ? ("ip" as const) : ("account" as const) };
}

/** After a successful sign-in: the account's failures are forgotten. */
export async function forgetSignInFailures(db: Queryable, email: string): Promise<void> {
  await clearRateLimit(db, limitKeys.signInAccount(email));
}

export async function takeResetRequest(db: Queryable, email: string, ip: string | null | undefined, now: Date) {
  const byEmail = await hitRateLimit(db, limitKeys.resetEmail(email), authLimits.resetPerEmail, now);
  const byIp = await hitAddressLimit(db, "reset", ip, authLimits.resetPerIp, now);
  return byEmail.allowed && byIp.allowed;
}

export async function takeTokenFormAttempt(
  db: Queryable,
  form: TokenForm,
  ip: string | null | undefined,
  now: Date,
): Promise<boolean> {
  return (await hitAddressLimit(db, form, ip, authLimits.tokenFormPerIp, now)).allowed;
}

/** Takes one passkey sign-in post from the address's allowance. */
export function takePasskeyAttempt(db: Queryable, ip: string | null | undefined, now = new Date()) {
  return hitAddressLimit(db, "passkey", ip, authLimits.passkeyPerIp, now);
}

/** Takes one second-factor code from the account's and the address's allowance. */
export async function takeSecondFactorAttempt(db: Queryable, userId: string, ip: string | null | undefined) {
  const now = new Date();
  const byUser = await hitRateLimit(db, limitKeys.secondFactorUser(userId), authLimits.secondFactorPerUser, now);
  const byIp = await hitAddressLimit(db, "totp", ip, authLimits.secondFactorPerIp, now);
  return {
    allowed: byUser.allowed && byIp.allowed,
    retryAfterSeconds: Math.max(byUser.retryAfterSeconds, byIp.retryAfterSeconds),
  };
}
