/** Customers: the list, one customer with its summary, create and update, the pickers' options. */
import { and, asc, count, desc, eq, like, type SQL, sql } from "drizzle-orm";
import { publishChange } from "#app/db/changes.server.ts";
import type { Db, Queryable } from "#app/db/client.server.ts";
import {
  contactSubmissions,
  customerCreditEntries,
  customerSearchText,
  customers,
  invoices,
  projects,
} from "#app/db/schema.ts";
import { automationMessages } from "#app/domain/automations.ts";
import { type CustomerListQuery, customerPageSize } from "#app/domain/customer-list.ts";
import { likePattern } from "#app/domain/inbox.ts";
import { toCents } from "#app/domain/money.ts";
import { cancelCustomerRuns } from "#app/models/automations.server.ts";
import { studioToday } from "#app/models/business-settings.server.ts";
import {
  displayStatusSql,
  outstandingCondition,
  overdueCondition,
  totalBilledSql,
} from "#app/models/invoices.server.ts";
import {
  after,
  cursorTime,
  inBatches,
  listWindow,
  pageIdsQuery,
  shortGramsCondition,
} from "#app/models/keyset.server.ts";

type NewCustomer = Omit<typeof customers.$inferInsert, "id" | "createdAt" | "updatedAt" | "contactSubmissionId">;

function customerRowFields() {
  return {
    id: customers.id,
    name: customers.name,
    email: customers.email,
    phoneNumber: customers.phoneNumber,
    businessName: customers.businessName,
    status: customers.status,
    createdAt: customers.createdAt,
  };
}

/** The list's filters (status, search) as one condition, shared by the page and the CSV export. */
function customerListWhere(query: CustomerListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status !== "all") conditions.push(eq(customers.status, query.status));
  // name, email or business, case-insensitively: one indexed expression (customers_search_trgm)
  if (query.q) conditions.push(like(customerSearchText(customers), likePattern(query.q.toLowerCase())));
  // one or two characters: the term among the text's pieces first (customers_search_grams_idx)
  const grams = shortGramsCondition(customers.searchGrams, query.q, "js");
  if (grams) conditions.push(grams);
  return conditions.length ? and(...conditions) : undefined;
}

/** Outstanding = sum of the balance due of unpaid sent invoices: the invoices list's own condition. */
const outstandingSql = () =>
  sql<string>`coalesce(sum(${invoices.balanceDue}) filter (where ${outstandingCondition()}), 0)`;

/** One page of customers, newest first, with the total for the pager. */
export async function listCustomers(db: Queryable, query: CustomerListQuery) {
  const where = customerListWhere(query);
  const { window, total, capped } = await listWindow(db, customers, where, {
    page: query.page,
    pageSize: customerPageSize,
    q: query.q,
  });
  // the page's ids first (from the index alone), then their rows: a deep page skips index entries, not rows,
  // and a page past the middle is read from the oldest end (app/domain/pages.ts)
  const pageIds = pageIdsQuery(db, customers, where, window);
  const rows = await db
    .select(customerRowFields())
    .from(pageIds)
    .innerJoin(customers, eq(customers.id, pageIds.id))
    .orderBy(desc(customers.createdAt), desc(customers.id));
  return { rows, total, capped, page: window.page, pageCount: window.pageCount };
}

/** Every customer the list's filters select, newest first, with Total Billed and Outstanding, in batches (CSV). */
export function exportCustomers(db: Queryable, query: CustomerListQuery, batchSize?: number) {
  const where = customerListWhere(query);
  return inBatches(async (cursor, size) => {
    const page = db
      .select({ id: customers.id, createdAt: customers.createdAt })
      .from(customers)
      .where(and(where, cursor ? after(customers.createdAt, customers.id, cursor) : undefined))
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(size)
      .as("page");
    return db
      .select({
        id: customers.id,
        cursorAt: cursorTime(customers.createdAt),
        name: customers.name,
        email: customers.email,
        phoneNumber: customers.phoneNumber,
        businessName: customers.businessName,
        status: customers.status,
        paymentTerms: customers.paymentTerms,
        createdAt: customers.createdAt,
        totalBilled: totalBilledSql(),
        outstanding: outstandingSql(),
        // the customer's credit (ADR 0043): its ledger's sum
        creditBalance: sql<string>`(select coalesce(sum(${customerCreditEntries.amount}), 0) from ${customerCreditEntries} where ${customerCreditEntries.customerId} = ${customers.id})`,
      })
      .from(page)
      .innerJoin(customers, eq(customers.id, page.id))
      .leftJoin(invoices, eq(invoices.customerId, customers.id))
      .groupBy(customers.id)
      .orderBy(desc(customers.createdAt), desc(customers.id));
  }, batchSize);
}

