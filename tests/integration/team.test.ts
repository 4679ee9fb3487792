/**
 * The team (ADR 0026) on both databases: invitations (single use, 7 days, hashed, sealed in the
 * outbox), accepting one, the admin role granted and revoked, the last-admin rule, disabling
 * (sessions end at once, sign-in refused with the generic message, the guard refuses an old
 * session), and the team page's routes below HTTP.
 */
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, authTokens, mailOutbox, sessions, userRoles, users } from "#app/db/schema.ts";
import { authMessages } from "#app/domain/auth-messages.ts";
import { invitationLifetimeMs } from "#app/domain/team.ts";
import { teamMessages } from "#app/domain/team-messages.ts";
import * as invite from "#app/routes/admin/invite.tsx";
import * as team from "#app/routes/admin/settings-team.tsx";
import { createOrUpdateAccount } from "#app/services/auth/accounts.server.ts";
import { requestPasswordReset } from "#app/services/auth/recovery.server.ts";
import { createSession, getSession } from "#app/services/auth/sessions.server.ts";
import { signIn } from "#app/services/auth/sign-in.server.ts";
import {
  acceptInvitation,
  checkInvitation,
  inviteMember,
  revokeInvitation,
  setAccountDisabled,
  setAdminRole,
} from "#app/services/auth/team.server.ts";
import { hashToken } from "#app/services/auth/tokens.server.ts";
import { mailKey } from "#app/services/mail.server.ts";
import { openText } from "#app/services/sealing.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { routeHarness, testConfig } from "../support/routes.ts";

const password = "plum tree orbit";
const site = { publicUrl: testConfig.publicUrl, sessionSecret: testConfig.sessionSecret };

