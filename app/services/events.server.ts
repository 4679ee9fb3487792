/**
 * Change events for live lists. A change is published with NOTIFY inside the
 * transaction that made it, so listeners hear of it only after it commits.
 * PostgreSQL delivers it to every app instance (one LISTEN connection each);
 * PGlite delivers it within the process. Events carry only a table name and
 * an id: pages re-fetch through their own guarded loaders.
 */
import { EventEmitter } from "node:events";
import type { PoolClient } from "pg";
import { changeChannel } from "#app/db/changes.server.ts";
import type { Database } from "#app/db/client.server.ts";
import { type ChangeEvent, parseChangeEvent } from "#app/domain/changes.ts";

export type ChangeFeed = {
  subscribe(listener: (event: ChangeEvent) => void): () => void;
  close(): Promise<void>;
};

/** One listener per process, fanned out to every subscriber (SSE streams). */
export async function openChangeFeed(database: Database, onError?: (error: unknown) => void): Promise<ChangeFeed> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const deliver = (payload: string) => {
    const event = parseChangeEvent(payload);
    if (event) emitter.emit("change", event);
  };

  let stop: () => Promise<void>;
  if (database.pglite) {
    const unlisten = await database.pglite.listen(changeChannel, deliver);
    stop = () => unlisten();
  } else if (database.pool) {
    const pool = database.pool;
    let closed = false;
    let client: PoolClient | null = null;
    const connect = async (): Promise<void> => {
      const next = await pool.connect();
      next.on("notification", (message) => {
        if (message.channel === changeChannel && message.payload) deliver(message.payload);
      });
      next.on("error", (error) => {
        onError?.(error);
        next.release(true);
        if (client === next) client = null;
        if (!closed) setTimeout(() => void connect().catch(onError), 1000).unref();
      });
      await next.query(`listen ${changeChannel}`);
      client = next;
    };
    await connect();
    stop = async () => {
      closed = true;
      if (client) {
        await client.query(`unlisten ${changeChannel}`).catch(() => {});
        client.release();
        client = null;
      }
    };
  } else {
    throw new Error("unknown database driver");
  }

  return {
    subscribe(listener) {
      emitter.on("change", listener);
      return () => emitter.off("change", listener);
    },
    close: () => stop(),
  };
}
