/** Single-use tokens (password reset, first-admin set-up, invitations), stored as SHA-256 hashes only. */
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { authTokens, users } from "#app/db/schema.ts";

export type TokenPurpose = "password_reset" | "admin_setup" | "invitation";

export async function insertAuthToken(
  db: Queryable,
  row: {
    id: string;
    purpose: TokenPurpose;
    userId: string | null;
    expiresAt: Date;
    createdAt: Date;
    /** invitations: the invited address, the roles granted, who invited */
    email?: string;
    roles?: "admin"[];
    invitedBy?: string | null;
  },
): Promise<void> {
  await db.insert(authTokens).values(row);
}

/** Marks a user's unused tokens of a purpose as used (a newer link voids the older ones). */
export async function voidUnusedTokens(db: Queryable, userId: string, purpose: TokenPurpose, now: Date) {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}

export async function deleteUnusedTokens(db: Queryable, purpose: TokenPurpose): Promise<void> {
  await db.delete(authTokens).where(and(eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}

const live = (id: string, purpose: TokenPurpose, now: Date) =>
  and(eq(authTokens.id, id), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now));

/** Whether a token (by hash) is unused and unexpired, without using it. */
export async function isTokenLive(db: Queryable, id: string, purpose: TokenPurpose, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(authTokens)
    .where(live(id, purpose, now))
    .limit(1);
  return row !== undefined;
}

/**
 * Marks a token used and returns its row, or null when it is unknown, used, expired or for
 * another purpose. One conditional UPDATE, so two requests racing with it cannot both succeed.
 */
export async function consumeAuthToken(db: Queryable, id: string, purpose: TokenPurpose, now: Date) {
  const [used] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(live(id, purpose, now))
    .returning({ id: authTokens.id, userId: authTokens.userId, email: authTokens.email, roles: authTokens.roles });
  return used ?? null;
}

// ---------------------------------------------------------------- invitations (ADR 0026)

/**
 * Whether the admin who sent an invitation may still invite: the account exists, is enabled and
 * still has the admin role. Read at the moment the link is used, so an invitation never outlives
 * its sender's right to grant access.
 */
const senderMayInvite = sql<boolean>`exists (
  select 1 from "users" "sender" join "user_roles" "role" on "role"."user_id" = "sender"."id" and "role"."role" = 'admin'
  where "sender"."id" = ${authTokens.invitedBy} and "sender"."disabled_at" is null)`;

/** A live invitation's address and roles, and whether its sender may still invite, by token hash, or null. */
export async function findLiveInvitation(db: Queryable, id: string, now: Date) {
  const [row] = await db
    .select({
      email: authTokens.email,
      roles: authTokens.roles,
      expiresAt: authTokens.expiresAt,
      senderMayInvite,
    })
    .from(authTokens)
    .where(live(id, "invitation", now));
  return row ?? null;
}

/** Invitations not used, not revoked and not expired, oldest first, with who sent each. */
export async function listPendingInvitations(db: Queryable, now: Date) {
  return db
    .select({
      id: authTokens.id,
      email: authTokens.email,
      roles: authTokens.roles,
      expiresAt: authTokens.expiresAt,
      createdAt: authTokens.createdAt,
      invitedByEmail: users.email,
      senderMayInvite,
    })
    .from(authTokens)
    .leftJoin(users, eq(users.id, authTokens.invitedBy))
    .where(and(eq(authTokens.purpose, "invitation"), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
    .orderBy(asc(authTokens.createdAt));
}

/** Voids the live invitations of an address (a new invitation replaces the old). Returns how many. */
export async function voidInvitationsFor(db: Queryable, email: string, now: Date): Promise<number> {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.purpose, "invitation"), eq(authTokens.email, email), isNull(authTokens.usedAt)))
    .returning({ id: authTokens.id });
  return rows.length;
}
