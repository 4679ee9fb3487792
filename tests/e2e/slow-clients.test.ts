/**
 * Slow and greedy clients against the production build, with short deadlines set through the
 * environment (HEADERS_TIMEOUT_MS 1 s, REQUEST_TIMEOUT_MS 2 s, MAX_CONNECTIONS_PER_ADDRESS 6):
 * a body trickled a byte at a time and headers that never end are cut off at their deadline (they
 * were held for up to 300 s), and connections from one address beyond the cap are closed at once.
 * Everything talks to 127.0.0.1 and every wait is bounded.
 */
import { rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDirWithAccounts } from "../support/accounts.ts";
import { startServer, type TestServer } from "../support/server.ts";

const headersTimeoutMs = 1_000;
const requestTimeoutMs = 2_000;
const cap = 6;

type Closed = { ms: number; received: string };

/** Opens a connection; `closed` resolves when the server closes it (or after `limitMs`, with ms -1). */
function open(server: TestServer, limitMs = 10_000) {
  const started = performance.now();
  const socket = connect(server.port, "127.0.0.1");
  let received = "";
  socket.setEncoding("latin1");
  socket.on("data", (data: string) => {
    received += data;
  });
  socket.on("error", () => {});
  const closed = new Promise<Closed>((resolve) => {
    const timer = setTimeout(() => resolve({ ms: -1, received }), limitMs);
    socket.once("close", () => {
      clearTimeout(timer);
      resolve({ ms: performance.now() - started, received });
    });
  });
  const connected = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return { socket, closed, connected };
}

/** Writes `text` a byte every `everyMs` until the socket closes; stops at the end of the text. */
function trickle(socket: Socket, text: string, everyMs: number) {
  let index = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || index >= text.length) {
      clearInterval(timer);
      return;
    }
    socket.write(text[index++] ?? "");
  }, everyMs);
  socket.once("close", () => clearInterval(timer));
}

describe("slow and greedy clients", () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    // a prepared database: the server starts in a few seconds
    dataDir = dataDirWithAccounts();
    server = await startServer({
      dataDir,
      env: {
        HEADERS_TIMEOUT_MS: String(headersTimeoutMs),
        REQUEST_TIMEOUT_MS: String(requestTimeoutMs),
        MAX_CONNECTIONS_PER_ADDRESS: String(cap),
      },
    });
  });
  afterAll(async () => {
    // a socket the cap closed must not hold the shutdown (it once waited past 90 s in CI)
    expect(await server?.stop()).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a body trickled in a byte at a time is cut off at the request deadline with 408", async () => {
    const client = open(server);
    await client.connected;
    const body = "intent=signin&email=a%40b.test&password=".padEnd(1_000, "x");
    client.socket.write(
      `POST /admin/login HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    // 1,000 bytes at one per 100 ms would take 100 s
    trickle(client.socket, body, 100);
    const { ms, received } = await client.closed;
    expect(ms).toBeGreaterThan(requestTimeoutMs - 100);
    expect(ms).toBeLessThan(requestTimeoutMs + 2_000);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("headers that never end are cut off at the headers deadline", async () => {
    const client = open(server);
    await client.connected;
    trickle(client.socket, `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n${"X-Slow: x\r\n".repeat(200)}`, 50);
    const { ms } = await client.closed;
    expect(ms).toBeGreaterThan(headersTimeoutMs - 100);
    expect(ms).toBeLessThan(headersTimeoutMs + 2_000);
  });

  it(`one address holds at most ${cap} open connections: more are closed at once, and freed slots are usable again`, async () => {
    const clients = Array.from({ length: cap + 6 }, () => open(server, 800));
    await Promise.all(clients.map((client) => client.connected));
    const outcomes = await Promise.all(clients.map((client) => client.closed));
    // closed by the server within a moment, with nothing said
    const cut = outcomes.filter(({ ms }) => ms >= 0 && ms < 500);
    const held = outcomes.filter(({ ms }) => ms === -1);
    expect(cut.length).toBeGreaterThanOrEqual(6);
    expect(held.length).toBeLessThanOrEqual(cap);
    for (const { received } of cut) expect(received).toBe("");
    for (const client of clients) client.socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answer = await fetch(`${server.url}/healthz`);
    expect(answer.status).toBe(200);
    expect(
      server.logs().some((line) => line.msg === "too many open connections from one address: new ones are closed"),
    ).toBe(true);
  });
});
