/**
 * Integration tests run against a fresh migrated PGlite, and also against
 * PostgreSQL when TEST_DATABASE_URL is set (a database of their own, dropped after).
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import { type Database, type DatabaseKind, openDatabase, selectRows } from "#app/db/client.server.ts";
import { migrate } from "#app/db/migrate.server.ts";

export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export type TestDatabase = Database & { url?: string; drop(): Promise<void> };

/** A new PostgreSQL database on the TEST_DATABASE_URL server; returns its URL. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const { default: pg } = await import("pg");
  const name = `studio_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === "pglite") {
    const database = await openDatabase({ dataDir: null });
    await migrate(database);
    return { ...database, drop: () => database.close() };
  }
  const created = await createPostgresDatabase();
  const database = await openDatabase({ databaseUrl: created.url, poolSize: 5 });
  await migrate(database);
  return {
    ...database,
    url: created.url,
    async drop() {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * Empties every application table (not the migrations journal). Derived tables
 * kept by triggers (contact_submission_counts) reset themselves.
 */
export async function resetDatabase(database: Database): Promise<void> {
  const rows = await selectRows<{ tablename: string }>(
    database.db,
    sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'contact_submission_counts'`,
  );
  if (rows.length === 0) return;
  const tables = rows.map((row) => `"public"."${row.tablename}"`).join(", ");
  await database.db.execute(sql.raw(`truncate ${tables} restart identity cascade`));
}

/**
 * Runs the suite once per database kind. The callback gets a getter for the
 * database, which is emptied before each test.
 */
export function describeEachDatabase(name: string, suite: (database: () => TestDatabase) => void): void {
  for (const kind of databaseKinds) {
    describe(`${name} [${kind}]`, () => {
      let database: TestDatabase | undefined;
      beforeAll(async () => {
        database = await createTestDatabase(kind);
      });
      afterAll(async () => {
        await database?.drop();
      });
      beforeEach(async () => {
        if (database) await resetDatabase(database);
      });
      suite(() => {
        if (!database) throw new Error("test database not ready");
        return database;
      });
    });
  }
}
