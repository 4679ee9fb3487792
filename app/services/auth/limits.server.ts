/**
 * Brute-force limits of the auth flows. Each is *taken* (counted and answered in one statement)
 * before anything expensive or secret runs: argon2, a token lookup, a mail.
 */
import type { Queryable } from "#app/db/client.server.ts";
import { limitAddress } from "#app/domain/client-address.ts";
import { clearRateLimit, hitRateLimit, type RateLimit } from "#app/services/rate-limit.server.ts";

const minute = 60_000;
const hour = 60 * minute;

export const authLimits = {
  signInPerAccount: { limit: 10, windowMs: 15 * minute },
  signInPerIp: { limit: 50, windowMs: 15 * minute },
  resetPerEmail: { limit: 5, windowMs: hour },
  resetPerIp: { limit: 20, windowMs: hour },
  /** set-new-password, first-admin set-up and invitation posts (each carries a token) */
  tokenFormPerIp: { limit: 20, windowMs: 15 * minute },
} satisfies Record<string, RateLimit>;

const ipKey = limitAddress;

/** The forms that carry an emailed or printed token (the invitation: ADR 0026). */
type TokenForm = "recovery" | "setup" | "invitation";

const limitKeys = {
  signInAccount: (email: string) => `signin:account:${email}`,
  signInIp: (ip: string | null | undefined) => `signin:ip:${ipKey(ip)}`,
  resetEmail: (email: string) => `reset:email:${email}`,
  resetIp: (ip: string | null | undefined) => `reset:ip:${ipKey(ip)}`,
  tokenFormIp: (form: TokenForm, ip: string | null | undefined) => `${form}:ip:${ipKey(ip)}`,
};

/** Takes one sign-in attempt from the account's and the address's allowance. */
export async function takeSignInAttempt(db: Queryable, email: string, ip: string | null | undefined, now: Date) {
  const account = await hitRateLimit(db, limitKeys.signInAccount(email), authLimits.signInPerAccount, now);
  const byIp = await hitRateLimit(db, limitKeys.signInIp(ip), authLimits.signInPerIp, now);
  if (account.allowed && byIp.allowed) return { allowed: true as const };
  return { allowed: false as const, by: account.allowed ? ("ip" as const) : ("account" as const) };
}

/** After a successful sign-in: the account's failures are forgotten. */
export async function forgetSignInFailures(db: Queryable, email: string): Promise<void> {
  await clearRateLimit(db, limitKeys.signInAccount(email));
}

export async function takeResetRequest(db: Queryable, email: string, ip: string | null | undefined, now: Date) {
  const byEmail = await hitRateLimit(db, limitKeys.resetEmail(email), authLimits.resetPerEmail, now);
  const byIp = await hitRateLimit(db, limitKeys.resetIp(ip), authLimits.resetPerIp, now);
  return byEmail.allowed && byIp.allowed;
}

export async function takeTokenFormAttempt(
  db: Queryable,
  form: TokenForm,
  ip: string | null | undefined,
  now: Date,
): Promise<boolean> {
  return (await hitRateLimit(db, limitKeys.tokenFormIp(form, ip), authLimits.tokenFormPerIp, now)).allowed;
}
