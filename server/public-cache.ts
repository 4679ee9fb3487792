/**
 * Public pages at static speed (ADR 0021). A public page's HTML is the same for every
 * visitor until the site's content or settings change, so each page is rendered once per
 * content version, kept in memory with its gzip and Brotli forms and an ETag, and served
 * from there (304 when the browser already has it). Its inline scripts are allowed by their
 * hashes instead of a per-request nonce, so the bytes can be shared.
 *
 * The content version moves on every `site_content` change event (identity, portfolio,
 * pricing), which reaches every instance (LISTEN/NOTIFY on PostgreSQL); entries also expire
 * after a few minutes, so the footer's year and anything missed while reconnecting catch up.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
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
  storedAt: number;
};

const slugPattern = /^[a-z0-9][a-z0-9-]{0,79}$/;
const portfolioCategories = new Set(["websites", "webapps"]);

/**
 * The cache key of a public page whose HTML depends on nothing but its path (and, on the
 * portfolio, the category filter), or null when the request must be rendered on its own.
 * Query parameters the page does not read (utm_source...) do not make a new entry; spellings
 * other than the canonical path go to the router as they are.
 */
export function publicCacheKey(path: string, search: URLSearchParams): string | null {
  if (path === "/" || path === "/pricing" || path === "/about") return path;
  if (path === "/portfolio") {
    const category = search.get("category");
    return category && portfolioCategories.has(category) ? `/portfolio?category=${category}` : "/portfolio";
  }
  const sample = /^\/portfolio\/samples\/([^/]+)$/.exec(path);
  if (sample?.[1] && slugPattern.test(sample[1])) return path;
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

function cachedPage(
  response: { body: Buffer; contentType: string; cacheControl: string | null },
  https: boolean,
): CachedPage {
  const { body } = response;
  return {
    body,
    gzip: gzipSync(body, { level: 9 }),
    br: brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    contentType: response.contentType,
    cacheControl: response.cacheControl,
    csp: contentSecurityPolicy(inlineScriptHashes(body.toString("utf8")), { https }),
    storedAt: Date.now(),
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
  const fixedHeaders = fixedSecurityHeaders({ https: options.https }).flat();
  const entries = new Map<string, CachedPage>();
  const rendering = new Map<string, Promise<CachedPage | null>>();
  let version = 0;

  const invalidate = () => {
    version++;
    entries.clear();
    rendering.clear();
  };
  // for the process's lifetime: the feed itself is closed at shutdown
  options.changes.subscribe((event) => {
    if (event.table === "site_content") invalidate();
  });

  const renderEntry = (key: string): Promise<CachedPage | null> => {
    const running = rendering.get(key);
    if (running) return running;
    const started = version;
    const run = (async () => {
      const response = await options.render(
        new Request(new URL(key, options.publicUrl), { headers: { accept: "text/html" } }),
      );
      const contentType = response.headers.get("content-type") ?? "";
      if (response.status !== 200 || !contentType.startsWith("text/html")) {
        await response.body?.cancel();
        return null;
      }
      const entry = cachedPage(
        {
          body: Buffer.from(await response.arrayBuffer()),
          contentType,
          cacheControl: response.headers.get("cache-control"),
        },
        options.https,
      );
      // content changed while rendering: serve this answer once, keep nothing
      if (started === version) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
        entries.set(key, entry);
      }
      return entry;
    })().finally(() => {
      if (rendering.get(key) === run) rendering.delete(key);
    });
    rendering.set(key, run);
    return run;
  };

  const lookup = (key: string): Promise<CachedPage | null> => {
    const entry = entries.get(key);
    if (entry && Date.now() - entry.storedAt < maxAgeMs) return Promise.resolve(entry);
    return renderEntry(key);
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
    const entry = entries.get(key);
    if (entry && Date.now() - entry.storedAt < maxAgeMs) {
      send(req, res, path, entry, started);
      return;
    }
    renderEntry(key).then(
      (rendered) => (rendered ? send(req, res, path, rendered, started) : fallback()),
      (error: unknown) => {
        options.onError(error, path);
        fallback();
      },
    );
  }

  function send(req: IncomingMessage, res: ServerResponse, path: string, entry: CachedPage, started: number) {
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
    if (entry.cacheControl) headers.push("Cache-Control", entry.cacheControl);
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
