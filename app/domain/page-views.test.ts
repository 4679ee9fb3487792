import { describe, expect, it } from "vitest";
import {
  canonicalViewPath,
  isCountableView,
  normalizeViewPath,
  type ViewCandidate,
  viewDay,
} from "#app/domain/page-views.ts";

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

function candidate(overrides: Partial<ViewCandidate> = {}, headers: Record<string, string> = {}): ViewCandidate {
  const all = new Headers({ "user-agent": browser, ...headers });
  return {
    method: "GET",
    path: "/pricing",
    status: 200,
    contentType: "text/html; charset=utf-8",
    headers: all,
    ...overrides,
  };
}

describe("isCountableView", () => {
  it("counts a browser's GET of a public page", () => {
    expect(isCountableView(candidate())).toBe(true);
  });
  it("does not count HEAD, POST, errors, not-found pages or non-HTML answers", () => {
    expect(isCountableView(candidate({ method: "HEAD" }))).toBe(false);
    expect(isCountableView(candidate({ method: "POST" }))).toBe(false);
    expect(isCountableView(candidate({ status: 404 }))).toBe(false);
    expect(isCountableView(candidate({ status: 500 }))).toBe(false);
    expect(isCountableView(candidate({ contentType: "text/x-script" }))).toBe(false);
    expect(isCountableView(candidate({ contentType: null }))).toBe(false);
  });
  it("does not count the back office or data requests", () => {
    expect(isCountableView(candidate({ path: "/admin" }))).toBe(false);
    expect(isCountableView(candidate({ path: "/admin/login" }))).toBe(false);
    expect(isCountableView(candidate({ path: "/pricing.data" }))).toBe(false);
    expect(isCountableView(candidate({ path: "/administrator" }))).toBe(true);
  });
  it("honours Do Not Track and Global Privacy Control", () => {
    expect(isCountableView(candidate({}, { dnt: "1" }))).toBe(false);
    expect(isCountableView(candidate({}, { "sec-gpc": "1" }))).toBe(false);
    expect(isCountableView(candidate({}, { dnt: "0" }))).toBe(true);
  });
  it("ignores bots and clients without a user agent", () => {
    expect(isCountableView(candidate({}, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }))).toBe(
      false,
    );
    const none = candidate();
    none.headers = new Headers();
    expect(isCountableView(none)).toBe(false);
  });
});

it("normalises paths and days", () => {
  expect(normalizeViewPath("/about/")).toBe("/about");
  expect(normalizeViewPath("/")).toBe("/");
  expect(normalizeViewPath("//")).toBe("/");
  expect(viewDay(new Date("2026-11-22T23:59:59.999Z"))).toBe("2026-11-22");
});

it("gives the UTC day of any time, going forward and back across midnight", () => {
  for (const [time, day] of [
    ["2026-11-22T00:00:00.000Z", "2026-11-22"],
    ["2026-11-22T12:00:00.000Z", "2026-11-22"],
    ["2026-11-23T00:00:00.000Z", "2026-11-23"],
    ["2026-11-22T23:59:59.999Z", "2026-11-22"],
    ["1969-12-31T23:00:00.000Z", "1969-12-31"],
    ["2024-02-29T10:00:00.000Z", "2024-02-29"],
    ["2026-11-23T00:00:00.001Z", "2026-11-23"],
  ] as const) {
    expect(viewDay(new Date(time)), time).toBe(day);
  }
});

it("gives the studio's day: a New York evening is that day, not the next UTC one", () => {
  for (const [time, day] of [
    ["2026-11-29T00:03:00.000Z", "2026-11-28"],
    ["2026-11-29T04:59:59.999Z", "2026-11-28"],
    ["2026-11-29T05:00:00.000Z", "2026-11-29"],
    ["2026-07-01T03:59:00.000Z", "2026-06-30"],
    ["2026-07-01T04:00:00.000Z", "2026-07-01"],
  ] as const) {
    expect(viewDay(new Date(time), "America/New_York"), time).toBe(day);
  }
  // Kathmandu is 5:45 ahead: its day still begins on a whole minute
  expect(viewDay(new Date("2026-11-28T18:14:59.999Z"), "Asia/Kathmandu")).toBe("2026-11-28");
  expect(viewDay(new Date("2026-11-28T18:15:00.000Z"), "Asia/Kathmandu")).toBe("2026-11-29");
  // the zone changes between two views: the day follows at once
  expect(viewDay(new Date("2026-11-29T00:03:00.000Z"), "UTC")).toBe("2026-11-29");
});

it("counts only canonical public paths, however they are spelled", () => {
  const pages = ["/", "/portfolio", "/about"];
  expect(canonicalViewPath("/%70ortfolio", pages)).toBe("/portfolio");
  expect(canonicalViewPath("/PORTFOLIO", pages)).toBe("/portfolio");
  expect(canonicalViewPath("/portfolio/", pages)).toBe("/portfolio");
  expect(canonicalViewPath("/portfolio%2F", pages)).toBe("/portfolio");
  expect(canonicalViewPath("/portfolio/x", pages)).toBeNull();
  expect(canonicalViewPath("/%E0%A4%A", pages)).toBeNull();
  expect(canonicalViewPath("/", pages)).toBe("/");
});
