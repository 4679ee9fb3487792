/**
 * The project room's files (ADR 0056): uploads stored as they stream in, answers streamed out.
 *
 * - `parseUploadForm(db, request, options)`: reads a multipart post as it arrives (never whole in
 *   memory). Each file part of a field in `options.fileFields` is sniffed from its first bytes
 *   (`sniffFileType`), counted and hashed (SHA-256) as it streams into `stored_file_chunks`
 *   (256 KB rows), and stopped at `maxFileBytes` and at the project's `maxProjectBytes`. Answers
 *   `{ ok: true, formData, fileErrors, files }`: in `formData` a stored file's field holds the
 *   stored file's id (a string), so the route parses the whole post with zod as usual; a refused
 *   file leaves its field out and puts its message in `fileErrors[field]`, the other fields are
 *   kept; an empty file input (no file chosen) is absent; a file in a field not listed is refused.
 *   A refused or partial file leaves no rows. A post that is not multipart is read as
 *   `request.formData()` reads it. A broken multipart body fails with reason "unreadable" (and
 *   whatever it stored is removed).
 * - `storedFileResponse(db, fileId, request, { disposition, width })`: the file as an answer: its
 *   sniffed type, `attachment` with its name (`filename*` for any language), or for an image with
 *   "inline-image" a WebP at the nearest allowed width (made once with sharp, then kept); ETag from
 *   the SHA-256 (304 when the caller has it), `Cache-Control: private`, `nosniff` and a CSP that
 *   allows nothing. A missing file throws the 404. Who may see which file is the calling route's rule.
 * - `StoredFile` (from the model): `{ id, sha256, size, contentType, name, projectId, customerId,
 *   uploadedBy, createdAt }`.
 */
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import type { Db, Queryable } from "#app/db/client.server.ts";
import {
  contentDisposition,
  type FileKind,
  fileKinds,
  fileMessages,
  isImageType,
  maxFileBytes,
  maxFilesPerPost,
  maxProjectBytes,
  nearestImageWidth,
  sanitizeFileName,
  sniffBytes,
  sniffFileType,
} from "#app/domain/files.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { fail, type Result } from "#app/domain/result.ts";
import {
  beginStoredFile,
  completeStoredFile,
  deleteStoredFile,
  getStoredFile,
  getStoredFileVariant,
  insertStoredFileChunk,
  projectFilesBytes,
  readStoredFileChunk,
  type StoredFile as StoredFileRecord,
  saveStoredFileVariant,
} from "#app/models/stored-files.server.ts";
import { fileAnswer, notFound, notModified } from "#app/services/action-result.server.ts";

/** A stored file's description (what the model reads back). */
export type StoredFile = StoredFileRecord;

/** The bytes of one `stored_file_chunks` row. */
export const chunkBytes = 256 * 1024;

export type UploadOptions = {
  customerId: string | null;
  projectId: string | null;
  uploadedBy: "owner" | "client";
  /** the fields that take a file; a file in any other field is refused */
  fileFields: string[];
  /** files stored from one post, at most (`maxFilesPerPost` unless given) */
  maxFiles?: number;
};

export type ParsedUpload = { formData: FormData; fileErrors: Record<string, string>; files: StoredFile[] };

/** What one file part came to: stored, refused with a message, or absent (no file chosen). */
type PartOutcome = { stored: StoredFile } | { refused: string } | { absent: true };

/** Limits on the fields beside the files: the text of a form, never megabytes. */
const fieldLimits = { fields: 1000, fieldSize: 1024 * 1024, parts: 1100, headerPairs: 100 } as const;

