/**
 * The lifecycle of one back-office event stream (ADR 0010): a `text/event-stream` response
 * that forwards change events, sends a heartbeat that also re-checks the session, and ends
 * when the browser goes away, when the server begins shutting down, or when the session stops
 * being an admin's. The route (`routes/admin/events.ts`) only authorises and calls this.
 */
import { changeStreamHeartbeatMs, changeStreamRetryMs, formatChangeEvent } from "#app/domain/changes.ts";
import { fileAnswer } from "#app/services/action-result.server.ts";
import type { ChangeFeed } from "#app/services/events.server.ts";
import type { Logger } from "#app/services/logger.server.ts";

export function changeStreamResponse({
  request,
  changes,
  shutdown,
  stillAllowed,
  logger,
}: {
  request: Request;
  changes: Pick<ChangeFeed, "subscribe">;
  /** aborted when the server begins shutting down */
  shutdown: AbortSignal;
  /** asked with every heartbeat: false ends the stream */
  stillAllowed: () => Promise<boolean>;
  logger: Pick<Logger, "warn">;
}): Response {
  const encoder = new TextEncoder();
  let end = () => {};

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let ended = false;
      const send = (text: string) => {
        if (ended) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          end();
        }
      };
      const unsubscribe = changes.subscribe((event) => send(formatChangeEvent(event)));
      const heartbeat = setInterval(() => {
        stillAllowed()
          .then((allowed) => (allowed ? send(": heartbeat\n\n") : end()))
          .catch((error: unknown) => logger.warn({ err: error }, "event stream session check failed"));
      }, changeStreamHeartbeatMs);
      end = () => {
        if (ended) return;
        ended = true;
        unsubscribe();
        clearInterval(heartbeat);
        request.signal.removeEventListener("abort", end);
        shutdown.removeEventListener("abort", end);
        try {
          controller.close();
        } catch {
          // already closed by the reader
        }
      };
      request.signal.addEventListener("abort", end, { once: true });
      shutdown.addEventListener("abort", end, { once: true });
      send(`retry: ${changeStreamRetryMs}\n: connected\n\n`);
      if (request.signal.aborted || shutdown.aborted) end();
    },
    cancel() {
      end();
    },
  });

  return fileAnswer(stream, {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Accel-Buffering": "no",
  });
}
