/**
 * Uploads are for admins, decided before the body is read: every path allowed more than the
 * default body limit answers a caller without a live admin session (none, a made-up cookie, a
 * staff member) 303 to sign in or 403 while the caller has sent only the start of a multi-megabyte body, and the
 * server's memory does not grow. An admin's upload still goes through.
 */
import { rmSync } from "node:fs";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logoMessages } from "#app/domain/logo.ts";
import { bodyLimitOverrides, defaultBodyLimit, uploadForbiddenMessage } from "../../server/body-limit.ts";
import { adminAccount, dataDirWithAccounts, signInCookie, staffAccount } from "../support/accounts.ts";
import { rssMb, settledRssMb, startServer, type TestServer } from "../support/server.ts";

const uploadPaths = Object.entries(bodyLimitOverrides)
  .filter(([, limit]) => limit > defaultBodyLimit)
  .map(([path, limit]) => ({ path, limit }));

const boundary = "----studio-upload-test";

/** A multipart body of `size` bytes: one file field holding `fill` bytes. */
function multipart(size: number, field = "image", fill = 0x41): Buffer {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, fill), tail]);
}

type Outcome = { status: number; body: string; sentWhenAnswered: number; ms: number };

/**
 * POSTs `body` over a plain socket, writing `firstBytes` of it at once and the rest only after
 * `pauseMs` (or never, when the server has answered by then). Reports how much had been sent
 * when the answer came.
 */
function upload(
  server: TestServer,
  path: string,
  body: Buffer,
  options: { cookie?: string; firstBytes: number; pauseMs: number },
): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(server.port, "127.0.0.1");
    let sent = 0;
    let sentWhenAnswered = -1;
    let received = "";
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(giveUp);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      resolve({
        status,
        body: received.split("\r\n\r\n").slice(1).join("\r\n\r\n"),
        sentWhenAnswered,
        ms: performance.now() - started,
      });
      socket.destroy();
    };
    const giveUp = setTimeout(finish, 15_000);
    socket.setEncoding("latin1");
    socket.on("data", (data: string) => {
      if (sentWhenAnswered < 0) sentWhenAnswered = sent;
      received += data;
      const length = /content-length: (\d+)/i.exec(received)?.[1];
      const [head, ...rest] = received.split("\r\n\r\n");
      const complete =
        length !== undefined
          ? Buffer.byteLength(rest.join("\r\n\r\n"), "latin1") >= Number(length)
          : /transfer-encoding: chunked/i.test(head ?? "") && received.endsWith("\r\n0\r\n\r\n");
      if (complete) finish();
    });
    socket.on("close", finish);
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE" || error.code === "ECONNRESET") return finish();
      reject(error);
    });
    const headers = [
      `POST ${path} HTTP/1.1`,
      `Host: 127.0.0.1:${server.port}`,
      `Origin: ${server.url}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      `Content-Length: ${body.length}`,
      ...(options.cookie ? [`Cookie: ${options.cookie}`] : []),
    ];
    socket.write(`${headers.join("\r\n")}\r\n\r\n`);
    socket.write(body.subarray(0, options.firstBytes));
    sent = options.firstBytes;
    setTimeout(() => {
      if (done || sentWhenAnswered >= 0) return;
      sent = body.length;
      socket.write(body.subarray(options.firstBytes));
    }, options.pauseMs);
  });
}

describe("uploads need an admin session before their body is read", () => {
  let server: TestServer;
  let dataDir: string;
  let staffCookie: string;
  let adminCookie: string;
  beforeAll(async () => {
    dataDir = dataDirWithAccounts();
    server = await startServer({ dataDir });
    staffCookie = await signInCookie(server.url, staffAccount);
    adminCookie = await signInCookie(server.url, adminAccount);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("the upload paths are the portfolio item form, the invoice logo and the site texts' page (the site's logo)", () => {
    expect(uploadPaths.map(({ path }) => path).sort()).toEqual([
      "/admin/settings/logo",
      "/admin/site/portfolio/edit",
      "/admin/site/texts",
    ]);
  });

  it.each(uploadPaths)(
    "$path: refused to a caller without an admin session (303 to sign in, 403 without the role), before the body is sent",
    async ({ path, limit }) => {
      // within the path's allowance (so only the session can refuse it), up to 5 MB
      const body = multipart(Math.min(5 * 1024 * 1024, limit - 1024));
      const before = await settledRssMb(server);
      for (const [who, cookie] of [
        ["anonymous", undefined],
        ["a made-up session", `studio_session=${Buffer.from(JSON.stringify("x".repeat(43))).toString("base64")}`],
        ["a staff member", staffCookie],
      ] as const) {
        const outcome = await upload(server, path, body, { cookie, firstBytes: 64 * 1024, pauseMs: 3_000 });
        // answered as the admin guard would: signed out → the login page, signed in without the role → 403
        if (who === "a staff member") {
          expect(outcome.status, who).toBe(403);
          expect(outcome.body, who).toBe(uploadForbiddenMessage);
        } else {
          expect(outcome.status, who).toBe(303);
        }
        // answered while only the first 64 KB of the body had been sent
        expect(outcome.sentWhenAnswered, who).toBe(64 * 1024);
        expect(outcome.ms, who).toBeLessThan(2_000);
      }
      expect(rssMb(server) - before).toBeLessThan(20);
    },
  );

  it("an admin's upload still goes through, even when its body waits behind the session check", async () => {
    // 900 KB that is not an image: read whole, parsed, and refused by the logo's own check
    const body = multipart(900 * 1024, "logo", 0x20);
    const outcome = await upload(server, "/admin/settings/logo", body, {
      cookie: adminCookie,
      firstBytes: 300 * 1024,
      pauseMs: 300,
    });
    expect(outcome.status).toBe(400);
    expect(outcome.body).toContain(logoMessages.wrongType);
    expect(outcome.sentWhenAnswered).toBe(body.length);
  });
});
