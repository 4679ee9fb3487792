/**
 * Publishing a change event: NOTIFY inside the transaction that made the change, so listeners
 * hear of it only after it commits. Part of the database layer, so models publish without
 * importing a service; services/events.server.ts listens and fans the events out.
 */
import { sql } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import type { ChangeEvent } from "#app/domain/changes.ts";

export const changeChannel = "studio_changes";

/**
 * Mail was queued (or a request that the mail worker answers with mail was recorded): heard after the
 * commit by every instance's mail worker, which delivers at once. Work that queues mail never wakes
 * the worker itself. No payload: PostgreSQL folds a transaction's identical notifications into one.
 */
export const mailChannel = "studio_mail";

export async function publishMailQueued(db: Queryable): Promise<void> {
  await db.execute(sql`select pg_notify(${mailChannel}, '')`);
}

export async function publishChange(db: Queryable, event: ChangeEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${changeChannel}, ${JSON.stringify(event)})`);
}
