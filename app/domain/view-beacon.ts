/**
 * "Viewed" means a person had the page on screen (ADR 0034). A client page (a document's /i/{token},
 * a portal) never changes anything when it is fetched: mail-security scanners, prefetches, HEAD
 * requests and previews fetch pages too. Instead the page carries a tiny script (the view beacon,
 * app/client/view-beacon.ts) that POSTs once the page is visible in a browser; this module says which
 * beacons count. One endpoint takes every kind of link (documents, portals, proposals); a new kind joins
 * `viewKinds` and the service's table of recorders.
 */
import { isbot } from "isbot";
import { z } from "zod";

const viewKinds = ["document", "portal", "proposal"] as const;
export type ViewKind = (typeof viewKinds)[number];

/** Where the beacon posts. */
export const viewBeaconPath = "/viewed";

/** The beacon's post: which kind of link, and its token (as in the page's address). */
export const viewBeaconSchema = z.object({
  kind: z.enum(viewKinds),
  token: z.string().max(200),
});
export type ViewBeacon = z.output<typeof viewBeaconSchema>;

export type BeaconRequest = {
  method: string;
  /** a signed-in back-office session came with the request (the owner previewing, never a view) */
  signedIn: boolean;
  userAgent: string | null;
  /** `Sec-Purpose` / `Purpose` headers: a prefetch or prerender */
  purpose: string | null;
};

/**
 * A beacon counts when it is a POST from a browser that is not a bot, not a prefetch, and carries no
 * back-office session.
 */
export function countsAsView(request: BeaconRequest): boolean {
  if (request.method.toUpperCase() !== "POST") return false;
  if (request.signedIn) return false;
  if (request.purpose && /prefetch|prerender/i.test(request.purpose)) return false;
  if (!request.userAgent || isbot(request.userAgent)) return false;
  return true;
}
