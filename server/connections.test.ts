import { createServer } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { describe, expect, it } from "vitest";
import { capConnectionsPerAddress, slowClientOptions } from "./connections.ts";

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
