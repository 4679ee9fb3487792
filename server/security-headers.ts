import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

/**
 * The Content-Security-Policy. Inline scripts run only when they carry the response's nonce
 * (pages rendered per request) or when their hash is listed (public pages rendered once and
 * served to everyone: server/public-cache.ts, ADR 0021). Inline style attributes stay
 * allowed: they cannot run code.
 */
export function contentSecurityPolicy(
  scriptSources: string[],
  options: { https: boolean; formActionSources?: readonly string[] },
): string {
  const directives = [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    ["form-action 'self'", ...(options.formActionSources ?? [])].join(" "),
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "manifest-src 'self'",
  ];
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** The security headers every response carries besides its CSP. */
export function fixedSecurityHeaders(options: { https: boolean }): [string, string][] {
  const headers: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    [
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()",
    ],
    ["Cross-Origin-Opener-Policy", "same-origin"],
  ];
  if (options.https) headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return headers;
}

/**
 * Headers on every response rendered per request; the CSP allows inline scripts carrying this
 * response's nonce. (Pages from the public-page cache set the same fixed headers and a CSP of
 * hashes themselves, before this runs: server/public-cache.ts.)
 */
export function securityHeaders(options: {
  https: boolean;
  /**
   * Where a form's answer may redirect besides this site: the payment provider's Checkout, which the
   * Pay form's answer redirects to (ADR 0035; browsers apply form-action to the redirect too)
   */
  formActionSources?: readonly string[];
}): RequestHandler {
  const fixed = fixedSecurityHeaders(options);
  // a route's own Content-Security-Policy (a stored file's `default-src 'none'; sandbox`) is its whole policy
  const defaults = new Set([...fixed.map(([name]) => name.toLowerCase()), "content-security-policy"]);
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy([`'nonce-${nonce}'`], options));
    for (const [name, value] of fixed) res.setHeader(name, value);
    // React Router's adapter appends a route's headers; a route's own value of a default (the client
    // pages' stricter Referrer-Policy) replaces the default instead of being sent after it
    const append = res.append.bind(res);
    res.append = (field: string, value?: string | string[]) =>
      defaults.has(field.toLowerCase()) && value !== undefined ? res.set(field, value) : append(field, value);
    next();
  };
}
