/**
 * The booking page served from the public-page cache (ADR 0037): the real route's loader and page
 * component rendered for the cache, the cache itself, the change feed of the test database (LISTEN/NOTIFY
 * on PostgreSQL) and the booking service. What the browser-level test cannot see: render counts, that
 * every visitor gets the same bytes with a token of their own, and that a booking, a cancellation or an
 * availability change reaches the cached page through its change event.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, expect, it } from "vitest";
import { seedBaseline } from "#app/db/seed.server.ts";
import { bookingMessages, defaultAvailability } from "#app/domain/booking.ts";
import { publicCacheUntilHeader } from "#app/domain/site.ts";
import { saveAvailabilitySettings } from "#app/models/bookings.server.ts";
import * as bookRoute from "#app/routes/_site/book.tsx";
import { bookFormCookieFor, bookFormCookieName, bookFormTokenFromCookies } from "#app/services/book-form.server.ts";
import { manageBooking, manageTokenHash, openSlots } from "#app/services/booking.server.ts";
import { formTokenField } from "#app/services/contact.server.ts";
import { type ChangeFeed, openChangeFeed } from "#app/services/events.server.ts";
import { checkFormToken } from "#app/services/form-token.server.ts";
import { createLogger } from "#app/services/logger.server.ts";
import { isBookKey, type PublicCache, publicPageCache } from "../../server/public-cache.ts";
import { bookPost } from "../support/booking-post.ts";
import { describeEachDatabase } from "../support/database.ts";
import { routeHarness, testConfig } from "../support/routes.ts";

type Answer = { status: number; headers: Record<string, string>; body: string };

const everyDay = Array.from({ length: 7 }, () => [{ start: "09:00", end: "17:00" }]);

describeEachDatabase("the booking page from the public-page cache", (database) => {
  const { call } = routeHarness(database);
  const logger = createLogger("silent");
  const booking = () => ({
    config: testConfig,
    database: database(),
    logger,
    ip: "203.0.113.5",
  });
  let feed: ChangeFeed | undefined;
  afterEach(async () => {
    await feed?.close();
    feed = undefined;
  });

  /** The cache as server/app.ts builds it, rendering with the route's loader, headers and page. */
  async function setUp() {
    await seedBaseline(database().db);
    await saveAvailabilitySettings(database().db, {
      ...defaultAvailability,
      weeklyHours: everyDay,
      minimumNoticeMinutes: 60,
      dailyCap: 0,
    });
    feed = await openChangeFeed(database());
    let renders = 0;
    const cache: PublicCache = publicPageCache({
      publicUrl: testConfig.publicUrl,
      https: false,
      changes: feed,
      pageViews: { count: () => false, flush: async () => {}, pending: () => 0, stop: async () => {} },
      async render(request) {
        renders++;
        const url = new URL(request.url);
        const loaded = await call(bookRoute.loader as never, `${url.pathname}${url.search}`, { forCache: true });
        const headers = new Headers(
          bookRoute.headers({ loaderHeaders: loaded.headers, actionHeaders: new Headers() } as never) as HeadersInit,
        );
        headers.set("Content-Type", "text/html; charset=utf-8");
        const html = renderToStaticMarkup(
          createElement(bookRoute.default, { loaderData: loaded.data, actionData: undefined } as never),
        );
        return new Response(html, { status: 200, headers });
      },
      visitorHeaders: (key, req) => {
        if (!isBookKey(key)) return [];
        const cookie = bookFormCookieFor(testConfig.sessionSecret, req.headers.cookie, { https: false });
        return cookie ? ["Set-Cookie", cookie] : [];
      },
      requestId: () => "test",
      onServed: () => {},
      onError: (error) => {
        throw error;
      },
    });
    const { days } = await openSlots(database().db);
    const day = days[1];
    if (!day?.slots[0]) throw new Error("no slot");
    return { cache, renders: () => renders, day: day.day, slot: day.slots[0].toISOString() };
  }

  function get(cache: PublicCache, url: string, cookie?: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = { method: "GET", url, headers: cookie ? { cookie } : {} };
      let status = 0;
      const headers: Record<string, string> = {};
      const res = {
        writeHead(code: number, list: string[]) {
          status = code;
          for (let index = 0; index < list.length; index += 2)
            headers[String(list[index]).toLowerCase()] = list[index + 1] ?? "";
        },
        end(body?: Buffer) {
          resolve({ status, headers, body: body ? body.toString("utf8") : "" });
        },
      };
      cache.handle(req as never, res as never, () => reject(new Error(`${url} went to the app`)));
    });
  }

  /** Asks until the page (after the change event) shows what is expected, or fails after a few seconds. */
  async function eventually(read: () => Promise<string>, expected: (body: string) => boolean) {
    for (let attempt = 0; attempt < 60; attempt++) {
      const body = await read();
      if (expected(body)) return body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("the cached page did not change");
  }

  it("serves every visitor the same bytes with a token of their own in a cookie, none in the page", async () => {
    const { cache, renders, day, slot } = await setUp();
    const url = `/book?day=${day}&tz=Europe%2FBerlin`;
    const first = await get(cache, url);
    const second = await get(cache, url);
    expect(first.status).toBe(200);
    expect(renders()).toBe(1);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.body).toContain(`value="${slot}"`);
    expect(first.body).not.toContain(formTokenField);
    expect(first.headers["cache-control"]).toBe("no-store");
    // the render's own expiry is the cache's business, never the browser's
    expect(first.headers[publicCacheUntilHeader.toLowerCase()]).toBeUndefined();
    const tokens = [first, second].map((answer) => bookFormTokenFromCookies(answer.headers["set-cookie"]));
    expect(tokens[0]).toBeTruthy();
    expect(tokens[1]).toBeTruthy();
    expect(tokens[0]).not.toBe(tokens[1]);
    expect(first.headers["set-cookie"]).toMatch(/; Max-Age=\d+; Path=\/book; HttpOnly; SameSite=Lax$/);
    for (const token of tokens) expect(checkFormToken(testConfig.sessionSecret, token, Date.now() + 5000)).toBe("ok");
    // a visitor who has one keeps it (another day, another tab): no new cookie
    const again = await get(cache, `/book?tz=UTC`, `${bookFormCookieName}=${tokens[0]}`);
    expect(again.headers["set-cookie"]).toBeUndefined();
    // an outcome is one visitor's: rendered per request, never from the cache
    await expect(get(cache, `/book?booked=${slot}&tz=UTC`)).rejects.toThrow("went to the app");
  });

  it("a booking makes the next page leave its slot out; a cancellation offers it again; so does an availability change", async () => {
    const { cache, renders, day, slot } = await setUp();
    const url = `/book?tz=UTC&day=${day}`;
    const page = await get(cache, url);
    expect(page.body).toContain(`value="${slot}"`);
    const cookie = (page.headers["set-cookie"] ?? "").split(";")[0] ?? "";

    // booked with the cookie's token, as the cached page's form posts it
    const form = new FormData();
    for (const [name, value] of Object.entries({ slot, name: "Ada", email: "ada@example.test", tz: "UTC" })) {
      form.set(name, value);
    }
    const booked = await bookPost(booking(), form, new Date(Date.now() + 5000), cookie);
    expect(booked.kind).toBe("booked");
    await eventually(
      async () => (await get(cache, url)).body,
      (body) => !body.includes(`value="${slot}"`),
    );
    expect(renders()).toBe(2);

    const { mailOutbox } = await import("#app/db/schema.ts");
    const { openText } = await import("#app/services/sealing.server.ts");
    const { mailKey } = await import("#app/services/mail.server.ts");
    const texts = (await database().db.select().from(mailOutbox)).map(
      (row) => openText(mailKey(testConfig.sessionSecret), row.text) ?? "",
    );
    const token = texts.map((text) => /\/book\/manage\/([\w-]{43})/.exec(text)?.[1]).find(Boolean) ?? "";
    expect(await manageBooking(booking(), manageTokenHash(token) ?? "", { intent: "cancel" })).toEqual({
      ok: true,
      change: "cancelled",
    });
    await eventually(
      async () => (await get(cache, url)).body,
      (body) => body.includes(`value="${slot}"`),
    );

    // the owner closes every day: no free times any more
    await saveAvailabilitySettings(database().db, {
      ...defaultAvailability,
      weeklyHours: Array.from({ length: 7 }, () => []),
    });
    await eventually(
      async () => (await get(cache, url)).body,
      (body) => body.includes("There are no free times in the coming weeks."),
    );
  });

  it("a post without the cookie gets the form again with its values and a token of its own, not a fake booking", async () => {
    const { slot } = await setUp();
    const answer = await call(bookRoute.action as never, "/book?tz=UTC", {
      form: { slot, name: "Grace", email: "grace@example.test", tz: "UTC" },
    });
    expect(answer.status).toBe(409);
    const body = answer.data as {
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
      formToken: string;
    };
    expect(body.result.error[""]).toEqual([bookingMessages.noToken]);
    expect(body.result.initialValue).toMatchObject({ name: "Grace", email: "grace@example.test" });
    expect(checkFormToken(testConfig.sessionSecret, body.formToken, Date.now() + 1)).toMatch(/^(ok|too-fast)$/);
    const html = renderToStaticMarkup(
      createElement(bookRoute.default, {
        loaderData: (await call(bookRoute.loader as never, "/book?tz=UTC")).data,
        actionData: body,
      } as never),
    );
    expect(html).toContain(`name="form_token" value="${body.formToken}"`);
    expect(html).toContain("Grace");
    const again = await call(bookRoute.action as never, "/book?tz=UTC", {
      form: { slot, name: "Grace", email: "grace@example.test", tz: "UTC", [formTokenField]: body.formToken },
    });
    expect(again.status).toBe(303);
    expect(again.location).toContain("booked=");

    // with the cookie the cached page set, a post needs no token in the form
    const { days } = await openSlots(database().db);
    const other = days[2]?.slots[0]?.toISOString() ?? "";
    const cookie = (bookFormCookieFor(testConfig.sessionSecret, null, { https: false }) ?? "").split(";")[0] ?? "";
    const withCookie = await call(bookRoute.action as never, "/book?tz=UTC", {
      cookie,
      form: { slot: other, name: "Ada", email: "ada@example.test", tz: "UTC" },
    });
    expect(withCookie.status).toBe(303);
  });

  it("the token of a no-token answer lets the visitor press Confirm again at once, five times per address", async () => {
    const { slot } = await setUp();
    const strict = { ...booking(), config: { ...testConfig, contactMinFillMs: 3000 } };
    const post = () => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ slot, name: "Grace", email: "grace@example.test" })) {
        form.set(name, value);
      }
      return bookPost(strict, form, new Date(), null);
    };
    const checks: string[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const outcome = await post();
      if (outcome.kind !== "no-token") throw new Error(`answered ${outcome.kind}`);
      checks.push(checkFormToken(testConfig.sessionSecret, outcome.formToken, Date.now(), 3000));
    }
    // dated back by the minimum fill time five times (the contact form's stale allowance), then dated now
    expect(checks).toEqual(["ok", "ok", "ok", "ok", "ok", "too-fast"]);
  });

  it("the loader renders for the cache without a token or an outcome, and says until when its slots hold", async () => {
    await setUp();
    const cached = await call(bookRoute.loader as never, "/book?tz=UTC", { forCache: true });
    expect(cached.data).toMatchObject({ formToken: null, outcome: null });
    const until = Number(cached.headers.get(publicCacheUntilHeader));
    expect(until).toBeGreaterThanOrEqual(Date.now() - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + 60_000);
    const own = await call(bookRoute.loader as never, "/book?tz=UTC");
    expect((own.data as { formToken: string }).formToken).toMatch(/^\d+\./);
  });
});
