import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChangeEvent } from "#app/domain/changes.ts";
import { changeStreamResponse } from "#app/services/change-stream.server.ts";

function fakeFeed() {
  const listeners = new Set<(event: ChangeEvent) => void>();
  return {
    listeners,
    subscribe(listener: (event: ChangeEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event: ChangeEvent) {
      for (const listener of listeners) listener(event);
    },
  };
}

async function readAll(response: Response) {
  return await new Response(response.body).text();
}

const logger = { warn: vi.fn() };

afterEach(() => vi.useRealTimers());

describe("changeStreamResponse", () => {
  it("forwards change events and ends when the browser goes away, unsubscribing", async () => {
    const feed = fakeFeed();
    const browser = new AbortController();
    const response = changeStreamResponse({
      request: new Request("http://test/admin/events", { signal: browser.signal }),
      changes: feed,
      shutdown: new AbortController().signal,
      stillAllowed: async () => true,
      logger,
    });
    expect(response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const text = readAll(response);
    feed.emit({ table: "customers", id: "c1" });
    browser.abort();
    const body = await text;
    expect(body).toMatch(/^retry: \d+\n: connected\n\n/);
    expect(body).toContain('"table":"customers"');
    expect(feed.listeners.size).toBe(0);
  });

  it("ends at shutdown", async () => {
    const feed = fakeFeed();
    const shutdown = new AbortController();
    const response = changeStreamResponse({
      request: new Request("http://test/admin/events"),
      changes: feed,
      shutdown: shutdown.signal,
      stillAllowed: async () => true,
      logger,
    });
    const text = readAll(response);
    shutdown.abort();
    await expect(text).resolves.toContain(": connected");
    expect(feed.listeners.size).toBe(0);
  });

  it("ends at a heartbeat once the session is no longer an admin's", async () => {
    vi.useFakeTimers();
    const feed = fakeFeed();
    let allowed = true;
    const response = changeStreamResponse({
      request: new Request("http://test/admin/events"),
      changes: feed,
      shutdown: new AbortController().signal,
      stillAllowed: async () => allowed,
      logger,
    });
    const text = readAll(response);
    await vi.advanceTimersByTimeAsync(25_000);
    expect(feed.listeners.size).toBe(1);
    allowed = false;
    await vi.advanceTimersByTimeAsync(25_000);
    const body = await text;
    expect(body).toContain(": heartbeat");
    expect(feed.listeners.size).toBe(0);
  });
});
