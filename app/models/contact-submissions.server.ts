/** Contact-form submissions (the records of the contact submissions inbox). */
import { and, desc, eq, like, ne, type SQL } from "drizzle-orm";
import { publishChange } from "#app/db/changes.server.ts";
import type { Db, Queryable } from "#app/db/client.server.ts";
import {
  contactSubmissionCounts,
  contactSubmissions,
  customerInteractions,
  customers,
  submissionSearchText,
} from "#app/db/schema.ts";
import type { SourceCorrection, Touches } from "#app/domain/attribution.ts";
import type { SubmissionFields } from "#app/domain/contact-form.ts";
import type { CustomerForm } from "#app/domain/customer-form.ts";
import { toCustomerRow } from "#app/domain/customer-form.ts";
import { type SubmissionStatus, submissionStatuses } from "#app/domain/enums.ts";
import { likePattern, type StatusCounts, statusTotal } from "#app/domain/inbox.ts";
import { type InboxListQuery, inboxPageSize } from "#app/domain/inbox-list.ts";
import { conversionDescription } from "#app/domain/submissions.ts";
import {
  after,
  cursorTime,
  inBatches,
  listWindow,
  pageIdsQuery,
  shortGramsCondition,
} from "#app/models/keyset.server.ts";

/** Stores a submission (with the id given, when the caller needs it before the row exists) and announces it. */
/** `touches`: where the visitor came from (their visit cookie, ADR 0060), null when not known. */
export async function createSubmission(
  db: Queryable,
  row: SubmissionFields,
  id?: string,
  touches: Touches | null = null,
) {
  const [created] = await db
    .insert(contactSubmissions)
    .values({ ...row, ...(id ? { id } : {}), touches })
    .returning();
  if (!created) throw new Error("insert returned no row");
  await publishChange(db, { table: "contact_submissions", id: created.id });
  return created;
}

/** How many submissions have each status: one read of the trigger-kept counters (four rows). */
export async function countSubmissionsByStatus(db: Queryable): Promise<StatusCounts> {
  const rows = await db.select().from(contactSubmissionCounts);
  const counts = Object.fromEntries(submissionStatuses.map((status) => [status, 0])) as StatusCounts;
  for (const row of rows) counts[row.status] = row.total;
  return counts;
}

/**
 * One page of the inbox, newest first, with the total for the pager. Pass the
 * status counts when you have them: an unfiltered status view then needs no count query.
 */
export async function listSubmissions(db: Queryable, query: InboxListQuery, counts?: StatusCounts) {
  const where = submissionListWhere(query);
  const { window, total, capped } = await listWindow(db, contactSubmissions, where, {
    page: query.page,
    pageSize: inboxPageSize,
    q: query.q,
    knownTotal: counts && query.type === "all" && !query.q ? statusTotal(counts, query.status) : undefined,
  });
  // the page's ids first, from the (status, created_at, id) index alone; a page past the middle is
  // read from the oldest end, so no page skips more than half the rows (app/domain/pages.ts)
  const pageIds = pageIdsQuery(db, contactSubmissions, where, window);
  const rows = await db
    .select({
      id: contactSubmissions.id,
      name: contactSubmissions.name,
      email: contactSubmissions.email,
      businessName: contactSubmissions.businessName,
      projectType: contactSubmissions.projectType,
      budgetRange: contactSubmissions.budgetRange,
      packageName: contactSubmissions.packageName,
      status: contactSubmissions.status,
      createdAt: contactSubmissions.createdAt,
    })
    .from(pageIds)
    .innerJoin(contactSubmissions, eq(contactSubmissions.id, pageIds.id))
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id));
  return { rows, total, capped, page: window.page, pageCount: window.pageCount };
}

