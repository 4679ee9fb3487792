import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

/**
 * Headers on every response. Inline scripts run only with this response's nonce
 * (React Router's hydration scripts and our own small scripts carry it).
 * Inline style attributes stay allowed: they cannot run code.
 */
export function securityHeaders(options: { https: boolean }): RequestHandler {
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    const directives = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
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
    res.setHeader("Content-Security-Policy", directives.join("; "));
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
