import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirInUseError, openDatabase } from "#app/db/client.server.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { contactSubmissions } from "#app/db/schema.ts";
import { createPostgresDatabase } from "../support/database.ts";

describe("embedded database directory [pglite]", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "studio-db-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps data across close and reopen, and refuses a second opener", async () => {
    const first = await openDatabase({ dataDir: dir });
    await migrate(first);
    await first.db
      .insert(contactSubmissions)
      .values({ name: "A B", email: "a@b.test", projectType: "quote", message: "m" });
    expect(readFileSync(path.join(dir, "pglite.lock"), "utf8")).toBe(String(process.pid));

    // another process holds the lock: simulate with the parent pid, which is alive
    const lockFile = path.join(dir, "pglite.lock");
    await first.close();
    const { writeFileSync } = await import("node:fs");
    writeFileSync(lockFile, String(process.ppid));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirInUseError);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by another process/);

    // a stale lock (dead pid) is taken over
    writeFileSync(lockFile, "999999");
    const second = await openDatabase({ dataDir: dir });
    const rows = await second.db.select().from(contactSubmissions);
    expect(rows.map((row) => row.email)).toEqual(["a@b.test"]);
    await second.close();
    await second.close(); // closing twice is harmless
    // two embedded databases made and opened on disk: bounded by their own work (40 s on two busy cores), not 30 s
  }, 120_000);
});

// PostgreSQL only (PGlite is one process): runs when TEST_DATABASE_URL is set
const onPostgres = process.env.TEST_DATABASE_URL ? describe : () => {};
onPostgres("migrations under concurrency [postgres]", () => {
  it("lets instances starting together migrate one after the other", async () => {
    const created = await createPostgresDatabase();
    const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: created.url, poolSize: 2 })));
    try {
      await Promise.all(instances.map((instance) => migrate(instance)));
      const [first] = instances;
      if (!first) throw new Error("no instance");
      const rows = await first.db.select().from(contactSubmissions);
      expect(rows).toEqual([]);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await created.drop();
    }
  }, 120_000);
});
