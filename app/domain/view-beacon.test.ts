import { describe, expect, it } from "vitest";
import { countsAsView, viewBeaconSchema } from "./view-beacon.ts";

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const base = { method: "POST", signedIn: false, userAgent: browser, purpose: null };

describe("countsAsView", () => {
  it("counts a browser's POST without a back-office session", () => {
    expect(countsAsView(base)).toBe(true);
  });

  it("never counts a GET or HEAD, a signed-in session, a bot or a prefetch", () => {
    expect(countsAsView({ ...base, method: "GET" })).toBe(false);
    expect(countsAsView({ ...base, method: "HEAD" })).toBe(false);
    expect(countsAsView({ ...base, signedIn: true })).toBe(false);
    expect(countsAsView({ ...base, userAgent: null })).toBe(false);
    expect(countsAsView({ ...base, userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1)" })).toBe(false);
    expect(countsAsView({ ...base, userAgent: browser.replace("Chrome/", "HeadlessChrome/") })).toBe(false);
    expect(countsAsView({ ...base, purpose: "prefetch" })).toBe(false);
    expect(countsAsView({ ...base, purpose: "prefetch;prerender" })).toBe(false);
  });
});

describe("viewBeaconSchema", () => {
  it("takes a known kind and a token", () => {
    expect(viewBeaconSchema.safeParse({ kind: "document", token: "abc" }).success).toBe(true);
    expect(viewBeaconSchema.safeParse({ kind: "portal", token: "abc" }).success).toBe(true);
    expect(viewBeaconSchema.safeParse({ kind: "other", token: "abc" }).success).toBe(false);
    expect(viewBeaconSchema.safeParse({ kind: "document", token: "x".repeat(201) }).success).toBe(false);
  });
});
