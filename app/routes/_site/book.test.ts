import { describe, expect, it } from "vitest";
import { publicCacheUntilHeader } from "#app/domain/site.ts";
import { headers } from "./book.tsx";

const answer = (init: { loader?: HeadersInit; action?: HeadersInit }) =>
  new Headers(
    headers({
      loaderHeaders: new Headers(init.loader),
      actionHeaders: new Headers(init.action),
      parentHeaders: new Headers(),
      errorHeaders: undefined,
    } as never) as HeadersInit,
  );

describe("the booking page's headers", () => {
  it("keep a refused post's Retry-After (a rate-limited visitor is told when to try again)", () => {
    const refused = answer({ action: { "Cache-Control": "no-store", "Retry-After": "540" } });
    expect(refused.get("Retry-After")).toBe("540");
    expect(refused.get("Cache-Control")).toBe("no-store");
  });

  it("are never cached by a browser, and pass the cache's expiry only from a render for the cache", () => {
    expect(answer({}).get("Cache-Control")).toBe("no-store");
    expect(answer({}).has(publicCacheUntilHeader)).toBe(false);
    const forCache = answer({ loader: { [publicCacheUntilHeader]: "1800000000000" } });
    expect(forCache.get(publicCacheUntilHeader)).toBe("1800000000000");
    expect(forCache.get("Cache-Control")).toBe("no-store");
  });
});
