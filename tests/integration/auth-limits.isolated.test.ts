/**
 * The auth limits are taken before any expensive or secret check: argon2 never runs for a
 * request over a limit, or for a set-up/recovery token that is not valid; a parallel burst
 * cannot slip past a limit (the counters are one atomic statement each).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { authMessages } from "#app/domain/auth-messages.ts";
import { createOrUpdateAccount } from "#app/services/auth/accounts.server.ts";
import { authLimits } from "#app/services/auth/limits.server.ts";
import * as passwords from "#app/services/auth/passwords.server.ts";
import { resetPassword } from "#app/services/auth/recovery.server.ts";
import { completeAdminSetup, issueAdminSetupToken } from "#app/services/auth/setup.server.ts";
import { signIn } from "#app/services/auth/sign-in.server.ts";
import { newToken } from "#app/services/auth/tokens.server.ts";
import { describeEachDatabase } from "../support/database.ts";

vi.mock("#app/services/auth/passwords.server.ts", { spy: true });

const password = "plum tree orbit";
const meta = { ip: "203.0.113.50", userAgent: "vitest" };

describeEachDatabase("auth limits before argon2", (database) => {
  const db = () => database().db;
  beforeEach(() => {
    vi.mocked(passwords.hashPassword).mockClear();
    vi.mocked(passwords.verifyPassword).mockClear();
  });

  it("a parallel burst of wrong passwords checks at most the account's limit, and the right one inside it is refused", async () => {
    await createOrUpdateAccount(db(), { email: "owner@studio.test", password, admin: true });
    vi.mocked(passwords.verifyPassword).mockClear();
    const now = new Date("2026-03-01T08:00:00Z");
    const attempts = Array.from({ length: 60 }, (_, i) =>
      signIn(
        db(),
        { email: "owner@studio.test", password: i === 45 ? password : `wrong guess ${i}`, ...meta },
        { now, limitedDelayMs: 0 },
      ),
    );
    const results = await Promise.all(attempts);
    expect(results.filter((result) => result.ok)).toHaveLength(0);
    expect(results.filter((r) => !r.ok && r.message === authMessages.invalidCredentials)).toHaveLength(
      authLimits.signInPerAccount.limit,
    );
    expect(vi.mocked(passwords.verifyPassword)).toHaveBeenCalledTimes(authLimits.signInPerAccount.limit);
  });

  it("never hashes for a forged or used set-up token, nor over the set-up limit", async () => {
    const token = await issueAdminSetupToken(db());
    if (!token) throw new Error("no token");
    for (const forged of ["forged", newToken(), ""]) {
      expect(await completeAdminSetup(db(), { token: forged, email: "a@studio.test", password, ...meta })).toEqual({
        ok: false,
        reason: "dead-link",
        message: authMessages.setupInvalidLink,
      });
    }
    expect(vi.mocked(passwords.hashPassword)).not.toHaveBeenCalled();
    // the address's allowance runs out: even the right token is refused without hashing
    for (let i = 3; i < authLimits.tokenFormPerIp.limit; i++) {
      await completeAdminSetup(db(), { token: newToken(), email: "a@studio.test", password, ...meta });
    }
    expect(await completeAdminSetup(db(), { token, email: "a@studio.test", password, ...meta })).toEqual({
      ok: false,
      reason: "limited",
      message: authMessages.tooManyAttempts,
    });
    expect(vi.mocked(passwords.hashPassword)).not.toHaveBeenCalled();
    // from elsewhere it works
    const done = await completeAdminSetup(db(), { token, email: "a@studio.test", password, ip: "192.0.2.80" });
    expect(done.ok).toBe(true);
    expect(vi.mocked(passwords.hashPassword)).toHaveBeenCalledTimes(1);
  });

  it("never hashes for an unknown recovery token", async () => {
    for (const forged of ["forged", newToken()]) {
      expect(await resetPassword(db(), { token: forged, password: "a brand new passphrase", ...meta })).toEqual({
        ok: false,
        reason: "dead-link",
        message: authMessages.invalidResetLink,
      });
    }
    expect(vi.mocked(passwords.hashPassword)).not.toHaveBeenCalled();
  });
});

describe("the limits themselves", () => {
  it("cover sign-in, reset requests, the token forms, passkey sign-ins and second-factor codes", () => {
    expect(Object.keys(authLimits).sort()).toEqual(
      [
        "resetPerEmail",
        "resetPerIp",
        "signInPerAccount",
        "signInPerIp",
        "tokenFormPerIp",
        "passkeyPerIp",
        "secondFactorPerUser",
        "secondFactorPerIp",
      ].sort(),
    );
    const tenMinutes = 10 * 60_000;
    expect(authLimits.passkeyPerIp).toEqual({ limit: 30, windowMs: tenMinutes });
    expect(authLimits.secondFactorPerUser).toEqual({ limit: 5, windowMs: tenMinutes });
    expect(authLimits.secondFactorPerIp).toEqual({ limit: 20, windowMs: tenMinutes });
  });
});
