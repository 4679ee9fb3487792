/**
 * Backup and restore of the whole database (ADR 0027), for `npm run db:backup` and
 * `npm run db:restore`:
 * - PGlite (DATA_DIR): PGlite's own `dumpDataDir` (a gzipped tarball of the data directory, taken
 *   with the directory locked, so the server must be stopped: one process per data directory);
 *   restored with `loadDataDir` into a fresh directory. The copy is physical: every table,
 *   sequence, trigger and the migrations journal, exactly.
 * - PostgreSQL (DATABASE_URL): `pg_dump --format=custom` (a consistent snapshot, fine while the
 *   server runs) and `pg_restore`; both must be on PATH, otherwise a clear message says so.
 * A restore refuses to replace a database that exists and holds tables unless `force` is given,
 * and never runs under a live server: PGlite's directory lock, and on PostgreSQL a check that no
 * connection of the app (application_name "studio") is open, made under the migrations' advisory
 * lock, which it holds until pg_restore is done, so an instance starting meanwhile waits (ADR 0048).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PoolClient } from "pg";
import { appConnectionName, lockDataDir, openDatabase } from "#app/db/client.server.ts";
import { MIGRATION_LOCK_KEY } from "#app/db/migrate.server.ts";

export type BackupTarget = { databaseUrl?: string | undefined; dataDir: string };

export class BackupError extends Error {}

type Kind = "pglite" | "postgres";

const gzipMagic = [0x1f, 0x8b];
const pgDumpMagic = "PGDMP";

/** Which kind of database a backup file holds, from its first bytes. */
function backupKind(bytes: Uint8Array): Kind | null {
  if (bytes[0] === gzipMagic[0] && bytes[1] === gzipMagic[1]) return "pglite";
  if (Buffer.from(bytes.subarray(0, 5)).toString("latin1") === pgDumpMagic) return "postgres";
  return null;
}

export function defaultBackupFile(target: BackupTarget, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  return path.join(
    "backups",
    `studio-${target.databaseUrl ? "postgres" : "pglite"}-${stamp}.${target.databaseUrl ? "dump" : "tar.gz"}`,
  );
}

