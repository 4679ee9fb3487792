import { createServer } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { describe, expect, it } from "vitest";
import { capConnectionsPerAddress, drainOnShutdown, slowClientOptions } from "./connections.ts";

describe("slowClientOptions", () => {
  it("sets both deadlines and checks them every second at most", () => {
    expect(slowClientOptions({ headersTimeoutMs: 10_000, requestTimeoutMs: 60_000 })).toMatchObject({
      headersTimeout: 10_000,
      requestTimeout: 60_000,
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: 1_000,
    });
    expect(slowClientOptions({ headersTimeoutMs: 600, requestTimeoutMs: 1_000 }).connectionsCheckingInterval).toBe(300);
  });
});

describe("capConnectionsPerAddress", () => {
  it("closes connections beyond the cap at once and frees a slot when one closes", async () => {
    const server = createServer((_req, res) => res.end("ok"));
    const refused: string[] = [];
    const cap = capConnectionsPerAddress(server, 2, (address) => refused.push(address));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const openOne = () =>
      new Promise<{ socket: ReturnType<typeof connect>; closed: Promise<void> }>((resolve) => {
        const socket = connect(port, "127.0.0.1", () =>
          resolve({ socket, closed: new Promise((done) => socket.once("close", () => done())) }),
        );
        socket.on("error", () => {});
      });
    const isOpenAfter = async (client: { closed: Promise<void> }, ms: number) =>
      Promise.race([client.closed.then(() => false), new Promise((resolve) => setTimeout(() => resolve(true), ms))]);
    try {
      const first = await openOne();
      const second = await openOne();
      const third = await openOne();
      expect(await isOpenAfter(third, 300)).toBe(false);
      expect(await isOpenAfter(first, 0)).toBe(true);
      expect(cap.openFrom("127.0.0.1")).toBe(2);
      expect(refused).toEqual(["127.0.0.1"]);
      first.socket.destroy();
      await first.closed;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(cap.openFrom("127.0.0.1")).toBe(1);
      const fourth = await openOne();
      expect(await isOpenAfter(fourth, 200)).toBe(true);
      second.socket.destroy();
      fourth.socket.destroy();
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe("drainOnShutdown", () => {
  /** A raw keep-alive client: what it received, and whether the server closed it. */
  function client(port: number) {
    const socket = connect(port, "127.0.0.1");
    socket.on("error", () => {});
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk;
    });
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    const answers = () => received.split("HTTP/1.1 ").slice(1);
    const get = (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    return { socket, closed, answers, get };
  }

  it("answers what is in flight with Connection: close, closes idle keep-alive connections, and ends", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const slowStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const server = createServer(async (req, res) => {
      if (req.url === "/slow") {
        started();
        await held;
        // as the public-page cache answers: a flat array of headers
        res.writeHead(200, ["Content-Type", "text/plain"]);
      }
      if (req.url === "/stream") {
        res.writeHead(200, { "Content-Type": "text/plain" });
        res.write("part");
        await held;
      }
      res.end("ok");
    });
    const drain = drainOnShutdown(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const until = async (check: () => boolean) => {
      while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    try {
      // idle: answered once, kept alive
      const idle = client(port);
      idle.get("/");
      await until(() => idle.answers().length === 1);
      expect(idle.answers()[0]).toMatch(/Connection: keep-alive/i);
      // in flight: its answer not started yet
      const inFlight = client(port);
      inFlight.get("/slow");
      await slowStarted;
      // in flight: its answer started (headers sent, keep-alive)
      const streaming = client(port);
      streaming.get("/stream");
      await until(() => streaming.answers().length === 1);

      const drained = drain.drain(5_000);
      await idle.closed;
      // no new connection is accepted
      const refused = await new Promise<boolean>((resolve) => {
        const late = connect(port, "127.0.0.1");
        late.once("error", () => resolve(true));
        late.once("connect", () => {
          late.destroy();
          resolve(false);
        });
      });
      expect(refused).toBe(true);
      release();
      await Promise.all([inFlight.closed, streaming.closed]);
      expect(inFlight.answers()).toHaveLength(1);
      expect(inFlight.answers()[0]).toMatch(/^200 OK[\s\S]*Connection: close[\s\S]*\r\n\r\n[\s\S]*ok/i);
      expect(streaming.answers()[0]).toMatch(/part[\s\S]*ok/);
      expect(await drained).toEqual({ cut: false });
    } finally {
      release();
      server.closeAllConnections();
    }
  });

  it("cuts what is still under way after the limit", async () => {
    let arrived = () => {};
    const request = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const server = createServer(() => arrived());
    const drain = drainOnShutdown(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const hanging = client(port);
    hanging.get("/never");
    await request;
    expect(await drain.drain(100)).toEqual({ cut: true });
    await hanging.closed;
    expect(hanging.answers()).toEqual([]);
  });
});
