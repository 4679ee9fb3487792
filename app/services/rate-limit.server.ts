/**
 * Rate limits kept in the database (fixed windows), so they hold across
 * instances. Keys name what is limited: "contact:ip:203.0.113.9",
 * "signin:account:owner@studio.test", ...
 *
 * A limit is *taken*, never peeked: `hitRateLimit` counts the attempt and answers in one
 * statement, so a burst of parallel requests cannot all slip under the limit. Callers take
 * it before any expensive or secret check (argon2, token lookups).
 */
import type { Queryable } from "#app/db/client.server.ts";
import { limitAddress } from "#app/domain/request-address.ts";
import { deleteBuckets, deleteBucketsBefore, incrementBucket, readBucket } from "#app/models/rate-limits.server.ts";

export type RateLimit = { limit: number; windowMs: number };
export type RateLimitResult = { allowed: boolean; hits: number; retryAfterSeconds: number };

function windowOf(rule: RateLimit, now: Date) {
  const start = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  return {
    start: new Date(start),
    retryAfterSeconds: Math.max(1, Math.ceil((start + rule.windowMs - now.getTime()) / 1000)),
  };
}

/** Counts one hit and says whether it is within the limit (one atomic statement). */
export async function hitRateLimit(
  db: Queryable,
  key: string,
  rule: RateLimit,
  now = new Date(),
): Promise<RateLimitResult> {
  const window = windowOf(rule, now);
  const hits = await incrementBucket(db, key, window.start);
  return { allowed: hits <= rule.limit, hits, retryAfterSeconds: window.retryAfterSeconds };
}

/**
 * Counts one hit of `bucket` for a client's address: an IPv4 address by itself, an IPv6 one by its
 * /64 (one client's whole block: per-address limits keyed on full IPv6 addresses hold nobody).
 * Every per-address limit goes through here.
 */
export function hitAddressLimit(
  db: Queryable,
  bucket: string,
  ip: string | null | undefined,
  rule: RateLimit,
  now = new Date(),
): Promise<RateLimitResult> {
  return hitRateLimit(db, `${bucket}:ip:${limitAddress(ip)}`, rule, now);
}

/** Whether the limit is already reached, without counting a hit. For reports and tests, never as a guard. */
export async function peekRateLimit(
  db: Queryable,
  key: string,
  rule: RateLimit,
  now = new Date(),
): Promise<RateLimitResult> {
  const window = windowOf(rule, now);
  const hits = await readBucket(db, key, window.start);
  return { allowed: hits < rule.limit, hits, retryAfterSeconds: window.retryAfterSeconds };
}

/** Forgets a key's current window (e.g. failed sign-ins after a successful one). */
export async function clearRateLimit(db: Queryable, key: string): Promise<void> {
  await deleteBuckets(db, key);
}

/** Drops windows older than a day. */
export async function pruneRateLimits(db: Queryable, now = new Date()): Promise<void> {
  await deleteBucketsBefore(db, new Date(now.getTime() - 24 * 3600_000));
}

/** Counts one use of something in a window that starts at a given moment (e.g. a form token's issue time). */
export async function countUse(db: Queryable, key: string, windowStart: Date): Promise<number> {
  return incrementBucket(db, key, windowStart);
}
