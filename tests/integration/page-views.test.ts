import { pino } from "pino";
import { expect, it } from "vitest";
import { addPageViews, listPageViews } from "#app/models/page-views.server.ts";
import { createPageViewCounter } from "#app/services/page-views.server.ts";
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
    const view = (path: string, day: string) => addPageViews(db, [{ path, day, views: 1 }]);
    await Promise.all(Array.from({ length: 20 }, () => view("/pricing", "2026-11-20")));
    await view("/pricing", "2026-11-21");
    await view("/about", "2026-11-20");
    expect(await listPageViews(db, { from: "2026-11-20", to: "2026-11-21" })).toEqual([
      { path: "/about", day: "2026-11-20", views: 1 },
      { path: "/pricing", day: "2026-11-20", views: 20 },
      { path: "/pricing", day: "2026-11-21", views: 1 },
    ]);
    expect(await listPageViews(db, { from: "2026-11-21", to: "2026-11-30" })).toHaveLength(1);
  });

  it("counts in memory and writes nothing until a flush, then one batch added to what is stored", async () => {
    const { db } = database();
    await addPageViews(db, [{ path: "/pricing", day: "2026-11-20", views: 1 }]);
    const counter = createPageViewCounter(db, logger, { flushMs: 60_000 });
    for (let i = 0; i < 500; i++) counter.count(get("/pricing"), html(), day);
    counter.count(get("/about"), html(), day);
    // the studio's day (New York, the default): past midnight UTC is still the 20th there; 05:00 UTC is the 21st
    counter.count(get("/about"), html(), new Date("2026-11-21T04:59:59Z"));
    counter.count(get("/about"), html(), new Date("2026-11-21T05:00:01Z"));
    expect(counter.pending()).toBe(503);
    expect(await listPageViews(db, { from: "2026-11-20", to: "2026-11-21" })).toEqual([
      { path: "/pricing", day: "2026-11-20", views: 1 },
    ]);
    // two flushes at once: each view is written once
    await Promise.all([counter.flush(), counter.flush()]);
    expect(counter.pending()).toBe(0);
    expect(await listPageViews(db, { from: "2026-11-20", to: "2026-11-21" })).toEqual([
      { path: "/about", day: "2026-11-20", views: 2 },
      { path: "/pricing", day: "2026-11-20", views: 501 },
      { path: "/about", day: "2026-11-21", views: 1 },
    ]);
    counter.count(get("/about"), html(), day);
    await counter.stop();
    expect(await listPageViews(db, { from: "2026-11-20", to: "2026-11-20" })).toContainEqual({
      path: "/about",
      day: "2026-11-20",
      views: 3,
    });
  });

  it("flushes on its own timer", async () => {
    const { db } = database();
    const counter = createPageViewCounter(db, logger, { flushMs: 50 });
    counter.count(get("/about"), html(), day);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await counter.stop();
    expect(await listPageViews(db, { from: "2026-11-20", to: "2026-11-20" })).toEqual([
      { path: "/about", day: "2026-11-20", views: 1 },
    ]);
  });

  it("tracks real visits only: not bots, DNT, GPC, HEAD, /admin or failed pages", async () => {
    const { db } = database();
    const counter = createPageViewCounter(db, logger, { flushMs: 60_000 });
    const track = (request: Request, response = html()) => counter.count(request, response, day);
    expect(track(get("/about"))).toBe(true);
    expect(track(get("/about/?utm_source=x"))).toBe(true);
    expect(track(get("/about", { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }))).toBe(false);
    expect(track(get("/about", { dnt: "1" }))).toBe(false);
    expect(track(get("/about", { "sec-gpc": "1" }))).toBe(false);
    expect(track(get("/about", {}, "HEAD"))).toBe(false);
    expect(track(get("/admin/login"))).toBe(false);
    expect(track(get("/nope"), new Response("x", { status: 404, headers: { "content-type": "text/html" } }))).toBe(
      false,
    );
    await counter.stop();
    expect(await listPageViews(db, { from: "2026-11-20", to: "2026-11-20" })).toEqual([
      { path: "/about", day: "2026-11-20", views: 2 },
    ]);
  });

  it("counts only canonical public paths: other spellings of a page add no row of their own", async () => {
    const { db } = database();
    const counter = createPageViewCounter(db, logger, { flushMs: 60_000 });
    const track = (request: Request) => counter.count(request, html(), day);
    for (const spelling of ["/portfolio", "/%70ortfolio", "/PORTFOLIO", "/Portfolio/", "/%70ORTFOLIO"]) {
      expect(track(get(spelling)), spelling).toBe(true);
    }
    // a 200 HTML answer for a path that is no public page (a catch-all) is not counted
    expect(track(get("/portfolio/../x"))).toBe(false);
    expect(track(get("/whatever"))).toBe(false);
    expect(track(get(`/${"x".repeat(250)}`))).toBe(false);
    await counter.stop();
    expect(await listPageViews(db, { from: "2026-11-20", to: "2026-11-20" })).toEqual([
      { path: "/portfolio", day: "2026-11-20", views: 5 },
    ]);
  });

  it("keeps the counts when the database is down, and writes them at the next flush", async () => {
    const { db } = database();
    let down = true;
    const flaky = new Proxy(db, {
      get(target, property, receiver) {
        if (property === "insert" && down) {
          return () => {
            throw new Error("database down");
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
    const counter = createPageViewCounter(flaky, logger, { flushMs: 60_000 });
    counter.count(get("/about"), html(), day);
    await counter.flush();
    expect(counter.pending()).toBe(1);
    counter.count(get("/about"), html(), day);
    down = false;
    await counter.stop();
    expect(counter.pending()).toBe(0);
    expect(await listPageViews(db, { from: "2026-11-20", to: "2026-11-20" })).toEqual([
      { path: "/about", day: "2026-11-20", views: 2 },
    ]);
  });
});
