/**
 * The client portal (ADR 0034). Links are 256-bit tokens stored as SHA-256 (as client links),
 * expiring after `portalLinkLifetimeDays`, revocable from the customer page. The owner sends one by
 * email or copies a fresh one; a client asks for one on /portal (the same answer, after the same work,
 * whether or not the address is known: the lookup and the mail come after the answer; rate-limited
 * per address and per email). Opening the portal is rate-limited per address before the lookup. A document or proposal opens on its own client page: the portal's
 * button posts, the record's ownership is checked, and a fresh client link is issued (a POST, so a
 * fetch of the portal never writes a row).
 */
import type { Config } from "#app/config.server.ts";
import { publishMailQueued } from "#app/db/changes.server.ts";
import type { Db, Queryable } from "#app/db/client.server.ts";
import { todayIn } from "#app/domain/dates.ts";
import { type PortalOpen, portalLinkExpiry, portalLinkPath, portalMail } from "#app/domain/portal.ts";
import { nextPhaseDate } from "#app/domain/project-room.ts";
import { fail, type Result } from "#app/domain/result.ts";
import { getStudioIdentity, studioTimeZone } from "#app/models/business-settings.server.ts";
import { listContracts } from "#app/models/contracts.server.ts";
import { creditBalanceOf } from "#app/models/customer-credit.server.ts";
import { getMailWording } from "#app/models/mail-templates.server.ts";
import {
  customersByEmail,
  dropPortalLinkRequestsBefore,
  findPortalCustomerId,
  insertPortalLink,
  insertPortalLinkRequest,
  portalBookings,
  portalCustomer,
  portalDocumentOf,
  portalDocuments,
  portalPayments,
  portalProjects,
  portalProposalOf,
  portalProposals,
  revokePortalLinks,
  takePortalLinkRequest,
} from "#app/models/portal.server.ts";
import { portalRooms } from "#app/models/project-room.server.ts";
import { insertProposalLink } from "#app/models/proposals.server.ts";
import { audit, auditedChange } from "#app/services/audit.server.ts";
import { clientTokenHash, issueClientLink, newClientToken } from "#app/services/client-links.server.ts";
import { enqueueMail, mailKey } from "#app/services/mail.server.ts";
import { openDeliverableFromPortal } from "#app/services/project-room.server.ts";
import { proposalLinkPath } from "#app/services/proposals.server.ts";
import { hitAddressLimit, hitRateLimit } from "#app/services/rate-limit.server.ts";

type Deps = { db: Db; config: Pick<Config, "publicUrl" | "sessionSecret"> };
type Actor = { userId: string; email: string };

/** Opens of portals (and their buttons) per address: plenty for a client, too few to guess tokens. */
export const portalOpenLimit = { limit: 120, windowMs: 10 * 60_000 };
/** Requests for a fresh link per address, and mails per email address (no mail bombing a client). */
export const portalRequestLimit = { limit: 5, windowMs: 60 * 60_000 };
export const portalMailLimit = { limit: 3, windowMs: 60 * 60_000 };

/** Stores a new link for the customer (only its hash) and returns its full address. */
async function issuePortalLink(tx: Queryable, publicUrl: string, customerId: string, now: Date): Promise<string> {
  const { token, hash } = newClientToken();
  await insertPortalLink(tx, { customerId, tokenHash: hash, createdAt: now, expiresAt: portalLinkExpiry(now) });
  return new URL(portalLinkPath(token), publicUrl).toString();
}

async function queuePortalMail(
  tx: Queryable,
  deps: Deps,
  customer: { id: string; name: string; email: string },
  now: Date,
): Promise<void> {
  const link = await issuePortalLink(tx, deps.config.publicUrl, customer.id, now);
  const studio = await getStudioIdentity(tx);
  const today = todayIn(await studioTimeZone(tx), now);
  const mail = portalMail({
    studioName: studio.businessName,
    customerName: customer.name,
    link,
    today,
    wording: await getMailWording(tx, "portal_link"),
  });
  await enqueueMail(tx, { to: customer.email, ...mail }, { seal: mailKey(deps.config.sessionSecret) });
}

// ---------------------------------------------------------------- the owner's actions

