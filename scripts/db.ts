/**
 * Database tasks outside the server:
 *   npm run db:migrate            apply the committed migrations
 *   npm run db:seed               the baseline content (idempotent)
 *   npm run db:seed -- --demo     plus a small demo data set for the back office
 *   npm run db:seed -- --scale    plus a data set at scale (100,000 contact submissions, 20,000 customers, 10,000 projects,
 *                                 50,000 invoices and estimates, 10,000 time entries, 2,000 expenses); --scale=0.1 for a
 *                                 tenth of it. Once per database.
 *   npm run db:backup [FILE]      a backup (PGlite: the data directory, gzipped; PostgreSQL: pg_dump)
 *   npm run db:restore -- FILE [--force]   restore one (--force replaces an existing database)
 * Uses DATABASE_URL when set, else the embedded database in DATA_DIR (stop the
 * server first: one process per data directory).
 */

import { ConfigError, loadConfig } from "#app/config.server.ts";
import { BackupError, backupDatabase, defaultBackupFile, restoreDatabase } from "#app/db/backup.server.ts";
import { DataDirInUseError, openAppDatabase } from "#app/db/client.server.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { seedBaseline, seedDemo } from "#app/db/seed.server.ts";
import { ScaleSeedRefusedError, seedScale } from "#app/db/seed-scale.server.ts";
import { loadEnvFileOrExit } from "../server/env-file.ts";

loadEnvFileOrExit();

const [command, ...flags] = process.argv.slice(2);
const usage =
  "usage: node scripts/db.ts migrate | seed [--demo] [--scale[=FACTOR]] | backup [FILE] | restore FILE [--force]";
if (command !== "migrate" && command !== "seed" && command !== "backup" && command !== "restore") {
  console.error(usage);
  process.exit(2);
}

if (command === "backup" || command === "restore") {
  const files = flags.filter((flag) => !flag.startsWith("--"));
  const unknown = flags.filter((flag) => flag.startsWith("--") && flag !== "--force");
  if (unknown.length > 0 || files.length > 1 || (command === "restore" && files.length !== 1)) {
    console.error(usage);
    process.exit(2);
  }
  try {
    const config = loadConfig();
    const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
    if (command === "backup") {
      const file = files[0] ?? defaultBackupFile(target);
      const made = await backupDatabase(target, file);
      console.warn(`Backup written to ${file} (${made.kind}, ${Math.ceil(made.bytes / 1024)} KB).`);
    } else {
      const file = files[0] ?? "";
      const restored = await restoreDatabase(target, file, { force: flags.includes("--force") });
      console.warn(`Restored ${file} (${restored.kind}).`);
      if (restored.replaced) console.warn(`The database it replaced is kept in ${restored.replaced}.`);
    }
  } catch (error) {
    if (error instanceof BackupError || error instanceof ConfigError || error instanceof DataDirInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  process.exit(0);
}

/** `--scale` (1) or `--scale=0.25`; undefined without the flag */
function scaleFlag(): number | undefined {
  const flag = flags.find((value) => value === "--scale" || value.startsWith("--scale="));
  if (!flag) return undefined;
  const factor = flag === "--scale" ? 1 : Number(flag.slice("--scale=".length));
  if (!(factor > 0) || !Number.isFinite(factor)) {
    console.error(`--scale takes a positive factor (--scale=0.5), not ${flag}`);
    process.exit(2);
  }
  return factor;
}
const scale = command === "seed" ? scaleFlag() : undefined;
const unknownSeedFlags = flags.filter(
  (flag) => flag !== "--demo" && flag !== "--scale" && !flag.startsWith("--scale="),
);
if (command === "seed" && unknownSeedFlags.length > 0) {
  console.error(usage);
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
      if (scale !== undefined) {
        const report = await seedScale(database, { scale });
        console.warn(`Data at scale ${scale} added (${database.kind}) in ${report.seconds.toFixed(1)} s.`);
      }
    }
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirInUseError || error instanceof ScaleSeedRefusedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
