/**
 * Where to send someone after sign-in: only a path on this site (no scheme, no host,
 * no protocol-relative `//`, no backslash tricks), never the login page itself.
 */
export const defaultAdminPath = "/admin/dashboard";

const base = "http://local.invalid";

export function safeReturnPath(value: string | null | undefined, fallback = defaultAdminPath): string {
  if (!value || value.length > 2000) return fallback;
  // must be an absolute path; `//host` and `/\host` are other hosts to a browser
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return fallback;
  // control characters (tabs and newlines are dropped by URL parsers: "/\t/evil.example")
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return fallback;
  }
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  // after normalisation ("/.//host", "/%2e%2e//host" become "//host") the result must still be one path
  // on this site, and read back the same way by the browser
  const result = `${url.pathname}${url.search}${url.hash}`;
  if (!result.startsWith("/") || result.startsWith("//") || result.includes("\\")) return fallback;
  if (/%(2f|5c)/i.test(url.pathname)) return fallback;
  if (new URL(result, base).origin !== base) return fallback;
  if (url.pathname === "/admin/login" || url.pathname.startsWith("/admin/login/")) return fallback;
  return result;
}

/** The login address that remembers where the person was going. */
export function loginPathFor(requestUrl: string): string {
  const url = new URL(requestUrl);
  const back = safeReturnPath(`${url.pathname}${url.search}`, "");
  return back ? `/admin/login?redirectTo=${encodeURIComponent(back)}` : "/admin/login";
}
