import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser.ts";
import { createPostgresDatabase } from "../support/database.ts";
import { projectRoot, runServerExpectingExit, startServer, type TestServer } from "../support/server.ts";
import { until } from "../support/wait.ts";

describe("production server", () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("server-renders the home page: its content is there with JavaScript disabled", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(server.url);
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1").first().textContent()).resolves.toBeTruthy();
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await context.close();
  });

  it("sends the security headers, with a fresh nonce that the inline scripts carry on pages rendered per request", async () => {
    const first = await fetch(`${server.url}/contact`);
    const second = await fetch(`${server.url}/contact`);
    const csp = first.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get("content-security-policy")).not.toContain(`'nonce-${nonce}'`);
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("permissions-policy")).toContain("camera=()");
    expect(first.headers.get("strict-transport-security")).toBeNull(); // PUBLIC_URL is http here
    expect(first.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    for (const tag of scripts) {
      if (/\bsrc=/.test(tag)) continue;
      expect(tag).toContain(`nonce="${nonce}"`);
    }
  });

  it("applies the CSP: no inline script without the nonce or a listed hash runs, the page has no CSP errors", async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(server.url);
    await page.waitForLoadState("networkidle");
    expect(violations).toEqual([]);
    const ran = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.body.append(script);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    expect(violations.length).toBeGreaterThan(0);
    await page.close();
  });

  it("serves hashed assets compressed and immutable", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(css).toBeTruthy();
    const response = await fetch(`${server.url}${css}`, { headers: { "accept-encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const page = await fetch(`${server.url}/`, { headers: { "accept-encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
  });

  it("answers health and readiness", async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: "pglite" });
  });

  it("answers 404 for an unknown path", async () => {
    const response = await fetch(`${server.url}/no/such/page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Oops! Page not found");
  });

  it("logs each request as one JSON line without cookies or query strings", async () => {
    await fetch(`${server.url}/?token=secret-value`, { headers: { cookie: "session=abc123" } });
    const lines = server.logs().filter((line) => line.msg === "request" && line.path === "/");
    const last = lines.at(-1);
    expect(last).toMatchObject({ method: "GET", path: "/", status: 200 });
    expect(typeof last?.reqId).toBe("string");
    expect(typeof last?.ms).toBe("number");
    expect(server.output()).not.toContain("secret-value");
    expect(server.output()).not.toContain("abc123");
  });
});

describe("server lifecycle", () => {
  it("a test server does not outlive the test process that started it, even killed, and exits with its log's reader gone", async () => {
    // a test process (a worker killed on a timeout) that started a server through the harness
    const dir = mkdtempSync(path.join(tmpdir(), "studio-harness-"));
    const script = path.join(dir, "starter.ts");
    writeFileSync(
      script,
      `import { startServer } from ${JSON.stringify(path.join(projectRoot, "tests/support/server.ts"))};\n` +
        'const server = await startServer();\nconsole.log("SERVER " + server.process.pid);\nsetInterval(() => {}, 1000);\n',
    );
    const starter = spawn(process.execPath, [script], { cwd: projectRoot, stdio: ["ignore", "pipe", "inherit"] });
    try {
      let printed = "";
      starter.stdout.on("data", (chunk) => {
        printed += chunk;
      });
      const serverPid = await until(() => Number(/SERVER (\d+)/.exec(printed)?.[1]) || null, { timeoutMs: 60_000 });
      const alive = () => {
        try {
          process.kill(serverPid, 0);
          return true;
        } catch {
          return false;
        }
      };
      expect(alive()).toBe(true);
      starter.kill("SIGKILL");
      // its stdin closes: it shuts down, although nobody reads what it logs any more
      await until(() => !alive() || null, { timeoutMs: 20_000 });
    } finally {
      starter.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("exits with one line when the configuration is bad", async () => {
    const { code, output } = await runServerExpectingExit({ PORT: "notaport" });
    expect(code).not.toBe(0);
    expect(output.trim()).toBe('Invalid configuration: PORT must be a port number (got "notaport")');
  });

  it("creates the data directory, keeps data across a restart, and shuts down cleanly", async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "studio-life-")), "data");
    try {
      const first = await startServer({ dataDir });
      expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(true);

      // a second server on the same directory refuses to start, with a clear reason
      const second = await runServerExpectingExit({ PORT: "0", DATA_DIR: dataDir });
      expect(second.code).not.toBe(0);
      expect(second.output).toContain("is in use by another process");

      const firstLogs = first.logs();
      // a new database is made by a short-lived process, which seeds it; the server then finds it ready
      expect(firstLogs.find((line) => line.msg === "new database prepared")).toMatchObject({
        seeded: { portfolio: 3, pricing: 3, settings: 1 },
      });
      expect(firstLogs.find((line) => line.msg === "database ready")).toMatchObject({
        seeded: { portfolio: 0, pricing: 0, settings: 0 },
      });
      // a request under way when SIGTERM arrives is still answered
      const socket = connect(first.port, "127.0.0.1");
      await new Promise((resolve) => socket.once("connect", resolve));
      const socketClosed = new Promise((resolve) => socket.once("close", resolve));
      let answer = "";
      socket.on("data", (chunk) => {
        answer += chunk;
      });
      socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      // no fixed waits: a request answered after those bytes were sent means the server has read them,
      // and the "shutting down" line means SIGTERM has been handled
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
      const stopped = first.stop();
      await until(() => first.logs().some((line) => line.msg === "shutting down"));
      socket.end("\r\n");
      const code = await stopped;
      await socketClosed;
      expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
      expect(code).toBe(0);
      expect(first.logs().at(-1)).toMatchObject({ msg: "stopped" });
      expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);

      const restarted = await startServer({ dataDir });
      expect(restarted.logs().find((line) => line.msg === "database ready")).toMatchObject({
        seeded: { portfolio: 0, pricing: 0, settings: 0 },
      });
      expect((await fetch(`${restarted.url}/`)).status).toBe(200);
      expect(await restarted.stop()).toBe(0);
      expect(readdirSync(dataDir).sort()).toEqual(["pglite", "session-secret"]);
    } finally {
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });

  it("never opens DATA_DIR while building", () => {
    // the build ran before this suite (npm test builds first); nothing in it refers to a data directory
    expect(existsSync(path.join(projectRoot, "build", "server", "index.js"))).toBe(true);
  });
});

const onPostgres = process.env.TEST_DATABASE_URL ? describe : () => {};
onPostgres("on PostgreSQL", () => {
  it("two servers started at the same moment on one empty database both become ready", async () => {
    const database = await createPostgresDatabase();
    try {
      const servers = await Promise.all([1, 2].map(() => startServer({ env: { DATABASE_URL: database.url } })));
      for (const server of servers) {
        const ready = await fetch(`${server.url}/readyz`);
        expect(await ready.json()).toEqual({ status: "ready", database: "postgres" });
        expect((await fetch(`${server.url}/`)).status).toBe(200);
      }
      const seeded = servers.map((server) => server.logs().find((line) => line.msg === "database ready")?.seeded);
      // exactly one of them seeded the empty database
      expect(seeded.filter((report) => (report as { portfolio: number }).portfolio === 3)).toHaveLength(1);
      for (const server of servers) expect(await server.stop()).toBe(0);
    } finally {
      await database.drop();
    }
  });

  it("answers 503 on /readyz when the database does not answer", async () => {
    const database = await createPostgresDatabase();
    const server = await startServer({ env: { DATABASE_URL: database.url } });
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      await database.drop(); // drops with force: the server's connections are cut
      const response = await fetch(`${server.url}/readyz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable", database: "postgres" });
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
