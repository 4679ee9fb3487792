/**
 * The one database module. PGlite (embedded PostgreSQL) in DATA_DIR when
 * DATABASE_URL is unset, a node-postgres pool when it is set. Either way the
 * rest of the code sees one typed `db`.
 *
 * Inside `db.transaction(async (tx) => ...)` use only `tx`: PGlite runs one
 * query at a time, so a query on `db` inside a transaction waits forever.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Pool, PoolClient } from "pg";
import * as schema from "#app/db/schema.ts";

type Schema = typeof schema;
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

// ---------------------------------------------------------------- queries per request

/** What one request asked of the database: how many queries, and their summed time in ms. */
export type QueryStats = { count: number; ms: number };

const queryStats = new AsyncLocalStorage<QueryStats>();

/**
 * Runs `fn` with `stats` counting every query issued from it (and from what it awaits), on either
 * driver: server/app.ts wraps each request in one, so the request log line says how many queries it ran.
 */
export function runWithQueryStats<T>(stats: QueryStats, fn: () => T): T {
  return queryStats.run(stats, fn);
}

/** Counts and times one driver call in the caller's stats, if it has any. */
function counted<T>(run: () => T): T {
  const stats = queryStats.getStore();
  if (!stats) return run();
  stats.count += 1;
  const started = performance.now();
  const result = run();
  if (result instanceof Promise) {
    const done = () => {
      stats.ms += performance.now() - started;
    };
    result.then(done, done);
  }
  return result;
}

type AnyFunction = (...args: never[]) => unknown;
/** Replaces `target[key]` by a counting wrapper (the driver method keeps its `this`). */
function countCalls<O extends object, K extends keyof O>(target: O, key: K) {
  const original = target[key] as AnyFunction;
  target[key] = ((...args: never[]) => counted(() => original.apply(target, args))) as O[K];
  return () => {
    target[key] = original as O[K];
  };
}

/**
 * node-postgres: `pool.query` (drizzle outside transactions) and the clients checked out with
 * `pool.connect()` (drizzle's transactions), until released. `pool.query`'s own checkout (the
 * callback form) is not counted again.
 */
function countPoolQueries(pool: Pool) {
  countCalls(pool, "query");
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    if (args.length > 0) return connect(...args);
    return (connect() as Promise<PoolClient>).then((client) => {
      const restore = countCalls(client, "query");
      const release = client.release;
      client.release = (...releaseArgs: Parameters<PoolClient["release"]>) => {
        restore();
        client.release = release;
        return release.apply(client, releaseArgs);
      };
      return client;
    });
  }) as Pool["connect"];
}

/**
 * PGlite: `query` (drizzle outside transactions) and the transaction handle's `query`, plus the
 * BEGIN and COMMIT (or ROLLBACK) PGlite runs itself, which drizzle sends as queries on PostgreSQL.
 */
function countPGliteQueries(client: PGlite) {
  countCalls(client, "query");
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: Parameters<PGlite["transaction"]>[0]) => {
    const stats = queryStats.getStore();
    if (stats) stats.count += 2;
    return transaction((tx) => {
      countCalls(tx, "query");
      return callback(tx);
    });
  }) as PGlite["transaction"];
}

/**
 * The `application_name` of the app's PostgreSQL connections (the server's, the scripts'): a restore
 * refuses to run while any connection of that name is open on its database (app/db/backup.server.ts).
 */
export const appConnectionName = "studio";

export type OpenOptions =
  | { databaseUrl: string; poolSize?: number; applicationName?: string }
  /** dataDir null: an in-memory database (tests) */
  | { dataDir: string | null };

/** The database the configuration names: the server, the scripts and the benchmarks open it through here. */
export function openAppDatabase(config: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ databaseUrl: config.databaseUrl })
    : openDatabase({ dataDir: config.dataDir });
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if ("databaseUrl" in options) {
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.applicationName ?? appConnectionName);
  }
  return openPGlite(options.dataDir);
}

async function openPostgres(url: string, max: number, applicationName: string): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  // date columns stay 'YYYY-MM-DD' strings instead of local-midnight Date objects
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: applicationName,
    types: { getTypeParser: (oid, format) => (oid === 1082 ? (v: string) => v : pg.types.getTypeParser(oid, format)) },
  });
  pool.on("error", () => {
    // an idle client lost its connection; the pool replaces it on next use
  });
  // a client lost while checked out between two queries (a transaction waiting on its own work when the server
  // ends the connection) emits "error" with no query to give it to: without a listener that throws and stops the
  // process; the transaction's next query fails instead, and rolls it back
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  countPoolQueries(pool);
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
const pgliteStartParams = [
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
  countPGliteQueries(client);
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
