/**
 * Integration tests run against a migrated PGlite, and also against PostgreSQL
 * when TEST_DATABASE_URL is set. Each test worker opens one database of each
 * kind, lazily, and shares it between its test files (creating a PGlite takes
 * ~4 s); every test starts on emptied tables. The integration project runs with
 * `isolate: false` so the worker's databases outlive a file; the PostgreSQL ones
 * are named after the run and the worker and dropped by `database-setup.ts`.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, inject } from "vitest";
import { type Database, type DatabaseKind, openDatabase, selectRows } from "#app/db/client.server.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { workerDatabasePrefix } from "./database-setup.ts";

export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export type TestDatabase = Database & { url?: string; drop(): Promise<void> };

/** A new PostgreSQL database on the TEST_DATABASE_URL server; returns its URL. */
export async function createPostgresDatabase(
  name = `studio_test_${process.pid}_${randomBytes(4).toString("hex")}`,
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name: ${name}`);
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
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

async function createTestDatabase(kind: DatabaseKind, name?: string): Promise<TestDatabase> {
  if (kind === "pglite") {
    const database = await openDatabase({ dataDir: null });
    await migrate(database);
    return { ...database, drop: () => database.close() };
  }
  const created = await createPostgresDatabase(name);
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
 * Empties every application table (not the migrations journal, which lives in its own schema) and
 * puts the sequences back to 1, as `truncate ... restart identity` does, in one statement: rows are
 * deleted with the triggers and foreign keys off (`session_replication_role = replica`, for this
 * statement's transaction only), so the append-only audit log empties too, and the submission counts
 * kept by triggers are set to 0 as their truncate trigger does. A truncate of every table took 0.9-1.1 s
 * on PostgreSQL and 0.17-0.19 s on PGlite per test; this takes 12 ms and 20 ms (docs/benchmarks.md).
 * A role that may not set the replication role (not a superuser) gets the truncate.
 */
const emptyEveryTable = `DO $$
DECLARE found record;
BEGIN
  SET LOCAL session_replication_role = replica;
  FOR found IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'contact_submission_counts' LOOP
    EXECUTE format('DELETE FROM public.%I', found.tablename);
  END LOOP;
  UPDATE public.contact_submission_counts SET total = 0;
  PERFORM setval(c.oid, 1, false) FROM pg_class c WHERE c.relkind = 'S' AND c.relnamespace = 'public'::regnamespace;
END $$`;

const truncating = new WeakSet<Database>();

async function resetDatabase(database: Database): Promise<void> {
  if (!truncating.has(database)) {
    try {
      await database.db.execute(sql.raw(emptyEveryTable));
      return;
    } catch (error) {
      if (!/permission denied/i.test(String(error))) throw error;
      truncating.add(database);
    }
  }
  const rows = await selectRows<{ tablename: string }>(
    database.db,
    sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'contact_submission_counts'`,
  );
  if (rows.length === 0) return;
  const tables = rows.map((row) => `"public"."${row.tablename}"`).join(", ");
  await database.db.execute(sql.raw(`truncate ${tables} restart identity cascade`));
}

type WorkerDatabases = Map<DatabaseKind, Promise<TestDatabase>>;
const workerKey = Symbol.for("studio.test.workerDatabases");

/**
 * This worker's database of the given kind, created and migrated on first use and
 * kept until the worker exits. Kept on globalThis so that every test file the
 * worker runs gets the same one.
 */
function workerDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const global = globalThis as { [workerKey]?: WorkerDatabases };
  global[workerKey] ??= new Map();
  const databases = global[workerKey];
  let database = databases.get(kind);
  if (!database) {
    const name = kind === "postgres" ? postgresWorkerDatabaseName() : undefined;
    database = createTestDatabase(kind, name);
    // a failed creation is retried by the next file rather than cached
    database.catch(() => databases.delete(kind));
    databases.set(kind, database);
  }
  return database;
}

function postgresWorkerDatabaseName(): string | undefined {
  let runId: string | undefined;
  try {
    runId = inject("testRunId");
  } catch {
    runId = undefined;
  }
  // outside the integration project (no global set-up): a one-off name, as before
  if (!runId) return undefined;
  return `${workerDatabasePrefix(runId)}${process.env.VITEST_POOL_ID ?? process.pid}`;
}

/**
 * Runs the suite once per database kind. The callback gets a getter for the
 * database, which is emptied before each test. The database is the worker's
 * shared one (see workerDatabase), so a suite must not close it.
 */
export function describeEachDatabase(
  name: string,
  suite: (database: () => TestDatabase, kind: DatabaseKind) => void,
): void {
  for (const kind of databaseKinds) {
    describe(`${name} [${kind}]`, () => {
      let database: TestDatabase | undefined;
      beforeAll(async () => {
        database = await workerDatabase(kind);
      });
      beforeEach(async () => {
        if (database) await resetDatabase(database);
      });
      suite(() => {
        if (!database) throw new Error("test database not ready");
        return database;
      }, kind);
    });
  }
}
