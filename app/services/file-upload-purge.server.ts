/**
 * The maintenance timer's clean-up of the project room's uploads (ADR 0056): an upload still
 * unfinished after a day was cut off by a stop, and its rows go. Kept apart from
 * `file-storage.server.ts` so that the server's start loads no upload parser.
 */
import type { Queryable } from "#app/db/client.server.ts";
import { purgeAbandonedUploads } from "#app/models/stored-files.server.ts";

export function purgeAbandonedFileUploads(db: Queryable, now = new Date()): Promise<number> {
  return purgeAbandonedUploads(db, new Date(now.getTime() - 24 * 3600_000));
}