export async function parseUploadForm(
  db: Db,
  request: Request,
  options: UploadOptions,
): Promise<Result<ParsedUpload, "unreadable">> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !request.body) {
    try {
      return { ok: true, formData: await request.formData(), fileErrors: {}, files: [] };
    } catch {
      return fail("unreadable", { message: fileMessages.brokenForm });
    }
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // names sent as UTF-8 (what browsers do), not Latin-1
      defParamCharset: "utf8",
      // one byte past the cap: busboy then stops the part, and `storePart` sees it is over
      limits: { ...fieldLimits, fileSize: maxFileBytes + 1 },
    });
  } catch {
    return fail("unreadable", { message: fileMessages.brokenForm });
  }
  // the post's entries in their order; a file's slot is filled once it is stored
  const entries: { name: string; value: string | null }[] = [];
  const fileErrors: Record<string, string> = {};
  const parts: Promise<void>[] = [];
  // the stored files in the post's order (their parts are stored at once and may finish in any order)
  const storedInOrder: (StoredFile | null)[] = [];
  let filesTaken = 0;
  let unreadable = false;

  parser.on("field", (name, value, info) => {
    // a NUL byte (PostgreSQL refuses it in text) or a field cut at its limit: the post cannot be read as sent
    if (name.includes("\0") || value.includes("\0") || info.nameTruncated || info.valueTruncated) unreadable = true;
    entries.push({ name, value });
  });
  const overLimit = () => {
    unreadable = true;
  };
  parser.on("fieldsLimit", overLimit);
  parser.on("partsLimit", overLimit);
  parser.on("file", (name, stream, info) => {
    const slot = { name, value: null as string | null };
    entries.push(slot);
    const position = storedInOrder.push(null) - 1;
    const listed = options.fileFields.includes(name);
    const room = filesTaken < (options.maxFiles ?? maxFilesPerPost);
    if (listed && room && info.filename) filesTaken += 1;
    const outcome: Promise<PartOutcome> =
      !listed || !room
        ? drain(stream).then(() =>
            info.filename
              ? { refused: listed ? fileMessages.tooManyFiles : fileMessages.notAFileField }
              : { absent: true },
          )
        : storePart(db, stream, info.filename ?? "", options);
    parts.push(
      outcome.then((result) => {
        if ("stored" in result) {
          slot.value = result.stored.id;
          storedInOrder[position] = result.stored;
        } else if ("refused" in result) {
          fileErrors[name] = result.refused;
        }
      }),
    );
  });

  let broken = false;
  try {
    await pipeline(Readable.fromWeb(request.body as import("node:stream/web").ReadableStream), parser);
  } catch {
    broken = true;
  }
  const settled = await Promise.allSettled(parts);
  const stored = storedInOrder.filter((file): file is StoredFile => file !== null);
  const failure = settled.find((result) => result.status === "rejected");
  if (broken || unreadable || failure) {
    for (const file of stored) await deleteStoredFile(db, file.id);
    if (!broken && !unreadable && failure) throw failure.reason;
    return fail("unreadable", { message: fileMessages.brokenForm });
  }
  const formData = new FormData();
  for (const entry of entries) if (entry.value !== null) formData.append(entry.name, entry.value);
  return { ok: true, formData, fileErrors, files: stored };
}

async function drain(stream: Readable) {
  for await (const _ of stream) {
    // dropped: the part is refused
  }
}

/**
 * One file part into the store: sniffed from its first bytes, then written in `chunkBytes` rows as
 * it arrives, hashed and counted; over a cap, the rest is read and dropped and the rows are removed.
 */
async function storePart(db: Db, stream: Readable, filename: string, options: UploadOptions): Promise<PartOutcome> {
  const hash = createHash("sha256");
  let head: Buffer[] = [];
  let headBytes = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let size = 0;
  let seq = 0;
  let kind: FileKind | null = null;
  let fileId: string | null = null;
  let refused: string | null = null;
  let used = 0;

  const begin = async (first: Buffer): Promise<string | null> => {
    kind = sniffFileType(first.subarray(0, sniffBytes));
    if (!kind) return fileMessages.wrongType;
    if (options.projectId) {
      used = await projectFilesBytes(db, options.projectId);
      if (used >= maxProjectBytes) return fileMessages.projectFull;
    }
    fileId = await beginStoredFile(db, {
      customerId: options.customerId,
      projectId: options.projectId,
      contentType: fileKinds[kind],
      name: sanitizeFileName(filename),
      uploadedBy: options.uploadedBy,
    });
    return null;
  };
  const write = async (bytes: Buffer, final: boolean) => {
    if (!fileId) return;
    pending.push(bytes);
    pendingBytes += bytes.length;
    while (pendingBytes >= chunkBytes || (final && pendingBytes > 0)) {
      const all = Buffer.concat(pending);
      const rowBytes = all.subarray(0, chunkBytes);
      await insertStoredFileChunk(db, fileId, seq, rowBytes);
      seq += 1;
      const rest = all.subarray(chunkBytes);
      pending = rest.length > 0 ? [Buffer.from(rest)] : [];
      pendingBytes = rest.length;
    }
  };

  try {
    for await (const data of stream as AsyncIterable<Buffer>) {
      if (refused) continue;
      size += data.length;
      // nothing past a cap is written
      if (size > maxFileBytes) refused = fileMessages.tooBig;
      else if (fileId && options.projectId && used + size > maxProjectBytes) refused = fileMessages.projectFull;
      if (refused) continue;
      hash.update(data);
      if (kind === null) {
        head.push(data);
        headBytes += data.length;
        if (headBytes < sniffBytes) continue;
        const first = Buffer.concat(head);
        head = [];
        refused = await begin(first);
        if (!refused && used + size > maxProjectBytes) refused = fileMessages.projectFull;
        if (!refused) await write(first, false);
      } else {
        await write(data, false);
      }
    }
    if (!refused && kind === null) {
      // a file shorter than the bytes a sniff reads
      if (size === 0) return filename ? { refused: fileMessages.empty } : { absent: true };
      const first = Buffer.concat(head);
      refused = await begin(first);
      if (!refused) await write(first, false);
    }
    if (refused) {
      if (fileId) await deleteStoredFile(db, fileId);
      return { refused };
    }
    await write(Buffer.alloc(0), true);
    const done = await completeStoredFile(db, fileId as unknown as string, {
      sha256: hash.digest("hex"),
      size,
      projectId: options.projectId,
      maxProjectBytes,
    });
    return done ? { stored: done } : { refused: fileMessages.projectFull };
  } catch (error) {
    if (fileId) await deleteStoredFile(db, fileId).catch(() => {});
    throw error;
  }
}

