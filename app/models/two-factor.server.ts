/** Two-factor rows (ADR 0024): an admin's authenticator, backup codes, sign-ins waiting for a code. */
import { and, eq, gt, isNotNull, isNull, lt } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { pendingSignIns, totpBackupCodes, userTotp } from "#app/db/schema.ts";

export async function getTotp(db: Queryable, userId: string) {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  return row ?? null;
}

/** Whether the user must give a code after the password. */
export async function hasConfirmedTotp(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: userTotp.userId })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)));
  return Boolean(row);
}

/** Starts (or restarts) an enrolment: a new secret, not confirmed yet. */
export async function startTotp(db: Queryable, userId: string, secretSealed: string): Promise<void> {
  await db
    .insert(userTotp)
    .values({ userId, secretSealed })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secretSealed, confirmedAt: null, lastStep: 0 } });
}

/** Replaces a sealed secret with the same secret sealed under another key (only if it is still `from`). */
export async function resealTotpSecret(db: Queryable, userId: string, from: string, to: string): Promise<void> {
  await db
    .update(userTotp)
    .set({ secretSealed: to })
    .where(and(eq(userTotp.userId, userId), eq(userTotp.secretSealed, from)));
}

/** Takes a time-step for the user: false when it (or a later one) was used already (a replay). */
export async function takeTotpStep(db: Queryable, userId: string, step: number, confirm = false): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ lastStep: step, ...(confirm ? { confirmedAt: new Date() } : {}) })
    .where(and(eq(userTotp.userId, userId), lt(userTotp.lastStep, step)))
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
}

export async function replaceBackupCodes(db: Queryable, userId: string, hashes: string[]): Promise<void> {
  await db.delete(totpBackupCodes).where(eq(totpBackupCodes.userId, userId));
  await db.insert(totpBackupCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a backup code once: false when unknown or used. */
export async function spendBackupCode(db: Queryable, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(totpBackupCodes)
    .set({ usedAt: new Date() })
    .where(
      and(eq(totpBackupCodes.userId, userId), eq(totpBackupCodes.codeHash, codeHash), isNull(totpBackupCodes.usedAt)),
    )
    .returning({ id: totpBackupCodes.id });
  return rows.length > 0;
}

export async function unusedBackupCodeCount(db: Queryable, userId: string): Promise<number> {
  const rows = await db
    .select({ id: totpBackupCodes.id })
    .from(totpBackupCodes)
    .where(and(eq(totpBackupCodes.userId, userId), isNull(totpBackupCodes.usedAt)));
  return rows.length;
}

export async function removeTotp(db: Queryable, userId: string): Promise<void> {
  await db.delete(totpBackupCodes).where(eq(totpBackupCodes.userId, userId));
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
}

export async function insertPendingSignIn(db: Queryable, tokenHash: string, userId: string, expiresAt: Date) {
  await db.insert(pendingSignIns).values({ tokenHash, userId, expiresAt });
}

export async function findPendingSignIn(db: Queryable, tokenHash: string, now = new Date()) {
  const [row] = await db
    .select()
    .from(pendingSignIns)
    .where(and(eq(pendingSignIns.tokenHash, tokenHash), gt(pendingSignIns.expiresAt, now)));
  return row ?? null;
}

export async function deletePendingSignIn(db: Queryable, tokenHash: string): Promise<void> {
  await db.delete(pendingSignIns).where(eq(pendingSignIns.tokenHash, tokenHash));
}
