/**
 * Start-up and shut-down of everything the server needs besides HTTP:
 * configuration, logger, database (opened, migrated, seeded).
 */
import type { Config } from "#app/config.server.ts";
import { type Database, openDatabase } from "#app/db/client.server.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { seedBaseline } from "#app/db/seed.server.ts";
import type { Logger } from "#app/services/logger.server.ts";

export type Runtime = {
  config: Config;
  logger: Logger;
  database: Database;
};

export async function openAppDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ databaseUrl: config.databaseUrl })
    : openDatabase({ dataDir: config.dataDir });
}

export async function startRuntime(config: Config, logger: Logger): Promise<Runtime> {
  const database = await openAppDatabase(config);
  try {
    const started = Date.now();
    let seeded: Awaited<ReturnType<typeof seedBaseline>> | undefined;
    await migrate(database, async () => {
      seeded = await seedBaseline(database.db);
    });
    logger.info({ database: database.kind, ms: Date.now() - started, seeded }, "database ready");
  } catch (error) {
    await database.close();
    throw error;
  }
  return { config, logger, database };
}
