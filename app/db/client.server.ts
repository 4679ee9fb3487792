/**
 * The one database module. PGlite (embedded PostgreSQL) in DATA_DIR when
 * DATABASE_URL is unset, a node-postgres pool when it is set. Either way the
 * rest of the code sees one typed `db`.
 *
 * Inside `db.transaction(async (tx) => ...)` use only `tx`: PGlite runs one
 * query at a time, so a query on `db` inside a transaction waits forever.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Pool } from "pg";
import * as schema from "#app/db/schema.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Either the database or a transaction: what model functions take. */
export type Queryable = Db | Tx;

export type DatabaseKind = "pglite" | "postgres";

/** Rows of a raw SQL query; both drivers return `{ rows }`. */
export async function selectRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

export type Database = {
  kind: DatabaseKind;
  db: Db;
  /** A short query with a time limit; throws when the database does not answer. */
  ping(timeoutMs?: number): Promise<void>;
  /** Flush and close; releases the data-directory lock. Safe to call twice. */
  close(): Promise<void>;
  /** Underlying drivers, for migrations and LISTEN/NOTIFY. */
  pglite?: PGlite;
  pool?: Pool;
};

export class DataDirInUseError extends Error {}

export type OpenOptions =
  | { databaseUrl: string; poolSize?: number }
  /** dataDir null: an in-memory database (tests) */
  | { dataDir: string | null };

/** The database the configuration names: the server, the scripts and the benchmarks open it through here. */
export function openAppDatabase(config: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ databaseUrl: config.databaseUrl })
    : openDatabase({ dataDir: config.dataDir });
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if ("databaseUrl" in options) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPGlite(options.dataDir);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  // date columns stay 'YYYY-MM-DD' strings instead of local-midnight Date objects
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types: { getTypeParser: (oid, format) => (oid === 1082 ? (v: string) => v : pg.types.getTypeParser(oid, format)) },
  });
  pool.on("error", () => {
    // an idle client lost its connection; the pool replaces it on next use
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  let closed = false;
  return {
    kind: "postgres",
    db,
    pool,
    ping: (timeoutMs = 2000) => withTimeout(db.execute(sql`select 1`), timeoutMs),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * PGlite's own start parameters plus a smaller buffer pool: its default `shared_buffers` of
 * 128 MB lives in the WebAssembly memory, which never shrinks, and cost about 100 MB of RSS
 * once touched; the data files are read through Node's file system, so the operating
 * system's page cache still holds them (docs/benchmarks.md, "Lean server").
 */
export const pgliteStartParams = [
  "--single",
  "-F",
  "-O",
  "-j",
  "-c",
  "search_path=public",
  "-c",
  "exit_on_error=false",
  "-c",
  "log_checkpoints=false",
  "-c",
  "max_worker_processes=0",
  "-c",
  "max_parallel_workers=0",
  "-c",
  "max_parallel_workers_per_gather=0",
  "-c",
  "io_method=sync",
  "-c",
  "max_parallel_maintenance_workers=0",
  "-c",
  "shared_buffers=16MB",
];

async function openPGlite(dataDir: string | null): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");

  let releaseLock = () => {};
  let pgDir: string | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = lockDataDir(dataDir);
    pgDir = path.join(dataDir, "pglite");
  }
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: pgDir, extensions: { pg_trgm }, startParams: pgliteStartParams });
  } catch (error) {
    releaseLock();
    throw error;
  }
  const db = drizzle({ client, schema }) as unknown as Db;
  let closed = false;
  return {
    kind: "pglite",
    db,
    pglite: client,
    ping: (timeoutMs = 2000) => withTimeout(client.query("select 1"), timeoutMs),
    async close() {
      if (closed) return;
      closed = true;
      try {
        if (dataDir) await client.query("CHECKPOINT");
        await client.close();
      } finally {
        releaseLock();
      }
    },
  };
}

/**
 * PGlite is one process per data directory: two processes writing the same files
 * corrupt them. A lock file with our pid guards it; a stale lock (its process gone)
 * is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, "pglite.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(readFileSync(file, "utf8").trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirInUseError(
          `The data directory ${dataDir} is in use by another process (pid ${pid}). Stop that process first, or set DATABASE_URL to use PostgreSQL.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the data directory ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function withTimeout(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      promise,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
