/**
 * What one slow or greedy client may hold of the server. Node's defaults let a request's body
 * trickle in for 300 s and check that only every 30 s; here:
 * - the headers must arrive within `headersTimeoutMs` (10 s) and the whole request, body included,
 *   within `requestTimeoutMs` (60 s: a 5 MB portfolio image needs about 0.7 Mbit/s), else 408 and
 *   the connection closes; the deadlines are checked every second;
 * - an idle keep-alive connection closes after 5 s;
 * - one client address (IPv6 by its /64) holds at most `maxConnectionsPerAddress` open connections;
 *   one more is closed as soon as it is accepted. Behind a proxy the cap is off by default (every
 *   connection comes from the proxy), and the proxy should hold its own.
 * Configuration: HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, MAX_CONNECTIONS_PER_ADDRESS (app/config.server.ts).
 */
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Config } from "#app/config.server.ts";
import { limitAddress } from "#app/domain/request-address.ts";

const keepAliveTimeoutMs = 5_000;

type Limits = Pick<Config, "headersTimeoutMs" | "requestTimeoutMs">;

/** The options for `createServer`: the deadlines, and how often they are checked. */
export function slowClientOptions(limits: Limits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: keepAliveTimeoutMs,
    // Node checks the two deadlines on this interval (30 s by default)
    connectionsCheckingInterval: Math.min(1_000, Math.floor(limits.headersTimeoutMs / 2)),
  };
}

/**
 * Closes a connection at once when its address already holds `max` open ones. `onRefused` is
 * told at most once every 10 s per address (a flood is one log line, not thousands).
 */
export function capConnectionsPerAddress(server: Server, max: number, onRefused?: (address: string) => void) {
  const open = new Map<string, number>();
  const lastTold = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const address = limitAddress(socket.remoteAddress);
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      const now = Date.now();
      if (now - (lastTold.get(address) ?? 0) >= 10_000) {
        lastTold.set(address, now);
        if (lastTold.size > 10_000) lastTold.clear();
        onRefused?.(address);
      }
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  return { openFrom: (address: string) => open.get(limitAddress(address)) ?? 0 };
}

/**
 * Shutting down without cutting a request whose work is done (issue 36, ADR 0048). Until `drain()`,
 * nothing changes. Then the server stops accepting connections; every response not yet started
 * (those in flight, and any request still arriving on an open keep-alive connection) says
 * `Connection: close`, so its connection closes once it is answered; idle keep-alive connections are
 * closed at once, and one whose answer had already started when the drain began is closed once idle.
 * The promise settles when the last connection has closed, or after `limitMs` (then whatever is left
 * is cut: only a request slower than that).
 */
export function drainOnShutdown(server: Server) {
  const open = new Set<ServerResponse>();
  let draining = false;
  // before the app's own listener: a cached page is answered synchronously, in that listener
  server.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => {
    if (draining) {
      res.setHeader("Connection", "close");
      return;
    }
    open.add(res);
    res.once("close", () => open.delete(res));
  });
  return {
    drain(limitMs: number): Promise<{ cut: boolean }> {
      draining = true;
      for (const res of open) if (!res.headersSent) res.setHeader("Connection", "close");
      return new Promise((resolve) => {
        // a keep-alive connection whose answer was already under way becomes idle when it is sent
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        const force = setTimeout(() => {
          clearInterval(sweep);
          server.closeAllConnections();
          resolve({ cut: true });
        }, limitMs);
        // stops accepting and closes the idle connections (Node 19+); calls back once none is open
        server.close(() => {
          clearTimeout(force);
          clearInterval(sweep);
          resolve({ cut: false });
        });
      });
    },
  };
}
