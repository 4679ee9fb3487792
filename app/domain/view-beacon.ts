/**
 * "Viewed" means a person had the page on screen (ADR 0034). A client page (a document's /i/{token},
 * a portal) never changes anything when it is fetched: mail-security scanners, prefetches, HEAD
 * requests and previews fetch pages too. Instead the page carries a tiny script (the view beacon,
 * app/browser/view-beacon.ts) that POSTs once the page is visible in a browser; this module says which
 * beacons count. One endpoint takes every kind of link (documents, portals, proposals); a new kind joins
 * `viewKinds` and the service's table of recorders.
 */
import { isbot } from "isbot";
import { z } from "zod";

const viewKinds = ["document", "portal", "proposal", "deliverable"] as const;
export type ViewKind = (typeof viewKinds)[number];

/** Where the beacon posts. */
export const viewBeaconPath = "/viewed";

/** The beacon's post: which kind of link, its token (as in the page's address) and the page's stamp. */
export const viewBeaconSchema = z.object({
  kind: z.enum(viewKinds),
  token: z.string().max(200),
  /** signed by the server when it rendered the page (services/view-beacon.server.ts): the page's own beacon */
  stamp: z.string().max(200).optional(),
});
export type ViewBeacon = z.output<typeof viewBeaconSchema>;

export type BeaconRequest = {
  method: string;
  /** a signed-in back-office session came with the request (the owner previewing, never a view) */
  signedIn: boolean;
  userAgent: string | null;
  /** `Sec-Purpose` / `Purpose` headers: a prefetch or prerender */
  purpose: string | null;
  /** the request's `Origin`, and the origins that are this site's (the public URL's, the request's own) */
  origin: string | null;
  siteOrigins: readonly string[];
  /** the Fetch Metadata headers a browser adds (`Sec-Fetch-Site`, `-Mode`, `-Dest`), when it sent them */
  fetchSite: string | null;
  fetchMode: string | null;
  fetchDest: string | null;
};

/**
 * A beacon counts when it is the page's own script that sent it, from a browser that is not a bot
 * and carries no back-office session: a POST whose `Origin` is this site (a browser always names it
 * on a script's POST; another site's page, or a tool that names none, does not count), made by a
 * script (`Sec-Fetch-Dest: empty`, not a form's navigation) from this site's page
 * (`Sec-Fetch-Site: same-origin`), where the browser sends those; not a prefetch. The stamp the page
 * was rendered with is checked by the service.
 */
export function countsAsView(request: BeaconRequest): boolean {
  if (request.method.toUpperCase() !== "POST") return false;
  if (request.signedIn) return false;
  if (!request.origin || !request.siteOrigins.includes(request.origin)) return false;
  if (request.fetchSite !== null && request.fetchSite !== "same-origin") return false;
  if (request.fetchDest !== null && request.fetchDest !== "empty") return false;
  if (request.fetchMode === "navigate") return false;
  if (request.purpose && /prefetch|prerender/i.test(request.purpose)) return false;
  if (!request.userAgent || isbot(request.userAgent)) return false;
  return true;
}
