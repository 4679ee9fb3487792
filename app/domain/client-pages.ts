/**
 * What every page a client opens by a secret link answers with (a document's /i/{token}, a proposal's
 * /p/{token}, a portal's /portal/{token}, and their PDFs): never cached or indexed, and the address
 * never leaves the site as a referrer (`same-origin`: `no-referrer` would make the browser send
 * `Origin: null` with the page's own forms, which React Router refuses as cross-site).
 */
export const clientPageHeaders = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "same-origin",
} as const;

export const clientPageMessages = {
  invalidLink: "This link is not valid. Please ask the sender for a new one.",
  tooMany: "Too many requests. Please try again later.",
} as const;
