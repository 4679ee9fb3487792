import { secretPageHeaders } from "./secret-paths.ts";

/**
 * What every page a client opens by a secret link answers with (a document's /i/{token}, a proposal's
 * /p/{token}, a portal's /portal/{token}, and their PDFs): a secret page's headers (never cached, the
 * address never sent on as a referrer), and never indexed.
 */
export const clientPageHeaders = { ...secretPageHeaders, "X-Robots-Tag": "noindex, nofollow" } as const;

export const clientPageMessages = {
  invalidLink: "This link is not valid. Please ask the sender for a new one.",
  tooMany: "Too many requests. Please try again later.",
} as const;
