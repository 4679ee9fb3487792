/**
 * The client portal's queries (ADR 0034): portal links (only token hashes), and the whitelisted
 * columns of one customer's records. Every read of a record takes the customer's id and filters on
 * it in SQL: a portal never reads a row of another customer.
 */
import { and, asc, desc, eq, gt, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import {
  bookings,
  customers,
  invoices,
  payments,
  portalLinkRequests,
  portalLinks,
  projects,
  proposals,
  refunds,
} from "#app/db/schema.ts";
import type { InvoiceStatus, InvoiceType, PaymentMethod, ProjectStatus } from "#app/domain/enums.ts";
import { toCents } from "#app/domain/money.ts";
import { proposalState } from "#app/domain/proposals.ts";
import { displayStatusSql } from "#app/models/invoices.server.ts";

// ---------------------------------------------------------------- links

export async function insertPortalLink(
  db: Queryable,
  row: { customerId: string; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(portalLinks).values(row);
}

/** The customer a live link (not revoked, not expired at `now`) opens, or null. */
export async function findPortalCustomerId(db: Queryable, tokenHash: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ customerId: portalLinks.customerId })
    .from(portalLinks)
    .where(and(eq(portalLinks.tokenHash, tokenHash), isNull(portalLinks.revokedAt), gt(portalLinks.expiresAt, now)));
  return row?.customerId ?? null;
}

/** A person had the portal on screen (the view beacon): remembered on the link. */
export async function markPortalViewed(db: Queryable, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(portalLinks)
    .set({ lastViewedAt: now })
    .where(and(eq(portalLinks.tokenHash, tokenHash), isNull(portalLinks.revokedAt), gt(portalLinks.expiresAt, now)))
    .returning({ id: portalLinks.id });
  return rows.length > 0;
}

/** Revokes every live link of a customer; returns how many. */
export async function revokePortalLinks(db: Queryable, customerId: string, now: Date): Promise<number> {
  const rows = await db
    .update(portalLinks)
    .set({ revokedAt: now })
    .where(and(eq(portalLinks.customerId, customerId), isNull(portalLinks.revokedAt), gt(portalLinks.expiresAt, now)))
    .returning({ id: portalLinks.id });
  return rows.length;
}

/** The customer page's card: how many links are live, the latest expiry, the last time one was viewed. */
export async function portalLinkSummary(db: Queryable, customerId: string, now: Date) {
  const live = and(isNull(portalLinks.revokedAt), gt(portalLinks.expiresAt, now));
  const [row] = await db
    .select({
      live: sql<number>`count(*) filter (where ${live})::int`,
      expiresAt: sql<string | null>`max(${portalLinks.expiresAt}) filter (where ${live})`,
      lastViewedAt: sql<string | null>`max(${portalLinks.lastViewedAt})`,
    })
    .from(portalLinks)
    .where(eq(portalLinks.customerId, customerId));
  return {
    live: Number(row?.live ?? 0),
    expiresAt: row?.expiresAt ? new Date(row.expiresAt) : null,
    lastViewedAt: row?.lastViewedAt ? new Date(row.lastViewedAt) : null,
  };
}

/** Customers with this email address (any case), at most a few: each gets its own link. */
export async function customersByEmail(db: Queryable, email: string) {
  return db
    .select({ id: customers.id, name: customers.name, email: customers.email })
    .from(customers)
    .where(sql`lower(${customers.email}) = ${email.trim().toLowerCase()}`)
    .orderBy(asc(customers.createdAt))
    .limit(5);
}

// ---------------------------------------------------------------- clients' requests for a link (ADR 0047)

/** Stores a request for a fresh link, to be answered after the page has answered. */
export async function insertPortalLinkRequest(db: Queryable, row: { email: string; ip: string | null }): Promise<void> {
  await db.insert(portalLinkRequests).values({ email: row.email, ip: row.ip?.slice(0, 64) ?? null });
}

/**
 * Takes the oldest waiting request made after `since` and deletes it, inside the caller's transaction
 * (a request another instance is answering is skipped): answered once, or again after a rollback.
 */
export async function takePortalLinkRequest(
  tx: Queryable,
  since: Date,
): Promise<{ email: string; ip: string | null } | null> {
  const [row] = await tx
    .select({ id: portalLinkRequests.id })
    .from(portalLinkRequests)
    .where(gt(portalLinkRequests.createdAt, since))
    .orderBy(asc(portalLinkRequests.createdAt))
    .limit(1)
    .for("update", { skipLocked: true });
  if (!row) return null;
  const [taken] = await tx
    .delete(portalLinkRequests)
    .where(eq(portalLinkRequests.id, row.id))
    .returning({ email: portalLinkRequests.email, ip: portalLinkRequests.ip });
  return taken ?? null;
}

/** Drops requests made before `before` (a link nobody waits for any more). */
export async function dropPortalLinkRequestsBefore(db: Queryable, before: Date): Promise<void> {
  await db.delete(portalLinkRequests).where(lte(portalLinkRequests.createdAt, before));
}

// ---------------------------------------------------------------- the customer's records (whitelisted)

