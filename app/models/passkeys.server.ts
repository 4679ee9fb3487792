/** Passkeys and WebAuthn challenges (ADR 0025). */
import { and, desc, eq, gt } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { passkeys, webauthnChallenges } from "#app/db/schema.ts";

export type PasskeyRow = typeof passkeys.$inferSelect;

export function listPasskeys(db: Queryable, userId: string) {
  return db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt));
}

export async function credentialsOf(db: Queryable, userId: string) {
  return db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
}

export async function findPasskey(db: Queryable, id: string): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.id, id));
  return row ?? null;
}

export async function insertPasskey(db: Queryable, row: typeof passkeys.$inferInsert): Promise<void> {
  await db.insert(passkeys).values(row);
}

export async function recordPasskeyUse(db: Queryable, id: string, counter: number): Promise<void> {
  await db.update(passkeys).set({ counter, lastUsedAt: new Date() }).where(eq(passkeys.id, id));
}

export async function deletePasskey(db: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

export async function saveChallenge(
  db: Queryable,
  tokenHash: string,
  challenge: string,
  userId: string | null,
  expiresAt: Date,
) {
  await db.insert(webauthnChallenges).values({ tokenHash, challenge, userId, expiresAt });
}

/** Takes a challenge once: it is deleted as it is read; null when unknown or expired. */
export async function takeChallenge(db: Queryable, tokenHash: string, now = new Date()) {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.tokenHash, tokenHash), gt(webauthnChallenges.expiresAt, now)))
    .returning();
  return row ?? null;
}
