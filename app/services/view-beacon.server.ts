/**
 * The view beacon's one endpoint (ADR 0034; the rule: app/domain/view-beacon.ts). A page that counts
 * views renders `viewBeacon(context, kind, token)`'s data and the small public script; the script POSTs
 * here once the page is visible. A beacon that does not count (another site's post, a back-office
 * session, a bot, a prefetch, a post without the stamp the page was rendered with) or whose token
 * opens nothing changes nothing; the answer is the same 204 either way.
 * Each kind of link has one recorder below.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { getApp } from "#app/context.server.ts";
import type { Db } from "#app/db/client.server.ts";
import { countsAsView, type ViewBeacon, type ViewKind, viewBeaconPath } from "#app/domain/view-beacon.ts";
import { findLinkedInvoiceId, markViewed } from "#app/models/invoice-sends.server.ts";
import { markPortalViewed } from "#app/models/portal.server.ts";
import { findLinkedProposalId, markProposalViewed } from "#app/models/proposals.server.ts";
import { getRequestSession } from "#app/services/auth.server.ts";
import { clientTokenHash } from "#app/services/client-links.server.ts";
import { recordDeliverableView } from "#app/services/project-room.server.ts";
import { publicScriptUrl } from "#app/services/public-scripts.server.ts";
import { hitAddressLimit } from "#app/services/rate-limit.server.ts";

/** Beacons per address: one per page shown, so as many as the pages' own limit. */
const beaconLimit = { limit: 120, windowMs: 10 * 60_000 };

type Recorder = (db: Db, tokenHash: string, now: Date) => Promise<boolean>;

const recorders: Record<ViewKind, Recorder> = {
  /** a document's client link (/i/{token}): the first view marks it viewed (once) */
  document: async (db, hash, now) => {
    const invoiceId = await findLinkedInvoiceId(db, hash);
    return invoiceId ? markViewed(db, invoiceId, now) : false;
  },
  /** a portal (/portal/{token}): remembered on the link, for the customer page */
  portal: (db, hash, now) => markPortalViewed(db, hash, now),
  /** a proposal's client link (/p/{token}): sent becomes viewed (once) */
  proposal: async (db, hash, now) => {
    const proposalId = await findLinkedProposalId(db, hash);
    return proposalId ? markProposalViewed(db, proposalId, now) : false;
  },
  /** a deliverable's link (/d/{token}): every view, in the audit log and the customer's activity */
  deliverable: (db, hash, now) => recordDeliverableView(db, hash, now),
};

/** How long a rendered page's stamp counts: a page opened in a background tab and looked at days later. */
const stampLifetimeMs = 7 * 24 * 3600_000;

function stampMac(secret: string, kind: ViewKind, token: string, issuedAt: string): string {
  return createHmac("sha256", secret).update(`view-beacon:${kind}:${token}:${issuedAt}`).digest("base64url");
}

/** The page's stamp: when it was rendered, signed with the link it was rendered for. */
export function beaconStamp(secret: string, kind: ViewKind, token: string, now = Date.now()): string {
  return `${now}.${stampMac(secret, kind, token, String(now))}`;
}

/** Whether a beacon carries a stamp this server gave a page of that link, within its lifetime. */
function stampHolds(secret: string, beacon: ViewBeacon, now = Date.now()): boolean {
  const [issuedAt = "", mac = "", ...rest] = (beacon.stamp ?? "").split(".");
  if (rest.length > 0 || !/^\d{1,15}$/.test(issuedAt)) return false;
  const age = now - Number(issuedAt);
  if (age < 0 || age > stampLifetimeMs) return false;
  const expected = Buffer.from(stampMac(secret, beacon.kind, beacon.token, issuedAt));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** What a page renders for its beacon: the script's URL and what it posts (the stamp says it is this page's). */
export function viewBeacon(context: Readonly<RouterContextProvider>, kind: ViewKind, token: string) {
  const stamp = beaconStamp(getApp(context).config.sessionSecret, kind, token);
  return { script: publicScriptUrl("view-beacon"), endpoint: viewBeaconPath, kind, token, stamp };
}

/**
 * Records a beacon when it counts; returns whether it changed anything (for the tests: the answer
 * to the browser is 204 regardless).
 */
export async function recordBeacon(
  request: Request,
  context: Readonly<RouterContextProvider>,
  beacon: ViewBeacon,
  now = new Date(),
): Promise<boolean> {
  const { database, ip, config } = getApp(context);
  const session = await getRequestSession(request, context);
  const header = (name: string) => request.headers.get(name);
  const counts = countsAsView({
    method: request.method,
    signedIn: session !== null,
    userAgent: header("user-agent"),
    purpose: header("sec-purpose") ?? header("purpose"),
    origin: header("origin"),
    siteOrigins: [new URL(config.publicUrl).origin, new URL(request.url).origin],
    fetchSite: header("sec-fetch-site"),
    fetchMode: header("sec-fetch-mode"),
    fetchDest: header("sec-fetch-dest"),
  });
  if (!counts || !stampHolds(config.sessionSecret, beacon, now.getTime())) return false;
  const hash = clientTokenHash(beacon.token);
  if (!hash) return false;
  const limited = await hitAddressLimit(database.db, "view-beacon", ip, beaconLimit, now);
  if (!limited.allowed) return false;
  return recorders[beacon.kind](database.db, hash, now);
}
