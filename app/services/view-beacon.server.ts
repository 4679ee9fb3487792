/**
 * The view beacon's one endpoint (ADR 0034; the rule: app/domain/view-beacon.ts). A page that counts
 * views renders `viewBeacon(kind, token)`'s data and the small public script; the script POSTs here
 * once the page is visible. A beacon that does not count (a back-office session, a bot, a prefetch)
 * or whose token opens nothing changes nothing; the answer is the same 204 either way.
 * Each kind of link has one recorder below.
 */
import type { RouterContextProvider } from "react-router";
import { getApp } from "#app/context.server.ts";
import type { Db } from "#app/db/client.server.ts";
import { countsAsView, type ViewBeacon, type ViewKind, viewBeaconPath } from "#app/domain/view-beacon.ts";
import { findLinkedInvoiceId, markViewed } from "#app/models/invoice-sends.server.ts";
import { markPortalViewed } from "#app/models/portal.server.ts";
import { findLinkedProposalId, markProposalViewed } from "#app/models/proposals.server.ts";
import { getRequestSession } from "#app/services/auth.server.ts";
import { clientTokenHash } from "#app/services/client-links.server.ts";
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
};

/** What a page renders for its beacon: the script's URL and what it posts. */
export function viewBeacon(kind: ViewKind, token: string) {
  return { script: publicScriptUrl("view-beacon"), endpoint: viewBeaconPath, kind, token };
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
  const { database, ip } = getApp(context);
  const session = await getRequestSession(request, context);
  const counts = countsAsView({
    method: request.method,
    signedIn: session !== null,
    userAgent: request.headers.get("user-agent"),
    purpose: request.headers.get("sec-purpose") ?? request.headers.get("purpose"),
  });
  if (!counts) return false;
  const hash = clientTokenHash(beacon.token);
  if (!hash) return false;
  const limited = await hitAddressLimit(database.db, "view-beacon", ip, beaconLimit, now);
  if (!limited.allowed) return false;
  return recorders[beacon.kind](database.db, hash, now);
}
