import { pino } from "pino";
import { expect, it } from "vitest";
import { listPageViews, recordPageView } from "#app/models/page-views.server.ts";
import { trackPageView } from "#app/services/page-views.server.ts";
import { describeEachDatabase } from "../support/database.ts";

const browser = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Safari/605.1.15";
const logger = pino({ level: "silent" });
const html = () => new Response("<!DOCTYPE html>", { headers: { "content-type": "text/html; charset=utf-8" } });
const day = new Date("2026-11-20T10:00:00Z");

function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Request(`http://studio.test${path}`, { method, headers: { "user-agent": browser, ...headers } });
}

describeEachDatabase("page views", (database) => {
  it("counts one row per path per day, adding atomically under concurrent views", async () => {
    const { db } = database();
    await Promise.all(Array.from({ length: 20 }, () => recordPageView(db, "/pricing", "2026-11-20")));
    await recordPageView(db, "/pricing", "2026-11-21");
    await recordPageView(db, "/about", "2026-11-20");
    expect(await listPageViews(db, { from: "2026-11-20", to: "2026-11-21" })).toEqual([
      { path: "/about", day: "2026-11-20", views: 1 },
      { path: "/pricing", day: "2026-11-20", views: 20 },
      { path: "/pricing", day: "2026-11-21", views: 1 },
    ]);
    expect(await listPageViews(db, { from: "2026-11-21", to: "2026-11-30" })).toHaveLength(1);
  });

  it("tracks real visits only: not bots, DNT, GPC, HEAD, /admin or failed pages", async () => {
    const { db } = database();
    const track = (request: Request, response = html()) => trackPageView(db, logger, request, response, day);
    expect(await track(get("/about"))).toBe(true);
    expect(await track(get("/about/?utm_source=x"))).toBe(true);
    expect(await track(get("/about", { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }))).toBe(false);
    expect(await track(get("/about", { dnt: "1" }))).toBe(false);
    expect(await track(get("/about", { "sec-gpc": "1" }))).toBe(false);
    expect(await track(get("/about", {}, "HEAD"))).toBe(false);
    expect(await track(get("/admin/login"))).toBe(false);
    expect(
      await track(get("/nope"), new Response("x", { status: 404, headers: { "content-type": "text/html" } })),
    ).toBe(false);
    expect(await listPageViews(db, { from: "2026-11-20", to: "2026-11-20" })).toEqual([
      { path: "/about", day: "2026-11-20", views: 2 },
    ]);
  });

  it("counts only canonical public paths: other spellings of a page add no row of their own", async () => {
    const { db } = database();
    const track = (request: Request) => trackPageView(db, logger, request, html(), day);
    for (const spelling of ["/portfolio", "/%70ortfolio", "/PORTFOLIO", "/Portfolio/", "/%70ORTFOLIO"]) {
      expect(await track(get(spelling)), spelling).toBe(true);
    }
    // a 200 HTML answer for a path that is no public page (a catch-all) is not counted
    expect(await track(get("/portfolio/../x"))).toBe(false);
    expect(await track(get("/whatever"))).toBe(false);
    expect(await listPageViews(db, { from: "2026-11-20", to: "2026-11-20" })).toEqual([
      { path: "/portfolio", day: "2026-11-20", views: 5 },
    ]);
  });

  it("never fails the page when the count cannot be stored", async () => {
    const { db } = database();
    const tooLong = `/${"x".repeat(250)}`;
    // longer than the column allows: not counted (filtered before the database sees it)
    expect(await trackPageView(db, logger, get(tooLong), html(), day)).toBe(false);
    const broken = {
      insert: () => {
        throw new Error("database down");
      },
    } as unknown as typeof db;
    expect(await trackPageView(broken, logger, get("/about"), html(), day)).toBe(false);
  });
});
