/**
 * The first outside attack's classes, against the production build as a real process: a parallel sign-in
 * burst (PGlite, and PostgreSQL with TEST_DATABASE_URL), request bodies over the limit through
 * several spellings of the path and without a Content-Length, malformed input, the no-JS
 * sign-in error, and a used reset link.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyTooLargeMessage } from "../../server/body-limit.ts";
import { adminAccount, createAccount, dataDirWithAccounts } from "../support/accounts.ts";
import { launchBrowser } from "../support/browser.ts";
import { createPostgresDatabase } from "../support/database.ts";
import { rssMb, settledRssMb, startServer, type TestServer } from "../support/server.ts";

type RawAnswer = { status: number; body: string };

/** An HTTP request with the path exactly as written (fetch would normalise `/./` and friends). */
function raw(
  server: TestServer,
  method: string,
  rawPath: string,
  options: { headers?: Record<string, string>; body?: Buffer | string; chunks?: AsyncIterable<Buffer> } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      // a connection of its own: the server closes one after a 413
      { host: "127.0.0.1", port: server.port, method, path: rawPath, headers: options.headers, agent: false },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        res.on("error", reject);
      },
    );
    // the server may answer 413 and close while we are still sending: that is the point
    let answered = false;
    req.on("response", () => {
      answered = true;
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (answered && (error.code === "EPIPE" || error.code === "ECONNRESET")) return;
      if (error.code === "EPIPE") return; // the answer is still on its way
      reject(error);
    });
    if (options.chunks) {
      (async () => {
        req.once("close", () => req.emit("drain"));
        for await (const chunk of options.chunks ?? []) {
          if (req.destroyed) return;
          if (!req.write(chunk)) await new Promise((done) => req.once("drain", done));
        }
        req.end();
      })().catch(() => {});
    } else {
      req.end(options.body);
    }
  });
}

/**
 * A chunked POST (no Content-Length) over a plain socket: keeps sending until the server answers
 * or closes, and returns the status line's code and what the server said.
 */
