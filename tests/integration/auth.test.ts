import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, authTokens, mailOutbox, rateLimitBuckets, sessions, users } from "#app/db/schema.ts";
import { authMessages } from "#app/domain/auth-messages.ts";
import { changePassword, createOrUpdateAccount } from "#app/services/auth/accounts.server.ts";
import { authLimits } from "#app/services/auth/limits.server.ts";
import { PasswordPolicyError } from "#app/services/auth/passwords.server.ts";
import { requestPasswordReset, resetPassword } from "#app/services/auth/recovery.server.ts";
import { createSession, getSession, sessionPolicy } from "#app/services/auth/sessions.server.ts";
import { completeAdminSetup, issueAdminSetupToken } from "#app/services/auth/setup.server.ts";
import { signIn, signOut } from "#app/services/auth/sign-in.server.ts";
import { hashToken, tokenPolicy } from "#app/services/auth/tokens.server.ts";
import { mailKey } from "#app/services/mail.server.ts";
import { openText } from "#app/services/sealing.server.ts";
import { describeEachDatabase } from "../support/database.ts";

const password = "plum tree orbit";
const publicUrl = "https://studio.test";
const sessionSecret = "a test session secret of at least 32 characters";
/** Where reset mail comes from (the secret seals its body in the outbox). */
const site = { publicUrl, sessionSecret };
const meta = { ip: "203.0.113.7", userAgent: "vitest" };

function at(base: Date, ms: number) {
  return new Date(base.getTime() + ms);
}

/** The token in the reset link of the newest outbox message. */
async function tokenFromOutbox(db: Parameters<typeof requestPasswordReset>[0]) {
  const rows = await db.select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt));
  const text = openText(mailKey(sessionSecret), rows.at(-1)?.text ?? "") ?? "";
  const match = /\/admin\/login#type=recovery&token=([\w-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return match[1];
}

