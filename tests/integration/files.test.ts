/**
 * The project room's file store below HTTP, on both databases: a multipart post streamed into
 * chunks and read back byte for byte with its SHA-256; the per-file and per-project caps, a wrong
 * kind and a file in an unlisted field refused with their messages while the other fields are kept;
 * a refused or broken upload leaves no rows; the answer's headers, ETag and WebP images.
 */
import { createHash, randomBytes } from "node:crypto";
import { count } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { storedFileChunks, storedFiles } from "#app/db/schema.ts";
import { fileMessages, maxFileBytes, maxProjectBytes } from "#app/domain/files.ts";
import {
  chunkBytes,
  parseUploadForm,
  purgeAbandonedFileUploads,
  type StoredFile,
  storedFileResponse,
  type UploadOptions,
} from "#app/services/file-storage.server.ts";
import { describeEachDatabase, type TestDatabase } from "../support/database.ts";
import { insertCustomer, insertProject } from "../support/records.ts";

const boundary = "----studio-files-test";
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

type Part = { name: string; value: string } | { name: string; filename: string; type?: string; bytes: Uint8Array };

/** A multipart body, streamed in 64 KB pieces (as a socket would deliver it). */
function multipartRequest(parts: Part[], url = "http://studio.test/admin/projects/x/room"): Request {
  const pieces: Uint8Array[] = [];
  for (const part of parts) {
    if ("value" in part) {
      pieces.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      pieces.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? "application/octet-stream"}\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from("\r\n"),
      );
    }
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  let index = 0;
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces[index];
      if (!piece) return controller.close();
      const slice = piece.subarray(offset, offset + 64 * 1024);
      offset += slice.length;
      if (offset >= piece.length) {
        index += 1;
        offset = 0;
      }
      controller.enqueue(new Uint8Array(slice));
    },
  });
  return new Request(url, {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: "half",
  } as RequestInit);
}

