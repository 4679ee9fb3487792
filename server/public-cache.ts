/**
 * Public pages at static speed (ADR 0021). A public page's HTML is the same for every
 * visitor until the site's content or settings change, so each page is rendered once per
 * content version, kept in memory with its gzip and Brotli forms and an ETag, and served
 * from there (304 when the browser already has it). Its inline scripts are allowed by their
 * hashes instead of a per-request nonce, so the bytes can be shared.
 *
 * The content version moves on every `site_content` change event (identity, portfolio and its case
 * studies, testimonials, pricing, texts), which reaches every instance (LISTEN/NOTIFY on PostgreSQL); entries also expire
 * after a few minutes, so the footer's year and anything missed while reconnecting catch up.
 *
 * The booking page (ADR 0037) is kept per zone and day: its entries are dropped on every `bookings`
 * change event too (a booking, cancellation, move, an availability or studio-zone change) and expire
 * when the page's render says its free times stop holding (at most a minute). Its form's token is
 * not in the shared bytes: each answer sets it in a cookie (`visitorHeaders`).
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { isIsoDate, timeZoneChoices } from "#app/domain/dates.ts";
import { publicCacheUntilHeader } from "#app/domain/site.ts";
import type { ChangeFeed } from "#app/services/events.server.ts";
import type { PageViewCounter } from "#app/services/page-views.server.ts";
import { isBadAddress } from "./input-guard.ts";
import { contentSecurityPolicy, fixedSecurityHeaders } from "./security-headers.ts";

type CachedPage = {
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  contentType: string;
  cacheControl: string | null;
  csp: string;
  /** served until then (epoch ms), then rendered again */
  expiresAt: number;
};

const slugPattern = /^[a-z0-9][a-z0-9-]{0,79}$/;
const portfolioCategories = new Set(["websites", "webapps"]);

let offeredZones: Set<string> | undefined;
/** The zones the booking page's select offers (what a browser's `Intl` names): the only ones keyed. */
function isOfferedZone(zone: string): boolean {
  offeredZones ??= new Set(timeZoneChoices());
  return offeredZones.has(zone);
}

/** The booking page's parameters that show one visitor's outcome: such an address is never cached. */
const bookOutcomeParams = ["booked", "moved", "cancelled"];

/** Whether a cache key is one of the booking page's (dropped on every `bookings` change event). */
export function isBookKey(key: string): boolean {
  return key === "/book" || key.startsWith("/book?");
}

/**
 * The booking page's key: `/book`, `/book?tz={zone}` or `/book?tz={zone}&day={YYYY-MM-DD}` for a zone
 * of the select and a real date; null (rendered per request) with an outcome (`booked`, `moved`,
 * `cancelled`), another zone or a malformed day. Other parameters are ignored, as on every cached page.
 */
function bookCacheKey(search: URLSearchParams): string | null {
  if (bookOutcomeParams.some((name) => search.has(name))) return null;
  const zone = search.get("tz");
  const day = search.get("day");
  if (zone === null) return day === null ? "/book" : null;
  if (!isOfferedZone(zone)) return null;
  if (day === null) return `/book?tz=${encodeURIComponent(zone)}`;
  return isIsoDate(day) ? `/book?tz=${encodeURIComponent(zone)}&day=${day}` : null;
}

/**
 * The cache key of a public page whose HTML depends on nothing but its path (and, on the
 * portfolio, the category filter), or null when the request must be rendered on its own.
 * Query parameters the page does not read (utm_source...) do not make a new entry; spellings
 * other than the canonical path go to the router as they are.
 */
export function publicCacheKey(path: string, search: URLSearchParams): string | null {
  if (path === "/" || path === "/pricing" || path === "/about") return path;
  if (path === "/book") return bookCacheKey(search);
  if (path === "/portfolio") {
    const category = search.get("category");
    return category && portfolioCategories.has(category) ? `/portfolio?category=${category}` : "/portfolio";
  }
  const sample = /^\/portfolio\/samples\/([^/]+)$/.exec(path);
  if (sample?.[1] && slugPattern.test(sample[1])) return path;
  // a case study (ADR 0059): only a published one answers 200, so only it is kept
  const caseStudy = /^\/portfolio\/([^/]+)$/.exec(path);
  if (caseStudy?.[1] && slugPattern.test(caseStudy[1])) return path;
  return null;
}

