/**
 * The team (ADR 0026): invitations (a single-use link for 7 days, stored hashed in auth_tokens
 * with the purpose `invitation`), the admin role granted and revoked, accounts disabled and
 * enabled. Any admin manages the team; nobody changes their own role or disables themselves,
 * and the last active admin keeps the role (both under one advisory lock, so races cannot
 * leave the studio without an admin).
 */
import type { Queryable } from "#app/db/client.server.ts";
import { parseHashId } from "#app/domain/ids.ts";
import { fail, type Result } from "#app/domain/result.ts";
import {
  type InvitableRole,
  invitationLifetimeMs,
  invitationMail,
  invitationRole,
  roleLandingPath,
} from "#app/domain/team.ts";
import { teamMessages } from "#app/domain/team-messages.ts";
import {
  consumeAuthToken,
  findLiveInvitation,
  insertAuthToken,
  voidInvitationsFor,
  voidUnusedTokens,
} from "#app/models/auth-tokens.server.ts";
import {
  countActiveAdmins,
  findUserByEmail,
  findUserById,
  grantAdmin,
  hasAdminRole,
  insertUser,
  lockTeam,
  normaliseEmail,
  revokeAdmin,
  setUserDisabled,
} from "#app/models/users.server.ts";
import { audit, auditAction } from "#app/services/audit.server.ts";
import { enqueueMail, mailKey } from "#app/services/mail.server.ts";
import { takeTokenFormAttempt } from "./limits.server.ts";
import { hashPassword } from "./passwords.server.ts";
import { type PasswordSetResult, weakPassword } from "./recovery.server.ts";
import { createSession, deleteUserSessions, type OpenedSession, type RequestMeta } from "./sessions.server.ts";
import { hashToken, looksLikeToken, newToken } from "./tokens.server.ts";

export type Actor = { userId: string; email: string };
/** A change to the team: the message that says it was made, or why not (with `field` "email" when it is the address). */
export type TeamResult = Result<{ message: string }>;

