/**
 * Start-up and shut-down of everything the server needs besides HTTP:
 * configuration, logger, database (opened, migrated, seeded), background workers.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Config } from "#app/config.server.ts";
import { type Database, openAppDatabase, selectRows } from "#app/db/client.server.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { seedBaseline } from "#app/db/seed.server.ts";
import { automationHandlers } from "#app/services/automation-custom.server.ts";
import { runAutomations } from "#app/services/automations.server.ts";
import { type ChangeFeed, openChangeFeed } from "#app/services/events.server.ts";
import { purgeAbandonedFileUploads } from "#app/services/file-upload-purge.server.ts";
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
  /**
   * Starts the maintenance timer (now, then every 15 minutes): the server calls it once it has said
   * "ready", so a catch-up after downtime never holds the start-up (ADR 0048)
   */
  startMaintenance(): void;
  /**
   * Stops the workers, waits (at most `backgroundWaitMs`) for the background work under way, which
   * stops between two transactions and leaves the rest to the next start, then closes the database;
   * `onStep` is told each step as it begins
   */
  close(onStep?: (step: string) => void): Promise<void>;
};

/** How long a shutdown waits for the background work under way before closing the database. */
const backgroundWaitMs = 5_000;

/** Resolves when every promise has settled, or after `ms`. */
async function settledWithin(promises: Promise<unknown>[], ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled(promises),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

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
  if (config.testClockOffsetMs > 0) {
    logger.warn(
      { ms: config.testClockOffsetMs },
      "TEST_CLOCK_OFFSET_MS is set: automations run ahead of the clock (tests only)",
    );
  }
  const transport = config.smtpUrl ? await createSmtpTransport(config.smtpUrl) : null;
  const mail = startMailWorker(database.db, {
    transport,
    from: config.mailFrom,
    logger,
    key: mailKey(config.sessionSecret),
    // a document's PDF offers to pay online only when a provider is set up
    onlinePayments: config.stripe !== null,
    // a client's request for a portal link is answered after the page has answered (ADR 0047)
    prepare: () => answerPortalLinkRequests({ db: database.db, config }),
  });
  const pageViews = createPageViewCounter(database.db, logger, { siteHost: new URL(config.publicUrl).hostname });
  const changes = await openChangeFeed(database, (error) => logger.warn({ err: error }, "change feed error"));
  // queuing mail commits a notice (enqueueMail): the worker delivers at once, on every instance
  changes.onMailQueued(() => mail.kick());
  const shutdown = new AbortController();

  // ---------------------------------------------------------------- background work (ADR 0048)
  const underWay = new Set<Promise<void>>();
  const toldPostponed = new Set<string>();
  /** Said once per kind of work, at info: work a shutdown interrupted waits for the next start. */
  const postponed = (job: string, detail: Record<string, unknown> = {}) => {
    if (toldPostponed.has(job)) return;
    toldPostponed.add(job);
    logger.info({ job, ...detail }, "background work postponed: shutting down");
  };
  /**
   * Runs one piece of background work, kept track of so that a shutdown can wait for it (bounded).
   * Its failure is logged as "`job` failed", unless a shutdown interrupted it: then it is postponed.
   */
  const background = (job: string, work: () => Promise<void>) => {
    if (shutdown.signal.aborted) return;
    const running: Promise<void> = work()
      .catch((error: unknown) => {
        if (shutdown.signal.aborted) postponed(job);
        else logger.warn({ err: error }, `${job} failed`);
      })
      .finally(() => underWay.delete(running));
    underWay.add(running);
  };
  const maintain = () => {
    background("rate-limit pruning", () => pruneRateLimits(database.db));
    background("outbox secret purge", () => dropExpiredSecrets(database.db));
    background("suspected-spam purge", () => purgeOldSpam(database.db));
    background("abandoned upload purge", async () => {
      await purgeAbandonedFileUploads(database.db);
    });
    // the rules of the automations engine (ADR 0063): the built-in ones (payment and consultation reminders,
    // retainer invoices, recurring expenses) and the owner's, read each pass
    background("automations", async () => {
      const handlers = await automationHandlers({ db: database.db, config, logger });
      const pass = await runAutomations(database.db, handlers, new Date(Date.now() + config.testClockOffsetMs), {
        signal: shutdown.signal,
        onPostponed: () => postponed("automations"),
        pace: true,
      });
      if (pass.scheduled + pass.sent + pass.skipped + pass.retried + pass.failed + pass.waiting > 0) {
        logger.info(pass, "automations run");
      }
      if (pass.failed > 0) logger.warn({ failed: pass.failed }, "automation runs failed: shown in the back office");
    });
  };
  let maintenance: ReturnType<typeof setInterval> | undefined;
  // PGlite has no autovacuum: without it the planner keeps the statistics of tables as they were
  // when their indexes were built (a trigram search then scans). Ten minutes after start, then daily;
  // a table at a time, with a turn of the event loop between them (the database is one query at a time)
  const vacuumNow = () =>
    background("vacuum analyze", async () => {
      const started = Date.now();
      const tables = await selectRows<{ name: string }>(
        database.db,
        sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
      );
      for (const { name } of tables) {
        if (shutdown.signal.aborted) return postponed("vacuum analyze");
        await database.db.execute(sql.raw(`vacuum analyze "${name.replaceAll('"', '""')}"`));
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      logger.info({ ms: Date.now() - started, tables: tables.length }, "vacuum analyze done");
    });
  const timers: ReturnType<typeof setTimeout>[] = [];
  if (database.kind === "pglite") {
    timers.push(
      setTimeout(() => {
        vacuumNow();
        timers.push(setInterval(vacuumNow, 24 * 60 * 60_000).unref());
      }, 10 * 60_000).unref(),
    );
  }

  return {
    config,
    logger,
    database,
    mail,
    pageViews,
    changes,
    shutdown: shutdown.signal,
    beginShutdown: () => shutdown.abort(),
    startMaintenance() {
      if (maintenance || shutdown.signal.aborted) return;
      maintain();
      maintenance = setInterval(maintain, 15 * 60_000);
      maintenance.unref();
    },
    async close(onStep) {
      shutdown.abort();
      clearInterval(maintenance);
      for (const timer of timers) clearTimeout(timer);
      // the work under way stops at its next transaction; a stuck one is not waited for long
      onStep?.("background work");
      await settledWithin([...underWay], backgroundWaitMs);
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
