/** The visit cookie of a public page's answer (ADR 0060): where the visit came from, for the site's own address. */
import { type Config, isHttps } from "#app/config.server.ts";
import { type TouchRequest, touchCookieFor } from "#app/domain/attribution.ts";

/** The Set-Cookie header for this request's touch, or null (no touch, or the browser declines tracking). */
export function visitTouchCookie(request: TouchRequest, config: Pick<Config, "publicUrl">): string | null {
  return touchCookieFor(request, new URL(config.publicUrl).hostname, { https: isHttps(config) });
}
