/**
 * Where visitors come from (ADR 0060): a visit's touch (UTM source, medium and campaign, else the referring
 * site, else direct), kept for 30 days as the first and the last touch in one first-party HttpOnly cookie that
 * holds nothing else, then attached to the inquiry or booking it leads to. Browsers that ask not to be tracked
 * (DNT: 1, Sec-GPC: 1) get no cookie and are not counted. Every value is data: cut to a bounded length, with
 * control characters removed. Pure: no I/O.
 */

import { readCookie, setCookieValue } from "#app/domain/cookies.ts";
import { isoDay } from "#app/domain/dates.ts";

const touchCookieName = "studio_touch";
const touchMaxAgeSeconds = 30 * 24 * 60 * 60;

export const touchLimits = { value: 100, landing: 200 } as const;

/** One touch: where a visit came from, and where and when it landed. */
export type Touch = {
  source: string;
  medium: string;
  campaign: string;
  /** the referring site's host, "" when none */
  referrer: string;
  /** the landing page's path */
  landing: string;
  /** the day it happened (YYYY-MM-DD, UTC) */
  day: string;
};

export type Touches = { first: Touch; last: Touch };

/** The owner's correction of an inquiry's source (kept apart from the measured touches). */
export type SourceCorrection = { source: string; medium: string; campaign: string };

/** The words of the sources that are not a named source. */
export const directSource = "(direct)";
export const notRecordedSource = "(not recorded)";
const noMedium = "(none)";

/** Printable text only (control and format characters out), trimmed and cut to `max` characters. */
function cleanTouchValue(value: string | null | undefined, max: number = touchLimits.value): string {
  if (!value) return "";
  return value
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "")
    .trim()
    .slice(0, max)
    .trim();
}

/** The host of an address, lower-cased without "www."; "" when it is not an http(s) address. */
function hostOf(address: string | null): string {
  if (!address) return "";
  try {
    const url = new URL(address);
    if (url.protocol !== "http:" && url.protocol !== "https:") return "";
    return url.hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return "";
  }
}

export type TouchRequest = {
  url: string;
  headers: { get(name: string): string | null };
};

/** Whether the browser asks not to be tracked. */
function declinesTracking(headers: { get(name: string): string | null }): boolean {
  return headers.get("dnt") === "1" || headers.get("sec-gpc") === "1";
}

/**
 * The touch a request to a public page brings: its UTM values when it has a source, else the referring site
 * when that is another site; null for a visit from this site's own pages. `direct` says what a request with
 * neither is (the visit counter counts it as direct; the cookie keeps nothing for it).
 */
export function touchOf(
  request: TouchRequest,
  siteHost: string,
  now: Date,
): { kind: "touch"; touch: Touch } | { kind: "direct" } | { kind: "internal" } {
  const refererHeader = request.headers.get("referer");
  // most views carry neither: answered without parsing anything (this runs on every cached page served)
  if (!refererHeader && !request.url.includes("utm_source=")) return { kind: "direct" };
  const url = new URL(request.url);
  const referrer = hostOf(refererHeader);
  const day = isoDay(now);
  const landing = cleanTouchValue(url.pathname, touchLimits.landing) || "/";
  const source = cleanTouchValue(url.searchParams.get("utm_source")).toLowerCase();
  // the site's own pages: its public address, or the host this request was sent to (behind a proxy, a test)
  const requestHost = hostOf(`http://${request.headers.get("host") ?? ""}`);
  const ownSite =
    referrer !== "" && (referrer === siteHost.toLowerCase().replace(/^www\./, "") || referrer === requestHost);
  if (source) {
    const touch: Touch = {
      source,
      medium: cleanTouchValue(url.searchParams.get("utm_medium")).toLowerCase() || noMedium,
      campaign: cleanTouchValue(url.searchParams.get("utm_campaign")),
      referrer: ownSite ? "" : referrer,
      landing,
      day,
    };
    return { kind: "touch", touch };
  }
  if (ownSite) return { kind: "internal" };
  if (referrer) {
    return { kind: "touch", touch: { source: referrer, medium: "referral", campaign: "", referrer, landing, day } };
  }
  return { kind: "direct" };
}

function base64url(text: string): string {
  return Buffer.from(text, "utf8").toString("base64url");
}

/** The cookie's value for these touches (base64url JSON, a few hundred bytes at most). */
function encodeTouches(touches: Touches): string {
  return base64url(JSON.stringify({ f: touches.first, l: touches.last }));
}

function readTouch(value: unknown): Touch | null {
  if (!value || typeof value !== "object") return null;
  const raw = value as Record<string, unknown>;
  const text = (key: string, max: number) => cleanTouchValue(typeof raw[key] === "string" ? raw[key] : "", max);
  const source = text("source", touchLimits.value);
  const day = typeof raw.day === "string" && /^\d{4}-\d{2}-\d{2}$/.test(raw.day) ? raw.day : "";
  if (!source || !day) return null;
  return {
    source,
    medium: text("medium", touchLimits.value) || noMedium,
    campaign: text("campaign", touchLimits.value),
    referrer: text("referrer", touchLimits.value),
    landing: text("landing", touchLimits.landing) || "/",
    day,
  };
}

/** The touches a request's cookie carries, checked field by field; null when there are none or they are bad. */
export function touchesFromCookie(cookieHeader: string | null | undefined): Touches | null {
  const value = readCookie(cookieHeader, touchCookieName);
  if (!value || value.length > 4096) return null;
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as { f?: unknown; l?: unknown };
    const first = readTouch(parsed.f);
    const last = readTouch(parsed.l) ?? first;
    return first && last ? { first, last } : null;
  } catch {
    return null;
  }
}

/**
 * The Set-Cookie header a public page's answer carries: the new touch as the last one (and the first when
 * there was none), for 30 days; null when the request brings no touch or the browser declines tracking.
 */
export function touchCookieFor(
  request: TouchRequest,
  siteHost: string,
  options: { https: boolean; now?: Date },
): string | null {
  if (declinesTracking(request.headers)) return null;
  const seen = touchOf(request, siteHost, options.now ?? new Date());
  if (seen.kind !== "touch") return null;
  const before = touchesFromCookie(request.headers.get("cookie"));
  const value = encodeTouches({ first: before?.first ?? seen.touch, last: seen.touch });
  return setCookieValue(touchCookieName, value, {
    path: "/",
    maxAgeSeconds: touchMaxAgeSeconds,
    httpOnly: true,
    sameSite: "lax",
    secure: options.https,
  });
}
