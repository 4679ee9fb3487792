import { describe, expect, it } from "vitest";
import { countsAsView, viewBeaconSchema } from "./view-beacon.ts";

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const site = "https://studio.test";
const base = {
  method: "POST",
  signedIn: false,
  userAgent: browser,
  purpose: null,
  origin: site,
  siteOrigins: [site, "http://127.0.0.1:4000"],
  fetchSite: "same-origin",
  fetchMode: "cors",
  fetchDest: "empty",
};

describe("countsAsView", () => {
  it("counts a browser's POST without a back-office session, from this site's page script", () => {
    expect(countsAsView(base)).toBe(true);
    expect(countsAsView({ ...base, origin: "http://127.0.0.1:4000" })).toBe(true);
    // a browser without Fetch Metadata
    expect(countsAsView({ ...base, fetchSite: null, fetchMode: null, fetchDest: null })).toBe(true);
  });

  it("never counts a post from another site, from no named origin, or that is not a script's fetch", () => {
    expect(countsAsView({ ...base, origin: "https://evil.example" })).toBe(false);
    expect(countsAsView({ ...base, origin: "https://studio.test.evil.example" })).toBe(false);
    expect(countsAsView({ ...base, origin: "null" })).toBe(false);
    expect(countsAsView({ ...base, origin: null })).toBe(false);
    expect(countsAsView({ ...base, fetchSite: "cross-site" })).toBe(false);
    expect(countsAsView({ ...base, fetchSite: "same-site" })).toBe(false);
    expect(countsAsView({ ...base, fetchSite: "none" })).toBe(false);
    expect(countsAsView({ ...base, fetchDest: "document" })).toBe(false);
    expect(countsAsView({ ...base, fetchMode: "navigate" })).toBe(false);
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
    expect(viewBeaconSchema.safeParse({ kind: "document", token: "abc", stamp: "1.x" }).success).toBe(true);
    expect(viewBeaconSchema.safeParse({ kind: "document", token: "abc", stamp: "x".repeat(201) }).success).toBe(false);
  });
});
