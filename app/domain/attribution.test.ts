import { describe, expect, it } from "vitest";
import { touchCookieFor, touchesFromCookie, touchOf } from "./attribution.ts";

const now = new Date("2026-03-04T10:00:00Z");
const request = (url: string, headers: Record<string, string> = {}) => ({
  url,
  headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
});
const site = "studio.example";

describe("a visit's touch", () => {
  it("is the UTM source first, else the referring site, else direct; the site's own pages are no new visit", () => {
    expect(
      touchOf(
        request("https://studio.example/pricing?utm_source=Newsletter&utm_medium=Email&utm_campaign=Spring%202026", {
          referer: "https://mail.example.net/inbox",
        }),
        site,
        now,
      ),
    ).toEqual({
      kind: "touch",
      touch: {
        source: "newsletter",
        medium: "email",
        campaign: "Spring 2026",
        referrer: "mail.example.net",
        landing: "/pricing",
        day: "2026-03-04",
      },
    });
    expect(
      touchOf(request("https://studio.example/", { referer: "https://www.google.com/search?q=x" }), site, now),
    ).toMatchObject({ kind: "touch", touch: { source: "google.com", medium: "referral", campaign: "" } });
    expect(touchOf(request("https://studio.example/about"), site, now)).toEqual({ kind: "direct" });
    expect(touchOf(request("https://studio.example/about", { referer: "https://studio.example/" }), site, now)).toEqual(
      { kind: "internal" },
    );
    // behind a proxy or in a test, the host the request was sent to is the site too
    expect(
      touchOf(request("http://cache/about", { referer: "http://127.0.0.1:4000/", host: "127.0.0.1:4000" }), site, now),
    ).toEqual({ kind: "internal" });
    // a referrer that is not an http(s) page is no source
    expect(touchOf(request("https://studio.example/", { referer: "android-app://x" }), site, now)).toEqual({
      kind: "direct",
    });
  });

  it("keeps hostile values as bounded data: control characters out, cut to 100 characters", () => {
    const hostile = encodeURIComponent(`<script>alert(1)</script>\u0000\u202e${"x".repeat(300)}`);
    const seen = touchOf(
      request(`https://studio.example/?utm_source=${hostile}&utm_campaign=%0D%0A%3Dcmd()`),
      site,
      now,
    );
    if (seen.kind !== "touch") throw new Error("expected a touch");
    expect(seen.touch.source.startsWith("<script>alert(1)</script>xxx")).toBe(true);
    expect(seen.touch.source).toHaveLength(100);
    expect(seen.touch.campaign).toBe("=cmd()");
  });
});

describe("the visit cookie", () => {
  it("keeps the first touch and moves the last, HttpOnly for 30 days; nothing for a direct or internal view", () => {
    const first = touchCookieFor(request("https://studio.example/?utm_source=newsletter"), site, { https: true, now });
    expect(first).toMatch(/^studio_touch=[A-Za-z0-9_-]+; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    const cookie = first?.split(";")[0] ?? "";
    const touches = touchesFromCookie(`other=1; ${cookie}`);
    expect(touches?.first.source).toBe("newsletter");
    expect(touches?.last.source).toBe("newsletter");
    const later = touchCookieFor(
      request("https://studio.example/pricing", { referer: "https://news.example/", cookie }),
      site,
      { https: false, now },
    );
    const both = touchesFromCookie(later?.split(";")[0]);
    expect(both?.first.source).toBe("newsletter");
    expect(both?.last).toMatchObject({ source: "news.example", medium: "referral", landing: "/pricing" });
    expect(later).not.toContain("Secure");
    expect(touchCookieFor(request("https://studio.example/about", { cookie }), site, { https: true, now })).toBeNull();
  });

  it("is not set when the browser asks not to be tracked", () => {
    for (const header of [{ dnt: "1" }, { "sec-gpc": "1" }] as Record<string, string>[]) {
      expect(
        touchCookieFor(request("https://studio.example/?utm_source=x", header), site, { https: true, now }),
      ).toBeNull();
    }
  });

  it("reads only well-formed touches: a forged or broken cookie is nothing", () => {
    const forge = (value: unknown) => `studio_touch=${Buffer.from(JSON.stringify(value)).toString("base64url")}`;
    expect(touchesFromCookie(forge({ f: { source: "ok", day: "2026-01-01" } }))?.last.source).toBe("ok");
    expect(touchesFromCookie(forge({ f: { source: "", day: "2026-01-01" } }))).toBeNull();
    expect(touchesFromCookie(forge({ f: { source: "x", day: "yesterday" } }))).toBeNull();
    expect(touchesFromCookie(forge({ f: { source: { $ne: 1 }, day: "2026-01-01" } }))).toBeNull();
    expect(touchesFromCookie("studio_touch=%%%")).toBeNull();
    expect(touchesFromCookie(`studio_touch=${"a".repeat(5000)}`)).toBeNull();
    expect(touchesFromCookie(null)).toBeNull();
  });
});
