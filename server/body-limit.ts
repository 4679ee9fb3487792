/**
 * One request-body limit for every request that may carry a body (anything but GET, HEAD and
 * OPTIONS), enforced on the raw stream before anything parses it: the bytes are counted as the
 * socket delivers them (Content-Length is checked first, but never trusted alone), and the route
 * only runs once the whole body has arrived within its limit. Over it: 413 and the connection closes.
 *
 * Routes that need more (or less) declare it in `bodyLimitOverrides`, keyed by the canonical path:
 * the path is percent-decoded, dot segments and repeated slashes are resolved, case is folded and
 * React Router's `.data` suffix is dropped, so `/%63ontact/send`, `/./contact/send` and
 * `/CONTACT/send` all get the limit of `/contact/send`.
 *
 * A route allowed more than the default (an upload) is for admins only: with `mayUpload`, such a
 * request is asked for its session before a byte of its body is read (until then the socket's
 * backpressure holds the body back), and without a live admin session it is answered at once as the
 * admin guard would (signed out: 303 to the login page; signed in without the role: 403), its body
 * dropped unread and uncounted, so an anonymous caller cannot make the server buffer megabytes.
 */

import { AsyncResource } from "node:async_hooks";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import type { RequestHandler } from "express";
import { maxFileBytes, maxFilesPerPost } from "#app/domain/files.ts";
import { maskSecretPath } from "#app/domain/secret-paths.ts";

const KB = 1024;

/** Every non-GET request: admin forms (notes, line items) fit easily. */
export const defaultBodyLimit = 128 * KB;

/** Per-route limits, by canonical path. Later routes add their entry here. */
export const bodyLimitOverrides: Record<string, number> = {
  // the public inquiry form (without JavaScript, and its script's endpoint)
  "/contact": 32 * KB,
  "/contact/send": 32 * KB,
  // booking the free consultation (the manage links share the default: a token path is no fixed key)
  "/book": 32 * KB,
  // the studio logo upload (a 1 MB image plus the multipart envelope)
  "/admin/settings/logo": 1_200 * KB,
  // a portfolio image (5 MB at most) with the item's fields
  "/admin/site/portfolio/edit": 5_600 * KB,
  // the site's logo, through the portfolio's image pipeline (5 MB at most; ADR 0061)
  "/admin/site/texts": 5_600 * KB,
};

/**
 * The project room's uploads (ADR 0056): a multipart post to these paths is not held here but
 * streamed to the route, whose parser (`parseUploadForm`, services/file-storage.server.ts) stores
 * each file as it arrives and stops each at `maxFileBytes`. Here the whole body is still counted,
 * up to `streamedUploadLimit` (every file at its cap plus the fields), and cut off past it. The
 * owner's path asks for an admin session first, as `mayUpload` does; a client's link path is
 * checked by its route before it reads a byte (until then the socket's backpressure holds the body).
 * Any other content type on these paths gets the ordinary limit and inspection.
 */
const streamedUploadLimit = maxFileBytes * maxFilesPerPost + 1024 * KB;
export const streamedUploadPaths: readonly { pattern: RegExp; admin: boolean }[] = [
  { pattern: /^\/admin\/projects\/[^/]+\/room$/, admin: true },
  { pattern: /^\/q\/[^/]+$/, admin: false },
  { pattern: /^\/portal\/[^/]+$/, admin: false },
];

/** The streamed-upload rule for a request, or null (not multipart, or another path). */
export function streamedUploadFor(url: string, contentType: string | undefined): { admin: boolean } | null {
  if (!/^multipart\/form-data\s*;/i.test(contentType ?? "")) return null;
  const canonical = canonicalPath(url);
  if (canonical === null) return null;
  return streamedUploadPaths.find((rule) => rule.pattern.test(canonical)) ?? null;
}

/** After a 413, this much more is read and dropped before the connection is cut. */
const discardLimit = 8 * 1024 * 1024;

export const bodyTooLargeMessage = "That request is too large to send. Please shorten it and try again.";

/** Who may send an upload's body: an admin; someone to sign in first; a signed-in person without the role. */
export type UploadAccess = "allowed" | "sign-in" | "forbidden";

export const uploadForbiddenMessage = "Access Denied: sign in as an admin to upload files.";

/**
 * The path a request names, as the router will see it; null when it cannot be decoded
 * (malformed percent-encoding), which is answered 400.
 */