function rawChunked(server: TestServer, rawPath: string, chunks: AsyncIterable<Buffer>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1");
    let received = "";
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      resolve({ status, body: received.split("\r\n\r\n").slice(1).join("\r\n\r\n") });
      socket.destroy();
    };
    socket.setEncoding("utf8");
    socket.on("data", (data: string) => {
      received += data;
      if (/\r\n\r\n[\s\S]+/.test(received)) finish();
    });
    socket.on("close", finish);
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE" || error.code === "ECONNRESET") return finish();
      reject(error);
    });
    socket.write(
      `POST ${rawPath} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    (async () => {
      for await (const chunk of chunks) {
        if (done || socket.destroyed) return;
        const ok = socket.write(
          Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]),
        );
        if (!ok) {
          await new Promise((next) => {
            socket.once("drain", next);
            socket.once("close", next);
          });
        }
      }
      if (!done) socket.write("0\r\n\r\n");
    })().catch(() => {});
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function signInBurst(server: TestServer, size: number, rightAt: number) {
  const started = Date.now();
  const answers = await Promise.all(
    Array.from({ length: size }, (_, i) =>
      fetch(`${server.url}/admin/login`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          intent: "signin",
          email: adminAccount.email,
          password: i === rightAt ? adminAccount.password : `wrong guess ${i}`,
        }),
      }).then(async (response) => ({ status: response.status, text: await response.text() })),
    ),
  );
  return {
    ms: Date.now() - started,
    signedIn: answers.filter((answer) => answer.status === 302).length,
    checked: answers.filter((answer) => answer.text.includes("Invalid login credentials")).length,
    blocked: answers.filter((answer) => answer.text.includes("Too many sign-in attempts")).length,
    rightAnswer: answers[rightAt],
  };
}

// PostgreSQL only when the run has a test database (then the burst runs on both)
const kinds = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

for (const kind of kinds) {
  describe(`a parallel sign-in burst [${kind}]`, () => {
    let server: TestServer;
    let dataDir: string;
    let dropDatabase: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), "studio-e2e-burst-"));
      const env: Record<string, string> = {};
      if (kind === "postgres") {
        const database = await createPostgresDatabase();
        env.DATABASE_URL = database.url;
        dropDatabase = database.drop;
      }
      createAccount(dataDir, adminAccount, { env });
      server = await startServer({ dataDir, env });
    });
    afterAll(async () => {
      await server?.stop();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("checks at most 10 passwords per account, and the right password 150th of 200 does not sign in", async () => {
      const burst = await signInBurst(server, 200, 149);
      console.warn(`[${kind}] burst of 200: ${JSON.stringify({ ...burst, rightAnswer: burst.rightAnswer?.status })}`);
      expect(burst.signedIn).toBe(0);
      expect(burst.checked).toBeLessThanOrEqual(10);
      expect(burst.checked + burst.blocked).toBe(200);
      expect(burst.rightAnswer?.text).toContain("Too many sign-in attempts");
    });
  });
}

describe("request bodies, malformed input, the login page", () => {
  let server: TestServer;
  let dataDir: string;
  let browser: Browser;
  beforeAll(async () => {
    dataDir = dataDirWithAccounts();
    server = await startServer({ dataDir });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const urlencoded = { "Content-Type": "application/x-www-form-urlencoded" };

  it.each([
    "/contact/send",
    "/%63ontact/send",
    "/./contact/send",
    "/contact/./send",
    "//contact/send",
    "/CONTACT/send",
    "/contact",
    "/contact.data",
    "/%63ontact",
  ])("limits the inquiry form to 32 KB however its path is spelled: %s", async (spelling) => {
    const answer = await raw(server, "POST", spelling, {
      headers: urlencoded,
      body: form({ message: "x".repeat(40_000) }),
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toBe(bodyTooLargeMessage);
  });

  it.each([
    "/admin/login",
    "/admin/./login",
    "/%61dmin/login",
    "/admin/login.data",
    "/admin/logout",
    "/admin/setup",
    "/no-such-page",
  ])("limits every other action to the default (128 KB): %s", async (spelling) => {
    const answer = await raw(server, "POST", spelling, {
      headers: urlencoded,
      body: form({ intent: "signin", email: "a@b.test", password: "x".repeat(200_000) }),
    });
    expect(answer.status).toBe(413);
  });

  it("counts the bytes as they stream: a chunked body without Content-Length is cut at the limit, and memory stays flat", async () => {
    const before = await settledRssMb(server);
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    async function* fiftyMegabytes() {
      yield Buffer.from("intent=signin&password=");
      for (let i = 0; i < 800; i++) {
        sent += chunk.length;
        yield chunk;
      }
    }
    const answer = await rawChunked(server, "/admin/login", fiftyMegabytes());
    const after = rssMb(server);
    console.warn(
      `chunked 50 MB to /admin/login: ${answer.status} after ${(sent / 1048576).toFixed(1)} MB sent; RSS ${before.toFixed(0)} -> ${after.toFixed(0)} MB`,
    );
    expect(answer.status).toBe(413);
    expect(after - before).toBeLessThan(60);
  });

  it("a form within the limit still works", async () => {
    const answer = await raw(server, "POST", "/admin/login", {
      headers: { ...urlencoded, Origin: server.url },
      body: form({ intent: "signin", email: adminAccount.email, password: "wrong password" }),
    });
    // read and answered (not 413): a refused sign-in is 401 with the spec's message
    expect(answer.status).toBe(401);
    expect(answer.body).toContain("Invalid login credentials");
  });

  it.each([
    ["GET", "/admin/dashboard?q=%00"],
    ["GET", "/portfolio?category=%00"],
    ["GET", "/%00"],
    ["GET", "/contact?x=%E0%A4%A"],
  ])("answers 400, not 500, to a NUL byte or broken encoding in the address: %s %s", async (method, address) => {
    const answer = await raw(server, method, address);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatch(/^Bad Request: /);
  });

  it.each([
    ["a NUL byte in a urlencoded field", urlencoded, form({ first_name: "Ada\0", message: "hi" })],
    ["JSON", { "Content-Type": "application/json" }, JSON.stringify({ intent: "signin" })],
    ["text/plain", { "Content-Type": "text/plain" }, "intent=signin"],
    ["no content type", {}, "intent=signin"],
    [
      "malformed multipart",
      { "Content-Type": "multipart/form-data; boundary=xyz" },
      '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end',
    ],
    [
      "a NUL byte in a multipart field",
      { "Content-Type": "multipart/form-data; boundary=xyz" },
      '--xyz\r\nContent-Disposition: form-data; name="message"\r\n\r\nhello\0world\r\n--xyz--\r\n',
    ],
  ])("answers 400 with a clear message to %s, on every action", async (_name, headers, body) => {
    for (const address of ["/contact/send", "/contact", "/admin/login", "/admin/setup", "/admin/dashboard"]) {
      const answer = await raw(server, "POST", address, { headers: headers as Record<string, string>, body });
      expect(answer.status, address).toBe(400);
      expect(answer.body, address).toMatch(/^Bad Request: /);
    }
  });

  it("without JavaScript, a failed sign-in shows the error in the page", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/login`);
    await page.getByLabel("Email").fill(adminAccount.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForLoadState();
    await expect(page.getByRole("alert").textContent()).resolves.toContain("Invalid login credentials");
    await context.close();
  });

  it("a used, expired or unknown reset link says so at once, with a way to a new one", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/admin/login#type=recovery&token=${"A".repeat(43)}`);
    await page.getByRole("heading", { name: "Link No Longer Valid" }).waitFor();
    await page.getByText("This reset link is invalid or has expired. Please request a new one.").first().waitFor();
    expect(page.url()).toBe(`${server.url}/admin/login`);
    await page.getByRole("link", { name: "Request a New Link" }).click();
    await page.getByRole("heading", { name: "Reset Password" }).waitFor();
    await page.close();
  });
});
