import { expect, it } from "vitest";
import { clearRateLimit, hitRateLimit, peekRateLimit, pruneRateLimits } from "#app/services/rate-limit.server.ts";
import { describeEachDatabase } from "../support/database.ts";

const rule = { limit: 3, windowMs: 10 * 60_000 };
const t0 = new Date("2026-11-22T10:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

describeEachDatabase("rate limits", (database) => {
  it("allows up to the limit in a window, then refuses until the next window", async () => {
    const db = database().db;
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await hitRateLimit(db, "contact:ip:1", rule, at(i * 1000)));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(results[3]?.retryAfterSeconds).toBe(597);
    expect((await hitRateLimit(db, "contact:ip:2", rule, at(5000))).allowed).toBe(true); // other key
    expect((await hitRateLimit(db, "contact:ip:1", rule, at(rule.windowMs))).allowed).toBe(true); // next window
  });

  it("counts concurrent hits exactly", async () => {
    const db = database().db;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => hitRateLimit(db, "burst", { limit: 5, windowMs: 60_000 }, t0)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("peeks without counting, clears, and prunes old windows", async () => {
    const db = database().db;
    expect(await peekRateLimit(db, "k", rule, t0)).toMatchObject({ allowed: true, hits: 0 });
    for (let i = 0; i < 3; i++) await hitRateLimit(db, "k", rule, t0);
    expect(await peekRateLimit(db, "k", rule, t0)).toMatchObject({ allowed: false, hits: 3 });
    await clearRateLimit(db, "k");
    expect(await peekRateLimit(db, "k", rule, t0)).toMatchObject({ allowed: true, hits: 0 });
    await hitRateLimit(db, "old", rule, t0);
    await pruneRateLimits(db, at(25 * 3600_000));
    expect(await peekRateLimit(db, "old", rule, t0)).toMatchObject({ hits: 0 });
  });
});
