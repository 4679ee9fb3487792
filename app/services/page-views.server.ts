/**
 * First-party, cookieless page-view counting (docs/decisions/0006): the server
 * counts each real visit to a public page per path per day. Nothing about the
 * visitor is stored: no cookie, no IP address, no user agent.
 *
 * Views are counted in memory and written in one statement per flush (every 5 s
 * and at shutdown), not one write per view (ADR 0021: a crash loses at most the
 * last few seconds of counts).
 */
import type { Queryable } from "#app/db/client.server.ts";
import { directSource, touchOf } from "#app/domain/attribution.ts";
import { defaultTimeZone } from "#app/domain/dates.ts";
import { canonicalViewPath, isCountableView, viewDay } from "#app/domain/page-views.ts";
import { publicPages } from "#app/domain/site.ts";
import { studioTimeZone } from "#app/models/business-settings.server.ts";
import {
  addPageViews,
  addSourceVisits,
  type PageViewCount,
  type SourceVisitCount,
} from "#app/models/page-views.server.ts";
import type { Logger } from "#app/services/logger.server.ts";

const pageViewFlushMs = 5_000;

/** What counting needs to know of a request and its answer (a fetch Request/Response pair fits). */
type ViewedRequest = { method: string; url: string; headers: { get(name: string): string | null } };
type ViewAnswer = { status: number; headers: { get(name: string): string | null } };

export type PageViewCounter = {
  /** Counts the view if the request and its answer make one; returns whether it counted. Never throws. */
  count(request: ViewedRequest, answer: ViewAnswer, now?: Date): boolean;
  /** Writes the counts gathered so far; on failure they are kept for the next flush. */
  flush(): Promise<void>;
  /** Views counted but not yet written. */
  pending(): number;
  /** Visits counted by source but not yet written. */
  pendingVisits?(): number;
  /** Stops the timer and writes what is left. */
  stop(): Promise<void>;
};

/**
 * `siteHost`: the public site's host, so a view reached from one of its own pages is not a new visit (ADR 0060:
 * each visit from elsewhere is counted under its source, medium and campaign, a visit with neither as direct).
 */
export function createPageViewCounter(
  db: Queryable,
  logger: Logger,
  options: { flushMs?: number; siteHost?: string } = {},
): PageViewCounter {
  let counts = new Map<string, PageViewCount>();
  let visits = new Map<string, SourceVisitCount>();
  let flushing: Promise<void> | null = null;
  // views count on the studio's day, as the reports read them: its time zone, read again at every flush
  let timeZone = defaultTimeZone;
  const readTimeZone = async () => {
    try {
      timeZone = await studioTimeZone(db);
    } catch {
      // kept as it was; the next flush reads it again
    }
  };
  void readTimeZone();

  const flushOnce = async () => {
    await readTimeZone();
    if (counts.size > 0) {
      const batch = counts;
      counts = new Map();
      try {
        await addPageViews(db, [...batch.values()]);
      } catch (error) {
        logger.warn({ err: error, rows: batch.size }, "page views not stored yet; kept for the next flush");
        for (const [key, row] of batch) {
          const kept = counts.get(key);
          if (kept) kept.views += row.views;
          else counts.set(key, row);
        }
      }
    }
    if (visits.size > 0) {
      const batch = visits;
      visits = new Map();
      try {
        await addSourceVisits(db, [...batch.values()]);
      } catch (error) {
        logger.warn({ err: error, rows: batch.size }, "visits by source not stored yet; kept for the next flush");
        for (const [key, row] of batch) {
          const kept = visits.get(key);
          if (kept) kept.visits += row.visits;
          else visits.set(key, row);
        }
      }
    }
  };
  const countVisit = (request: ViewedRequest, day: string, now: Date) => {
    const seen = touchOf(request, options.siteHost ?? "", now);
    if (seen.kind === "internal") return;
    const { source, medium, campaign } =
      seen.kind === "touch" ? seen.touch : { source: directSource, medium: "(none)", campaign: "" };
    const key = `${day}\t${source}\t${medium}\t${campaign}`;
    const row = visits.get(key);
    if (row) row.visits += 1;
    // a flood of made-up campaigns cannot grow the map without bound between two flushes
    else if (visits.size < 10_000) visits.set(key, { day, source, medium, campaign, visits: 1 });
  };
  const flush = () => {
    // one flush at a time: a second caller waits for the running one, then writes what came since
    const run = (flushing ?? Promise.resolve()).then(flushOnce);
    flushing = run;
    void run.finally(() => {
      if (flushing === run) flushing = null;
    });
    return run;
  };
  const timer = setInterval(() => void flush(), options.flushMs ?? pageViewFlushMs);
  timer.unref();

  return {
    count(request, answer, now = new Date()) {
      const path = new URL(request.url).pathname;
      const countable = isCountableView({
        method: request.method,
        path,
        status: answer.status,
        contentType: answer.headers.get("content-type"),
        headers: request.headers,
      });
      if (!countable) return false;
      const day = viewDay(now, timeZone);
      countVisit(request, day, now);
      const page = canonicalViewPath(path, publicPages);
      if (!page) return false;
      const key = `${day} ${page}`;
      const row = counts.get(key);
      if (row) row.views += 1;
      else counts.set(key, { path: page, day, views: 1 });
      return true;
    },
    flush,
    pending: () => [...counts.values()].reduce((sum, row) => sum + row.views, 0),
    pendingVisits: () => [...visits.values()].reduce((sum, row) => sum + row.visits, 0),
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
