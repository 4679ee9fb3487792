/**
 * Cookies that are not signed: how one is written and read, with the `cookie` package (the signed
 * ones, sessions and sign-in steps, are React Router's `createCookie` in services/auth/sessions.server.ts).
 * Runs in the browser too: the sidebar writes its state with `document.cookie`.
 */
import { parseCookie, stringifySetCookie } from "cookie";

export type CookieOptions = {
  path: string;
  maxAgeSeconds: number;
  httpOnly?: boolean;
  sameSite: "lax" | "strict";
  secure?: boolean;
};

/** A Set-Cookie header value (also what `document.cookie` takes). */
export function setCookieValue(name: string, value: string, options: CookieOptions): string {
  return stringifySetCookie(name, value, {
    path: options.path,
    maxAge: options.maxAgeSeconds,
    httpOnly: options.httpOnly,
    sameSite: options.sameSite,
    secure: options.secure,
  });
}

/** A cookie's value in a request's Cookie header; null when absent or empty. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  const value = parseCookie(cookieHeader)[name];
  return value === undefined || value === "" ? null : value;
}
