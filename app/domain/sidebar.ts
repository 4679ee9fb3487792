import { readCookie, setCookieValue } from "#app/domain/cookies.ts";

/** The back-office sidebar's remembered state (a cookie for 7 days, Ctrl/Cmd+B). */
const sidebarCookieName = "sidebar_state";
const sidebarCookieMaxAgeSeconds = 7 * 24 * 60 * 60;
export const sidebarShortcutKey = "b";
export const mobileBreakpointPx = 768;

/** Open unless the cookie says "false". */
export function readSidebarState(cookieHeader: string | null): boolean {
  return readCookie(cookieHeader, sidebarCookieName) !== "false";
}

export function sidebarCookie(open: boolean): string {
  return setCookieValue(sidebarCookieName, String(open), {
    path: "/",
    maxAgeSeconds: sidebarCookieMaxAgeSeconds,
    sameSite: "lax",
  });
}

/**
 * The sidebar link a page belongs to: the longest link path that is the page's path or a folder of
 * it (`/admin/customers/42/edit` → `/admin/customers`; `/admin/settings/team` → itself, not
 * `/admin/settings`). Null when no link covers the page.
 */
export function currentSection(pathname: string, hrefs: readonly string[]): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  let best: string | null = null;
  for (const href of hrefs) {
    const within = path === href || path.startsWith(`${href}/`);
    if (within && (best === null || href.length > best.length)) best = href;
  }
  return best;
}

/** `aria-current` for a sidebar link: "page" on its own page, "location" on a page within its section. */
export function ariaCurrentFor(
  pathname: string,
  href: string,
  current: string | null,
): "page" | "location" | undefined {
  if (current !== href) return undefined;
  return pathname.replace(/\/+$/, "") === href ? "page" : "location";
}