/** An owner's portal action: what it did, or `not-found` (no such customer). */
type OwnerPortalResult<Value extends object> = Result<Value, "not-found">;

/** Send portal link: a fresh link by sealed mail to the customer's address; audited. */
export function sendPortalLink(
  deps: Deps,
  input: { customerId: string; actor: Actor; ip: string | null; now?: Date },
): Promise<OwnerPortalResult<{ to: string }>> {
  const now = input.now ?? new Date();
  return auditedChange(
    deps.db,
    async (tx): Promise<OwnerPortalResult<{ to: string }>> => {
      const customer = await portalCustomer(tx, input.customerId);
      if (!customer) return fail("not-found");
      await queuePortalMail(tx, deps, customer, now);
      return { ok: true, to: customer.email };
    },
    {
      actor: input.actor,
      ip: input.ip,
      event: "portal_link_sent",
      when: (result) => result.ok,
      detail: { customer: input.customerId },
    },
  );
}

/** Copy portal link: a fresh link shown once to the owner; audited. */
export function copyPortalLink(
  deps: Deps,
  input: { customerId: string; actor: Actor; ip: string | null; now?: Date },
): Promise<OwnerPortalResult<{ link: string }>> {
  const now = input.now ?? new Date();
  return auditedChange(
    deps.db,
    async (tx): Promise<OwnerPortalResult<{ link: string }>> => {
      const customer = await portalCustomer(tx, input.customerId);
      if (!customer) return fail("not-found");
      return { ok: true, link: await issuePortalLink(tx, deps.config.publicUrl, customer.id, now) };
    },
    {
      actor: input.actor,
      ip: input.ip,
      event: "portal_link_created",
      when: (result) => result.ok,
      detail: { customer: input.customerId },
    },
  );
}

/** Revoke portal links: every live link of the customer stops at once; audited when any was live. */
export function revokePortal(
  deps: Pick<Deps, "db">,
  input: { customerId: string; actor: Actor; ip: string | null; now?: Date },
): Promise<OwnerPortalResult<{ count: number }>> {
  const now = input.now ?? new Date();
  return auditedChange(
    deps.db,
    async (tx): Promise<OwnerPortalResult<{ count: number }>> => {
      const customer = await portalCustomer(tx, input.customerId);
      if (!customer) return fail("not-found");
      return { ok: true, count: await revokePortalLinks(tx, customer.id, now) };
    },
    {
      actor: input.actor,
      ip: input.ip,
      event: "portal_links_revoked",
      when: (result) => result.ok && result.count > 0,
      detail: (result) => ({ customer: input.customerId, count: result.ok ? result.count : 0 }),
    },
  );
}

// ---------------------------------------------------------------- the client's request

/**
 * A client asks for a fresh link by email. "limited" when this address asked too often; otherwise
 * "done", having done the same work whatever the email is (ADR 0047): the per-address limit, then the
 * request stored. Whether the address is a customer's is found out afterwards, by
 * `answerPortalLinkRequests` (the mail worker, woken by the request's notice), so neither the answer nor its
 * time says it.
 */
export async function requestPortalLink(
  deps: Pick<Deps, "db"> & { ip: string },
  email: string,
  now = new Date(),
): Promise<Result<object, "limited">> {
  const limited = await hitAddressLimit(deps.db, "portal-request", deps.ip, portalRequestLimit, now);
  if (!limited.allowed) return fail("limited", { retryAfterSeconds: limited.retryAfterSeconds });
  await insertPortalLinkRequest(deps.db, { email: email.trim().toLowerCase(), ip: deps.ip || null });
  // the mail worker answers it (ADR 0047) once it hears of it
  await publishMailQueued(deps.db);
  return { ok: true };
}

/** A request not answered within this long is dropped (nobody waits that long for the mail). */
const portalRequestLifetimeMs = 60 * 60_000;

/**
 * Answers the waiting requests for a portal link, each in its own transaction (taken, answered and
 * deleted together: one interrupted is answered on the next run, or the next start). A known address
 * gets one mail per customer carrying it, at most `portalMailLimit` an hour; an unknown one nothing.
 * Returns how many mails it queued.
 */
