import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers.ts";

/** A real Express app: the middleware, then a route that appends headers as React Router's adapter does. */
async function headersOf(append: [string, string][]) {
  const app = express();
  app.use(securityHeaders({ https: false }));
  app.get("/", (_req, res) => {
    for (const [name, value] of append) res.append(name, value);
    res.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return response.headers;
  } finally {
    server.close();
  }
}

describe("securityHeaders", () => {
  it("sends the defaults once each", async () => {
    const headers = await headersOf([]);
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
  });

  it("a route's own value of a default replaces it; other headers still append", async () => {
    const headers = await headersOf([
      ["Referrer-Policy", "same-origin"],
      ["Set-Cookie", "a=1"],
      ["Set-Cookie", "b=2"],
    ]);
    expect(headers.get("referrer-policy")).toBe("same-origin");
    expect(headers.getSetCookie()).toEqual(["a=1", "b=2"]);
  });
});
