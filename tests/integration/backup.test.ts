/**
 * Backup and restore (ADR 0027): a round trip of the demo data, PGlite (data directories) and
 * PostgreSQL (pg_dump / pg_restore, with TEST_DATABASE_URL): seed, back up, restore into a fresh
 * database, same row counts in every table and the same rows in a sample of them. A restore
 * refuses to replace an existing database without --force, and a backup of one kind is refused
 * by the other.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { BackupError, backupDatabase, restoreDatabase } from "#app/db/backup.server.ts";
import { type Database, openDatabase, selectRows } from "#app/db/client.server.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { seedBaseline, seedDemo } from "#app/db/seed.server.ts";
import { createOrUpdateAccount } from "#app/services/auth/accounts.server.ts";
import { createPostgresDatabase } from "../support/database.ts";

const temp: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "studio-backup-"));
  temp.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

async function fill(database: Database) {
  await migrate(database, () => seedBaseline(database.db));
  expect(await seedDemo(database.db)).toBe(true);
  await createOrUpdateAccount(database.db, { email: "owner@studio.test", password: "plum tree orbit 42", admin: true });
}

/** Row counts of every table, and the full rows of a sample, in a stable order. */
async function snapshot(database: Database) {
  const tables = await selectRows<{ name: string }>(
    database.db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await selectRows<{ n: number }>(database.db, sql.raw(`select count(*)::int as n from "${name}"`));
    counts[name] = row?.n ?? 0;
  }
  const sample: Record<string, unknown[]> = {};
  for (const name of [
    "customers",
    "projects",
    "invoices",
    "invoice_line_items",
    "users",
    "audit_log",
    "business_settings",
  ]) {
    sample[name] = await selectRows(database.db, sql.raw(`select * from "${name}" order by id::text`));
  }
  const [migrations] = await selectRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return { counts, sample, migrations: migrations?.n };
}

describe("backup and restore [pglite]", () => {
  it("round-trips the demo data into a fresh data directory, and refuses to overwrite without --force", async () => {
    const source = tempDir();
    const database = await openDatabase({ dataDir: source });
    await fill(database);
    const before = await snapshot(database);
    await database.close();
    expect(before.counts.customers).toBeGreaterThan(0);
    expect(before.counts.invoice_line_items).toBeGreaterThan(0);

    const file = path.join(tempDir(), "nested", "backup.tar.gz");
    const made = await backupDatabase({ dataDir: source }, file);
    expect(made.kind).toBe("pglite");

    const target = tempDir();
    expect(await restoreDatabase({ dataDir: target }, file)).toEqual({ kind: "pglite", replaced: null });
    const restored = await openDatabase({ dataDir: target });
    await migrate(restored);
    expect(await snapshot(restored)).toEqual(before);
    await restored.db.execute(sql`delete from customer_interactions`);
    await restored.close();

    await expect(restoreDatabase({ dataDir: target }, file)).rejects.toThrow(/already exists and holds data.*--force/);
    const forced = await restoreDatabase({ dataDir: target }, file, { force: true });
    expect(forced.replaced).toMatch(/pglite\.replaced-/);
    const again = await openDatabase({ dataDir: target });
    expect((await snapshot(again)).counts).toEqual(before.counts);
    await again.close();

    // a PGlite backup is refused by PostgreSQL, and nonsense is refused by both
    await expect(restoreDatabase({ dataDir: target, databaseUrl: "postgres://nowhere/x" }, file)).rejects.toThrow(
      /Unset DATABASE_URL/,
    );
    await expect(restoreDatabase({ dataDir: target }, import.meta.filename)).rejects.toThrow(BackupError);
    await expect(restoreDatabase({ dataDir: target }, "/nonexistent/backup")).rejects.toThrow(/No such backup file/);
    // a whole backup and restore through the CLI's processes: bounded by its own work, not the default 30 s
  }, 180_000);

  it("says clearly when pg_dump is missing, without echoing the database password", async () => {
    const path0 = process.env.PATH;
    process.env.PATH = "/nonexistent";
    try {
      const attempt = backupDatabase(
        { dataDir: "unused", databaseUrl: "postgres://studio:s3cret-pass@127.0.0.1:1/studio" },
        path.join(tempDir(), "b.dump"),
      );
      await expect(attempt).rejects.toThrow(/pg_dump was not found on PATH/);
      await expect(attempt).rejects.not.toThrow(/s3cret/);
    } finally {
      process.env.PATH = path0;
    }
  });

  it("refuses to back up a data directory that holds no database", async () => {
    await expect(backupDatabase({ dataDir: tempDir() }, path.join(tempDir(), "b.tar.gz"))).rejects.toThrow(
      /no database/,
    );
  });
});