// ---------------------------------------------------------------- answers

const fileHeaders = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; sandbox",
  // not public: a shared cache never keeps it, the browser asks again (the ETag saves the bytes)
  "Cache-Control": "private, no-cache",
} as const;

export async function storedFileResponse(
  db: Queryable,
  fileId: string,
  request: Request,
  options: { disposition: "attachment" | "inline-image"; width?: number },
): Promise<Response> {
  const id = parseUuid(fileId);
  const file = id ? await getStoredFile(db, id) : null;
  if (!file) notFound("File not found");
  const cached = (etag: string) =>
    request.headers
      .get("if-none-match")
      ?.split(/\s*,\s*/)
      .includes(etag) ?? false;

  if (options.disposition === "inline-image" && isImageType(file.contentType)) {
    const width = nearestImageWidth(options.width);
    const etag = `"${file.sha256}-${width}"`;
    const headers = {
      ...fileHeaders,
      "Content-Type": "image/webp",
      "Content-Disposition": contentDisposition("inline", `${file.name.replace(/\.[^.]*$/, "")}.webp`),
      ETag: etag,
    };
    if (cached(etag)) return notModified(headers);
    const bytes = await imageVariant(db, file, width);
    return fileAnswer(bytes, { ...headers, "Content-Length": String(bytes.length) });
  }

  const etag = `"${file.sha256}"`;
  const headers = {
    ...fileHeaders,
    "Content-Type": file.contentType,
    "Content-Disposition": contentDisposition("attachment", file.name),
    ETag: etag,
  };
  if (cached(etag)) return notModified(headers);
  return fileAnswer(streamChunks(db, file.id), { ...headers, "Content-Length": String(file.size) });
}

/** The file's bytes, one chunk row at a time as the client reads them. */
function streamChunks(db: Queryable, fileId: string): ReadableStream<Uint8Array> {
  let seq = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const data = await readStoredFileChunk(db, fileId, seq);
        seq += 1;
        if (data) controller.enqueue(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
        else controller.close();
      },
    },
    { highWaterMark: 1 },
  );
}

/** The image as WebP at `width` (never wider than it is): made on first request, then read back. */
async function imageVariant(db: Queryable, file: StoredFile, width: number): Promise<Uint8Array<ArrayBuffer>> {
  const kept = await getStoredFileVariant(db, file.sha256, width);
  if (kept) return new Uint8Array(kept);
  const parts: Uint8Array[] = [];
  for (let seq = 0; ; seq++) {
    const data = await readStoredFileChunk(db, file.id, seq);
    if (!data) break;
    parts.push(data);
  }
  const { default: sharp } = await import("sharp");
  const bytes = new Uint8Array(
    await sharp(Buffer.concat(parts), { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer(),
  );
  await saveStoredFileVariant(db, file.sha256, width, bytes);
  return bytes;
}
