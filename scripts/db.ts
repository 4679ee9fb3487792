/**
 * Database tasks outside the server:
 *   npm run db:migrate            apply the committed migrations
 *   npm run db:seed               the baseline content (idempotent)
 *   npm run db:seed -- --demo     plus a small demo data set for the back office
 * Uses DATABASE_URL when set, else the embedded database in DATA_DIR (stop the
 * server first: one process per data directory).
 */

import { ConfigError, loadConfig } from "#app/config.server.ts";
import { DataDirInUseError, openAppDatabase } from "#app/db/client.server.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { seedBaseline, seedDemo } from "#app/db/seed.server.ts";
import { loadEnvFileOrExit } from "../server/env-file.ts";

loadEnvFileOrExit();

const [command, ...flags] = process.argv.slice(2);
if (command !== "migrate" && command !== "seed") {
  console.error("usage: node scripts/db.ts migrate | seed [--demo]");
  process.exit(2);
}

try {
  const config = loadConfig();
  const database = await openAppDatabase(config);
  try {
    if (command === "migrate") {
      await migrate(database);
      console.warn(`Migrations applied (${database.kind}).`);
    } else {
      await migrate(database, async () => {
        const report = await seedBaseline(database.db);
        console.warn(`Baseline: ${JSON.stringify(report)}`);
      });
      if (flags.includes("--demo")) {
        const added = await seedDemo(database.db);
        console.warn(added ? "Demo data added." : "Demo data not added: the database already has customers.");
      }
    }
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
