/**
 * Two-factor sign-in (ADR 0024) on both databases: enrolment needs the password, a first code
 * confirms it and returns ten backup codes; then the password alone opens nothing (a pending
 * sign-in, no session), a wrong code is refused, a right code works once, a backup code works once,
 * attempts are limited, and turning it off needs the password.
 */
import { generateTOTP } from "@epic-web/totp";
import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { auditLog, mailOutbox, pendingSignIns, sessions, totpBackupCodes, users, userTotp } from "#app/db/schema.ts";
import { twoFactorMessages } from "#app/domain/two-factor.ts";
import * as inbox from "#app/routes/admin/inbox.tsx";
import * as login from "#app/routes/admin/login.tsx";
import * as verify from "#app/routes/admin/login-verify.tsx";
import * as passkeys from "#app/routes/admin/settings-passkeys.ts";
import * as security from "#app/routes/admin/settings-security.tsx";
import { requestPasswordReset } from "#app/services/auth/recovery.server.ts";
import { pendingSecret, totpKey } from "#app/services/auth/two-factor.server.ts";
import { mailKey } from "#app/services/mail.server.ts";
import { openText, sealText } from "#app/services/sealing.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { routeHarness, testConfig } from "../support/routes.ts";

const password = "a long enough test passphrase";
const code = async (secret: string) =>
  (await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1", charSet: "0123456789" })).otp;

describeEachDatabase("two-factor", (database) => {
  const { call, cookieFor } = routeHarness(database);
  let admin = "";
  let userId = "";
  let secret = "";

  async function enrol() {
    const start = await call(security.action, "/admin/settings/security", {
      cookie: admin,
      form: { intent: "totp-start", password },
    });
    expect(start.status).toBe(302);
    secret = (await pendingSecret(database().db, totpKey(testConfig.sessionSecret), userId)) ?? "";
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    const confirmed = await call(security.action, "/admin/settings/security", {
      cookie: admin,
      form: { intent: "totp-confirm", code: await code(secret) },
    });
    expect(confirmed.status).toBe(200);
    return (confirmed.data as { backupCodes: string[] }).backupCodes;
  }

  async function signInWithPassword() {
    const outcome = await call(login.action, "/admin/login", {
      form: { intent: "signin", email: "owner@studio.test", password },
    });
    const cookie = (outcome.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    return { outcome, cookie };
  }

  beforeEach(async () => {
    admin = await cookieFor("owner@studio.test", true);
    const [owner] = await database()
      .db.select({ id: users.id })
      .from(users)
      .where(eq(users.email, "owner@studio.test"));
    userId = owner?.id ?? "";
  });

  it("enrolment needs the password and a first code; the secret is stored sealed; ten hashed backup codes", async () => {
    const wrong = await call(security.action, "/admin/settings/security", {
      cookie: admin,
      form: { intent: "totp-start", password: "not my password" },
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.data)).toContain(twoFactorMessages.wrongPassword);
    const codes = await enrol();
    expect(codes).toHaveLength(10);
    const [row] = await database().db.select().from(userTotp).where(eq(userTotp.userId, userId));
    expect(row?.confirmedAt).not.toBeNull();
    expect(row?.secretSealed).not.toContain(secret);
    const stored = await database().db.select().from(totpBackupCodes).where(eq(totpBackupCodes.userId, userId));
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(codes[0]?.replace("-", "") ?? "x");
  });

  it("TOTP secrets have their own key: the mail outbox's key does not open them; old ones are sealed again once read", async () => {
    await enrol();
    const [row] = await database().db.select().from(userTotp).where(eq(userTotp.userId, userId));
    const sealed = row?.secretSealed ?? "";
    expect(openText(mailKey(testConfig.sessionSecret), sealed)).toBeNull();
    expect(openText(totpKey(testConfig.sessionSecret).current, sealed)).toBe(secret);
    // a secret sealed under the shared key by an earlier version still signs in, and is moved to its own key
    const legacy = sealText(mailKey(testConfig.sessionSecret), secret);
    await database().db.update(userTotp).set({ secretSealed: legacy, lastStep: 0 }).where(eq(userTotp.userId, userId));
    const { cookie } = await signInWithPassword();
    const ok = await call(verify.action, "/admin/login/verify", { cookie, form: { code: await code(secret) } });
    expect(ok.status).toBe(302);
    const [after] = await database().db.select().from(userTotp).where(eq(userTotp.userId, userId));
    expect(after?.secretSealed).not.toBe(legacy);
    expect(openText(totpKey(testConfig.sessionSecret).current, after?.secretSealed ?? "")).toBe(secret);
  });

  it("after the password, only a pending sign-in: no session, no way into /admin", async () => {
    await enrol();
    const sessionsBefore = (await database().db.select().from(sessions)).length;
    const { outcome, cookie } = await signInWithPassword();
    expect(outcome.status).toBe(302);
    expect(outcome.location).toMatch(/^\/admin\/login\/verify\?redirectTo=/);
    expect(cookie).toMatch(/^studio_2fa=/);
    expect(await database().db.select().from(sessions)).toHaveLength(sessionsBefore);
    expect(await database().db.select().from(pendingSignIns)).toHaveLength(1);
    const guarded = await call(inbox.loader, "/admin/dashboard", { cookie });
    expect(guarded.status).toBe(302);
    expect(guarded.location).toContain("/admin/login");
  });

  it("a wrong code is refused, a right code works once, a backup code works once", async () => {
    const backupCodes = await enrol();
    // the enrolment took this time-step; as if it were a minute ago, the current code is fresh again
    await database().db.update(userTotp).set({ lastStep: 0 }).where(eq(userTotp.userId, userId));
    let { cookie } = await signInWithPassword();
    const wrong = await call(verify.action, "/admin/login/verify", { cookie, form: { code: "000000" } });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.data)).toContain(twoFactorMessages.invalidCode);
    const next = await code(secret);
    const ok = await call(verify.action, "/admin/login/verify?redirectTo=/admin/invoices", {
      cookie,
      form: { code: next },
    });
    expect(ok.status).toBe(302);
    expect(ok.location).toBe("/admin/invoices");
    expect(ok.headers.get("set-cookie")).toContain("studio_session=");
    expect(await database().db.select().from(pendingSignIns)).toHaveLength(0);

    ({ cookie } = await signInWithPassword());
    const replay = await call(verify.action, "/admin/login/verify", { cookie, form: { code: next } });
    expect(replay.status).toBe(400);
    const backup = await call(verify.action, "/admin/login/verify", {
      cookie,
      form: { code: (backupCodes[0] ?? "").toUpperCase() },
    });
    expect(backup.status).toBe(302);
    ({ cookie } = await signInWithPassword());
    expect(
      (await call(verify.action, "/admin/login/verify", { cookie, form: { code: backupCodes[0] ?? "" } })).status,
    ).toBe(400);
  });

  it("limits attempts per account", async () => {
    await enrol();
    const { cookie } = await signInWithPassword();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await call(verify.action, "/admin/login/verify", { cookie, form: { code: "123456" } })).status);
    }
    expect(statuses.slice(0, 5).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // even the right code is refused while blocked
    expect(
      (await call(verify.action, "/admin/login/verify", { cookie, form: { code: await code(secret) } })).status,
    ).toBe(429);
  });

  it("turning it off needs the password; then the password alone signs in", async () => {
    await enrol();
    const refused = await call(security.action, "/admin/settings/security", {
      cookie: admin,
      form: { intent: "totp-disable", password: "wrong" },
    });
    expect(refused.status).toBe(400);
    expect(await database().db.select().from(userTotp)).toHaveLength(1);
    const off = await call(security.action, "/admin/settings/security", {
      cookie: admin,
      form: { intent: "totp-disable", password },
    });
    expect(off.status).toBe(302);
    expect(await database().db.select().from(userTotp)).toHaveLength(0);
    expect(await database().db.select().from(totpBackupCodes)).toHaveLength(0);
    const { outcome } = await signInWithPassword();
    expect(outcome.location).not.toContain("/verify");
  });

  it("starting an enrolment while two-factor is on is refused and changes nothing", async () => {
    await enrol();
    const before = await database().db.select().from(userTotp).where(eq(userTotp.userId, userId));
    const again = await call(security.action, "/admin/settings/security", {
      cookie: admin,
      form: { intent: "totp-start", password },
    });
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.data)).toContain(twoFactorMessages.alreadyOn);
    const after = await database().db.select().from(userTotp).where(eq(userTotp.userId, userId));
    expect(after).toEqual(before);
    expect(after[0]?.confirmedAt).not.toBeNull();
    expect(await database().db.select().from(totpBackupCodes)).toHaveLength(10);
  });

  it("password re-checks are limited like sign-in and their failures audited", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const answer = await call(security.action, "/admin/settings/security", {
        cookie: admin,
        form: { intent: "totp-start", password: `wrong guess ${i}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // the right password is refused too while blocked, and nothing was started
    const right = await call(security.action, "/admin/settings/security", {
      cookie: admin,
      form: { intent: "totp-start", password },
    });
    expect(right.status).toBe(429);
    expect(JSON.stringify(right.data)).toContain(twoFactorMessages.tooManyChecks);
    expect(await database().db.select().from(userTotp)).toHaveLength(0);
    const passkey = await call(passkeys.action, "/admin/settings/passkeys", {
      cookie: admin,
      form: { intent: "options", password },
    });
    expect(passkey.status).toBe(429);
    const events = (await database().db.select().from(auditLog)).map((row) => row.event);
    expect(events.filter((event) => event === "reauth_failure")).toHaveLength(10);
    expect(events.filter((event) => event === "reauth_blocked")).toHaveLength(3);
  });

  it("a password reset does not skip the second factor: no session until a code", async () => {
    await enrol();
    await database().db.update(userTotp).set({ lastStep: 0 }).where(eq(userTotp.userId, userId));
    await requestPasswordReset(
      database().db,
      { email: "owner@studio.test", publicUrl: testConfig.publicUrl, sessionSecret: testConfig.sessionSecret },
      { floorMs: 0 },
    );
    const [mail] = await database().db.select().from(mailOutbox);
    const text = openText(mailKey(testConfig.sessionSecret), mail?.text ?? "") ?? "";
    const token = /token=([\w-]+)/.exec(text)?.[1] ?? "";
    expect(token).not.toBe("");
    const newPassword = "a brand new reset passphrase";
    const reset = await call(login.action, "/admin/login", {
      form: { intent: "recovery", token, password: newPassword, confirmPassword: newPassword },
    });
    expect(reset.status).toBe(302);
    expect(reset.location).toBe("/admin/login/verify?reset=1");
    const setCookie = reset.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^studio_2fa=/);
    expect(setCookie).not.toContain("studio_session=");
    // every session ended (the admin's too), and none was opened by the link
    expect(await database().db.select().from(sessions)).toHaveLength(0);
    const cookie = setCookie.split(";")[0] ?? "";
    expect((await call(inbox.loader, "/admin/dashboard", { cookie })).status).toBe(302);
    const ok = await call(verify.action, "/admin/login/verify", { cookie, form: { code: await code(secret) } });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("set-cookie")).toContain("studio_session=");
    expect(await database().db.select().from(sessions)).toHaveLength(1);
  });

  it("the verify page without a pending sign-in goes back to the login", async () => {
    const page = await call(verify.loader, "/admin/login/verify", {});
    expect(page.status).toBe(302);
    expect(page.location).toBe("/admin/login");
    expect((await call(verify.action, "/admin/login/verify", { form: { code: "123456" } })).status).toBe(401);
  });
});