export function canonicalPath(url: string): string | null {
  const raw = url.split(/[?#]/, 1)[0] ?? "/";
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (decoded.includes("\0")) return null;
  let normal = path.posix.normalize(`/${decoded.replaceAll("\\", "/")}`).toLowerCase();
  if (normal.length > 1 && normal.endsWith("/")) normal = normal.slice(0, -1);
  if (normal.endsWith(".data")) normal = normal.slice(0, -".data".length) || "/";
  if (normal === "/_root") normal = "/";
  return normal;
}

export function bodyLimitFor(url: string, overrides = bodyLimitOverrides, fallback = defaultBodyLimit): number {
  const canonical = canonicalPath(url);
  return (canonical !== null ? overrides[canonical] : undefined) ?? fallback;
}

type Log = { info: (o: object, m: string) => void } | undefined;

export function limitBodies(
  options: {
    overrides?: Record<string, number>;
    fallback?: number;
    /** looks at the whole body before the route runs; a message refuses it with 400 */
    inspect?: (contentType: string | undefined, body: Buffer) => Promise<string | null>;
    /**
     * Canonical paths whose body `inspect` leaves alone: a provider's webhook (JSON, not a form),
     * which its route reads raw and checks by its signature. The size limit still applies.
     */
    rawBodyPaths?: ReadonlySet<string>;
    /**
     * For a path allowed more than `fallback`: whether this request may send that much ("allowed": a
     * live admin session). Asked before any of the body is read; "sign-in" answers 303 to the login
     * page, "forbidden" 403.
     */
    mayUpload?: (req: IncomingMessage) => Promise<UploadAccess>;
    /** the whole-body limit of a streamed upload (`streamedUploadPaths`) */
    streamedLimit?: number;
  } = {},
): RequestHandler {
  const fallback = options.fallback ?? defaultBodyLimit;
  return (req, res, unboundNext) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return unboundNext();
    // the body's events run in the socket's async context: `next` keeps this request's (its
    // query counter, app/db/client.server.ts)
    const next = AsyncResource.bind(unboundNext);
    if (canonicalPath(req.originalUrl) === null) {
      res.status(400).set("Connection", "close").type("text/plain").send("Bad Request: the address cannot be read.");
      return;
    }
    const streamed = streamedUploadFor(req.originalUrl, req.get("content-type"));
    const maxBytes = streamed
      ? (options.streamedLimit ?? streamedUploadLimit)
      : bodyLimitFor(req.originalUrl, options.overrides, fallback);
    const refuse = (received: number) => {
      (res.locals.log as Log)?.info({ received, maxBytes, path: maskSecretPath(req.path) }, "request body too large");
      // Answer at once. The rest of the body is read and dropped unbuffered (closing now would make the
      // kernel reset the connection and the client could lose the answer); a sender that keeps going
      // past `discardLimit` is cut off.
      if (!res.headersSent) res.status(413).type("text/plain").send(bodyTooLargeMessage);
    };
    const length = req.get("content-length");
    const declaredTooLarge = length !== undefined && (!/^\d+$/.test(length) || Number(length) > maxBytes);
    const hold = () => {
      if (declaredTooLarge) refuse(Number(length) || 0);
      holdBody(
        req,
        maxBytes,
        {
          onComplete: (body) => {
            if (!options.inspect || options.rawBodyPaths?.has(canonicalPath(req.originalUrl) ?? "")) return next();
            options.inspect(req.get("content-type"), body).then(
              (problem) => {
                if (!problem) return next();
                (res.locals.log as Log)?.info({ path: maskSecretPath(req.path), problem }, "request body refused");
                res.status(400).set("Cache-Control", "no-store").type("text/plain").send(`Bad Request: ${problem}`);
              },
              (error: unknown) => next(error),
            );
          },
          onTooLarge: refuse,
        },
        declaredTooLarge,
      );
    };
    const stream = () => {
      if (declaredTooLarge) {
        refuse(Number(length) || 0);
        holdBody(req, 0, { onComplete: () => {}, onTooLarge: () => {} }, true);
        return;
      }
      countBody(req, maxBytes, (received) => {
        // a client that asked to close would have its socket closed once the 413 is written, under the
        // bytes it is still sending (the reader stopped at the cut, so nothing drains them): kept open,
        // the rest is read and dropped (cut off past `discardLimit`), and the client closes once answered
        res.shouldKeepAlive = true;
        refuse(received);
      });
      next();
    };
    const pass = streamed ? stream : hold;
    if (streamed ? !streamed.admin : maxBytes <= fallback || !options.mayUpload) return pass();
    if (!options.mayUpload) return pass();
    // nothing reads the body while the session is looked up: once the request stream's buffer is
    // full, the parser pauses the socket
    options.mayUpload(req).then(
      (access) => {
        if (access === "allowed") {
          pass();
        } else {
          (res.locals.log as Log)?.info(
            { path: maskSecretPath(req.path), access },
            "upload without an admin session refused",
          );
          res.set("Cache-Control", "no-store");
          if (access === "sign-in") res.redirect(303, "/admin/login");
          else res.status(403).type("text/plain").send(uploadForbiddenMessage);
          // the rest is dropped as it arrives (closing now would reset the connection and the
          // client could lose the answer); a sender that keeps going is cut off
          holdBody(req, 0, { onComplete: () => {}, onTooLarge: () => {} }, true);
        }
        // the socket may have been paused meanwhile: let the body flow into holdBody again
        // (what the request stream's own read does)
        if (!req.complete && req.socket.readable && req.socket.isPaused()) req.socket.resume();
      },
      (error: unknown) => next(error),
    );
  };
}

/**
 * Counts a streamed body's bytes as the socket pushes them, leaving them to the route's reader.
 * Past `maxBytes`: `onTooLarge` (the 413), the reader sees the body end there (its parser fails on
 * the cut-off form and removes what it stored), and the rest is dropped, the connection cut after
 * `discardLimit`.
 */
function countBody(req: IncomingMessage, maxBytes: number, onTooLarge: (received: number) => void) {
  let received = req.readableLength;
  let refused = false;
  let discarded = 0;
  if (req.complete) return;
  const originalPush = req.push.bind(req);
  req.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (chunk === null) {
      if (refused) return false;
      req.push = originalPush;
      return originalPush(null);
    }
    const size = typeof chunk === "string" ? Buffer.byteLength(chunk, encoding) : (chunk as Uint8Array).byteLength;
    if (refused) {
      discarded += size;
      if (discarded > discardLimit) req.socket.destroy();
      return true;
    }
    received += size;
    if (received > maxBytes) {
      refused = true;
      onTooLarge(received);
      // the reader's stream ends here, but the message goes on: a request that ends before its message
      // would destroy itself and its socket (Node's auto-destroy of an incomplete request), resetting
      // the connection under the bytes still coming, and the reset can beat the 413 to the client
      (req as unknown as { _readableState: { autoDestroy: boolean } })._readableState.autoDestroy = false;
      originalPush(null);
      return true;
    }
    return originalPush(chunk, encoding);
  };
}

