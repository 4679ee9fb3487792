/** Rate-limit buckets: fixed-window counters keyed by what is limited. */
import { eq, lt, sql } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { rateLimitBuckets } from "#app/db/schema.ts";

/**
 * Counts one hit in a window and returns the new count, in one statement
 * (INSERT … ON CONFLICT DO UPDATE … RETURNING): concurrent hits are counted exactly and
 * each caller learns its own position, on PGlite and PostgreSQL alike.
 */
export async function incrementBucket(db: Queryable, key: string, windowStart: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimitBuckets)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitBuckets.key, rateLimitBuckets.windowStart],
      set: { hits: sql`${rateLimitBuckets.hits} + 1` },
    })
    .returning({ hits: rateLimitBuckets.hits });
  return row?.hits ?? 1;
}

/** The count of a key's window without counting (0 when none). */
export async function readBucket(db: Queryable, key: string, windowStart: Date): Promise<number> {
  const [row] = await db
    .select({ hits: rateLimitBuckets.hits })
    .from(rateLimitBuckets)
    .where(sql`${rateLimitBuckets.key} = ${key} and ${rateLimitBuckets.windowStart} = ${windowStart}`);
  return row?.hits ?? 0;
}

export async function deleteBuckets(db: Queryable, key: string): Promise<void> {
  await db.delete(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));
}

export async function deleteBucketsBefore(db: Queryable, cutoff: Date): Promise<void> {
  await db.delete(rateLimitBuckets).where(lt(rateLimitBuckets.windowStart, cutoff));
}