const scriptPattern = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** CSP sources (`'sha256-…'`) for every inline script of a page that a browser would run. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", code = ""] of html.matchAll(scriptPattern)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== "module" && type !== "text/javascript" && type !== "application/javascript") continue;
    hashes.add(`'sha256-${createHash("sha256").update(code, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

const encodingAnswers = new Map<string, "br" | "gzip" | null>();

/** Which stored form to send: Brotli, gzip or the plain bytes, by the request's Accept-Encoding. */
export function chooseEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  // browsers send a handful of distinct values: each is parsed once
  const known = encodingAnswers.get(acceptEncoding);
  if (known !== undefined) return known;
  const answer = parseEncoding(acceptEncoding);
  if (encodingAnswers.size >= 200) encodingAnswers.clear();
  encodingAnswers.set(acceptEncoding, answer);
  return answer;
}

function parseEncoding(acceptEncoding: string): "br" | "gzip" | null {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name = "", ...params] = part.trim().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get("*") ?? 0;
  if (weight("br") > 0) return "br";
  if (weight("gzip") > 0) return "gzip";
  return null;
}

/** Whether an If-None-Match header names this ETag (weak comparison, as for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => bare(tag) === bare(etag));
}

/**
 * Brotli's quality for an entry. 11 (the smallest) costs ~135 ms of the one thread for the booking
 * page's 52 KB, paid again on every booking and every minute; 5 costs ~0.6 ms for 7.8 KB instead of 6.6 KB
 * (measured 2026-11-26). Pages rendered once per content version keep 11.
 */
const brotliQuality = (key: string) => (isBookKey(key) ? 5 : 11);

function cachedPage(
  response: { body: Buffer; contentType: string; cacheControl: string | null; expiresAt: number },
  https: boolean,
  quality: number,
): CachedPage {
  const { body } = response;
  return {
    body,
    gzip: gzipSync(body, { level: 9 }),
    br: brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    contentType: response.contentType,
    cacheControl: response.cacheControl,
    csp: contentSecurityPolicy(inlineScriptHashes(body.toString("utf8")), { https }),
    expiresAt: response.expiresAt,
  };
}

export type PublicCacheOptions = {
  /** renders a public page for the cache: no nonce, no page view counted */
  render(request: Request): Promise<Response>;
  /** the site's public address: the origin of every render, whatever Host a visitor sent */
  publicUrl: string;
  https: boolean;
  changes: ChangeFeed;
  pageViews: PageViewCounter;
  /** how long an entry is served before it is rendered again even without a change (default 5 min) */
  maxAgeMs?: number;
  /** at most this many pages are kept (default 100); the oldest is dropped first */
  maxEntries?: number;
  /** at most this many of them booking pages (default 40), so zones and days never push out the rest */
  maxBookEntries?: number;
  /**
   * headers made for each answer of a cached page, never stored (the booking page's token cookie):
   * name, value, name, value...
   */
  visitorHeaders?(key: string, req: IncomingMessage): string[];
  /** the request id to answer with, from the request's own X-Request-Id when acceptable */
  requestId(incoming: string | null): string;
  /** one request log line per answer, as for every other request */
  onServed(entry: { reqId: string; method: string; path: string; status: number; ms: number }): void;
  onError(error: unknown, path: string): void;
};

export type PublicCache = {
  /** serves a cached page, or calls `fallback` */
  handle(req: IncomingMessage, res: ServerResponse, fallback: () => void): void;
  /** renders the given pages now, so the first visitors do not wait */
  warm(paths: string[]): Promise<void>;
};

export function publicPageCache(options: PublicCacheOptions): PublicCache {
  const maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
  const maxEntries = options.maxEntries ?? 100;
  const maxBookEntries = options.maxBookEntries ?? 40;
  const fixedHeaders = fixedSecurityHeaders({ https: options.https }).flat();
  const entries = new Map<string, CachedPage>();
  const rendering = new Map<string, Promise<CachedPage | null>>();
  // moved by the change events: a render started under another version is served once, not kept
  let siteVersion = 0;
  let bookVersion = 0;
  const versionOf = (key: string) => (isBookKey(key) ? `${siteVersion}:${bookVersion}` : `${siteVersion}`);

  /** drops the entries (and running renders) `which` selects */
  const invalidate = (which: (key: string) => boolean) => {
    for (const key of [...entries.keys()]) if (which(key)) entries.delete(key);
    for (const key of [...rendering.keys()]) if (which(key)) rendering.delete(key);
  };
  // for the process's lifetime: the feed itself is closed at shutdown
  options.changes.subscribe((event) => {
    if (event.table === "site_content") {
      siteVersion++;
      invalidate(() => true);
    } else if (event.table === "bookings") {
      bookVersion++;
      invalidate(isBookKey);
    }
  });

  const keep = (key: string, entry: CachedPage) => {
    entries.delete(key);
    if (isBookKey(key)) {
      let count = 0;
      let oldest: string | undefined;
      for (const stored of entries.keys()) {
        if (!isBookKey(stored)) continue;
        count++;
        oldest ??= stored;
      }
      if (oldest && count >= maxBookEntries) entries.delete(oldest);
    }
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(key, entry);
  };

  const renderEntry = (key: string): Promise<CachedPage | null> => {
    const running = rendering.get(key);
    if (running) return running;
    const started = versionOf(key);
    const run = (async () => {
      const renderedAt = Date.now();
      const response = await options.render(
        new Request(new URL(key, options.publicUrl), { headers: { accept: "text/html" } }),
      );
      const contentType = response.headers.get("content-type") ?? "";
      if (response.status !== 200 || !contentType.startsWith("text/html")) {
        await response.body?.cancel();
        return null;
      }
      // the page may say its HTML holds for less (the booking page's free times: ADR 0037)
      const until = Number(response.headers.get(publicCacheUntilHeader));
      const entry = cachedPage(
        {
          body: Buffer.from(await response.arrayBuffer()),
          contentType,
          cacheControl: response.headers.get("cache-control"),
          expiresAt:
            Number.isFinite(until) && until > 0 ? Math.min(renderedAt + maxAgeMs, until) : renderedAt + maxAgeMs,
        },
        options.https,
        brotliQuality(key),
      );
      // content changed while rendering: serve this answer once, keep nothing
      if (started === versionOf(key)) keep(key, entry);
      return entry;
    })().finally(() => {
      if (rendering.get(key) === run) rendering.delete(key);
    });
    rendering.set(key, run);
    return run;
  };

  /** the stored entry while it holds */
  const fresh = (key: string): CachedPage | undefined => {
    const entry = entries.get(key);
    return entry && Date.now() < entry.expiresAt ? entry : undefined;
  };

  const lookup = (key: string): Promise<CachedPage | null> => {
    const entry = fresh(key);
    return entry ? Promise.resolve(entry) : renderEntry(key);
  };

  /**
   * Answers from the cache at the HTTP server, before Express (whose per-request work cost as much
   * as the rest of a cached answer): GET and HEAD of a cached path only; everything else, and a
   * page that does not render to a 200, goes to `fallback` (the Express app).
   */
  function handle(req: IncomingMessage, res: ServerResponse, fallback: () => void): void {
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const path = query < 0 ? url : url.slice(0, query);
    // a NUL byte or broken encoding anywhere in the address is the app's to refuse (400)
    const get = (req.method === "GET" || req.method === "HEAD") && !isBadAddress(url);
    const key = get ? publicCacheKey(path, new URLSearchParams(query < 0 ? "" : url.slice(query + 1))) : null;
    if (!key) {
      fallback();
      return;
    }
    const started = performance.now();
    const entry = fresh(key);
    if (entry) {
      send(req, res, key, path, entry, started);
      return;
    }
    renderEntry(key).then(
      (rendered) => (rendered ? send(req, res, key, path, rendered, started) : fallback()),
      (error: unknown) => {
        options.onError(error, path);
        fallback();
      },
    );
  }

  function send(
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    path: string,
    entry: CachedPage,
    started: number,
  ) {
    const method = req.method ?? "GET";
    const header = (name: string) => {
      const value = req.headers[name];
      return (Array.isArray(value) ? value.join(", ") : value) ?? null;
    };
    options.pageViews.count(
      { method, url: `http://cache${req.url ?? "/"}`, headers: { get: (name) => header(name.toLowerCase()) } },
      { status: 200, headers: { get: (name) => (name.toLowerCase() === "content-type" ? entry.contentType : null) } },
    );
    const requestId = options.requestId(header("x-request-id"));
    const headers = [
      ...fixedHeaders,
      "X-Request-Id",
      requestId,
      "Content-Security-Policy",
      entry.csp,
      "ETag",
      entry.etag,
      "Vary",
      "Accept-Encoding",
    ];
    const visitor = options.visitorHeaders?.(key, req) ?? [];
    // an answer that sets a cookie is this browser's alone: a shared cache must not keep it
    const setsCookie = visitor.some((value, index) => index % 2 === 0 && value.toLowerCase() === "set-cookie");
    if (entry.cacheControl) {
      const shared = /\bpublic\b/.test(entry.cacheControl);
      headers.push("Cache-Control", setsCookie && shared ? "private, no-cache" : entry.cacheControl);
    }
    headers.push(...visitor);
    let status = 200;
    if (etagMatches(header("if-none-match") ?? undefined, entry.etag)) {
      status = 304;
      res.writeHead(status, headers);
      res.end();
    } else {
      const encoding = chooseEncoding(header("accept-encoding") ?? undefined);
      const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : entry.body;
      headers.push("Content-Type", entry.contentType, "Content-Length", String(body.length));
      if (encoding) headers.push("Content-Encoding", encoding);
      res.writeHead(status, headers);
      if (method === "HEAD") res.end();
      else res.end(body);
    }
    options.onServed({
      reqId: requestId,
      method,
      path,
      status,
      ms: Math.round((performance.now() - started) * 100) / 100,
    });
  }

  return {
    handle,
    async warm(paths: string[]) {
      await Promise.all(paths.map((path) => lookup(path).catch(() => null)));
    },
  };
}
