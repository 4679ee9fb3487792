/**
 * First-party, cookieless page-view counting (docs/decisions/0006): the server
 * counts each real visit to a public page per path per day. Nothing about the
 * visitor is stored: no cookie, no IP address, no user agent.
 */
import type { Queryable } from "#app/db/client.server.ts";
import { canonicalViewPath, isCountableView, viewDay } from "#app/domain/page-views.ts";
import { publicPages } from "#app/domain/site.ts";
import { recordPageView } from "#app/models/page-views.server.ts";
import type { Logger } from "#app/services/logger.server.ts";

/**
 * Counts the view if the request and its response make one. Never throws: a
 * failed count is logged and the page is still served. Returns whether it counted.
 */
export async function trackPageView(
  db: Queryable,
  logger: Logger,
  request: Request,
  response: Response,
  now: Date = new Date(),
): Promise<boolean> {
  const path = new URL(request.url).pathname;
  const countable = isCountableView({
    method: request.method,
    path,
    status: response.status,
    contentType: response.headers.get("content-type"),
    headers: request.headers,
  });
  const page = countable ? canonicalViewPath(path, publicPages) : null;
  if (!page) return false;
  try {
    await recordPageView(db, page, viewDay(now));
    return true;
  } catch (error) {
    logger.warn({ err: error, path }, "page view not counted");
    return false;
  }
}
