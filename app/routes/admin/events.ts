/**
 * /admin/events: the back office's server-sent-events stream (ADR 0010). Guarded like every
 * admin route (the layout's middleware, then `requireAdmin` here). Each event names a table
 * and an id, nothing else; pages re-fetch through their own guarded loaders. The stream ends
 * when the browser goes away, when the server begins shutting down, or when the session
 * stops being an admin's (checked with every heartbeat); `EventSource` reconnects by itself.
 */
import { getApp } from "#app/context.server.ts";
import { getSession, readSessionToken } from "#app/services/auth/sessions.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { changeStreamResponse } from "#app/services/change-stream.server.ts";
import type { Route } from "./+types/events";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { changes, shutdown, config, database, logger } = getApp(context);
  const token = await readSessionToken(request, config);
  return changeStreamResponse({
    request,
    changes,
    shutdown,
    logger,
    stillAllowed: async () => Boolean((await getSession(database.db, token))?.isAdmin),
  });
}