/** The inbox's filters (status tab, project type, search) as one condition, shared by the page and the CSV export. */
function submissionListWhere(query: InboxListQuery): SQL | undefined {
  const conditions = [
    query.status === "all" ? ne(contactSubmissions.status, "archived") : eq(contactSubmissions.status, query.status),
  ];
  if (query.type !== "all") conditions.push(eq(contactSubmissions.projectType, query.type));
  // name, email or business, case-insensitively: one indexed expression (contact_submissions_search_trgm)
  if (query.q) conditions.push(like(submissionSearchText(contactSubmissions), likePattern(query.q.toLowerCase())));
  // one or two characters: the term among the text's pieces first (contact_submissions_search_grams_idx)
  const grams = shortGramsCondition(contactSubmissions.searchGrams, query.q, "js");
  if (grams) conditions.push(grams);
  return and(...conditions);
}

/** Every submission the inbox's filters select, newest first, read in batches (the CSV export). */
export function exportSubmissions(db: Queryable, query: InboxListQuery, batchSize?: number) {
  const where = submissionListWhere(query);
  return inBatches(
    (cursor, size) =>
      db
        .select({
          id: contactSubmissions.id,
          cursorAt: cursorTime(contactSubmissions.createdAt),
          createdAt: contactSubmissions.createdAt,
          name: contactSubmissions.name,
          email: contactSubmissions.email,
          phoneNumber: contactSubmissions.phoneNumber,
          businessName: contactSubmissions.businessName,
          projectType: contactSubmissions.projectType,
          budgetRange: contactSubmissions.budgetRange,
          packageName: contactSubmissions.packageName,
          status: contactSubmissions.status,
          message: contactSubmissions.message,
        })
        .from(contactSubmissions)
        .where(and(where, cursor ? after(contactSubmissions.createdAt, contactSubmissions.id, cursor) : undefined))
        .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
        .limit(size),
    batchSize,
  );
}

/** One submission with the customer made from it, if any. */
export async function getSubmission(db: Queryable, id: string) {
  const [row] = await db
    .select({ submission: contactSubmissions, customerId: customers.id })
    .from(contactSubmissions)
    .leftJoin(customers, eq(customers.contactSubmissionId, contactSubmissions.id))
    .where(eq(contactSubmissions.id, id));
  return row ? { ...row.submission, customerId: row.customerId } : null;
}

export async function updateSubmission(
  db: Db,
  id: string,
  changes: { status: SubmissionStatus; notes: string | null; sourceCorrection?: SourceCorrection | null },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(contactSubmissions)
      .set({
        status: changes.status,
        notes: changes.notes,
        // the measured touches stay as they were: the correction is kept beside them (ADR 0060)
        ...(changes.sourceCorrection !== undefined ? { sourceCorrection: changes.sourceCorrection } : {}),
      })
      .where(eq(contactSubmissions.id, id))
      .returning({ id: contactSubmissions.id });
    if (row) await publishChange(tx, { table: "contact_submissions", id });
    return row ?? null;
  });
}

export class AlreadyConvertedError extends Error {
  readonly customerId: string;
  constructor(customerId: string) {
    super("This submission has already been converted to a customer.");
    this.customerId = customerId;
  }
}

/**
 * Makes a customer from a submission, in one transaction: the customer (status
 * prospect, linked to the submission) and the conversion note. A submission
 * converts once; the unique link also guards against two admins at once.
 */
export async function convertSubmission(db: Db, submissionId: string, form: CustomerForm) {
  return db.transaction(async (tx) => {
    const [submission] = await tx
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, submissionId))
      .for("update");
    if (!submission) return null;
    const [existing] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.contactSubmissionId, submissionId));
    if (existing) throw new AlreadyConvertedError(existing.id);
    const [customer] = await tx
      .insert(customers)
      .values({ ...toCustomerRow(form), status: "prospect", contactSubmissionId: submissionId })
      .returning();
    if (!customer) throw new Error("customer insert returned no row");
    // a lead being worked: a New inquiry moves to In Progress (a later status stays)
    if (submission.status === "new") {
      await tx.update(contactSubmissions).set({ status: "in-progress" }).where(eq(contactSubmissions.id, submissionId));
    }
    await tx.insert(customerInteractions).values({
      customerId: customer.id,
      interactionType: "note",
      subject: "Customer converted from contact form",
      description: conversionDescription(submission),
    });
    await publishChange(tx, { table: "customers", id: customer.id });
    await publishChange(tx, { table: "contact_submissions", id: submissionId });
    return customer;
  });
}
