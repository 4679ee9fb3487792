/**
 * A process-wide cap on how many tasks of one kind run at once (a counting semaphore with a short
 * queue): at most `concurrency` run, up to `maxWaiting` more wait their turn for at most
 * `maxWaitMs`, and anything beyond that (or waiting longer) fails at once with `BusyError`, which
 * a route answers 503 with Retry-After. Used for PDF renders (app/services/document-pdf-file.server.ts),
 * where each render holds a lot of CPU and memory.
 */
import { serviceUnavailable } from "#app/services/action-result.server.ts";

export class BusyError extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super("too many tasks of this kind are running; try again shortly");
    this.name = "BusyError";
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export type LimiterOptions = {
  /** tasks running at once */
  concurrency: number;
  /** tasks waiting for a turn; one more is refused at once */
  maxWaiting: number;
  /** how long a task may wait for its turn before it is refused */
  maxWaitMs: number;
  /** what a refusal tells the caller to wait before trying again */
  retryAfterSeconds?: number;
};

export type Limiter = {
  /** runs `task` when a slot is free; BusyError when none frees up in time */
  run<T>(task: () => Promise<T>, options?: { maxWaitMs?: number }): Promise<T>;
  readonly running: number;
  readonly waiting: number;
};

export function createLimiter({ concurrency, maxWaiting, maxWaitMs, retryAfterSeconds = 5 }: LimiterOptions): Limiter {
  if (!(concurrency >= 1)) throw new Error("createLimiter: concurrency must be at least 1");
  let running = 0;
  const queue: { start: () => void; timer: ReturnType<typeof setTimeout> }[] = [];

  const release = () => {
    running--;
    const next = queue.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start();
    }
  };

  const execute = <T>(task: () => Promise<T>): Promise<T> => {
    running++;
    let result: Promise<T>;
    try {
      result = Promise.resolve(task());
    } catch (error) {
      result = Promise.reject(error);
    }
    return result.finally(release);
  };

  return {
    run(task, options = {}) {
      if (running < concurrency) return execute(task);
      if (queue.length >= maxWaiting) return Promise.reject(new BusyError(retryAfterSeconds));
      return new Promise((resolve, reject) => {
        const entry = {
          start: () => execute(task).then(resolve, reject),
          timer: setTimeout(() => {
            const index = queue.indexOf(entry);
            if (index >= 0) queue.splice(index, 1);
            reject(new BusyError(retryAfterSeconds));
          }, options.maxWaitMs ?? maxWaitMs),
        };
        queue.push(entry);
      });
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}

/**
 * A `.catch` handler for a route: BusyError becomes a 503 answer saying `message`, with Retry-After
 * and never cached; any other error is thrown on unchanged.
 */
export function busyAnswer(message: string) {
  return (error: unknown): never => {
    if (error instanceof BusyError) serviceUnavailable(message, error.retryAfterSeconds);
    throw error;
  };
}
