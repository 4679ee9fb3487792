/**
 * Which requests count as a page view (docs/decisions/0006). Pure: the caller
 * passes what it knows about the request and the response.
 */
import { isbot } from "isbot";
import { todayIn } from "#app/domain/dates.ts";

export type ViewCandidate = {
  method: string;
  /** URL path, without the query string */
  path: string;
  status: number;
  /** response Content-Type */
  contentType: string | null;
  headers: { get(name: string): string | null };
};

const maxTrackedPathLength = 200;

/** Whether a user agent is a bot, remembered: the same few browsers' strings come back on every view. */
const botAnswers = new Map<string, boolean>();
function isBotAgent(userAgent: string): boolean {
  let answer = botAnswers.get(userAgent);
  if (answer === undefined) {
    answer = isbot(userAgent);
    if (botAnswers.size >= 1000) botAnswers.clear();
    botAnswers.set(userAgent, answer);
  }
  return answer;
}

/**
 * A real visit to a public page: a GET answered 200 with an HTML document,
 * not under /admin, not a data request, not from a bot, and not from a browser
 * that asks not to be tracked (DNT: 1 or Sec-GPC: 1).
 */
export function isCountableView(candidate: ViewCandidate): boolean {
  const { method, path, status, contentType, headers } = candidate;
  if (method.toUpperCase() !== "GET" || status !== 200) return false;
  if (!contentType?.toLowerCase().startsWith("text/html")) return false;
  if (path === "/admin" || path.startsWith("/admin/")) return false;
  if (path.endsWith(".data") || path.length > maxTrackedPathLength) return false;
  if (headers.get("dnt") === "1" || headers.get("sec-gpc") === "1") return false;
  const userAgent = headers.get("user-agent");
  if (!userAgent || isBotAgent(userAgent)) return false;
  return true;
}

/** One path per page: no trailing slash (except "/"). */
export function normalizeViewPath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") || "/" : "/";
}

/**
 * The public page a path names, spelled canonically, or null when it is not one of them:
 * `/%70ortfolio`, `/PORTFOLIO` and `/portfolio/` all count as `/portfolio`, and nothing
 * else adds a row, however the path is spelled.
 */
export function canonicalViewPath(path: string, pages: readonly string[]): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  const normal = normalizeViewPath(decoded.toLowerCase());
  return pages.includes(normal) ? normal : null;
}

const minuteMs = 60_000;
let lastDay = { timeZone: "", start: 0, text: "1970-01-01" };

/**
 * The counting day: the date in the studio's time zone, YYYY-MM-DD, as the reports' periods are (a visit in New
 * York's evening is that day's, not the next UTC day's). Worked out once a minute, not once per view: every time
 * zone's day begins on a whole minute.
 */
export function viewDay(now: Date, timeZone = "UTC"): string {
  const time = now.getTime();
  if (timeZone !== lastDay.timeZone || time < lastDay.start || time >= lastDay.start + minuteMs) {
    const start = time - (((time % minuteMs) + minuteMs) % minuteMs);
    lastDay = { timeZone, start, text: todayIn(timeZone, new Date(start)) };
  }
  return lastDay.text;
}