export async function answerPortalLinkRequests(deps: Deps, now = new Date(), batch = 20): Promise<number> {
  const since = new Date(now.getTime() - portalRequestLifetimeMs);
  await dropPortalLinkRequestsBefore(deps.db, since);
  let queued = 0;
  for (let index = 0; index < batch; index++) {
    const answered = await deps.db.transaction(async (tx) => {
      const request = await takePortalLinkRequest(tx, since);
      if (!request) return null;
      const matches = await customersByEmail(tx, request.email);
      if (matches.length === 0) return 0;
      const perEmail = await hitRateLimit(tx, `portal-request:email:${request.email}`, portalMailLimit, now);
      if (!perEmail.allowed) return 0;
      for (const customer of matches) await queuePortalMail(tx, deps, customer, now);
      await audit(tx, { event: "portal_link_requested", ip: request.ip, detail: { customers: matches.length } });
      return matches.length;
    });
    if (answered === null) break;
    queued += answered;
  }
  return queued;
}

// ---------------------------------------------------------------- opening the portal

/** The customer a portal token opens, or why not: `not-found` (wrong, revoked or expired), `limited`. */
type PortalLookup = Result<{ customerId: string }, "not-found" | "limited">;

/** The customer a portal token opens: rate-limited per address before the lookup; not found when wrong, revoked or expired. */
export async function findPortal(db: Db, token: unknown, ip: string, now = new Date()): Promise<PortalLookup> {
  const hash = clientTokenHash(token);
  if (!hash) return fail("not-found");
  const limited = await hitAddressLimit(db, "portal", ip, portalOpenLimit, now);
  if (!limited.allowed) return fail("limited", { retryAfterSeconds: limited.retryAfterSeconds });
  const customerId = await findPortalCustomerId(db, hash, now);
  return customerId ? { ok: true, customerId } : fail("not-found");
}

/** Everything the portal page shows, read for one customer only. */
export async function loadPortal(db: Db, customerId: string, now = new Date()) {
  const timeZone = await studioTimeZone(db);
  const today = todayIn(timeZone, now);
  const customer = await portalCustomer(db, customerId);
  if (!customer) return null;
  const [studio, documents, payments, bookings, projects, proposals, contracts, credit, rooms] = await Promise.all([
    getStudioIdentity(db),
    portalDocuments(db, customerId, today),
    portalPayments(db, customerId),
    portalBookings(db, customer, now),
    portalProjects(db, customerId),
    portalProposals(db, customerId, today),
    listContracts(db, { customerId }),
    creditBalanceOf(db, customerId),
    portalRooms(db, customerId),
  ]);
  return {
    today,
    timeZone,
    studio: { name: studio.businessName, email: studio.email },
    customer: { name: customer.name, businessName: customer.businessName },
    documents,
    payments,
    bookings,
    projects,
    proposals,
    // the client's contracts (ADR 0043): their titles and figures only, never the schedule's notes
    contracts: contracts.map((contract) => ({ id: contract.id, title: contract.title, progress: contract.progress })),
    credit,
    // the project rooms the owner shows (ADR 0057): phases, what is asked of the client, deliverables
    rooms: rooms.map((room) => ({
      ...room,
      nextDate: nextPhaseDate(room.phases, today),
    })),
  };
}

/**
 * The portal's Open button: the record must be this customer's and shown on the portal (not a draft;
 * a proposal not revoked); then a fresh client link is issued and its address answered.
 */
export async function openFromPortal(deps: Deps, customerId: string, open: PortalOpen): Promise<string | null> {
  if (open.kind === "deliverable") return openDeliverableFromPortal(deps, customerId, open.id);
  return deps.db.transaction(async (tx) => {
    if (open.kind === "document") {
      const document = await portalDocumentOf(tx, customerId, open.id);
      if (!document) return null;
      return issueClientLink(tx, deps.config.publicUrl, document.id);
    }
    const proposal = await portalProposalOf(tx, customerId, open.id);
    if (!proposal || proposal.status === "revoked") return null;
    const { token, hash } = newClientToken();
    await insertProposalLink(tx, proposal.id, hash);
    return new URL(proposalLinkPath(token), deps.config.publicUrl).toString();
  });
}
