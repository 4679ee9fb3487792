/** The per-request query counter (app/db/client.server.ts), on both drivers. */
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { type QueryStats, runWithQueryStats } from "#app/db/client.server.ts";
import { customers } from "#app/db/schema.ts";
import { describeEachDatabase } from "../support/database.ts";

describeEachDatabase("queries per request", (database) => {
  const db = () => database().db;

  it("counts the queries run inside, transactions with their BEGIN and COMMIT, and nothing outside", async () => {
    const stats: QueryStats = { count: 0, ms: 0 };
    await runWithQueryStats(stats, async () => {
      await db().select().from(customers).limit(1);
      await db().transaction(async (tx) => {
        await tx.select().from(customers).limit(1);
        await tx.execute(sql`select 1`);
      });
    });
    await db().execute(sql`select 2`);
    expect(stats.count).toBe(5);
    expect(stats.ms).toBeGreaterThan(0);
  });

  it("keeps concurrent requests apart", async () => {
    const a: QueryStats = { count: 0, ms: 0 };
    const b: QueryStats = { count: 0, ms: 0 };
    await Promise.all([
      runWithQueryStats(a, async () => {
        for (let i = 0; i < 3; i++) await db().execute(sql`select ${i}`);
      }),
      runWithQueryStats(b, async () => {
        await Promise.all([db().execute(sql`select 1`), db().execute(sql`select 2`)]);
      }),
    ]);
    expect([a.count, b.count]).toEqual([3, 2]);
  });
});
