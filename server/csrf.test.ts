import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { csrfProtection } from "./csrf.ts";

const guard = csrfProtection({
  sessionCookieName: "studio_session",
  publicUrl: "https://studio.test",
  exemptPaths: new Set(["/webhooks/stripe"]),
});

function run(method: string, headers: Record<string, string>, originalUrl = "/admin/settings") {
  const lower = Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));
  const req = {
    method,
    originalUrl,
    protocol: "http",
    get: (name: string) => lower[name.toLowerCase()],
  } as unknown as Request;
  let status = 0;
  const res = {
    status(code: number) {
      status = code;
      return res;
    },
    set: () => res,
    type: () => res,
    send: () => res,
  } as unknown as Response;
  let passed = false;
  guard(req, res, () => {
    passed = true;
  });
  return passed ? "next" : status;
}

const cookie = { Cookie: "studio_session=abc", Host: "127.0.0.1:4000" };

describe("csrfProtection", () => {
  it("asks no Origin of the payment provider's webhook, and of nothing else", () => {
    const elsewhere = { ...cookie, Origin: "https://evil.example" };
    expect(run("POST", elsewhere, "/webhooks/stripe")).toBe("next");
    expect(run("POST", elsewhere, "/WEBHOOKS/%73tripe")).toBe("next");
    expect(run("POST", elsewhere, "/webhooks/stripe/../../admin/settings")).toBe(403);
    expect(run("POST", elsewhere, "/webhooks/other")).toBe(403);
    expect(run("POST", elsewhere, "/i/abc/pay")).toBe(403);
  });

  it("lets reads through", () => {
    expect(run("GET", { ...cookie, Origin: "https://evil.example" })).toBe("next");
    expect(run("HEAD", cookie)).toBe("next");
  });

  it("lets a write without the session cookie through from this site or from no named origin (public forms)", () => {
    expect(run("POST", { Origin: "https://studio.test", Cookie: "other=1" }, "/viewed")).toBe("next");
    expect(run("POST", { Host: "127.0.0.1:4000", Origin: "http://127.0.0.1:4000" }, "/contact/send")).toBe("next");
    expect(run("POST", {}, "/contact/send")).toBe("next");
    expect(run("POST", { Referer: "https://evil.example/page" }, "/contact/send")).toBe("next");
  });

  it("refuses a write without the session cookie that names another site, on every route (resource routes too)", () => {
    for (const path of ["/viewed", "/contact/send", "/admin/login/passkey", "/portal", "/p/abc"]) {
      expect(run("POST", { Origin: "https://evil.example", Cookie: "other=1" }, path), path).toBe(403);
      expect(run("POST", { Origin: "null" }, path), path).toBe(403);
      expect(run("POST", { Origin: "https://studio.test.evil.example" }, path), path).toBe(403);
    }
  });

  it("accepts a write from the public origin or the request's own origin", () => {
    expect(run("POST", { ...cookie, Origin: "https://studio.test" })).toBe("next");
    expect(run("POST", { ...cookie, Origin: "http://127.0.0.1:4000" })).toBe("next");
    expect(run("DELETE", { ...cookie, Referer: "https://studio.test/admin/dashboard" })).toBe("next");
  });

  it("refuses a write with the session cookie from elsewhere, or from nowhere", () => {
    expect(run("POST", { ...cookie, Origin: "https://evil.example" })).toBe(403);
    expect(run("POST", { ...cookie, Origin: "https://studio.test.evil.example" })).toBe(403);
    expect(run("POST", { ...cookie, Origin: "null" })).toBe(403);
    expect(run("POST", { ...cookie, Referer: "https://evil.example/studio.test" })).toBe(403);
    expect(run("PUT", { ...cookie, Referer: "not a url" })).toBe(403);
    expect(run("POST", cookie)).toBe(403);
  });
});
