import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

/**
 * The Content-Security-Policy. Inline scripts run only when they carry the response's nonce
 * (pages rendered per request) or when their hash is listed (public pages rendered once and
 * served to everyone: server/public-cache.ts, ADR 0021). Inline style attributes stay
 * allowed: they cannot run code.
 */
export function contentSecurityPolicy(scriptSources: string[], options: { https: boolean }): string {
  const directives = [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "manifest-src 'self'",
  ];
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** Headers on every response; the CSP allows inline scripts carrying this response's nonce. */
export function securityHeaders(options: { https: boolean }): RequestHandler {
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy([`'nonce-${nonce}'`], options));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader(
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()",
    );
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (options.https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
