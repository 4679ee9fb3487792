/**
 * Applies the committed SQL migrations in drizzle/. Called once, explicitly,
 * before the server listens (and by `npm run db:migrate`); never on import.
 * On PostgreSQL it holds an advisory lock, so instances starting together
 * take turns and the second finds nothing left to do.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "#app/db/client.server.ts";

/** An arbitrary constant shared by every instance of this app. */
export const MIGRATION_LOCK_KEY = 727_271_001;

function migrationsFolder(): string {
  // Walk up from this module (app/db in development, build/server in production)
  // to the project root, which holds drizzle/.
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "drizzle", "meta", "_journal.json");
    if (existsSync(candidate)) return path.join(dir, "drizzle");
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Cannot find the drizzle/ migrations folder");
    dir = parent;
  }
}

/**
 * Migrates, then runs `afterwards` (the baseline seed) while still holding the
 * lock, so that two instances starting on an empty database seed it once.
 */
export async function migrate(database: Database, afterwards?: () => Promise<unknown>): Promise<void> {
  const folder = migrationsFolder();
  if (database.pglite) {
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate: run } = await import("drizzle-orm/pglite/migrator");
    await run(drizzle({ client: database.pglite }), { migrationsFolder: folder });
    await afterwards?.();
    return;
  }
  if (!database.pool) throw new Error("unknown database driver");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate: run } = await import("drizzle-orm/node-postgres/migrator");
  const client = await database.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await run(drizzle({ client }), { migrationsFolder: folder });
      await afterwards?.();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
