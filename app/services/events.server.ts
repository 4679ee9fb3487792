/**
 * Change events for live lists. A change is published with NOTIFY inside the
 * transaction that made it, so listeners hear of it only after it commits.
 * PostgreSQL delivers it to every app instance (one LISTEN connection each);
 * PGlite delivers it within the process. Events carry only a table name and
 * an id: pages re-fetch through their own guarded loaders. The same listener hears that mail was
 * queued (`mailChannel`), which wakes the mail worker.
 */
import { EventEmitter } from "node:events";
import type { PoolClient } from "pg";
import { changeChannel, mailChannel } from "#app/db/changes.server.ts";
import type { Database } from "#app/db/client.server.ts";
import { type ChangeEvent, parseChangeEvent } from "#app/domain/changes.ts";

export type ChangeFeed = {
  subscribe(listener: (event: ChangeEvent) => void): () => void;
  /** mail was queued somewhere (a committed transaction, on any instance) */
  onMailQueued(listener: () => void): () => void;
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

  const mailQueued = () => emitter.emit("mail");

  let stop: () => Promise<void>;
  if (database.pglite) {
    const unlisten = await database.pglite.listen(changeChannel, deliver);
    const unlistenMail = await database.pglite.listen(mailChannel, mailQueued);
    stop = async () => {
      await unlisten();
      await unlistenMail();
    };
  } else if (database.pool) {
    const pool = database.pool;
    let closed = false;
    let client: PoolClient | null = null;
    const connect = async (): Promise<void> => {
      const next = await pool.connect();
      next.on("notification", (message) => {
        if (message.channel === changeChannel && message.payload) deliver(message.payload);
        else if (message.channel === mailChannel) mailQueued();
      });
      next.on("error", (error) => {
        onError?.(error);
        next.release(true);
        if (client === next) client = null;
        if (!closed) setTimeout(() => void connect().catch(onError), 1000).unref();
      });
      await next.query(`listen ${changeChannel}; listen ${mailChannel}`);
      client = next;
      // mail queued while no connection listened is delivered now rather than at the worker's next round
      mailQueued();
    };
    await connect();
    stop = async () => {
      closed = true;
      if (client) {
        await client.query("unlisten *").catch(() => {});
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
    onMailQueued(listener) {
      emitter.on("mail", listener);
      return () => emitter.off("mail", listener);
    },
    close: () => stop(),
  };
}
