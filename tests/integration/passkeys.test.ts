/**
 * Passkeys below HTTP on both databases (the full ceremony runs in Chromium with a virtual
 * authenticator, tests/e2e/sessions.test.ts): creation options need the password and set a
 * single-use challenge; answers that do not verify are refused and store nothing; removing needs
 * the password; the guard; the sign-in endpoint's options and refusals.
 */
import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { auditLog, passkeys, users, webauthnChallenges } from "#app/db/schema.ts";
import { twoFactorMessages } from "#app/domain/two-factor.ts";
import * as loginPasskey from "#app/routes/admin/login-passkey.ts";
import * as settingsPasskeys from "#app/routes/admin/settings-passkeys.ts";
import * as security from "#app/routes/admin/settings-security.tsx";
import { describeEachDatabase } from "../support/database.ts";
import { routeHarness } from "../support/routes.ts";

const password = "a long enough test passphrase";

describeEachDatabase("passkeys", (database) => {
  const { call, cookieFor } = routeHarness(database);
  let admin = "";

  beforeEach(async () => {
    admin = await cookieFor("owner@studio.test", true);
  });

  it("creation options need the password, and name this site as the relying party", async () => {
    const refused = await call(settingsPasskeys.action, "/admin/settings/passkeys", {
      cookie: admin,
      form: { intent: "options", password: "wrong" },
    });
    expect(refused.status).toBe(400);
    expect(await database().db.select().from(webauthnChallenges)).toHaveLength(0);
    const options = await call(settingsPasskeys.action, "/admin/settings/passkeys", {
      cookie: admin,
      form: { intent: "options", password },
    });
    expect(options.status).toBe(200);
    const body = options.data as { options: { challenge: string; rp: { id: string }; user: { name: string } } };
    expect(body.options.challenge.length).toBeGreaterThan(20);
    expect(body.options.user.name).toBe("owner@studio.test");
    expect(options.headers.get("set-cookie")).toMatch(/studio_webauthn=/);
    expect(await database().db.select().from(webauthnChallenges)).toHaveLength(1);
  });

  it("an answer that does not verify is refused and stores nothing", async () => {
    for (const response of ["not json", JSON.stringify({ id: "x", response: {} })]) {
      const result = await call(settingsPasskeys.action, "/admin/settings/passkeys", {
        cookie: admin,
        form: { intent: "register", response, name: "Laptop" },
      });
      expect(result.status).toBe(400);
    }
    expect(await database().db.select().from(passkeys)).toHaveLength(0);
  });

  it("removing needs the password; unknown passkeys are 404", async () => {
    const [owner] = await database()
      .db.select({ id: users.id })
      .from(users)
      .where(eq(users.email, "owner@studio.test"));
    await database()
      .db.insert(passkeys)
      .values({ id: "cred-1", userId: owner?.id ?? "", publicKey: new Uint8Array([1, 2, 3]), name: "Laptop" });
    const wrong = await call(security.action, "/admin/settings/security", {
      cookie: admin,
      form: { intent: "passkey-remove", id: "cred-1", password: "wrong" },
    });
    // the refusal on the passkey's own form, what was typed not sent back
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({
      form: "passkey-remove-cred-1",
      result: { error: { password: [twoFactorMessages.wrongPassword] } },
    });
    expect(JSON.stringify(wrong.data)).not.toContain('"wrong"');
    expect(await database().db.select().from(passkeys)).toHaveLength(1);
    const empty = await call(security.action, "/admin/settings/security", {
      cookie: admin,
      form: { intent: "passkey-remove", id: "cred-1" },
    });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.data)).toContain(twoFactorMessages.passwordRequired);
    const unknown = await call(security.action, "/admin/settings/security", {
      cookie: admin,
      form: { intent: "passkey-remove", id: "cred-2", password },
    });
    expect(unknown.status).toBe(404);
    const removed = await call(security.action, "/admin/settings/security", {
      cookie: admin,
      form: { intent: "passkey-remove", id: "cred-1", password },
    });
    expect(removed.status).toBe(302);
    expect(await database().db.select().from(passkeys)).toHaveLength(0);
  });

  it("refuses anonymous and non-admin requests", async () => {
    const staff = await cookieFor("staff@studio.test", false);
    for (const cookie of ["", staff]) {
      const result = await call(settingsPasskeys.action, "/admin/settings/passkeys", {
        cookie,
        form: { intent: "options", password },
      });
      expect([302, 403]).toContain(result.status);
    }
  });

  it("the sign-in endpoint gives options, and refuses an answer that does not verify", async () => {
    const options = await call(loginPasskey.action, "/admin/login/passkey", { form: { step: "options" } });
    expect(options.status).toBe(200);
    expect((options.data as { options: { challenge: string } }).options.challenge.length).toBeGreaterThan(20);
    const bad = await call(loginPasskey.action, "/admin/login/passkey", {
      form: { step: "verify", response: JSON.stringify({ id: "nope" }) },
    });
    expect(bad.status).toBe(401);
    expect(bad.headers.get("set-cookie")).toBeNull();
    const failures = await database().db.select().from(auditLog).where(eq(auditLog.event, "signin_failure"));
    expect(failures).toHaveLength(1);
  });
});