/** One customer with the submission it came from (if any), or null. */
export async function getCustomer(db: Queryable, id: string) {
  const [row] = await db
    .select({
      customer: customers,
      source: {
        id: contactSubmissions.id,
        name: contactSubmissions.name,
        status: contactSubmissions.status,
        projectType: contactSubmissions.projectType,
        createdAt: contactSubmissions.createdAt,
      },
    })
    .from(customers)
    .leftJoin(contactSubmissions, eq(contactSubmissions.id, customers.contactSubmissionId))
    .where(eq(customers.id, id));
  if (!row) return null;
  return { ...row.customer, source: row.source?.id ? row.source : null };
}

/**
 * The detail page's cards, computed in SQL on numeric (exact): Total Billed and Outstanding as
 * `customerTotals` reads them (app/domain/customers.ts), and how many projects and invoices.
 */
export async function getCustomerSummary(db: Queryable, customerId: string, today?: string) {
  const day = today ?? (await studioToday(db));
  const [billing] = await db
    .select({
      totalBilled: totalBilledSql(),
      outstanding: outstandingSql(),
      overdue: sql<string>`coalesce(sum(${invoices.balanceDue}) filter (where ${overdueCondition(day)}), 0)`,
      invoiceCount: count(),
    })
    .from(invoices)
    .where(eq(invoices.customerId, customerId));
  const [projectTotal] = await db
    .select({ projectCount: count() })
    .from(projects)
    .where(eq(projects.customerId, customerId));
  return {
    totalBilled: toCents(String(billing?.totalBilled ?? "0")) ?? 0,
    outstanding: toCents(String(billing?.outstanding ?? "0")) ?? 0,
    /** the part of Outstanding that is overdue (ADR 0014) */
    overdue: toCents(String(billing?.overdue ?? "0")) ?? 0,
    invoiceCount: Number(billing?.invoiceCount ?? 0),
    projectCount: Number(projectTotal?.projectCount ?? 0),
  };
}

/** A customer's invoices and estimates, newest first (the Invoices tab), statuses as shown (overdue derived). */
export async function listCustomerInvoices(db: Queryable, customerId: string, today?: string) {
  const day = today ?? (await studioToday(db));
  return db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      invoiceType: invoices.invoiceType,
      status: displayStatusSql(day),
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      totalAmount: invoices.totalAmount,
      balanceDue: invoices.balanceDue,
    })
    .from(invoices)
    .where(eq(invoices.customerId, customerId))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(200);
}

/** Customers for pickers: id, name and business, by name. */
export async function listCustomerOptions(db: Queryable) {
  return db
    .select({ id: customers.id, name: customers.name, businessName: customers.businessName })
    .from(customers)
    .orderBy(asc(customers.name), asc(customers.id));
}

export async function createCustomer(db: Db, row: NewCustomer) {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(customers).values(row).returning();
    if (!created) throw new Error("customer insert returned no row");
    await publishChange(tx, { table: "customers", id: created.id });
    return created;
  });
}

/**
 * Updates the form's fields; null when the customer does not exist. Archiving cancels the customer's pending
 * automation runs for good, with the reason (ADR 0063).
 */
export async function updateCustomer(db: Db, id: string, row: NewCustomer) {
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(customers).set(row).where(eq(customers.id, id)).returning();
    if (!updated) return null;
    if (updated.status === "archived") {
      await cancelCustomerRuns(tx, id, automationMessages.customerArchived, new Date());
    }
    await publishChange(tx, { table: "customers", id });
    return updated;
  });
}

/**
 * A prospect becomes active (the money says it is a client: a proposal signed, an estimate accepted, an
 * invoice paid). Only a prospect: an owner's Inactive or Archived is never changed. The customer of the
 * given id, or of the given document; its name when it changed, else null.
 */
export async function activateProspect(
  db: Queryable,
  of: { customerId: string } | { invoiceId: string },
): Promise<{ id: string; name: string } | null> {
  const id =
    "customerId" in of
      ? of.customerId
      : db.select({ id: invoices.customerId }).from(invoices).where(eq(invoices.id, of.invoiceId));
  const [row] = await db
    .update(customers)
    .set({ status: "active", updatedAt: new Date() })
    .where(
      and(
        eq(customers.status, "prospect"),
        typeof id === "string" ? eq(customers.id, id) : sql`${customers.id} = (${id})`,
      ),
    )
    .returning({ id: customers.id, name: customers.name });
  if (!row) return null;
  await publishChange(db, { table: "customers", id: row.id });
  return row;
}