/** The portal's greeting: only the names. */
export async function portalCustomer(db: Queryable, customerId: string) {
  const [row] = await db
    .select({ id: customers.id, name: customers.name, businessName: customers.businessName, email: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row ?? null;
}

/** The customer's documents as the client sees them: never drafts; status as shown (overdue derived). */
export async function portalDocuments(db: Queryable, customerId: string, today: string) {
  const rows = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      invoiceType: invoices.invoiceType,
      storedStatus: invoices.status,
      status: displayStatusSql(today),
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      totalAmount: invoices.totalAmount,
      balanceDue: invoices.balanceDue,
    })
    .from(invoices)
    .where(and(eq(invoices.customerId, customerId), ne(invoices.status, "draft")))
    .orderBy(desc(invoices.issueDate), desc(invoices.createdAt), desc(invoices.id))
    .limit(500);
  return rows.map((row) => ({
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    invoiceType: row.invoiceType as InvoiceType,
    storedStatus: row.storedStatus as InvoiceStatus,
    status: row.status as InvoiceStatus,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    total: toCents(row.totalAmount) ?? 0,
    balanceDue: toCents(row.balanceDue) ?? 0,
  }));
}

/**
 * Payments on the customer's invoices, newest first (no notes: they are the owner's), each with the
 * money given back on it (ADR 0041).
 */
export async function portalPayments(db: Queryable, customerId: string) {
  const rows = await db
    .select({
      id: payments.id,
      paidOn: payments.paidOn,
      amount: payments.amount,
      method: payments.method,
      invoiceNumber: invoices.invoiceNumber,
    })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(and(eq(invoices.customerId, customerId), ne(invoices.status, "draft")))
    .orderBy(desc(payments.paidOn), desc(payments.createdAt), desc(payments.id))
    .limit(500);
  const given = rows.length
    ? await db
        .select({
          id: refunds.id,
          paymentId: refunds.paymentId,
          amount: refunds.amount,
          refundedOn: refunds.refundedOn,
          kind: refunds.kind,
        })
        .from(refunds)
        .innerJoin(invoices, eq(invoices.id, refunds.invoiceId))
        .where(eq(invoices.customerId, customerId))
        .orderBy(asc(refunds.refundedOn), asc(refunds.createdAt), asc(refunds.id))
    : [];
  return rows.map((row) => ({
    ...row,
    amount: toCents(row.amount) ?? 0,
    method: row.method as PaymentMethod,
    refunds: given
      .filter((refund) => refund.paymentId === row.id)
      .map((refund) => ({
        id: refund.id,
        amount: toCents(refund.amount) ?? 0,
        on: refund.refundedOn,
        kind: refund.kind as "refund" | "dispute",
      })),
  }));
}

/** Upcoming consultations booked by the customer (linked to them, or under their email address). */
export async function portalBookings(db: Queryable, customer: { id: string; email: string }, now: Date) {
  return db
    .select({ id: bookings.id, startsAt: bookings.startsAt, endsAt: bookings.endsAt, timeZone: bookings.timeZone })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, "booked"),
        gt(bookings.startsAt, now),
        or(eq(bookings.customerId, customer.id), sql`lower(${bookings.email}) = ${customer.email.toLowerCase()}`),
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .limit(20);
}

/** The customer's projects: name, status, dates and the names of their phases (no prices, no notes). */
export async function portalProjects(db: Queryable, customerId: string) {
  const rows = await db
    .select({
      id: projects.id,
      projectName: projects.projectName,
      status: projects.status,
      startDate: projects.startDate,
      endDate: projects.endDate,
      pricingDetails: projects.pricingDetails,
    })
    .from(projects)
    .where(eq(projects.customerId, customerId))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(100);
  return rows.map(({ pricingDetails, ...row }) => ({
    ...row,
    status: row.status as ProjectStatus,
    phases: pricingDetails?.type === "phased" ? pricingDetails.phases.map((phase) => phase.name) : [],
  }));
}

/** The customer's proposals the client was sent (never drafts), with their state as shown. */
export async function portalProposals(db: Queryable, customerId: string, today: string) {
  const rows = await db
    .select({
      id: proposals.id,
      proposalNumber: proposals.proposalNumber,
      title: proposals.title,
      status: proposals.status,
      expiresOn: proposals.expiresOn,
      signedTotal: proposals.signedTotal,
    })
    .from(proposals)
    .where(and(eq(proposals.customerId, customerId), ne(proposals.status, "draft")))
    .orderBy(desc(proposals.createdAt), desc(proposals.id))
    .limit(200);
  return rows.map(({ signedTotal, ...row }) => ({
    ...row,
    state: proposalState(row, today),
    signedTotal: signedTotal === null ? null : (toCents(signedTotal) ?? 0),
  }));
}

/** A document of this customer the client may open (sent, not a draft), or null. */
export async function portalDocumentOf(db: Queryable, customerId: string, invoiceId: string) {
  const [row] = await db
    .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, status: invoices.status })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.customerId, customerId), ne(invoices.status, "draft")));
  return row ?? null;
}

/** A proposal of this customer the client may open (sent, not a draft), or null. */
export async function portalProposalOf(db: Queryable, customerId: string, proposalId: string) {
  const [row] = await db
    .select({ id: proposals.id, proposalNumber: proposals.proposalNumber, status: proposals.status })
    .from(proposals)
    .where(and(eq(proposals.id, proposalId), eq(proposals.customerId, customerId), ne(proposals.status, "draft")));
  return row ?? null;
}
