/**
 * The project room's files through the production server: a 20 MB file stored by the streaming
 * parser (before start, on the server's own database) comes back from GET /admin/files/{id} byte
 * for byte, streamed, with the file answer's headers (its sniffed type, attachment with its name,
 * nosniff, a CSP that allows nothing, never stored, the SHA-256 as ETag, 304 when current), an image as
 * WebP; an anonymous caller is sent to sign in and a staff member refused, and the server's memory
 * stays flat while it sends 20 MB.
 */
import { createHash, randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { parseUploadForm } from "#app/services/file-storage.server.ts";
import { adminAccount, dataDirWithAccounts, signInCookie, staffAccount } from "../support/accounts.ts";
import { insertCustomer, insertProject } from "../support/records.ts";
import { startServer, type TestServer } from "../support/server.ts";

const boundary = "----studio-room-files";
const size = 20 * 1024 * 1024;

/** A multipart post of one `field` file, made 64 KB at a time as it is read. */
function upload(field: string, filename: string, first: Uint8Array, total: number, hash = createHash("sha256")) {
  const pieces = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n\r\n`),
  ];
  let sent = 0;
  let tail = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const head = pieces.shift();
      if (head) return controller.enqueue(new Uint8Array(head));
      if (sent < total) {
        const piece = sent === 0 ? Buffer.from(first) : randomBytes(Math.min(64 * 1024, total - sent));
        sent += piece.length;
        hash.update(piece);
        return controller.enqueue(new Uint8Array(piece));
      }
      if (!tail) {
        tail = true;
        return controller.enqueue(new Uint8Array(Buffer.from(`\r\n--${boundary}--\r\n`)));
      }
      controller.close();
    },
  });
  const request = new Request("http://studio.test/admin/projects/x/room", {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: "half",
  } as RequestInit);
  return { request, sha256: () => hash.digest("hex") };
}

function rssMb(server: TestServer): number {
  const status = readFileSync(`/proc/${server.process.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

describe("project room files through the server", () => {
  let server: TestServer;
  let dataDir: string;
  let admin: string;
  let staff: string;
  const stored = { archive: "", archiveHash: "", image: "" };

  beforeAll(async () => {
    dataDir = dataDirWithAccounts();
    const database = await openDatabase({ dataDir });
    try {
      const customer = await insertCustomer(database.db);
      const project = await insertProject(database.db, customer.id);
      const options = {
        customerId: customer.id,
        projectId: project.id,
        uploadedBy: "client" as const,
        fileFields: ["brief", "logo"],
      };
      const archive = upload("brief", "Brief — Café (final).zip", Buffer.from("PK\x03\x04 zip"), size);
      const parsed = await parseUploadForm(database.db, archive.request, options);
      if (!parsed.ok || !parsed.files[0]) throw new Error("the archive was not stored");
      stored.archive = parsed.files[0].id;
      stored.archiveHash = archive.sha256();
      const png = await sharp({ create: { width: 900, height: 500, channels: 3, background: "#3366aa" } })
        .png()
        .toBuffer();
      const image = upload("logo", "logo.png", png, png.length);
      const parsedImage = await parseUploadForm(database.db, image.request, options);
      if (!parsedImage.ok || !parsedImage.files[0]) throw new Error("the image was not stored");
      stored.image = parsedImage.files[0].id;
    } finally {
      await database.close();
    }
    server = await startServer({ dataDir });
    admin = await signInCookie(server.url, adminAccount);
    staff = await signInCookie(server.url, staffAccount);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers: { ...headers, ...(cookie ? { cookie } : {}) }, redirect: "manual" });

  it("the owner downloads the 20 MB file byte for byte, streamed, with the file answer's headers", async () => {
    // once to warm the database's own page cache, then measured
    await (await get(`/admin/files/${stored.archive}`, admin)).arrayBuffer();
    const before = rssMb(server);
    let peak = before;
    const response = await get(`/admin/files/${stored.archive}`, admin);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "application/zip",
      "content-length": String(size),
      "content-disposition":
        "attachment; filename=\"Brief _ Caf_ (final).zip\"; filename*=UTF-8''Brief%20%E2%80%94%20Caf%C3%A9%20%28final%29.zip",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      // the back office's own rule (its layout) is stricter than the file answer's "private, no-cache"
      "cache-control": "no-store",
      etag: `"${stored.archiveHash}"`,
    });
    const hash = createHash("sha256");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      hash.update(read.value);
      peak = Math.max(peak, rssMb(server));
    }
    expect(hash.digest("hex")).toBe(stored.archiveHash);
    expect(peak - before).toBeLessThan(40);

    const current = await get(`/admin/files/${stored.archive}`, admin, { "If-None-Match": `"${stored.archiveHash}"` });
    expect(current.status).toBe(304);
  });

  it("an image is served as WebP at the nearest width, and its original still downloads", async () => {
    const webp = await get(`/admin/files/${stored.image}?image=500`, admin);
    expect(webp.status).toBe(200);
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect(webp.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    const meta = await sharp(Buffer.from(await webp.arrayBuffer())).metadata();
    expect([meta.format, meta.width]).toEqual(["webp", 400]);
    const original = await get(`/admin/files/${stored.image}`, admin);
    expect(original.headers.get("content-type")).toBe("image/png");
    expect(original.headers.get("content-disposition")).toMatch(/^attachment; filename="logo\.png"/);
    await original.arrayBuffer();
  });

  it("anonymous callers are sent to sign in, a staff member is refused, an unknown id is 404", async () => {
    const anonymous = await get(`/admin/files/${stored.archive}`);
    expect([302, 303]).toContain(anonymous.status);
    expect(anonymous.headers.get("location")).toMatch(/^\/admin\/login/);
    const staffAnswer = await get(`/admin/files/${stored.archive}`, staff);
    expect(staffAnswer.status).toBe(403);
    expect((await staffAnswer.text()).length).toBeLessThan(100_000);
    expect((await get(`/admin/files/${crypto.randomUUID()}`, admin)).status).toBe(404);
    expect((await get("/admin/files/not-an-id", admin)).status).toBe(404);
  });
});