// registered only when the run has a PostgreSQL test database
if (process.env.TEST_DATABASE_URL)
  describe("backup and restore [postgres]", () => {
    it("round-trips the demo data with pg_dump and pg_restore, and refuses to overwrite without --force", async () => {
      const source = await createPostgresDatabase();
      const target = await createPostgresDatabase();
      try {
        const database = await openDatabase({ databaseUrl: source.url, poolSize: 2 });
        await fill(database);
        const before = await snapshot(database);
        await database.close();

        const file = path.join(tempDir(), "backup.dump");
        expect((await backupDatabase({ dataDir: "unused", databaseUrl: source.url }, file)).kind).toBe("postgres");
        await restoreDatabase({ dataDir: "unused", databaseUrl: target.url }, file);
        const restored = await openDatabase({ databaseUrl: target.url, poolSize: 2 });
        await migrate(restored);
        expect(await snapshot(restored)).toEqual(before);
        await restored.close();

        await expect(restoreDatabase({ dataDir: "unused", databaseUrl: target.url }, file)).rejects.toThrow(/--force/);
        await restoreDatabase({ dataDir: "unused", databaseUrl: target.url }, file, { force: true });
        const again = await openDatabase({ databaseUrl: target.url, poolSize: 2 });
        expect((await snapshot(again)).counts).toEqual(before.counts);
        await again.close();
        await expect(restoreDatabase({ dataDir: tempDir() }, file)).rejects.toThrow(/Set DATABASE_URL/);
      } finally {
        await source.drop();
        await target.drop();
      }
    }, 180_000);

    it("refuses --force while an app instance is connected, touching nothing; runs once none is (fault test 3)", async () => {
      const source = await createPostgresDatabase();
      const live = await createPostgresDatabase();
      try {
        const database = await openDatabase({ databaseUrl: source.url, poolSize: 2 });
        await migrate(database, () => seedBaseline(database.db));
        await database.close();
        const file = path.join(tempDir(), "backup.dump");
        await backupDatabase({ dataDir: "unused", databaseUrl: source.url }, file);

        // a running instance: the app's pool, with the connection its change feed keeps open
        const instance = await openDatabase({ databaseUrl: live.url, poolSize: 2 });
        await fill(instance);
        const before = await snapshot(instance);
        const listener = await instance.pool?.connect();
        try {
          const refused = restoreDatabase({ dataDir: "unused", databaseUrl: live.url }, file, { force: true });
          await expect(refused).rejects.toThrow(BackupError);
          await expect(refused).rejects.toThrow(/in use: \d+ connections? of the app .*Stop every server instance/);
          // nothing was dropped: the instance goes on with its data
          expect(await snapshot(instance)).toEqual(before);
        } finally {
          listener?.release();
          await instance.close();
        }
        // with every instance stopped, the restore replaces the database
        await restoreDatabase({ dataDir: "unused", databaseUrl: live.url }, file, { force: true });
        const restored = await openDatabase({ databaseUrl: live.url, poolSize: 2 });
        expect((await snapshot(restored)).counts.customers).toBe(0);
        await restored.close();
      } finally {
        await source.drop();
        await live.drop();
      }
    }, 180_000);
  });
