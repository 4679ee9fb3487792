/**
 * Start-up and shut-down of everything the server needs besides HTTP:
 * configuration, logger, database (opened, migrated, seeded), background workers.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Config } from "#app/config.server.ts";
import { type Database, openAppDatabase } from "#app/db/client.server.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { seedBaseline } from "#app/db/seed.server.ts";
import { sendBookingReminders } from "#app/services/booking.server.ts";
import { type ChangeFeed, openChangeFeed } from "#app/services/events.server.ts";
import { queueDueReminders } from "#app/services/invoice-sending.server.ts";
import type { Logger } from "#app/services/logger.server.ts";
import {
  createSmtpTransport,
  dropExpiredSecrets,
  type MailWorker,
  mailKey,
  startMailWorker,
} from "#app/services/mail.server.ts";
import { createPageViewCounter, type PageViewCounter } from "#app/services/page-views.server.ts";
import { answerPortalLinkRequests } from "#app/services/portal.server.ts";
import { pruneRateLimits } from "#app/services/rate-limit.server.ts";
import { runDueSchedules } from "#app/services/retainers.server.ts";
import { purgeOldSpam } from "#app/services/spam.server.ts";

export type Runtime = {
  config: Config;
  logger: Logger;
  database: Database;
  mail: MailWorker;
  /** public page views, counted in memory and written every few seconds and at shutdown */
  pageViews: PageViewCounter;
  /** changes to listed tables, for the back office's live lists */
  changes: ChangeFeed;
  /** aborted when shutting down begins: long-lived responses (the event stream) end on it */
  shutdown: AbortSignal;
  /** aborts `shutdown`; the server calls it before it stops accepting */
  beginShutdown(): void;
  /** stops the workers, then closes the database; `onStep` is told each step as it begins */
  close(onStep?: (step: string) => void): Promise<void>;
};

/** The embedded database has not been created yet (no DATABASE_URL and no data directory for it). */
export function embeddedDatabaseIsNew(config: Pick<Config, "databaseUrl" | "dataDir">): boolean {
  return !config.databaseUrl && !existsSync(path.join(config.dataDir, "pglite"));
}

/**
 * Creates, migrates and seeds the database, then closes it: the set-up of a new embedded database,
 * run in a short-lived process so that the heap PGlite grows while migrating and seeding goes with it.
 */
export async function prepareDatabase(config: Config, logger: Logger): Promise<void> {
  const database = await openAppDatabase(config);
  try {
    const started = Date.now();
    let seeded: Awaited<ReturnType<typeof seedBaseline>> | undefined;
    await migrate(database, async () => {
      seeded = await seedBaseline(database.db);
    });
    logger.info({ database: database.kind, ms: Date.now() - started, seeded }, "new database prepared");
  } finally {
    await database.close();
  }
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

  if (!config.smtpUrl) logger.warn("SMTP_URL is not set: outgoing mail is kept in the outbox and logged");
  const transport = config.smtpUrl ? await createSmtpTransport(config.smtpUrl) : null;
  const mail = startMailWorker(database.db, {
    transport,
    from: config.mailFrom,
    logger,
    key: mailKey(config.sessionSecret),
    // a client's request for a portal link is answered after the page has answered (ADR 0047)
    prepare: () => answerPortalLinkRequests({ db: database.db, config }),
  });
  const pageViews = createPageViewCounter(database.db, logger);
  const changes = await openChangeFeed(database, (error) => logger.warn({ err: error }, "change feed error"));
  const maintain = () => {
    pruneRateLimits(database.db).catch((error) => logger.warn({ err: error }, "rate-limit pruning failed"));
    dropExpiredSecrets(database.db).catch((error) => logger.warn({ err: error }, "outbox secret purge failed"));
    purgeOldSpam(database.db).catch((error) => logger.warn({ err: error }, "suspected-spam purge failed"));
    queueDueReminders({ db: database.db, config, logger })
      .then((queued) => {
        if (queued > 0) {
          logger.info({ queued }, "payment reminders queued");
          mail.kick();
        }
      })
      .catch((error) => logger.warn({ err: error }, "payment reminders failed"));
    sendBookingReminders({ database, config })
      .then((queued) => {
        if (queued > 0) {
          logger.info({ queued }, "consultation reminders queued");
          mail.kick();
        }
      })
      .catch((error) => logger.warn({ err: error }, "consultation reminders failed"));
    runDueSchedules({ db: database.db, config, logger })
      .then((run) => {
        if (run.made.length > 0) {
          logger.info({ made: run.made.length, sent: run.sent }, "recurring invoices made");
          if (run.sent > 0) mail.kick();
        }
      })
      .catch((error) => logger.warn({ err: error }, "recurring invoices failed"));
  };
  maintain();
  const maintenance = setInterval(maintain, 15 * 60_000);
  maintenance.unref();
  // PGlite has no autovacuum: without it the planner keeps the statistics of tables as they were
  // when their indexes were built (a trigram search then scans). Ten minutes after start, then daily.
  const vacuumNow = () => {
    const started = Date.now();
    database.db
      .execute(sql`vacuum analyze`)
      .then(() => logger.info({ ms: Date.now() - started }, "vacuum analyze done"))
      .catch((error) => logger.warn({ err: error }, "vacuum analyze failed"));
  };
  const timers: ReturnType<typeof setTimeout>[] = [];
  if (database.kind === "pglite") {
    timers.push(
      setTimeout(() => {
        vacuumNow();
        timers.push(setInterval(vacuumNow, 24 * 60 * 60_000).unref());
      }, 10 * 60_000).unref(),
    );
  }
  const shutdown = new AbortController();

  return {
    config,
    logger,
    database,
    mail,
    pageViews,
    changes,
    shutdown: shutdown.signal,
    beginShutdown: () => shutdown.abort(),
    async close(onStep) {
      shutdown.abort();
      clearInterval(maintenance);
      for (const timer of timers) clearTimeout(timer);
      onStep?.("change feed");
      await changes.close();
      onStep?.("mail worker");
      await mail.stop();
      onStep?.("page views");
      await pageViews.stop();
      onStep?.("database");
      await database.close();
    },
  };
}
