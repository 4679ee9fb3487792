import type { RequestHandler } from "express";
import { canonicalPath } from "./body-limit.ts";

/**
 * Cross-site request forgery: a request that changes state (anything but GET, HEAD, OPTIONS)
 * and carries the session cookie must come from this site: its `Origin` (or, without one,
 * its `Referer`) must be the public URL's origin or the origin the request was addressed to.
 * Otherwise 403. SameSite=Lax on the cookie is the first line; this is the second.
 *
 * Without the session cookie, a write that names another site (`Origin` foreign or `null`) is refused
 * the same way: React Router asks this of page actions only, and resource routes take posts too (the
 * client pages' view beacon `/viewed`, the inquiry script's `/contact/send`, the passkey sign-in).
 * A cookie-less write without any `Origin` goes on (older clients, tools), as React Router lets it.
 */
export function csrfProtection(options: {
  sessionCookieName: string;
  publicUrl: string;
  /**
   * Canonical paths (server/body-limit.ts `canonicalPath`) called by another server, never by a
   * browser: a payment provider's webhook, authenticated by its signature instead. Nothing else.
   */
  exemptPaths?: ReadonlySet<string>;
}): RequestHandler {
  const cookiePattern = new RegExp(`(?:^|;\\s*)${options.sessionCookieName.replace(/[^\w-]/g, "\\$&")}=`);
  const publicOrigin = new URL(options.publicUrl).origin;
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    if (options.exemptPaths?.has(canonicalPath(req.originalUrl) ?? "")) return next();
    const signedIn = cookiePattern.test(req.get("cookie") ?? "");
    const origin = req.get("origin");
    if (!signedIn && origin === undefined) return next();
    const source = signedIn ? (origin ?? originOf(req.get("referer"))) : origin;
    const own = `${req.protocol}://${req.get("host") ?? ""}`;
    if (source && source !== "null" && (source === publicOrigin || source === own)) return next();
    res.status(403).set("Cache-Control", "no-store").type("text/plain").send("Forbidden: cross-site request refused");
  };
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
