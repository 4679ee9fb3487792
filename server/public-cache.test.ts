import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { chooseEncoding, etagMatches, inlineScriptHashes, isBookKey, publicCacheKey } from "./public-cache.ts";

const params = (query = "") => new URLSearchParams(query);

describe("publicCacheKey", () => {
  it("keys the public pages by path, ignoring query parameters they do not read", () => {
    expect(publicCacheKey("/", params())).toBe("/");
    expect(publicCacheKey("/", params("utm_source=newsletter"))).toBe("/");
    expect(publicCacheKey("/pricing", params("x=1"))).toBe("/pricing");
    expect(publicCacheKey("/about", params())).toBe("/about");
  });

  it("keys the portfolio by its category filter; unknown categories are the whole portfolio", () => {
    expect(publicCacheKey("/portfolio", params())).toBe("/portfolio");
    expect(publicCacheKey("/portfolio", params("category=webapps"))).toBe("/portfolio?category=webapps");
    expect(publicCacheKey("/portfolio", params("category=websites&utm=x"))).toBe("/portfolio?category=websites");
    expect(publicCacheKey("/portfolio", params("category=<script>"))).toBe("/portfolio");
  });

  it("keys sample pages by a well-formed slug only", () => {
    expect(publicCacheKey("/portfolio/samples/bakery-site", params())).toBe("/portfolio/samples/bakery-site");
    expect(publicCacheKey("/portfolio/samples/Bakery", params())).toBeNull();
    expect(publicCacheKey("/portfolio/samples/a/b", params())).toBeNull();
    expect(publicCacheKey(`/portfolio/samples/${"a".repeat(81)}`, params())).toBeNull();
    // a case study's page (only a published one answers 200, so only it is kept)
    expect(publicCacheKey("/portfolio/floor-marketplace", params("utm_source=x"))).toBe("/portfolio/floor-marketplace");
    expect(publicCacheKey("/portfolio/Floor", params())).toBeNull();
    expect(publicCacheKey(`/portfolio/${"a".repeat(81)}`, params())).toBeNull();
  });

  it("keys the booking page by a zone of its select and a real day; outcomes and anything else per request", () => {
    expect(publicCacheKey("/book", params())).toBe("/book");
    expect(publicCacheKey("/book", params("utm_source=x"))).toBe("/book");
    expect(publicCacheKey("/book", params("tz=Europe/Berlin"))).toBe("/book?tz=Europe%2FBerlin");
    expect(publicCacheKey("/book", params("tz=Europe%2FBerlin"))).toBe("/book?tz=Europe%2FBerlin");
    // the day links write day first, the zone form tz after the hidden day: one entry
    expect(publicCacheKey("/book", params("day=2026-12-01&tz=UTC"))).toBe("/book?tz=UTC&day=2026-12-01");
    expect(publicCacheKey("/book", params("tz=UTC&day=2026-12-01"))).toBe("/book?tz=UTC&day=2026-12-01");
    for (const query of [
      "booked=2026-12-01T14:00:00.000Z&tz=UTC",
      "booked=1",
      "moved=2026-12-01T14:00:00.000Z",
      "cancelled=1",
      "tz=Mars/Olympus",
      "tz=",
      "tz=US/Eastern",
      "tz=UTC&day=2026-13-40",
      "tz=UTC&day=tomorrow",
      "day=2026-12-01",
    ]) {
      expect(publicCacheKey("/book", params(query)), query).toBeNull();
    }
    expect(publicCacheKey("/book/manage/abc", params())).toBeNull();
    expect(isBookKey("/book?tz=UTC")).toBe(true);
    expect(isBookKey("/booking")).toBe(false);
    expect(isBookKey("/")).toBe(false);
  });

  it("renders everything else per request: the contact form, other spellings, the back office", () => {
    for (const path of [
      "/contact",
      "/Pricing",
      "/pricing/",
      "/%70ricing",
      "/admin",
      "/admin/login",
      "/missing",
      "/i/x",
      "/p/x",
    ]) {
      expect(publicCacheKey(path, params()), path).toBeNull();
    }
  });
});

describe("inlineScriptHashes", () => {
  const sha = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`;

  it("hashes each inline script a browser runs, exactly as written", () => {
    const html = `<body><script>a()</script><p>x</p><script type="module">import("/x.js")</script><script>a()</script></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha('import("/x.js")')]);
  });

  it("skips scripts with a src and data blocks, which need no hash", () => {
    const html = `<script src="/a.js"></script><script type="application/ld+json">{"@type":"Organization"}</script>`;
    expect(inlineScriptHashes(html)).toEqual([]);
  });

  it("hashes multi-line scripts and non-ASCII text as UTF-8", () => {
    const code = `\n  console.log("café → ok");\n`;
    expect(inlineScriptHashes(`<script>${code}</script>`)).toEqual([sha(code)]);
  });
});

describe("chooseEncoding", () => {
  it("prefers Brotli, then gzip, and honours q=0", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip, deflate")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("identity")).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding("gzip;q=0")).toBeNull();
  });
});

describe("etagMatches", () => {
  it("matches the tag in a list, weak or strong, and *", () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches("*", '"abc"')).toBe(true);
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
  });
});
