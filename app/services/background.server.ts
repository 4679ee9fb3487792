/**
 * Pacing for background work (ADR 0048): a job that makes many rows works in short transactions and,
 * between two of them, lets the server answer. On the embedded database (one query at a time, run on
 * the server's own thread) a page's queries, which run one after another, would otherwise each queue
 * behind one of the job's transactions, and a chain of queries never gives the event loop a turn.
 */

/** The longest rest between two transactions. */
const maxRestMs = 200;

/**
 * Rests as long as the transaction begun at `started` (a `performance.now()`) took, at most
 * `maxRestMs`: the job holds the database at most half the time.
 */
export function restAfter(started: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.min(performance.now() - started, maxRestMs)));
}

/** Lets the event loop answer what is waiting (requests, timers) before going on. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
