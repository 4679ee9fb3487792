/**
 * The booking page's time-trap token in a cookie (ADR 0037). `/book` is served from the public-page
 * cache, one body for every visitor, so its form carries no token of its own: each answer sets one
 * in an HttpOnly cookie scoped to the page (`Path=/book`), made per request. A page rendered for one
 * visitor (a refused post, a confirmation) still carries a token in the form, which a post prefers:
 * it works without cookies. The token is the contact form's (`form-token.server.ts`): signed, dated
 * at issue, checked against the same minimum fill time and maximum age.
 */
import { readCookie, setCookieValue } from "#app/domain/cookies.ts";
import { checkFormToken, formTokenIssuedAt, issueFormToken, maximumAgeMs } from "#app/services/form-token.server.ts";

export const bookFormCookieName = "studio_book_form";

/**
 * A visitor's token younger than this is kept, not replaced, when they open another booking page
 * (another day, another zone, a second tab): replacing it would make the form already on screen
 * "too fast" for a few seconds. An older one is replaced, so a page turns stale after 23 to 24 hours open
 * (24 when its token was made for it), and the time trap counts from the visitor's first page of the hour.
 */
export const bookFormTokenReuseMs = 3600_000;

/** Twice the token's life: a page left open for more than a day is answered "stale", not "no cookie". */
const cookieMaxAgeSeconds = (2 * maximumAgeMs) / 1000;

/** The Set-Cookie header value carrying `token` (its characters, digits, '.', base64url, need no quoting). */
export function bookFormSetCookie(token: string, options: { https: boolean }): string {
  return setCookieValue(bookFormCookieName, token, {
    path: "/book",
    maxAgeSeconds: cookieMaxAgeSeconds,
    httpOnly: true,
    sameSite: "lax",
    secure: options.https,
  });
}

/** The token in a request's Cookie header, or null. */
export function bookFormTokenFromCookies(cookieHeader: string | null | undefined): string | null {
  return readCookie(cookieHeader, bookFormCookieName);
}

/**
 * The Set-Cookie for an answer of the cached booking page: a new token, or null when the visitor's
 * cookie already holds a genuine one younger than `bookFormTokenReuseMs`.
 */
export function bookFormCookieFor(
  secret: string,
  cookieHeader: string | null | undefined,
  options: { https: boolean; now?: number },
): string | null {
  const now = options.now ?? Date.now();
  const held = bookFormTokenFromCookies(cookieHeader);
  if (held && checkFormToken(secret, held, now, 0) === "ok") {
    const age = now - formTokenIssuedAt(held).getTime();
    if (age >= 0 && age < bookFormTokenReuseMs) return null;
  }
  return bookFormSetCookie(issueFormToken(secret, now), options);
}

/**
 * The token a booking post is checked with: the form's own when it has one (a page rendered for
 * this visitor), else the cookie's; null when neither came.
 */
export function bookFormTokenOf(formValue: unknown, cookieHeader: string | null | undefined): string | null {
  if (typeof formValue === "string" && formValue !== "") return formValue;
  return bookFormTokenFromCookies(cookieHeader);
}
