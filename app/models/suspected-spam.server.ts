/** Suspected spam from the inquiry form: kept for review, out of the inbox and its counts. */
import { count, desc, eq, gte, lt } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { suspectedSpam } from "#app/db/schema.ts";

export type SpamRow = typeof suspectedSpam.$inferSelect;

export async function insertSpam(db: Queryable, row: { reason: string; fields: Record<string, string> }) {
  const [created] = await db.insert(suspectedSpam).values(row).returning({ id: suspectedSpam.id });
  if (!created) throw new Error("insert returned no row");
  return created;
}

export async function listSpam(db: Queryable, options: { limit: number; offset: number }) {
  const rows = await db
    .select()
    .from(suspectedSpam)
    .orderBy(desc(suspectedSpam.createdAt), desc(suspectedSpam.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db.select({ total: count() }).from(suspectedSpam);
  return { rows, total: Number(total?.total ?? 0) };
}

/** How many are held: all of them, or those held since `since` (the studio's today, for the inbox's line). */
export async function countSpam(db: Queryable, since?: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(suspectedSpam)
    .where(since ? gte(suspectedSpam.createdAt, since) : undefined);
  return Number(row?.total ?? 0);
}

export async function getSpam(db: Queryable, id: string): Promise<SpamRow | null> {
  const [row] = await db.select().from(suspectedSpam).where(eq(suspectedSpam.id, id));
  return row ?? null;
}

/** Deletes one (for good); true when it existed. */
export async function deleteSpam(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.delete(suspectedSpam).where(eq(suspectedSpam.id, id)).returning({ id: suspectedSpam.id });
  return rows.length > 0;
}

export async function deleteSpamBefore(db: Queryable, cutoff: Date): Promise<void> {
  await db.delete(suspectedSpam).where(lt(suspectedSpam.createdAt, cutoff));
}
