/**
 * Sending documents: the client links (only token hashes are stored), the send history
 * with each mail's outbox status, marking a document sent or viewed, and the invoices payment
 * reminders may be due for.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { publishChange } from "#app/db/changes.server.ts";
import type { Queryable } from "#app/db/client.server.ts";
import { customers, invoiceLinks, invoiceSends, invoices, mailOutbox } from "#app/db/schema.ts";

// ---------------------------------------------------------------- client links

export async function insertInvoiceLink(db: Queryable, invoiceId: string, tokenHash: string): Promise<void> {
  await db.insert(invoiceLinks).values({ invoiceId, tokenHash });
}

/** The document a live (not revoked) link opens, or null. */
export async function findLinkedInvoiceId(db: Queryable, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .select({ invoiceId: invoiceLinks.invoiceId })
    .from(invoiceLinks)
    .where(and(eq(invoiceLinks.tokenHash, tokenHash), isNull(invoiceLinks.revokedAt)));
  return row?.invoiceId ?? null;
}

/**
 * The document of a live link, with the link's row locked until the transaction ends: a revoke
 * racing with what the link does waits for it, or wins and the link is refused.
 */
export async function lockLiveLink(tx: Queryable, tokenHash: string): Promise<string | null> {
  const [row] = await tx
    .select({ invoiceId: invoiceLinks.invoiceId })
    .from(invoiceLinks)
    .where(and(eq(invoiceLinks.tokenHash, tokenHash), isNull(invoiceLinks.revokedAt)))
    .for("update");
  return row?.invoiceId ?? null;
}

/** Revokes every live link of a document; returns how many. */
export async function revokeInvoiceLinks(db: Queryable, invoiceId: string, now = new Date()): Promise<number> {
  const rows = await db
    .update(invoiceLinks)
    .set({ revokedAt: now })
    .where(and(eq(invoiceLinks.invoiceId, invoiceId), isNull(invoiceLinks.revokedAt)))
    .returning({ id: invoiceLinks.id });
  return rows.length;
}

export async function liveLinkCount(db: Queryable, invoiceId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(invoiceLinks)
    .where(and(eq(invoiceLinks.invoiceId, invoiceId), isNull(invoiceLinks.revokedAt)));
  return Number(row?.count ?? 0);
}

// ---------------------------------------------------------------- status

/** A draft becomes sent (sent_at set once); other statuses stay. */
export async function markSent(db: Queryable, invoiceId: string, now = new Date()): Promise<void> {
  await db
    .update(invoices)
    .set({
      status: sql`case when ${invoices.status} = 'draft' then 'sent'::invoice_status else ${invoices.status} end`,
      sentAt: sql`coalesce(${invoices.sentAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(invoices.id, invoiceId));
  await publishChange(db, { table: "invoices", id: invoiceId });
}

/**
 * The client's first view: viewed_at is set once, and a sent document becomes viewed. Later views
 * change nothing. Returns whether this view changed the document.
 */
export async function markViewed(db: Queryable, invoiceId: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(invoices)
    .set({
      viewedAt: sql`coalesce(${invoices.viewedAt}, ${now.toISOString()}::timestamptz)`,
      status: sql`case when ${invoices.status} = 'sent' then 'viewed'::invoice_status else ${invoices.status} end`,
    })
    .where(and(eq(invoices.id, invoiceId), sql`(${invoices.viewedAt} is null or ${invoices.status} = 'sent')`))
    .returning({ id: invoices.id });
  if (rows.length === 0) return false;
  await publishChange(db, { table: "invoices", id: invoiceId });
  return true;
}

// ---------------------------------------------------------------- history

export type NewSend = typeof invoiceSends.$inferInsert;

/** Records a send; for a reminder, null when that reminder was already recorded (sent once). */
export async function insertSend(db: Queryable, row: NewSend): Promise<string | null> {
  const [created] = await db
    .insert(invoiceSends)
    .values(row)
    .onConflictDoNothing({ target: [invoiceSends.invoiceId, invoiceSends.reminderOffset] })
    .returning({ id: invoiceSends.id });
  return created?.id ?? null;
}

export async function attachSendMail(db: Queryable, sendId: string, mailId: string): Promise<void> {
  await db.update(invoiceSends).set({ mailId }).where(eq(invoiceSends.id, sendId));
}

/**
 * The mail went without its PDF (it could not be made at delivery, after its retries): the send
 * history says so and why.
 */
export async function recordPdfFailure(db: Queryable, mailId: string, reason: string): Promise<void> {
  await db
    .update(invoiceSends)
    .set({ pdfAttached: false, pdfError: reason.slice(0, 500) })
    .where(eq(invoiceSends.mailId, mailId));
}

/** A document's emails, newest first, with each one's delivery status in the outbox. */
export async function listSends(db: Queryable, invoiceId: string) {
  return db
    .select({
      id: invoiceSends.id,
      kind: invoiceSends.kind,
      recipient: invoiceSends.recipient,
      subject: invoiceSends.subject,
      pdfAttached: invoiceSends.pdfAttached,
      pdfError: invoiceSends.pdfError,
      reminderOffset: invoiceSends.reminderOffset,
      createdAt: invoiceSends.createdAt,
      delivery: mailOutbox.status,
      attempts: mailOutbox.attempts,
    })
    .from(invoiceSends)
    .leftJoin(mailOutbox, eq(mailOutbox.id, invoiceSends.mailId))
    .where(eq(invoiceSends.invoiceId, invoiceId))
    .orderBy(desc(invoiceSends.createdAt), desc(invoiceSends.id));
}

// ---------------------------------------------------------------- reminders

/** An invoice that is owed its payment reminders: sent and unpaid, with a due date, its reminders on. */
const reminderOwed = and(
  eq(invoices.invoiceType, "invoice"),
  inArray(invoices.status, ["sent", "viewed", "partial"]),
  gt(invoices.balanceDue, "0"),
  isNotNull(invoices.dueDate),
  eq(invoices.remindersEnabled, true),
);

/**
 * Invoices a payment reminder may be due for: sent, viewed or partial invoices with a balance,
 * a due date, reminders on, and a customer email; with the offsets already reminded.
 */
export async function reminderCandidates(db: Queryable, customerId?: string) {
  const sent = db
    .select({
      invoiceId: invoiceSends.invoiceId,
      offsets: sql<number[]>`array_agg(${invoiceSends.reminderOffset})`.as("offsets"),
    })
    .from(invoiceSends)
    .where(isNotNull(invoiceSends.reminderOffset))
    .groupBy(invoiceSends.invoiceId)
    .as("sent");
  return db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      invoiceType: invoices.invoiceType,
      totalAmount: invoices.totalAmount,
      balanceDue: invoices.balanceDue,
      dueDate: invoices.dueDate,
      sentAt: invoices.sentAt,
      customerId: invoices.customerId,
      projectId: invoices.projectId,
      customerName: customers.name,
      customerEmail: customers.email,
      alreadySent: sent.offsets,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .leftJoin(sent, eq(sent.invoiceId, invoices.id))
    .where(customerId ? and(reminderOwed, eq(invoices.customerId, customerId)) : reminderOwed)
    .orderBy(asc(invoices.dueDate));
}

/**
 * Whether the invoice still owes its reminders now (the step asks: a run retried later, or done after a payment
 * came in during the pass, must not remind a paid or cancelled invoice).
 */
export async function reminderStillOwed(db: Queryable, invoiceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), reminderOwed));
  return row !== undefined;
}
