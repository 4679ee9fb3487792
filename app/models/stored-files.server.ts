/**
 * The project room's stored files (ADR 0056): a `stored_files` row per file and its bytes in
 * `stored_file_chunks`, written chunk by chunk as an upload streams in, read back one chunk at a
 * time. A file is visible once `completed_at` is set (`completeStoredFile`); until then it is an
 * upload in progress, and an abandoned one is removed by `deleteStoredFile` or `purgeAbandonedUploads`.
 */
import { and, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Db, Queryable } from "#app/db/client.server.ts";
import { storedFileChunks, storedFiles, storedFileVariants } from "#app/db/schema.ts";

export type StoredFile = {
  id: string;
  sha256: string;
  size: number;
  contentType: string;
  name: string;
  projectId: string | null;
  customerId: string | null;
  uploadedBy: "owner" | "client";
  createdAt: Date;
};

const columns = {
  id: storedFiles.id,
  sha256: storedFiles.sha256,
  size: storedFiles.size,
  contentType: storedFiles.contentType,
  name: storedFiles.name,
  projectId: storedFiles.projectId,
  customerId: storedFiles.customerId,
  uploadedBy: storedFiles.uploadedBy,
  createdAt: storedFiles.createdAt,
};

const pendingHash = "0".repeat(64);

/** An upload's row, before its first chunk: invisible until `completeStoredFile`. */
export async function beginStoredFile(
  db: Queryable,
  file: {
    customerId: string | null;
    projectId: string | null;
    contentType: string;
    name: string;
    uploadedBy: "owner" | "client";
  },
): Promise<string> {
  const [row] = await db
    .insert(storedFiles)
    .values({ ...file, sha256: pendingHash, size: 0 })
    .returning({ id: storedFiles.id });
  if (!row) throw new Error("stored_files insert returned no row");
  return row.id;
}

export async function insertStoredFileChunk(db: Queryable, fileId: string, seq: number, data: Uint8Array) {
  await db.insert(storedFileChunks).values({ fileId, seq, data });
}

/** Bytes of the project's files, counting uploads still streaming in at what they have so far. */
export async function projectFilesBytes(db: Queryable, projectId: string, exceptFileId?: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${storedFiles.size}), 0)` })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.projectId, projectId),
        isNotNull(storedFiles.completedAt),
        exceptFileId ? sql`${storedFiles.id} <> ${exceptFileId}` : undefined,
      ),
    );
  return Number(row?.total ?? 0);
}

/**
 * Makes an upload visible with its size and hash, unless the project's files would then pass
 * `maxProjectBytes` (checked under the project's lock, so two uploads cannot both squeeze in): then
 * the upload is deleted and false is answered.
 */
export async function completeStoredFile(
  db: Db,
  fileId: string,
  done: { sha256: string; size: number; projectId: string | null; maxProjectBytes: number },
): Promise<StoredFile | null> {
  return db.transaction(async (tx) => {
    if (done.projectId) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext('studio:project-files'), hashtext(${done.projectId}))`,
      );
      const used = await projectFilesBytes(tx, done.projectId, fileId);
      if (used + done.size > done.maxProjectBytes) {
        await tx.delete(storedFiles).where(eq(storedFiles.id, fileId));
        return null;
      }
    }
    const [row] = await tx
      .update(storedFiles)
      .set({ sha256: done.sha256, size: done.size, completedAt: new Date() })
      .where(eq(storedFiles.id, fileId))
      .returning(columns);
    return row ? toStoredFile(row) : null;
  });
}

/** Removes a file and its chunks (an upload that failed half way, or a file the owner deletes). */
export async function deleteStoredFile(db: Queryable, fileId: string) {
  await db.delete(storedFiles).where(eq(storedFiles.id, fileId));
}

/** Uploads begun before `before` and never completed (the server stopped under them). */
export async function purgeAbandonedUploads(db: Queryable, before: Date): Promise<number> {
  const gone = await db
    .delete(storedFiles)
    .where(and(isNull(storedFiles.completedAt), lt(storedFiles.createdAt, before)))
    .returning({ id: storedFiles.id });
  return gone.length;
}

/** A completed file's description, or null. */
export async function getStoredFile(db: Queryable, fileId: string): Promise<StoredFile | null> {
  const [row] = await db
    .select(columns)
    .from(storedFiles)
    .where(and(eq(storedFiles.id, fileId), isNotNull(storedFiles.completedAt)));
  return row ? toStoredFile(row) : null;
}

/** One chunk's bytes (`seq` from 0), or null past the last. */
export async function readStoredFileChunk(db: Queryable, fileId: string, seq: number): Promise<Uint8Array | null> {
  const [row] = await db
    .select({ data: storedFileChunks.data })
    .from(storedFileChunks)
    .where(and(eq(storedFileChunks.fileId, fileId), eq(storedFileChunks.seq, seq)));
  return row?.data ?? null;
}

export async function getStoredFileVariant(db: Queryable, sha256: string, width: number) {
  const [row] = await db
    .select({ bytes: storedFileVariants.bytes })
    .from(storedFileVariants)
    .where(and(eq(storedFileVariants.sha256, sha256), eq(storedFileVariants.width, width)));
  return row?.bytes ?? null;
}

export async function saveStoredFileVariant(db: Queryable, sha256: string, width: number, bytes: Uint8Array) {
  await db.insert(storedFileVariants).values({ sha256, width, bytes }).onConflictDoNothing();
}

function toStoredFile(row: Omit<StoredFile, "uploadedBy"> & { uploadedBy: string }): StoredFile {
  return { ...row, size: Number(row.size), uploadedBy: row.uploadedBy === "client" ? "client" : "owner" };
}