function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/admin/invite/${token}`;
}

/** Invites an address: a new link (an earlier pending one for the address stops working), mailed sealed. */
export async function inviteMember(
  db: Queryable,
  input: {
    actor: Actor;
    email: string;
    role: InvitableRole;
    publicUrl: string;
    sessionSecret: string;
    ip?: string | null;
  },
  now = new Date(),
): Promise<TeamResult> {
  const email = normaliseEmail(input.email);
  if (await findUserByEmail(db, email)) return { ok: false, field: "email", message: teamMessages.accountExists };
  const token = newToken();
  await db.transaction(async (tx) => {
    await voidInvitationsFor(tx, email, now);
    await insertAuthToken(tx, {
      id: hashToken(token),
      purpose: "invitation",
      userId: null,
      email,
      roles: [input.role],
      invitedBy: input.actor.userId,
      expiresAt: new Date(now.getTime() + invitationLifetimeMs),
      createdAt: now,
    });
    const mail = invitationMail({
      to: email,
      invitedBy: input.actor.email,
      link: invitationLink(input.publicUrl, token),
      role: input.role,
    });
    await enqueueMail(tx, mail, { seal: mailKey(input.sessionSecret) });
    await auditAction(tx, input.actor, input.ip, "member_invited", {
      invited: email,
      admin: input.role === "admin",
    });
  });
  return { ok: true, message: teamMessages.invited };
}

export async function revokeInvitation(
  db: Queryable,
  input: { actor: Actor; id: string; ip?: string | null },
  now = new Date(),
): Promise<TeamResult> {
  const id = parseHashId(input.id);
  if (!id) return { ok: false, message: teamMessages.unknownInvitation };
  return db.transaction(async (tx) => {
    const used = await consumeAuthToken(tx, id, "invitation", now);
    if (!used) return { ok: false, message: teamMessages.unknownInvitation } as const;
    await auditAction(tx, input.actor, input.ip, "invitation_revoked", { invited: used.email });
    return { ok: true, message: teamMessages.invitationRevoked } as const;
  });
}

export type InvitationCheck = Result<
  { email: string; admin: boolean; role: InvitableRole },
  "invalid" | "limited" | "sender-gone"
>;

/** Whether an invitation link is usable, asked when it is opened (counted against the address's allowance). */
export async function checkInvitation(
  db: Queryable,
  input: { token: string } & RequestMeta,
  now = new Date(),
): Promise<InvitationCheck> {
  if (!(await takeTokenFormAttempt(db, "invitation", input.ip, now))) return fail("limited");
  if (!looksLikeToken(input.token)) return fail("invalid");
  const invitation = await findLiveInvitation(db, hashToken(input.token), now);
  const role = invitationRole(invitation?.roles);
  // an invitation granting no role would make an account that can open nothing: it is not accepted
  if (!invitation?.email || !role) return fail("invalid");
  if (!invitation.senderMayInvite) return fail("sender-gone");
  return { ok: true, email: invitation.email, admin: role === "admin", role };
}

/**
 * Uses an invitation once: the account is created with the name, the password and the roles of
 * the invitation, and signed in. The allowance is taken and the token checked before argon2 runs.
 */
export async function acceptInvitation(
  db: Queryable,
  input: { token: string; name: string; password: string } & RequestMeta,
  now = new Date(),
): Promise<PasswordSetResult<OpenedSession & { landing: string }>> {
  const weak = weakPassword(input.password);
  if (weak) return weak;
  if (!(await takeTokenFormAttempt(db, "invitation", input.ip, now))) {
    return fail("limited", { message: "Too many attempts. Please wait a few minutes and try again." });
  }
  const id = looksLikeToken(input.token) ? hashToken(input.token) : null;
  const invitation = id ? await findLiveInvitation(db, id, now) : null;
  if (!id || !invitation || !invitationRole(invitation.roles))
    return fail("dead-link", { message: teamMessages.invitationInvalid });
  if (!invitation.senderMayInvite) return fail("refused", { message: teamMessages.invitationSenderGone });
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    // under the team lock, so a sender disabled or demoted meanwhile is seen
    await lockTeam(tx);
    const current = await findLiveInvitation(tx, id, now);
    if (current && !current.senderMayInvite) return fail("refused", { message: teamMessages.invitationSenderGone });
    const used = await consumeAuthToken(tx, id, "invitation", now);
    const role = invitationRole(used?.roles);
    if (!used?.email || !role) return fail("dead-link", { message: teamMessages.invitationInvalid });
    if (await findUserByEmail(tx, used.email)) return fail("refused", { message: teamMessages.accountExists });
    const user = await insertUser(tx, used.email, passwordHash, input.name);
    const admin = role === "admin";
    if (admin) await grantAdmin(tx, user.id);
    const session = await createSession(tx, user.id, input, now);
    await audit(tx, {
      event: "invitation_accepted",
      userId: user.id,
      email: user.email,
      ip: input.ip,
      detail: { admin },
    });
    return { ok: true as const, ...session, userId: user.id, isAdmin: admin, landing: roleLandingPath[role] };
  });
}

type MemberChange = { actor: Actor; userId: string; ip?: string | null };

async function changeMember(
  db: Queryable,
  input: MemberChange,
  change: (tx: Queryable, target: { id: string; email: string; isAdmin: boolean }) => Promise<TeamResult>,
): Promise<TeamResult> {
  if (input.userId === input.actor.userId) return { ok: false, message: teamMessages.notYourself };
  return db.transaction(async (tx) => {
    await lockTeam(tx);
    const target = await findUserById(tx, input.userId);
    if (!target) return { ok: false, message: teamMessages.unknownMember } as const;
    return change(tx, { id: target.id, email: target.email, isAdmin: await hasAdminRole(tx, target.id) });
  });
}

/** Grants or revokes the admin role. The last active admin keeps it. */
export function setAdminRole(db: Queryable, input: MemberChange & { admin: boolean }): Promise<TeamResult> {
  return changeMember(db, input, async (tx, target) => {
    if (input.admin) {
      await grantAdmin(tx, target.id);
      await auditAction(tx, input.actor, input.ip, "admin_granted", { member: target.email });
      return { ok: true, message: teamMessages.adminGranted };
    }
    if (target.isAdmin && (await countActiveAdmins(tx)) <= 1) return { ok: false, message: teamMessages.lastAdmin };
    await revokeAdmin(tx, target.id);
    // a session keeps no copy of the role: the guard reads it on every request
    await auditAction(tx, input.actor, input.ip, "admin_revoked", { member: target.email });
    return { ok: true, message: teamMessages.adminRevoked };
  });
}

/**
 * Disables an account (every session ends at once, its unused reset links stop working, sign-in
 * is refused) or enables it again. The last active admin cannot be disabled.
 */
export function setAccountDisabled(
  db: Queryable,
  input: MemberChange & { disabled: boolean },
  now = new Date(),
): Promise<TeamResult> {
  return changeMember(db, input, async (tx, target) => {
    if (!input.disabled) {
      await setUserDisabled(tx, target.id, null);
      await auditAction(tx, input.actor, input.ip, "account_enabled", { member: target.email });
      return { ok: true, message: teamMessages.enabled };
    }
    if (target.isAdmin && (await countActiveAdmins(tx)) <= 1) return { ok: false, message: teamMessages.lastAdmin };
    await setUserDisabled(tx, target.id, now);
    await deleteUserSessions(tx, target.id);
    await voidUnusedTokens(tx, target.id, "password_reset", now);
    await auditAction(tx, input.actor, input.ip, "account_disabled", { member: target.email });
    return { ok: true, message: teamMessages.disabled };
  });
}
