/**
 * Rate limits kept in the database (fixed windows), so they hold across
 * instances. Keys name what is limited: "contact:ip:203.0.113.9",
 * "signin:account:owner@studio.test", ...
 */
import { and, eq, lt, sql } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { rateLimitBuckets } from "#app/db/schema.ts";

export type RateLimit = { limit: number; windowMs: number };
export type RateLimitResult = { allowed: boolean; hits: number; retryAfterSeconds: number };

function windowOf(rule: RateLimit, now: Date) {
  const start = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  return {
    start: new Date(start),
    retryAfterSeconds: Math.max(1, Math.ceil((start + rule.windowMs - now.getTime()) / 1000)),
  };
}

/** Counts one hit and says whether it is within the limit. */
export async function hitRateLimit(
  db: Queryable,
  key: string,
  rule: RateLimit,
  now = new Date(),
): Promise<RateLimitResult> {
  const window = windowOf(rule, now);
  const [row] = await db
    .insert(rateLimitBuckets)
    .values({ key, windowStart: window.start, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitBuckets.key, rateLimitBuckets.windowStart],
      set: { hits: sql`${rateLimitBuckets.hits} + 1` },
    })
    .returning({ hits: rateLimitBuckets.hits });
  const hits = row?.hits ?? 1;
  return { allowed: hits <= rule.limit, hits, retryAfterSeconds: window.retryAfterSeconds };
}

/** Whether the limit is already reached, without counting a hit (e.g. before checking a password). */
export async function peekRateLimit(
  db: Queryable,
  key: string,
  rule: RateLimit,
  now = new Date(),
): Promise<RateLimitResult> {
  const window = windowOf(rule, now);
  const [row] = await db
    .select({ hits: rateLimitBuckets.hits })
    .from(rateLimitBuckets)
    .where(and(eq(rateLimitBuckets.key, key), eq(rateLimitBuckets.windowStart, window.start)));
  const hits = row?.hits ?? 0;
  return { allowed: hits < rule.limit, hits, retryAfterSeconds: window.retryAfterSeconds };
}

/** Forgets a key's current window (e.g. failed sign-ins after a successful one). */
export async function clearRateLimit(db: Queryable, key: string): Promise<void> {
  await db.delete(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));
}

/** Drops windows older than a day. */
export async function pruneRateLimits(db: Queryable, now = new Date()): Promise<void> {
  await db.delete(rateLimitBuckets).where(lt(rateLimitBuckets.windowStart, new Date(now.getTime() - 24 * 3600_000)));
}
