/** Single-use tokens (password reset, first-admin set-up), stored as SHA-256 hashes only. */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { authTokens } from "#app/db/schema.ts";

export type TokenPurpose = "password_reset" | "admin_setup";

export async function insertAuthToken(
  db: Queryable,
  row: { id: string; purpose: TokenPurpose; userId: string | null; expiresAt: Date; createdAt: Date },
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
    .returning({ id: authTokens.id, userId: authTokens.userId });
  return used ?? null;
}
