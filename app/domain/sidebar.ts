/** The back-office sidebar's remembered state (SPEC section 9: a cookie for 7 days, Ctrl/Cmd+B). */
const sidebarCookieName = "sidebar_state";
const sidebarCookieMaxAgeSeconds = 7 * 24 * 60 * 60;
export const sidebarShortcutKey = "b";
export const mobileBreakpointPx = 768;

/** Open unless the cookie says "false". */
export function readSidebarState(cookieHeader: string | null): boolean {
  const match = /(?:^|;\s*)sidebar_state=([^;]*)/.exec(cookieHeader ?? "");
  return match?.[1] !== "false";
}

export function sidebarCookie(open: boolean): string {
  return `${sidebarCookieName}=${open}; Path=/; Max-Age=${sidebarCookieMaxAgeSeconds}; SameSite=Lax`;
}
