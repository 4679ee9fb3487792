import { expect, it } from "vitest";
import { findClientDocument } from "#app/services/client-documents.server.ts";
import {
  clearRateLimit,
  hitAddressLimit,
  hitRateLimit,
  peekRateLimit,
  pruneRateLimits,
} from "#app/services/rate-limit.server.ts";
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

  it("keys a per-address limit on an IPv6 address's /64: rotating addresses in one block shares one allowance", async () => {
    const db = database().db;
    const block = (n: number) => `2001:db8:7:8::${n.toString(16)}`;
    const results = [];
    for (let i = 1; i <= 4; i++) results.push((await hitAddressLimit(db, "test", block(i), rule, t0)).allowed);
    expect(results).toEqual([true, true, true, false]);
    expect((await hitAddressLimit(db, "test", "2001:db8:7:9::1", rule, t0)).allowed).toBe(true); // another /64
    // an IPv4 address by itself, however it is written: the mapped form is the same client
    const v4 = [];
    for (const ip of ["::ffff:203.0.113.5", "203.0.113.5", "203.0.113.5", "::ffff:203.0.113.5", "203.0.113.6"]) {
      v4.push((await hitAddressLimit(db, "test", ip, rule, t0)).allowed);
    }
    expect(v4).toEqual([true, true, true, false, true]);
  });

  it("client links: 120 guesses in 10 minutes from one IPv6 /64, however its addresses rotate", async () => {
    const db = database().db;
    const answers = [];
    for (let i = 1; i <= 121; i++) {
      const found = await findClientDocument(db, "a".repeat(43), `2001:db8:5:6:${i.toString(16)}::1`);
      answers.push(found.ok ? "found" : found.reason);
    }
    expect(answers.slice(0, 120).every((status) => status === "not-found")).toBe(true);
    expect(answers[120]).toBe("limited");
    expect(await findClientDocument(db, "a".repeat(43), "2001:db8:5:7::1")).toEqual({ ok: false, reason: "not-found" });
  });
});
