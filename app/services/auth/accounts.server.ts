/** Accounts: the CLI's create-or-promote, and a signed-in user's password change. */
import type { Queryable } from "#app/db/client.server.ts";
import { newPasswordProblem } from "#app/domain/password-policy.ts";
import {
  findUserByEmail,
  grantAdmin,
  hasAdminRole,
  insertUser,
  normaliseEmail,
  setPasswordHash,
} from "#app/models/users.server.ts";
import { audit } from "#app/services/audit.server.ts";
import { hashPassword, PasswordPolicyError } from "./passwords.server.ts";
import { createSession, deleteUserSessions, type RequestMeta } from "./sessions.server.ts";

/**
 * A signed-in user's password change: every session ends, including the current one,
 * which is replaced by a new session (rotation). Returns the new session.
 */
export async function changePassword(
  db: Queryable,
  input: { userId: string; password: string } & RequestMeta,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const problem = newPasswordProblem(input.password);
  if (problem) throw new PasswordPolicyError(problem);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await setPasswordHash(tx, input.userId, passwordHash);
    await deleteUserSessions(tx, input.userId);
    const session = await createSession(tx, input.userId, input, now);
    await audit(tx, { event: "password_changed", userId: input.userId, ip: input.ip });
    return session;
  });
}

/**
 * Creates an account, or updates an existing one: a new password (ending its sessions),
 * and the admin role unless `admin` is false. Never removes a role.
 */
export async function createOrUpdateAccount(
  db: Queryable,
  input: { email: string; password?: string; admin: boolean },
): Promise<{ created: boolean; passwordSet: boolean; isAdmin: boolean; userId: string }> {
  if (input.password !== undefined) {
    const problem = newPasswordProblem(input.password);
    if (problem) throw new PasswordPolicyError(problem);
  }
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, input.email);
    let userId: string;
    if (existing) {
      userId = existing.id;
      if (passwordHash) {
        await setPasswordHash(tx, userId, passwordHash);
        await deleteUserSessions(tx, userId);
      }
    } else {
      if (!passwordHash) throw new PasswordPolicyError("A new account needs a password.");
      userId = (await insertUser(tx, input.email, passwordHash)).id;
    }
    if (input.admin) await grantAdmin(tx, userId);
    const isAdmin = await hasAdminRole(tx, userId);
    await audit(tx, {
      event: "admin_created",
      userId,
      email: normaliseEmail(input.email),
      detail: { via: "cli", created: !existing, admin: isAdmin },
    });
    return { created: !existing, passwordSet: passwordHash !== undefined, isAdmin, userId };
  });
}