describe("tokens", () => {
  it("hashes tokens with SHA-256", () => {
    expect(hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});

describeEachDatabase("auth service", (database) => {
  const db = () => database().db;
  const owner = () => createOrUpdateAccount(db(), { email: "Owner@Studio.test", password, admin: true });

  describe("accounts", () => {
    it("stores an argon2id hash and a lower-cased email, and refuses weak passwords", async () => {
      const account = await owner();
      expect(account).toMatchObject({ created: true, isAdmin: true });
      const [row] = await db().select().from(users);
      expect(row?.email).toBe("owner@studio.test");
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row?.passwordHash).not.toContain(password);
      await expect(
        createOrUpdateAccount(db(), { email: "x@studio.test", password: "password1", admin: false }),
      ).rejects.toThrow(PasswordPolicyError);
    });

    it("promotes an existing user without touching the password, and never demotes", async () => {
      await createOrUpdateAccount(db(), { email: "staff@studio.test", password, admin: false });
      const plain = await signIn(db(), { email: "staff@studio.test", password, ...meta });
      expect(plain).toMatchObject({ ok: true, isAdmin: false });
      const promoted = await createOrUpdateAccount(db(), { email: "staff@studio.test", admin: true });
      expect(promoted).toMatchObject({ created: false, passwordSet: false, isAdmin: true });
      const again = await createOrUpdateAccount(db(), { email: "staff@studio.test", admin: false });
      expect(again.isAdmin).toBe(true);
    });
  });

  describe("sessions", () => {
    it("signs in: a session whose id is the hash of the cookie token", async () => {
      await owner();
      const result = await signIn(db(), { email: " OWNER@studio.test ", password, ...meta });
      if (!result.ok) throw new Error(result.message);
      expect(result.isAdmin).toBe(true);
      const [row] = await db().select().from(sessions);
      expect(row?.id).toBe(hashToken(result.token));
      expect(row?.id).not.toBe(result.token);
      expect(row?.ipAddress).toBe(meta.ip);
      const session = await getSession(db(), result.token);
      expect(session).toMatchObject({ email: "owner@studio.test", isAdmin: true });
      expect(await getSession(db(), "not-a-token")).toBeNull();
    });

    it("expires after 12 hours idle, and activity keeps it alive", async () => {
      const { userId } = await owner();
      const start = new Date("2026-03-01T08:00:00Z");
      const { token } = await createSession(db(), userId, meta, start);
      // seen again after 11 h: still valid, and last_seen_at moves
      expect(await getSession(db(), token, at(start, 11 * 3600_000))).not.toBeNull();
      expect(await getSession(db(), token, at(start, 22 * 3600_000))).not.toBeNull();
      // then nothing for 12 h
      expect(await getSession(db(), token, at(start, 34 * 3600_000))).toBeNull();
      expect(await db().select().from(sessions)).toHaveLength(0);
    });

    it("ends after 7 days whatever the activity", async () => {
      const { userId } = await owner();
      const start = new Date("2026-03-01T08:00:00Z");
      const { token, expiresAt } = await createSession(db(), userId, meta, start);
      expect(expiresAt.getTime() - start.getTime()).toBe(sessionPolicy.absoluteMs);
      for (let hour = 10; hour < 7 * 24; hour += 10) {
        expect(await getSession(db(), token, at(start, hour * 3600_000)), `hour ${hour}`).not.toBeNull();
      }
      expect(await getSession(db(), token, at(start, 7 * 24 * 3600_000))).toBeNull();
    });

    it("rotates at sign-in: the previous session ends", async () => {
      await owner();
      const first = await signIn(db(), { email: "owner@studio.test", password, ...meta });
      if (!first.ok) throw new Error(first.message);
      const second = await signIn(db(), { email: "owner@studio.test", password, previousToken: first.token, ...meta });
      if (!second.ok) throw new Error(second.message);
      expect(second.token).not.toBe(first.token);
      expect(await getSession(db(), first.token)).toBeNull();
      expect(await getSession(db(), second.token)).not.toBeNull();
    });

    it("signs out: the session is gone and the event audited", async () => {
      await owner();
      const result = await signIn(db(), { email: "owner@studio.test", password, ...meta });
      if (!result.ok) throw new Error(result.message);
      await signOut(db(), result.token, meta);
      expect(await getSession(db(), result.token)).toBeNull();
      const events = (await db().select().from(auditLog)).map((row) => row.event);
      expect(events).toContain("signout");
    });

    it("a password change ends every other session and rotates the current one", async () => {
      const { userId } = await owner();
      const laptop = await createSession(db(), userId, meta);
      const phone = await createSession(db(), userId, meta);
      const fresh = await changePassword(db(), { userId, password: "a brand new passphrase", ...meta });
      expect(await getSession(db(), laptop.token)).toBeNull();
      expect(await getSession(db(), phone.token)).toBeNull();
      expect(await getSession(db(), fresh.token)).not.toBeNull();
      expect(await signIn(db(), { email: "owner@studio.test", password, ...meta })).toMatchObject({ ok: false });
      expect(
        await signIn(db(), { email: "owner@studio.test", password: "a brand new passphrase", ...meta }),
      ).toMatchObject({ ok: true });
    });
  });

  describe("sign-in limits", () => {
    it("refuses the account after 10 failures in 15 minutes, even with the right password; the window expires", async () => {
      await owner();
      const now = new Date("2026-03-01T08:00:00Z");
      for (let i = 0; i < authLimits.signInPerAccount.limit; i++) {
        const failed = await signIn(db(), { email: "owner@studio.test", password: "wrong-guess", ...meta }, { now });
        expect(failed).toEqual({ ok: false, reason: "refused", message: authMessages.invalidCredentials });
      }
      const blocked = await signIn(
        db(),
        { email: "owner@studio.test", password, ...meta, ip: "198.51.100.1" },
        { now, limitedDelayMs: 0 },
      );
      expect(blocked).toEqual({ ok: false, reason: "limited", message: authMessages.tooManySignIns });
      const later = await signIn(
        db(),
        { email: "owner@studio.test", password, ...meta },
        { now: at(now, 15 * 60_000), limitedDelayMs: 0 },
      );
      expect(later.ok).toBe(true);
      const events = (await db().select().from(auditLog)).map((row) => row.event);
      expect(events.filter((event) => event === "signin_failure")).toHaveLength(10);
      expect(events).toContain("signin_blocked");
    });

    it("counts unknown accounts the same way (no hint that an account exists)", async () => {
      const now = new Date("2026-03-01T08:00:00Z");
      for (let i = 0; i < authLimits.signInPerAccount.limit; i++) {
        await signIn(db(), { email: "ghost@studio.test", password: "whatever1", ...meta }, { now });
      }
      const blocked = await signIn(
        db(),
        { email: "ghost@studio.test", password: "whatever1", ...meta },
        { now, limitedDelayMs: 0 },
      );
      expect(blocked).toEqual({ ok: false, reason: "limited", message: authMessages.tooManySignIns });
    });

    it("a success clears the account's failures", async () => {
      await owner();
      const now = new Date("2026-03-01T08:00:00Z");
      for (let i = 0; i < 9; i++) {
        await signIn(db(), { email: "owner@studio.test", password: "wrong-guess", ...meta }, { now });
      }
      expect((await signIn(db(), { email: "owner@studio.test", password, ...meta }, { now })).ok).toBe(true);
      const keys = (await db().select().from(rateLimitBuckets)).map((row) => row.key);
      expect(keys).not.toContain("signin:account:owner@studio.test");
      for (let i = 0; i < 9; i++) {
        await signIn(db(), { email: "owner@studio.test", password: "wrong-guess", ...meta }, { now });
      }
      expect((await signIn(db(), { email: "owner@studio.test", password, ...meta }, { now })).ok).toBe(true);
    });

    it("limits failures per IP across accounts", async () => {
      const now = new Date("2026-03-01T08:00:00Z");
      for (let i = 0; i < authLimits.signInPerIp.limit; i++) {
        await signIn(db(), { email: `guess${i}@studio.test`, password: "whatever1", ...meta }, { now });
      }
      await owner();
      const blocked = await signIn(db(), { email: "owner@studio.test", password, ...meta }, { now, limitedDelayMs: 0 });
      expect(blocked).toEqual({ ok: false, reason: "limited", message: authMessages.tooManySignIns });
      const elsewhere = await signIn(db(), { email: "owner@studio.test", password, ...meta, ip: "192.0.2.1" }, { now });
      expect(elsewhere.ok).toBe(true);
    });
  });

  describe("password reset", () => {
    it("mails a single-use link; only the token's hash is stored", async () => {
      await owner();
      expect(
        await requestPasswordReset(db(), { email: "owner@studio.test", ...site, ...meta }, { floorMs: 0 }),
      ).toEqual({ ok: true });
      const token = await tokenFromOutbox(db());
      const [mail] = await db().select().from(mailOutbox);
      expect(mail?.to).toBe("owner@studio.test");
      // the outbox keeps the body sealed: readable with the key derived from SESSION_SECRET only
      expect(openText(mailKey(sessionSecret), mail?.text ?? "")).toContain(
        `${publicUrl}/admin/login#type=recovery&token=${token}`,
      );
      expect(mail?.text).not.toContain(token);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
      const stored = await db().select().from(authTokens);
      expect(stored.map((row) => row.id)).toEqual([hashToken(token)]);
      expect(JSON.stringify(stored)).not.toContain(token);

      const reset = await resetPassword(db(), { token, password: "a brand new passphrase", ...meta });
      expect(reset).toMatchObject({ ok: true, isAdmin: true });
      const again = await resetPassword(db(), { token, password: "another new passphrase", ...meta });
      expect(again).toEqual({ ok: false, reason: "dead-link", message: authMessages.invalidResetLink });
      expect((await signIn(db(), { email: "owner@studio.test", password: "a brand new passphrase", ...meta })).ok).toBe(
        true,
      );
    });

    it("expires after one hour", async () => {
      await owner();
      const now = new Date();
      await requestPasswordReset(db(), { email: "owner@studio.test", ...site, ...meta }, { now, floorMs: 0 });
      const token = await tokenFromOutbox(db());
      const late = await resetPassword(
        db(),
        { token, password: "a brand new passphrase", ...meta },
        at(now, tokenPolicy.passwordResetMs + 1000),
      );
      expect(late).toEqual({ ok: false, reason: "dead-link", message: authMessages.invalidResetLink });
    });

    it("ends every session, starts a new one, and a newer link replaces an older one", async () => {
      const { userId } = await owner();
      const before = await createSession(db(), userId, meta);
      await requestPasswordReset(db(), { email: "owner@studio.test", ...site, ...meta }, { floorMs: 0 });
      const older = await tokenFromOutbox(db());
      await requestPasswordReset(db(), { email: "owner@studio.test", ...site, ...meta }, { floorMs: 0 });
      const newer = await tokenFromOutbox(db());
      expect(await resetPassword(db(), { token: older, password: "a brand new passphrase", ...meta })).toMatchObject({
        ok: false,
      });
      const done = await resetPassword(db(), { token: newer, password: "a brand new passphrase", ...meta });
      if (!done.ok) throw new Error(done.message);
      expect(await getSession(db(), before.token)).toBeNull();
      expect(await getSession(db(), done.token)).not.toBeNull();
    });

    it("refuses a weak new password without using up the token", async () => {
      await owner();
      await requestPasswordReset(db(), { email: "owner@studio.test", ...site, ...meta }, { floorMs: 0 });
      const token = await tokenFromOutbox(db());
      expect(await resetPassword(db(), { token, password: "qwerty123", ...meta })).toEqual({
        ok: false,
        reason: "weak-password",
        field: "password",
        message: authMessages.commonPassword,
      });
      expect((await resetPassword(db(), { token, password: "a brand new passphrase", ...meta })).ok).toBe(true);
    });

    it("answers the same, after the same floor, for an unknown email, and sends nothing", async () => {
      await owner();
      const started = Date.now();
      const answer = await requestPasswordReset(db(), { email: "nobody@studio.test", ...site, ...meta });
      expect(Date.now() - started).toBeGreaterThanOrEqual(390);
      expect(answer).toEqual({ ok: true });
      expect(await db().select().from(mailOutbox)).toHaveLength(0);
      expect(await db().select().from(authTokens)).toHaveLength(0);
    });

    it("limits requests per email and per IP", async () => {
      await owner();
      for (let i = 0; i < authLimits.resetPerEmail.limit; i++) {
        const ok = await requestPasswordReset(db(), { email: "owner@studio.test", ...site, ...meta }, { floorMs: 0 });
        expect(ok).toEqual({ ok: true });
      }
      const limited = await requestPasswordReset(
        db(),
        { email: "owner@studio.test", ...site, ...meta },
        { floorMs: 0 },
      );
      expect(limited).toEqual({ ok: false, message: authMessages.tooManyResets });
      expect(await db().select().from(mailOutbox)).toHaveLength(authLimits.resetPerEmail.limit);

      for (let i = 0; i < authLimits.resetPerIp.limit; i++) {
        await requestPasswordReset(db(), { email: `p${i}@studio.test`, ...site, ip: "192.0.2.9" }, { floorMs: 0 });
      }
      const byIp = await requestPasswordReset(
        db(),
        { email: "someone@studio.test", ...site, ip: "192.0.2.9" },
        { floorMs: 0 },
      );
      expect(byIp).toEqual({ ok: false, message: authMessages.tooManyResets });
    });
  });

  describe("first-admin set-up", () => {
    it("issues a single-use token only while no admin exists", async () => {
      const token = await issueAdminSetupToken(db());
      if (!token) throw new Error("no token");
      const [row] = await db().select().from(authTokens);
      expect(row).toMatchObject({ id: hashToken(token), purpose: "admin_setup" });
      expect(await completeAdminSetup(db(), { token: "forged", email: "owner@studio.test", password })).toEqual({
        ok: false,
        reason: "dead-link",
        message: authMessages.setupInvalidLink,
      });
      const done = await completeAdminSetup(db(), { token, email: "Owner@studio.test", password, ...meta });
      expect(done).toMatchObject({ ok: true, isAdmin: true });
      expect(await completeAdminSetup(db(), { token, email: "second@studio.test", password })).toEqual({
        ok: false,
        reason: "refused",
        message: authMessages.setupDone,
      });
      expect(await issueAdminSetupToken(db())).toBeNull();
    });

    it("a new start replaces the earlier link; links expire", async () => {
      const now = new Date();
      const first = await issueAdminSetupToken(db(), now);
      const second = await issueAdminSetupToken(db(), now);
      if (!first || !second) throw new Error("no token");
      expect(await completeAdminSetup(db(), { token: first, email: "a@studio.test", password }, now)).toMatchObject({
        ok: false,
      });
      const late = at(now, tokenPolicy.adminSetupMs + 1000);
      expect(await completeAdminSetup(db(), { token: second, email: "a@studio.test", password }, late)).toEqual({
        ok: false,
        reason: "dead-link",
        message: authMessages.setupInvalidLink,
      });
    });
  });

  describe("audit", () => {
    it("records who, when and from where, never a password or a token", async () => {
      await owner();
      await signIn(db(), { email: "owner@studio.test", password: "wrong-guess-123", ...meta });
      const ok = await signIn(db(), { email: "owner@studio.test", password, ...meta });
      if (!ok.ok) throw new Error(ok.message);
      await requestPasswordReset(db(), { email: "owner@studio.test", ...site, ...meta }, { floorMs: 0 });
      const token = await tokenFromOutbox(db());
      await resetPassword(db(), { token, password: "a brand new passphrase", ...meta });
      await signOut(db(), ok.token, meta);
      const rows = await db().select().from(auditLog).orderBy(auditLog.createdAt);
      const events = rows.map((row) => row.event);
      for (const event of [
        "signin_failure",
        "signin_success",
        "password_reset_requested",
        "password_reset_completed",
      ]) {
        expect(events).toContain(event);
      }
      const success = rows.find((row) => row.event === "signin_success");
      expect(success).toMatchObject({ email: "owner@studio.test", ipAddress: meta.ip });
      expect(success?.userId).toBeTruthy();
      expect(success?.createdAt).toBeInstanceOf(Date);
      const everything = JSON.stringify(rows);
      for (const secret of [password, "wrong-guess-123", "a brand new passphrase", token, ok.token]) {
        expect(everything).not.toContain(secret);
      }
      const [user] = await db().select().from(users).where(eq(users.email, "owner@studio.test"));
      expect(user).toBeTruthy();
    });
  });
});