/** Writes a backup of the configured database to `file`; returns its size in bytes. */
export async function backupDatabase(target: BackupTarget, file: string): Promise<{ kind: Kind; bytes: number }> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (target.databaseUrl) {
    const { dbname, env } = connection(target.databaseUrl);
    await run(
      "pg_dump",
      ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`, `--dbname=${dbname}`],
      env,
    );
    return { kind: "postgres", bytes: readFileSync(file).length };
  }
  if (!existsSync(path.join(target.dataDir, "pglite", "PG_VERSION"))) {
    throw new BackupError(`There is no database in ${target.dataDir} to back up.`);
  }
  const database = await openDatabase({ dataDir: target.dataDir });
  try {
    // a checkpoint first, so the files hold every committed transaction
    await database.pglite?.query("CHECKPOINT");
    const blob = await database.pglite?.dumpDataDir("gzip");
    if (!blob) throw new BackupError("PGlite did not produce a dump.");
    const bytes = new Uint8Array(await blob.arrayBuffer());
    writeFileSync(file, bytes, { mode: 0o600 });
    return { kind: "pglite", bytes: bytes.length };
  } finally {
    await database.close();
  }
}

/**
 * Restores `file` into the configured database. Refuses (BackupError) when the database already
 * exists and holds tables, unless `force`: then PGlite's current directory is kept beside the new
 * one (`pglite.replaced-<time>`), and PostgreSQL's schemas are dropped first.
 */
export async function restoreDatabase(
  target: BackupTarget,
  file: string,
  options: { force?: boolean; now?: Date } = {},
): Promise<{ kind: Kind; replaced: string | null }> {
  if (!existsSync(file)) throw new BackupError(`No such backup file: ${file}`);
  const bytes = readFileSync(file);
  const kind = backupKind(bytes);
  if (!kind) throw new BackupError(`${file} is not a backup made by npm run db:backup.`);
  const targetKind: Kind = target.databaseUrl ? "postgres" : "pglite";
  if (kind !== targetKind) {
    throw new BackupError(
      kind === "pglite"
        ? `${file} is a backup of the embedded database (PGlite), but DATABASE_URL names PostgreSQL. Unset DATABASE_URL to restore it into DATA_DIR.`
        : `${file} is a PostgreSQL backup (pg_dump), but no DATABASE_URL is set. Set DATABASE_URL to the database to restore it into.`,
    );
  }
  return target.databaseUrl
    ? restorePostgres(target.databaseUrl, file, options.force ?? false)
    : restorePGlite(target.dataDir, bytes, options.force ?? false, options.now ?? new Date());
}

const refusal = (where: string) =>
  `The database ${where} already exists and holds data. A restore replaces it: run again with --force.`;

async function restorePGlite(dataDir: string, bytes: Buffer, force: boolean, now: Date) {
  const pgDir = path.join(dataDir, "pglite");
  let replaced: string | null = null;
  if (existsSync(path.join(pgDir, "PG_VERSION"))) {
    if (!force) throw new BackupError(`${refusal(`in ${dataDir}`)} (The current one is then kept beside it.)`);
    // the lock proves no server has the directory open before anything moves
    const database = await openDatabase({ dataDir });
    await database.close();
    replaced = `${pgDir}.replaced-${now.toISOString().replace(/[:.]/g, "-")}`;
    renameSync(pgDir, replaced);
  }
  mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const client = await PGlite.create({
      dataDir: pgDir,
      extensions: { pg_trgm },
      loadDataDir: new Blob([new Uint8Array(bytes)]),
    });
    await client.query("select 1");
    await client.query("CHECKPOINT");
    await client.close();
  } finally {
    release();
  }
  return { kind: "pglite" as const, replaced };
}

/**
 * How many connections of the app are open on the database. A server that has just stopped may be
 * listed for a moment after it closed its connections: a count above zero is read again for up to
 * `settleMs` before it stands.
 */
async function appConnections(client: PoolClient, settleMs = 2_000): Promise<number> {
  const deadline = Date.now() + settleMs;
  for (;;) {
    const live = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
      [appConnectionName],
    );
    const connections = live.rows[0]?.n ?? 0;
    if (connections === 0 || Date.now() >= deadline) return connections;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The restore's own connection: not counted among the app's. */
const restoreConnectionName = "studio-restore";

async function restorePostgres(url: string, file: string, force: boolean) {
  const database = await openDatabase({ databaseUrl: url, poolSize: 1, applicationName: restoreConnectionName });
  const client = await database.pool?.connect();
  if (!client) throw new BackupError("Could not connect to the database named by DATABASE_URL.");
  try {
    // held until pg_restore is done: an instance starting meanwhile waits at its migrations for it
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      const connections = await appConnections(client);
      if (connections > 0) throw new BackupError(liveRefusal(connections));
      const result = await client.query<{ n: number }>(
        "select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')",
      );
      const tables = result.rows[0]?.n ?? 0;
      if (tables > 0) {
        if (!force) throw new BackupError(refusal(`named by DATABASE_URL (${tables} tables)`));
        await client.query("drop schema if exists drizzle cascade");
        await client.query("drop schema public cascade");
        await client.query("create schema public");
      }
      const { dbname, env } = connection(url);
      await run(
        "pg_restore",
        ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${dbname}`, file],
        env,
      );
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    }
  } finally {
    client.release();
    await database.close();
  }
  return { kind: "postgres" as const, replaced: null };
}

/**
 * A restore under a running server stalls its traffic and loses what it writes meanwhile (its
 * answers said "sent"): refused while any connection of the app is open on the database.
 */
function liveRefusal(connections: number): string {
  return `The database named by DATABASE_URL is in use: ${connections} connection${connections === 1 ? "" : "s"} of the app ${connections === 1 ? "is" : "are"} open on it. Stop every server instance (and any npm run db: task) first, then run the restore again; what a running server wrote during a restore would be lost.`;
}

/** The URL without its password (which travels in PGPASSWORD, out of the process list). */
function connection(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a PostgreSQL client tool; a missing tool or a failure becomes a clear BackupError. */
function run(tool: "pg_dump" | "pg_restore", args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, ...env } });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        new BackupError(
          error.code === "ENOENT"
            ? `${tool} was not found on PATH. Install the PostgreSQL client tools (the server's major version or newer) and run again.`
            : `${tool} could not start: ${error.message}`,
        ),
      );
    });
    child.on("close", (code) => {
      if (code === 0) resolve();
      // the connection string may carry a password: never echo it
      else
        reject(
          new BackupError(
            `${tool} failed (exit ${code}): ${stderr.replaceAll(/postgres(ql)?:\/\/\S+/g, "[database URL]").trim()}`,
          ),
        );
    });
  });
}
