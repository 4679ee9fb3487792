/**
 * The one re-authentication check: a signed-in admin types the password again before changing a
 * sign-in factor (two-factor on or off, a passkey added or removed). It takes the same allowances
 * as signing in (per account and per address, before argon2 runs) and audits failures and blocks,
 * so a stolen session cannot be used to guess the password.
 */
import type { Queryable } from "#app/db/client.server.ts";
import { fail, type Result } from "#app/domain/result.ts";
import { findUserById } from "#app/models/users.server.ts";
import { audit } from "#app/services/audit.server.ts";
import { forgetSignInFailures, takeSignInAttempt } from "./limits.server.ts";
import { verifyPassword } from "./passwords.server.ts";

export type ReauthPurpose = "totp-start" | "totp-disable" | "passkey-add" | "passkey-remove";
/** The password is right, or why not: `wrong` (or no such user), `limited` (too many attempts). */
type ReauthOutcome = Result<object, "wrong" | "limited">;

export async function recheckPassword(
  db: Queryable,
  input: { userId: string; password: unknown; purpose: ReauthPurpose; ip?: string | null },
  now = new Date(),
): Promise<ReauthOutcome> {
  const user = await findUserById(db, input.userId);
  if (!user) return fail("wrong");
  const attempt = await takeSignInAttempt(db, user.email, input.ip, now);
  const base = { userId: user.id, email: user.email, ip: input.ip };
  if (!attempt.allowed) {
    await audit(db, { event: "reauth_blocked", ...base, detail: { purpose: input.purpose, by: attempt.by } });
    return fail("limited");
  }
  const password = typeof input.password === "string" ? input.password : "";
  if (!(await verifyPassword(user.passwordHash, password))) {
    await audit(db, { event: "reauth_failure", ...base, detail: { purpose: input.purpose } });
    return fail("wrong");
  }
  await forgetSignInFailures(db, user.email);
  return { ok: true };
}
