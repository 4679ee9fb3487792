import { describe, expect, it } from "vitest";
import {
  bookFormCookieFor,
  bookFormCookieName,
  bookFormSetCookie,
  bookFormTokenFromCookies,
  bookFormTokenOf,
  bookFormTokenReuseMs,
} from "#app/services/book-form.server.ts";
import { checkFormToken, issueFormToken } from "#app/services/form-token.server.ts";

const secret = "s".repeat(43);
const t0 = 1_800_000_000_000;
const cookieValue = (setCookie: string | null) => /^studio_book_form=([^;]+);/.exec(setCookie ?? "")?.[1] ?? null;

describe("the booking page's token cookie", () => {
  it("is HttpOnly, SameSite=Lax, scoped to /book, Secure on https, and outlives the token's day", () => {
    const token = issueFormToken(secret, t0);
    expect(bookFormSetCookie(token, { https: false })).toBe(
      `${bookFormCookieName}=${token}; Max-Age=172800; Path=/book; HttpOnly; SameSite=Lax`,
    );
    expect(bookFormSetCookie(token, { https: true })).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
  });

  it("reads the token among other cookies; none, empty or another name is null", () => {
    expect(bookFormTokenFromCookies(`a=1; ${bookFormCookieName}=123.abc; b=2`)).toBe("123.abc");
    expect(bookFormTokenFromCookies(`${bookFormCookieName}=`)).toBeNull();
    expect(bookFormTokenFromCookies(`x${bookFormCookieName}=1.a`)).toBeNull();
    expect(bookFormTokenFromCookies(undefined)).toBeNull();
  });

  it("gives each new visitor a token of their own, dated now, that passes the time trap later", () => {
    const first = cookieValue(bookFormCookieFor(secret, undefined, { https: false, now: t0 }));
    const second = cookieValue(bookFormCookieFor(secret, "other=1", { https: false, now: t0 + 1 }));
    expect(first).not.toBeNull();
    expect(second).not.toBe(first);
    expect(checkFormToken(secret, first, t0 + 1000)).toBe("too-fast");
    expect(checkFormToken(secret, first, t0 + 3000)).toBe("ok");
  });

  it("keeps a genuine token younger than an hour; replaces an older, forged or foreign one", () => {
    const held = `${bookFormCookieName}=${issueFormToken(secret, t0)}`;
    expect(bookFormCookieFor(secret, held, { https: false, now: t0 + 5000 })).toBeNull();
    expect(bookFormCookieFor(secret, held, { https: false, now: t0 + bookFormTokenReuseMs - 1 })).toBeNull();
    const renewed = cookieValue(bookFormCookieFor(secret, held, { https: false, now: t0 + bookFormTokenReuseMs }));
    expect(renewed?.startsWith(String(t0 + bookFormTokenReuseMs))).toBe(true);
    const forged = `${bookFormCookieName}=${t0}.${"A".repeat(43)}`;
    expect(bookFormCookieFor(secret, forged, { https: false, now: t0 + 5000 })).not.toBeNull();
    const foreign = `${bookFormCookieName}=${issueFormToken("another-secret", t0)}`;
    expect(bookFormCookieFor(secret, foreign, { https: false, now: t0 + 5000 })).not.toBeNull();
  });

  it("a post is checked with the form's own token when it has one, else the cookie's", () => {
    const cookie = `${bookFormCookieName}=1.cookie`;
    expect(bookFormTokenOf("2.form", cookie)).toBe("2.form");
    expect(bookFormTokenOf("", cookie)).toBe("1.cookie");
    expect(bookFormTokenOf(null, cookie)).toBe("1.cookie");
    expect(bookFormTokenOf(null, null)).toBeNull();
  });
});