describeEachDatabase("team", (database) => {
  const db = () => database().db;
  const { call, cookieFor } = routeHarness(database);

  async function account(email: string, admin: boolean) {
    const { userId } = await createOrUpdateAccount(db(), { email, password, admin });
    return { userId, email };
  }

  async function invitationToken(): Promise<string> {
    const rows = await db().select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt));
    const text = openText(mailKey(site.sessionSecret), rows.at(-1)?.text ?? "") ?? "";
    const match = /\/admin\/invite\/([\w-]+)/.exec(text);
    if (!match?.[1]) throw new Error(`no invitation link in: ${text}`);
    return match[1];
  }

  describe("invitations", () => {
    it("mails a sealed single-use link (256 bits, stored hashed) that creates the account with the invitation's roles", async () => {
      const owner = await account("owner@studio.test", true);
      const sent = await inviteMember(db(), { actor: owner, email: " New@Studio.test ", role: "admin", ...site });
      expect(sent.ok).toBe(true);
      const [mail] = await db().select().from(mailOutbox);
      expect(mail?.to).toBe("new@studio.test");
      expect(mail?.text).not.toContain("/admin/invite/");
      const token = await invitationToken();
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
      const [stored] = await db().select().from(authTokens);
      expect(stored).toMatchObject({ id: hashToken(token), purpose: "invitation", email: "new@studio.test" });
      expect(stored?.roles).toEqual(["admin"]);
      expect((stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0)).toBe(invitationLifetimeMs);

      expect(await checkInvitation(db(), { token })).toEqual({
        ok: true,
        email: "new@studio.test",
        admin: true,
        role: "admin",
      });
      const accepted = await acceptInvitation(db(), { token, name: "Nia New", password: "a brand new passphrase" });
      expect(accepted).toMatchObject({ ok: true, isAdmin: true });
      const [user] = await db().select().from(users).where(eq(users.email, "new@studio.test"));
      expect(user?.name).toBe("Nia New");
      expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
      const signedIn = await signIn(db(), { email: "new@studio.test", password: "a brand new passphrase" });
      expect(signedIn).toMatchObject({ ok: true, isAdmin: true });

      // single use
      expect(await checkInvitation(db(), { token })).toEqual({ ok: false, reason: "invalid" });
      const again = await acceptInvitation(db(), { token, name: "Mallory", password: "another passphrase 1" });
      expect(again).toEqual({ ok: false, reason: "dead-link", message: teamMessages.invitationInvalid });
      const events = (await db().select({ event: auditLog.event }).from(auditLog)).map((row) => row.event);
      expect(events).toEqual(expect.arrayContaining(["member_invited", "invitation_accepted"]));
    });

    it("every invitation grants a role with pages; one granting none (from before) is never accepted", async () => {
      const owner = await account("owner@studio.test", true);
      // an invitation made before a role was required: no account may come of it
      const oldToken = "a".repeat(43);
      await db()
        .insert(authTokens)
        .values({
          id: hashToken(oldToken),
          purpose: "invitation",
          email: "norole@studio.test",
          roles: [],
          invitedBy: owner.userId,
          expiresAt: new Date(Date.now() + invitationLifetimeMs),
        });
      expect(await checkInvitation(db(), { token: oldToken })).toEqual({ ok: false, reason: "invalid" });
      expect(await acceptInvitation(db(), { token: oldToken, name: "No", password: "no role passphrase 1" })).toEqual({
        ok: false,
        reason: "dead-link",
        message: teamMessages.invitationInvalid,
      });
      expect(await db().select().from(users).where(eq(users.email, "norole@studio.test"))).toHaveLength(0);

      await inviteMember(db(), { actor: owner, email: "staff@studio.test", role: "admin", ...site });
      const token = await invitationToken();
      expect(await checkInvitation(db(), { token })).toMatchObject({ ok: true, role: "admin" });
      const accepted = await acceptInvitation(db(), { token, name: "Sam", password: "staff passphrase 42" });
      expect(accepted).toMatchObject({ ok: true, isAdmin: true, landing: "/admin/dashboard" });
      expect(await db().select().from(userRoles)).toHaveLength(2);

      expect(await inviteMember(db(), { actor: owner, email: "STAFF@studio.test", role: "admin", ...site })).toEqual({
        ok: false,
        field: "email",
        message: teamMessages.accountExists,
      });

      await inviteMember(db(), { actor: owner, email: "late@studio.test", role: "admin", ...site });
      const late = await invitationToken();
      const eightDays = new Date(Date.now() + 8 * 24 * 3600_000);
      expect(await checkInvitation(db(), { token: late }, eightDays)).toEqual({ ok: false, reason: "invalid" });
      const refused = await acceptInvitation(
        db(),
        { token: late, name: "Late", password: "late passphrase 42" },
        eightDays,
      );
      expect(refused).toEqual({ ok: false, reason: "dead-link", message: teamMessages.invitationInvalid });
    });

    it("a revoked invitation stops working at once and cannot be revoked twice", async () => {
      const owner = await account("owner@studio.test", true);
      await inviteMember(db(), { actor: owner, email: "gone@studio.test", role: "admin", ...site });
      const token = await invitationToken();
      expect(await revokeInvitation(db(), { actor: owner, id: hashToken(token) })).toMatchObject({ ok: true });
      expect(await checkInvitation(db(), { token })).toEqual({ ok: false, reason: "invalid" });
      expect(await revokeInvitation(db(), { actor: owner, id: hashToken(token) })).toEqual({
        ok: false,
        message: teamMessages.unknownInvitation,
      });
      expect(await revokeInvitation(db(), { actor: owner, id: "not-a-hash" })).toMatchObject({ ok: false });
    });

    it("a new invitation to the same address voids the earlier link; the password policy applies", async () => {
      const owner = await account("owner@studio.test", true);
      await inviteMember(db(), { actor: owner, email: "twice@studio.test", role: "admin", ...site });
      const first = await invitationToken();
      await inviteMember(db(), { actor: owner, email: "twice@studio.test", role: "admin", ...site });
      const second = await invitationToken();
      expect(await checkInvitation(db(), { token: first })).toEqual({ ok: false, reason: "invalid" });
      expect(await acceptInvitation(db(), { token: second, name: "T", password: "password" })).toMatchObject({
        ok: false,
        field: "password",
      });
      expect(await acceptInvitation(db(), { token: second, name: "T", password: "twice passphrase 7" })).toMatchObject({
        ok: true,
      });
    });
    it("invitations of an admin later disabled or demoted stop working, and say why; the team page shows who sent each", async () => {
      const owner = await account("owner@studio.test", true);
      const second = await account("second@studio.test", true);
      await inviteMember(db(), { actor: second, email: "by-disabled@studio.test", role: "admin", ...site });
      const fromDisabled = await invitationToken();
      await inviteMember(db(), { actor: second, email: "by-demoted@studio.test", role: "admin", ...site });
      const fromDemoted = await invitationToken();
      const pagesBefore = await call(team.loader, "/admin/settings/team", {
        cookie: await cookieFor(owner.email, true),
      });
      expect(JSON.stringify(pagesBefore.data)).toContain('"invitedBy":"second@studio.test"');

      expect(await setAccountDisabled(db(), { actor: owner, userId: second.userId, disabled: true })).toMatchObject({
        ok: true,
      });
      expect(await checkInvitation(db(), { token: fromDisabled })).toEqual({ ok: false, reason: "sender-gone" });
      expect(
        await acceptInvitation(db(), { token: fromDisabled, name: "Nope", password: "brand new passphrase 9" }),
      ).toEqual({ ok: false, reason: "refused", message: teamMessages.invitationSenderGone });
      const opened = await call(invite.loader, `/admin/invite/${fromDisabled}`, { params: { token: fromDisabled } });
      expect(opened.status).toBe(410);
      expect(opened.data).toMatchObject({ state: "sender-gone" });

      // enabled again but without the admin role: its invitations still do not work
      await setAccountDisabled(db(), { actor: owner, userId: second.userId, disabled: false });
      await setAdminRole(db(), { actor: owner, userId: second.userId, admin: false });
      expect(await checkInvitation(db(), { token: fromDemoted })).toEqual({ ok: false, reason: "sender-gone" });
      const posted = await call(invite.action, `/admin/invite/${fromDemoted}`, {
        params: { token: fromDemoted },
        form: { name: "Nope", password: "brand new passphrase 9", confirmPassword: "brand new passphrase 9" },
      });
      expect(posted.status).toBe(410);
      expect(JSON.stringify(posted.data)).toContain(teamMessages.invitationSenderGone);
      expect(await db().select().from(users).where(eq(users.email, "by-demoted@studio.test"))).toHaveLength(0);
      const page = await call(team.loader, "/admin/settings/team", { cookie: await cookieFor(owner.email, true) });
      expect(JSON.stringify(page.data)).toContain('"works":false');

      // the role given back: the pending invitation works again
      await setAdminRole(db(), { actor: owner, userId: second.userId, admin: true });
      expect(await checkInvitation(db(), { token: fromDemoted })).toMatchObject({ ok: true });
    });
  });

  describe("roles and disabling", () => {
    it("the last admin can neither lose the role nor be disabled; nobody changes their own account", async () => {
      const owner = await account("owner@studio.test", true);
      const other = await account("other@studio.test", true);
      expect(await setAdminRole(db(), { actor: owner, userId: owner.userId, admin: false })).toEqual({
        ok: false,
        message: teamMessages.notYourself,
      });
      expect(await setAdminRole(db(), { actor: owner, userId: other.userId, admin: false })).toMatchObject({
        ok: true,
      });
      // other (now without the role) cannot demote the only admin left: the rule, not the guard
      expect(await setAdminRole(db(), { actor: other, userId: owner.userId, admin: false })).toEqual({
        ok: false,
        message: teamMessages.lastAdmin,
      });
      expect(await setAccountDisabled(db(), { actor: other, userId: owner.userId, disabled: true })).toEqual({
        ok: false,
        message: teamMessages.lastAdmin,
      });
      expect(await setAdminRole(db(), { actor: owner, userId: other.userId, admin: true })).toMatchObject({ ok: true });
      // a disabled admin does not count: with other disabled, owner is the last active admin
      expect(await setAccountDisabled(db(), { actor: owner, userId: other.userId, disabled: true })).toMatchObject({
        ok: true,
      });
      expect(await setAdminRole(db(), { actor: other, userId: owner.userId, admin: false })).toEqual({
        ok: false,
        message: teamMessages.lastAdmin,
      });
    });

    it("two admins revoking each other at once leave one admin", async () => {
      const a = await account("a@studio.test", true);
      const b = await account("b@studio.test", true);
      const results = await Promise.all([
        setAdminRole(db(), { actor: a, userId: b.userId, admin: false }),
        setAdminRole(db(), { actor: b, userId: a.userId, admin: false }),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(await db().select().from(userRoles)).toHaveLength(1);
    });

    it("disabling ends every session at once, refuses sign-in with the generic message, and sends no reset link", async () => {
      const owner = await account("owner@studio.test", true);
      const staff = await account("staff@studio.test", false);
      const first = await createSession(db(), staff.userId);
      await createSession(db(), staff.userId);
      expect(await getSession(db(), first.token)).not.toBeNull();

      expect(await setAccountDisabled(db(), { actor: owner, userId: staff.userId, disabled: true })).toMatchObject({
        ok: true,
      });
      expect(await db().select().from(sessions).where(eq(sessions.userId, staff.userId))).toHaveLength(0);
      expect(await getSession(db(), first.token)).toBeNull();
      expect(await signIn(db(), { email: staff.email, password })).toEqual({
        ok: false,
        reason: "refused",
        message: authMessages.invalidCredentials,
      });
      expect(await requestPasswordReset(db(), { email: staff.email, ...site }, { floorMs: 0 })).toEqual({ ok: true });
      expect(await db().select().from(mailOutbox)).toHaveLength(0);

      // a session row that survived (written by a racing request) is refused by the guard's lookup
      await db()
        .insert(sessions)
        .values({
          id: hashToken("survivor-token"),
          userId: staff.userId,
          expiresAt: new Date(Date.now() + 3600_000),
        });
      expect(await getSession(db(), "survivor-token")).toBeNull();

      expect(await setAccountDisabled(db(), { actor: owner, userId: staff.userId, disabled: false })).toMatchObject({
        ok: true,
      });
      expect(await signIn(db(), { email: staff.email, password })).toMatchObject({ ok: true });
    });
  });

  describe("routes", () => {
    it("lists the team; an admin invites, disables and enables through the page; staff are refused", async () => {
      const admin = await cookieFor("owner@studio.test", true);
      const staffCookie = await cookieFor("staff@studio.test", false);
      const page = await call(team.loader, "/admin/settings/team", { cookie: admin });
      expect(page.status).toBe(200);
      const members = (page.data as { members: { email: string; isAdmin: boolean; id: string }[] }).members;
      expect(members.map((member) => [member.email, member.isAdmin])).toEqual([
        ["owner@studio.test", true],
        ["staff@studio.test", false],
      ]);
      expect((await call(team.loader, "/admin/settings/team", { cookie: staffCookie })).status).toBe(403);
      expect(
        (
          await call(team.action, "/admin/settings/team", {
            cookie: staffCookie,
            form: { intent: "invite", email: "x@y.test" },
          })
        ).status,
      ).toBe(403);

      const invited = await call(team.action, "/admin/settings/team", {
        cookie: admin,
        form: { intent: "invite", email: "new@studio.test", role: "admin" },
      });
      expect(invited.status).toBe(302);
      // no role chosen: refused beside the field, nothing sent
      const noRole = await call(team.action, "/admin/settings/team", {
        cookie: admin,
        form: { intent: "invite", email: "norole@studio.test" },
      });
      expect(noRole.status).toBe(400);
      expect(JSON.stringify(noRole.data)).toContain(teamMessages.roleRequired);
      const unknownRole = await call(team.action, "/admin/settings/team", {
        cookie: admin,
        form: { intent: "invite", email: "norole@studio.test", role: "viewer" },
      });
      expect(unknownRole.status).toBe(400);
      expect(await db().select().from(authTokens).where(eq(authTokens.email, "norole@studio.test"))).toHaveLength(0);
      const bad = await call(team.action, "/admin/settings/team", {
        cookie: admin,
        form: { intent: "invite", email: "not an email" },
      });
      expect(bad.status).toBe(400);

      const staffId = members.find((member) => member.email === "staff@studio.test")?.id ?? "";
      await call(team.action, "/admin/settings/team", { cookie: admin, form: { intent: "disable", id: staffId } });
      expect((await call(team.loader, "/admin/settings/team", { cookie: staffCookie })).status).toBe(302);
      const [row] = await db().select().from(users).where(eq(users.id, staffId));
      expect(row?.disabledAt).toBeInstanceOf(Date);

      // extra fields change nothing they should not (a role, a user id)
      await call(team.action, "/admin/settings/team", {
        cookie: admin,
        form: { intent: "enable", id: staffId, role: "admin", user_id: staffId, admin: "on" },
      });
      expect(await db().select().from(userRoles).where(eq(userRoles.userId, staffId))).toHaveLength(0);

      // a refused row action answers on the page with its status, never a redirect with an error toast
      const ownerId = members.find((member) => member.email === "owner@studio.test")?.id ?? "";
      const refusal = (message: string) => ({
        form: "team",
        result: { error: { "": [message] } },
        toast: { type: "error", message },
      });
      const own = await call(team.action, "/admin/settings/team", {
        cookie: admin,
        form: { intent: "revoke-admin", id: ownerId },
      });
      expect(own.status).toBe(403);
      expect(own.data).toMatchObject(refusal(teamMessages.notYourself));
      const nobody = await call(team.action, "/admin/settings/team", {
        cookie: admin,
        form: { intent: "grant-admin", id: "0193a8c2-6f1d-4c5e-9a2b-1c3d4e5f6a7b" },
      });
      expect(nobody.status).toBe(404);
      expect(nobody.data).toMatchObject(refusal(teamMessages.unknownMember));
      const malformed = await call(team.action, "/admin/settings/team", {
        cookie: admin,
        form: { intent: "revoke-invitation", id: "not-a-hash" },
      });
      expect(malformed.status).toBe(404);
      expect(malformed.data).toMatchObject(refusal(teamMessages.unknownInvitation));
      const unknownIntent = await call(team.action, "/admin/settings/team", {
        cookie: admin,
        form: { intent: "delete-everyone", id: staffId },
      });
      expect(unknownIntent.status).toBe(400);

      const token = await invitationToken();
      const open = await call(invite.loader, `/admin/invite/${token}`, { params: { token } });
      expect(open.data).toMatchObject({ state: "valid", email: "new@studio.test", admin: true });
      const accepted = await call(invite.action, `/admin/invite/${token}`, {
        params: { token },
        form: { name: "Nia", password: "a brand new passphrase", confirmPassword: "a brand new passphrase" },
      });
      expect(accepted.status).toBe(302);
      expect(accepted.location).toBe("/admin/dashboard");
      expect(accepted.headers.get("set-cookie")).toMatch(/studio_session=/);
      const used = await call(invite.loader, `/admin/invite/${token}`, { params: { token } });
      expect(used.status).toBe(410);
      expect(used.data).toMatchObject({ state: "invalid" });
      const bogus = await call(invite.loader, "/admin/invite/nope", { params: { token: "nope" } });
      expect(bogus.status).toBe(410);
    });

    it("the audit log's rows cannot be updated or deleted (the database refuses)", async () => {
      const owner = await account("owner@studio.test", true);
      await inviteMember(db(), { actor: owner, email: "n@studio.test", role: "admin", ...site });
      await expect(db().execute(sql`update audit_log set event = 'forged'`)).rejects.toThrow();
      await expect(db().execute(sql`delete from audit_log`)).rejects.toThrow();
      expect((await db().select().from(auditLog)).map((row) => row.event)).toContain("member_invited");
    });
  });
});
