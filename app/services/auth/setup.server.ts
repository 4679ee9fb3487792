/** The one-time first-admin set-up link, printed at start while no admin exists. */
import type { Queryable } from "#app/db/client.server.ts";
import { authMessages } from "#app/domain/auth-messages.ts";
import { fail } from "#app/domain/result.ts";
import { consumeAuthToken, deleteUnusedTokens, insertAuthToken, isTokenLive } from "#app/models/auth-tokens.server.ts";
import {
  adminExists,
  findUserByEmail,
  grantAdmin,
  insertUser,
  lockAdminSetup,
  normaliseEmail,
  setPasswordHash,
} from "#app/models/users.server.ts";
import { audit } from "#app/services/audit.server.ts";
import { takeTokenFormAttempt } from "./limits.server.ts";
import { hashPassword } from "./passwords.server.ts";
import { type PasswordSetResult, weakPassword } from "./recovery.server.ts";
import { createSession, deleteUserSessions, type RequestMeta } from "./sessions.server.ts";
import { hashToken, looksLikeToken, newToken, tokenPolicy } from "./tokens.server.ts";

/**
 * When no admin exists: a fresh single-use set-up token (earlier unused ones stop working).
 * Null when an admin exists.
 */
export async function issueAdminSetupToken(db: Queryable, now = new Date()): Promise<string | null> {
  return db.transaction(async (tx) => {
    await lockAdminSetup(tx);
    if (await adminExists(tx)) return null;
    await deleteUnusedTokens(tx, "admin_setup");
    const token = newToken();
    await insertAuthToken(tx, {
      id: hashToken(token),
      purpose: "admin_setup",
      userId: null,
      expiresAt: new Date(now.getTime() + tokenPolicy.adminSetupMs),
      createdAt: now,
    });
    return token;
  });
}

export function adminSetupLink(publicUrl: string, token: string): string {
  return `${publicUrl}/admin/setup#token=${token}`;
}

/**
 * Creates the first admin with a set-up token (once; refused as soon as any admin exists).
 * The address's allowance is taken, and the token checked, before argon2 runs.
 */
export async function completeAdminSetup(
  db: Queryable,
  input: { token: string; email: string; password: string } & RequestMeta,
  now = new Date(),
): Promise<PasswordSetResult> {
  const weak = weakPassword(input.password);
  if (weak) return weak;
  if (!(await takeTokenFormAttempt(db, "setup", input.ip, now))) {
    await audit(db, { event: "admin_setup_blocked", ip: input.ip });
    return fail("limited", { message: authMessages.tooManyAttempts });
  }
  if (await adminExists(db)) return fail("refused", { message: authMessages.setupDone });
  const id = looksLikeToken(input.token) ? hashToken(input.token) : null;
  if (!id || !(await isTokenLive(db, id, "admin_setup", now))) {
    return fail("dead-link", { message: authMessages.setupInvalidLink });
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await lockAdminSetup(tx);
    if (await adminExists(tx)) return fail("refused", { message: authMessages.setupDone });
    const used = await consumeAuthToken(tx, id, "admin_setup", now);
    if (!used) return fail("dead-link", { message: authMessages.setupInvalidLink });
    const existing = await findUserByEmail(tx, input.email);
    const userId = existing ? existing.id : (await insertUser(tx, input.email, passwordHash)).id;
    if (existing) {
      await setPasswordHash(tx, userId, passwordHash);
      await deleteUserSessions(tx, userId);
    }
    await grantAdmin(tx, userId);
    const session = await createSession(tx, userId, input, now);
    await audit(tx, { event: "admin_setup_completed", userId, email: normaliseEmail(input.email), ip: input.ip });
    return { ok: true as const, ...session, userId, isAdmin: true };
  });
}

export async function isAdminSetupPending(db: Queryable): Promise<boolean> {
  return !(await adminExists(db));
}