/** `size` bytes that sniff as the kind of `signature`. */
function fileOf(size: number, signature: Uint8Array = pngSignature): Uint8Array {
  const bytes = new Uint8Array(randomBytes(size));
  bytes.set(signature.subarray(0, Math.min(size, signature.length)));
  return bytes;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function rowCounts(database: TestDatabase) {
  const [files] = await database.db.select({ n: count() }).from(storedFiles);
  const [chunks] = await database.db.select({ n: count() }).from(storedFileChunks);
  return { files: Number(files?.n), chunks: Number(chunks?.n) };
}

async function readAll(response: Response): Promise<Uint8Array> {
  return new Uint8Array(await response.arrayBuffer());
}

describeEachDatabase("project room files", (database) => {
  async function room(): Promise<UploadOptions> {
    const customer = await insertCustomer(database().db);
    const project = await insertProject(database().db, customer.id);
    return { customerId: customer.id, projectId: project.id, uploadedBy: "client", fileFields: ["logo", "assets"] };
  }

  it("stores a streamed 3 MB file in 256 KB chunks and gives it back byte for byte, with its SHA-256", async () => {
    const options = await room();
    const bytes = fileOf(3 * 1024 * 1024 + 17, Buffer.from("%PDF-1.7\n"));
    const parsed = await parseUploadForm(
      database().db,
      multipartRequest([
        { name: "note", value: "Here is the brief" },
        { name: "logo", filename: "../../Brief — Café.pdf", type: "image/png", bytes },
      ]),
      options,
    );
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.fileErrors).toEqual({});
    const [file]: (StoredFile | undefined)[] = parsed.files;
    expect(file).toMatchObject({
      sha256: sha256(bytes),
      size: bytes.length,
      // from the bytes, not the browser's word
      contentType: "application/pdf",
      name: "Brief — Café.pdf",
      projectId: options.projectId,
      customerId: options.customerId,
      uploadedBy: "client",
    });
    expect(Object.fromEntries(parsed.formData)).toEqual({ note: "Here is the brief", logo: file?.id });
    expect(await rowCounts(database())).toEqual({ files: 1, chunks: Math.ceil(bytes.length / chunkBytes) });

    const request = new Request("http://studio.test/admin/files/x");
    const response = await storedFileResponse(database().db, file?.id ?? "", request, { disposition: "attachment" });
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "application/pdf",
      "content-length": String(bytes.length),
      "content-disposition":
        "attachment; filename=\"Brief _ Caf_.pdf\"; filename*=UTF-8''Brief%20%E2%80%94%20Caf%C3%A9.pdf",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "private, no-cache",
      etag: `"${sha256(bytes)}"`,
    });
    expect(Buffer.from(await readAll(response)).equals(Buffer.from(bytes))).toBe(true);

    const again = await storedFileResponse(
      database().db,
      file?.id ?? "",
      new Request("http://studio.test/", { headers: { "If-None-Match": `"${sha256(bytes)}"` } }),
      { disposition: "attachment" },
    );
    expect(again.status).toBe(304);
  });

  it("a file over 25 MB is refused with its message, leaves no rows, and the other fields are kept", async () => {
    const options = await room();
    const parsed = await parseUploadForm(
      database().db,
      multipartRequest([
        { name: "company", value: "Acme" },
        { name: "logo", filename: "huge.png", bytes: fileOf(maxFileBytes + 1) },
        { name: "tagline", value: "We make things" },
      ]),
      options,
    );
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.fileErrors).toEqual({ logo: fileMessages.tooBig });
    expect(parsed.files).toEqual([]);
    expect(Object.fromEntries(parsed.formData)).toEqual({ company: "Acme", tagline: "We make things" });
    expect(await rowCounts(database())).toEqual({ files: 0, chunks: 0 });
  }, 120_000);

  it("a file of exactly 25 MB is kept", async () => {
    const options = await room();
    const bytes = fileOf(maxFileBytes);
    const parsed = await parseUploadForm(
      database().db,
      multipartRequest([{ name: "logo", filename: "big.png", bytes }]),
      options,
    );
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.fileErrors).toEqual({});
    expect(parsed.files[0]?.size).toBe(maxFileBytes);
    expect(parsed.files[0]?.sha256).toBe(sha256(bytes));
  }, 120_000);

  it("refuses what is no accepted kind (an SVG, HTML, a PNG's name on text) with the message, keeping the rest", async () => {
    const options = await room();
    const png = fileOf(1000);
    const parsed = await parseUploadForm(
      database().db,
      multipartRequest([
        {
          name: "logo",
          filename: "logo.svg",
          type: "image/svg+xml",
          bytes: Buffer.from("<svg><script>alert(1)</script></svg>"),
        },
        { name: "assets", filename: "photo.pdf", type: "application/pdf", bytes: png },
        { name: "company", value: "Acme" },
      ]),
      options,
    );
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.fileErrors).toEqual({ logo: fileMessages.wrongType });
    // the PNG named .pdf is stored as the PNG it is
    expect(parsed.files.map((file) => [file.name, file.contentType])).toEqual([["photo.pdf", "image/png"]]);
    expect(Object.fromEntries(parsed.formData)).toEqual({ assets: parsed.files[0]?.id, company: "Acme" });
    expect(await rowCounts(database())).toEqual({ files: 1, chunks: 1 });
  });

  it("refuses a file in a field that takes none; an empty file input is simply absent", async () => {
    const options = await room();
    const parsed = await parseUploadForm(
      database().db,
      multipartRequest([
        { name: "avatar", filename: "me.png", bytes: fileOf(100) },
        { name: "logo", filename: "", bytes: new Uint8Array() },
        { name: "company", value: "Acme" },
      ]),
      options,
    );
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.fileErrors).toEqual({ avatar: fileMessages.notAFileField });
    expect(Object.fromEntries(parsed.formData)).toEqual({ company: "Acme" });
    expect(await rowCounts(database())).toEqual({ files: 0, chunks: 0 });
  });

  it("keeps a project's files within 500 MB: the upload that would pass it is refused and removed", async () => {
    const options = await room();
    // the project already holds 500 MB less 1 MB (rows written directly: the sum is all that counts)
    await database()
      .db.insert(storedFiles)
      .values({
        projectId: options.projectId,
        customerId: options.customerId,
        sha256: "a".repeat(64),
        size: maxProjectBytes - 1024 * 1024,
        contentType: "application/zip",
        name: "archive.zip",
        uploadedBy: "owner",
        completedAt: new Date(),
      });
    const small = await parseUploadForm(
      database().db,
      multipartRequest([{ name: "logo", filename: "small.png", bytes: fileOf(512 * 1024) }]),
      options,
    );
    if (!small.ok) throw new Error(small.message);
    expect(small.fileErrors).toEqual({});
    const over = await parseUploadForm(
      database().db,
      multipartRequest([
        { name: "logo", filename: "more.png", bytes: fileOf(600 * 1024) },
        { name: "company", value: "Acme" },
      ]),
      options,
    );
    if (!over.ok) throw new Error(over.message);
    expect(over.fileErrors).toEqual({ logo: fileMessages.projectFull });
    expect(Object.fromEntries(over.formData)).toEqual({ company: "Acme" });
    expect(await rowCounts(database())).toEqual({ files: 2, chunks: 2 });
    // another project is not limited by this one's files
    const other = await insertProject(database().db, options.customerId ?? "", { projectName: "Other" });
    const elsewhere = await parseUploadForm(
      database().db,
      multipartRequest([{ name: "logo", filename: "more.png", bytes: fileOf(600 * 1024) }]),
      { ...options, projectId: other.id },
    );
    expect(elsewhere.ok && elsewhere.fileErrors).toEqual({});
  });

  it("a body cut off mid-file fails as unreadable and leaves nothing, not even the files before it", async () => {
    const options = await room();
    const whole = multipartRequest([
      { name: "assets", filename: "first.png", bytes: fileOf(300 * 1024) },
      { name: "logo", filename: "second.png", bytes: fileOf(600 * 1024) },
    ]);
    const bytes = new Uint8Array(await whole.arrayBuffer());
    const cut = new Request("http://studio.test/", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body: bytes.subarray(0, 700 * 1024),
    });
    const parsed = await parseUploadForm(database().db, cut, options);
    expect(parsed).toEqual({ ok: false, reason: "unreadable", message: fileMessages.brokenForm });
    expect(await rowCounts(database())).toEqual({ files: 0, chunks: 0 });
  });

  it("more files than allowed: the extra ones are refused", async () => {
    const options = await room();
    const parsed = await parseUploadForm(
      database().db,
      multipartRequest([
        { name: "assets", filename: "1.png", bytes: fileOf(100) },
        { name: "assets", filename: "2.png", bytes: fileOf(100) },
        { name: "logo", filename: "3.png", bytes: fileOf(100) },
      ]),
      { ...options, maxFiles: 2 },
    );
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.files).toHaveLength(2);
    expect(parsed.fileErrors).toEqual({ logo: fileMessages.tooManyFiles });
    expect(parsed.formData.getAll("assets")).toEqual(parsed.files.map((file) => file.id));
  });

  it("a post that is not multipart is read as request.formData() reads it", async () => {
    const options = await room();
    const parsed = await parseUploadForm(
      database().db,
      new Request("http://studio.test/", { method: "POST", body: new URLSearchParams({ company: "Acme" }) }),
      options,
    );
    expect(parsed.ok && Object.fromEntries(parsed.formData)).toEqual({ company: "Acme" });
  });

  it("a NUL byte in a field fails the post as unreadable", async () => {
    const options = await room();
    const parsed = await parseUploadForm(
      database().db,
      multipartRequest([
        { name: "logo", filename: "a.png", bytes: fileOf(100) },
        { name: "company", value: "A\u0000cme" },
      ]),
      options,
    );
    expect(parsed.ok).toBe(false);
    expect(await rowCounts(database())).toEqual({ files: 0, chunks: 0 });
  });

  it("an image is served inline as WebP at the nearest width, made once; the original stays downloadable", async () => {
    const options = await room();
    const png = new Uint8Array(
      await sharp({ create: { width: 1200, height: 600, channels: 3, background: { r: 10, g: 120, b: 200 } } })
        .png()
        .toBuffer(),
    );
    const parsed = await parseUploadForm(
      database().db,
      multipartRequest([{ name: "logo", filename: "logo.png", bytes: png }]),
      options,
    );
    const file = parsed.ok ? parsed.files[0] : undefined;
    if (!file) throw new Error("not stored");
    const request = new Request("http://studio.test/");
    const inline = await storedFileResponse(database().db, file.id, request, {
      disposition: "inline-image",
      width: 700,
    });
    expect(inline.headers.get("content-type")).toBe("image/webp");
    expect(inline.headers.get("content-disposition")).toMatch(/^inline; filename="logo\.webp"/);
    expect(inline.headers.get("etag")).toBe(`"${file.sha256}-800"`);
    expect(inline.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    const meta = await sharp(await readAll(inline)).metadata();
    expect([meta.format, meta.width]).toEqual(["webp", 800]);
    const original = await storedFileResponse(database().db, file.id, request, { disposition: "attachment" });
    expect(original.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await readAll(original)).equals(Buffer.from(png))).toBe(true);
  });

  it("an unknown or malformed id is a 404; an abandoned upload is never served and is purged", async () => {
    const request = new Request("http://studio.test/");
    for (const id of ["not-a-uuid", crypto.randomUUID()]) {
      const thrown = await storedFileResponse(database().db, id, request, { disposition: "attachment" }).catch(
        (error: unknown) => error,
      );
      expect((thrown as { init?: { status?: number } }).init?.status).toBe(404);
    }
    const [pending] = await database()
      .db.insert(storedFiles)
      .values({ sha256: "0".repeat(64), size: 0, contentType: "image/png", name: "x.png", uploadedBy: "client" })
      .returning();
    const thrown = await storedFileResponse(database().db, pending?.id ?? "", request, {
      disposition: "attachment",
    }).catch((error: unknown) => error);
    expect((thrown as { init?: { status?: number } }).init?.status).toBe(404);
    // a day later, the maintenance purge removes it
    expect(await purgeAbandonedFileUploads(database().db)).toBe(0);
    expect(await purgeAbandonedFileUploads(database().db, new Date(Date.now() + 25 * 3600_000))).toBe(1);
    expect(await rowCounts(database())).toEqual({ files: 0, chunks: 0 });
  });
});

describe("multipartRequest (the test's own body builder)", () => {
  it("is read by the platform's own parser the same way", async () => {
    const form = await multipartRequest([{ name: "a", value: "b" }]).formData();
    expect(form.get("a")).toBe("b");
  });
});
