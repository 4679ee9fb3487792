/**
 * A database of its own for one benchmark run: a PGlite data directory, or a PostgreSQL database
 * created for it on the TEST_DATABASE_URL server. `prepare` fills it and it is closed again (PGlite
 * is one process per data directory, and the server opens it next); `run` starts the production
 * server on it with `start`. The server, the directory and the database are gone at the end.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Database, type DatabaseKind, openDatabase } from "#app/db/client.server.ts";
import { createPostgresDatabase } from "../../tests/support/database.ts";
import { startServer, type TestServer } from "../../tests/support/server.ts";

export async function withBenchDatabase<Prepared, Result>(
  kind: DatabaseKind,
  prepare: (database: Database) => Promise<Prepared>,
  run: (context: {
    prepared: Prepared;
    dataDir: string;
    /** the server's environment for this database (DATABASE_URL on PostgreSQL) */
    env: Record<string, string>;
    /** starts the server on it; `extraEnv` adds to its environment (the payment provider's keys) */
    start: (extraEnv?: Record<string, string>) => Promise<TestServer>;
  }) => Promise<Result>,
): Promise<Result> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "studio-bench-"));
  const created = kind === "postgres" ? await createPostgresDatabase() : undefined;
  const env: Record<string, string> = created ? { DATABASE_URL: created.url } : {};
  let server: TestServer | undefined;
  try {
    const database = created ? await openDatabase({ databaseUrl: created.url }) : await openDatabase({ dataDir });
    let prepared: Prepared;
    try {
      prepared = await prepare(database);
    } finally {
      await database.close();
    }
    const start = async (extraEnv: Record<string, string> = {}) => {
      server = await startServer({ dataDir, keepDataDir: true, env: { ...env, ...extraEnv } });
      return server;
    };
    return await run({ prepared, dataDir, env, start });
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await created?.drop();
  }
}