/**
 * Counts the body's bytes as the socket pushes them into the request stream, keeping them
 * buffered in the stream (nobody reads yet), and calls `onComplete` once the body has ended
 * within `maxBytes`; `onTooLarge` as soon as it goes over. From then on (or from the start, with
 * `refused`), further bytes are dropped unbuffered, and the connection is cut after `discardLimit`.
 */
function holdBody(
  req: IncomingMessage,
  maxBytes: number,
  handlers: { onComplete: (body: Buffer) => void; onTooLarge: (received: number) => void },
  refused = false,
) {
  let state: "reading" | "done" | "refused" = refused ? "refused" : "reading";
  // bytes the parser pushed before this middleware ran (same packet as the headers)
  let received = req.readableLength;
  const copies: Buffer[] = [];
  for (const chunk of (req as unknown as { readableBuffer?: Iterable<Buffer> }).readableBuffer ?? []) {
    copies.push(Buffer.from(chunk));
  }
  if (state === "reading" && received > maxBytes) {
    state = "refused";
    handlers.onTooLarge(received);
  }
  if (req.complete) {
    if (state === "reading") handlers.onComplete(Buffer.concat(copies));
    return;
  }
  let discarded = 0;
  const originalPush = req.push.bind(req);
  const size = (chunk: unknown, encoding?: BufferEncoding) =>
    typeof chunk === "string" ? Buffer.byteLength(chunk, encoding) : (chunk as Uint8Array).byteLength;
  req.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (chunk === null) {
      req.push = originalPush;
      const result = originalPush(null);
      if (state === "reading") {
        state = "done";
        handlers.onComplete(Buffer.concat(copies));
      }
      return result;
    }
    if (state === "refused") {
      discarded += size(chunk, encoding);
      if (discarded > discardLimit) req.socket.destroy();
      return true;
    }
    received += size(chunk, encoding);
    if (received > maxBytes) {
      state = "refused";
      handlers.onTooLarge(received);
      return true;
    }
    copies.push(typeof chunk === "string" ? Buffer.from(chunk, encoding) : Buffer.from(chunk as Uint8Array));
    originalPush(chunk, encoding);
    // keep the socket flowing while we hold the (bounded) body in the stream's buffer
    return true;
  };
  req.once("aborted", () => {
    state = "refused";
  });
}
