/**
 * /admin/events: the back office's server-sent-events stream (ADR 0010). Guarded like every
 * admin route (the layout's middleware, then `requireAdmin` here). Each event names a table
 * and an id, nothing else; pages re-fetch through their own guarded loaders. The stream ends
 * when the browser goes away, when the server begins shutting down, or when the session
 * stops being an admin's (checked with every heartbeat); `EventSource` reconnects by itself.
 */
import { getApp } from "#app/context.server.ts";
import { changeStreamHeartbeatMs, changeStreamRetryMs, formatChangeEvent } from "#app/domain/changes.ts";
import { getSession, readSessionToken } from "#app/services/auth/sessions.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/events";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { changes, shutdown, config, database, logger } = getApp(context);
  const token = await readSessionToken(request, config);
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
        getSession(database.db, token)
          .then((session) => (session?.isAdmin ? send(": heartbeat\n\n") : end()))
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

  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
    },
  });
}
