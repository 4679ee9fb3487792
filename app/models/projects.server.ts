/** Projects: the card grid, one project with its customer and invoices, a customer's projects, create and update. */

import { and, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { publishChange } from "#app/db/changes.server.ts";
import type { Db, Queryable } from "#app/db/client.server.ts";
import { customers, invoices, projects } from "#app/db/schema.ts";
import { automationMessages } from "#app/domain/automations.ts";
import { likePattern } from "#app/domain/inbox.ts";
import type { toProjectRow } from "#app/domain/project-form.ts";
import { type ProjectListQuery, projectPageSize } from "#app/domain/project-list.ts";
import { cancelProjectRuns } from "#app/models/automations.server.ts";
import { studioToday } from "#app/models/business-settings.server.ts";
import { displayStatusSql } from "#app/models/invoices.server.ts";
import { listWindow, pageIdsQuery, shortGramsCondition } from "#app/models/keyset.server.ts";

type ProjectRowInput = ReturnType<typeof toProjectRow>;

const cardFields = {
  id: projects.id,
  projectName: projects.projectName,
  description: projects.description,
  projectType: projects.projectType,
  status: projects.status,
  startDate: projects.startDate,
  endDate: projects.endDate,
  fixedPrice: projects.fixedPrice,
  hourlyRate: projects.hourlyRate,
  estimatedHours: projects.estimatedHours,
  pricingDetails: projects.pricingDetails,
  createdAt: projects.createdAt,
  customerId: projects.customerId,
  customerName: customers.name,
  customerBusinessName: customers.businessName,
};

/** One page of projects, newest first, with their customer's name (null when the customer is gone). */
export async function listProjects(db: Queryable, query: ProjectListQuery) {
  const conditions: SQL[] = [];
  if (query.status !== "all") conditions.push(eq(projects.status, query.status));
  if (query.q) {
    // case-insensitive through lower(), the expressions of projects_project_name_lower_trgm and
    // customers_name_lower_trgm; a union of two index lookups rather than an OR, which would scan every project.
    // Trigram indexes need three characters. Two characters: the same union, each side looking the term up
    // among its pieces (projects_name_grams_idx; customers_search_grams_idx, whose text holds the name), so
    // a rare pair reads its few rows. One character matches most rows: one scan with the matching customers
    // hashed, stopped by the list's limit, is cheaper than collecting every match.
    const pattern = likePattern(query.q.toLowerCase());
    const grams = shortGramsCondition(sql`matched.name_grams`, query.q, "js");
    const ownerGrams = shortGramsCondition(sql`owner.search_grams`, query.q, "js");
    const search =
      query.q.length < 2
        ? sql`(lower(${projects.projectName}) like ${pattern} or ${projects.customerId} in (
            select owner.id from customers owner where lower(owner.name) like ${pattern}))`
        : sql`${projects.id} in (
      select matched.id from projects matched where ${grams ?? sql`true`} and lower(matched.project_name) like ${pattern}
      union
      select owned.id from projects owned
        join customers owner on owner.id = owned.customer_id
        where ${ownerGrams ?? sql`true`} and lower(owner.name) like ${pattern}
    )`;
    conditions.push(search);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const { window, total, capped } = await listWindow(db, projects, where, {
    page: query.page,
    pageSize: projectPageSize,
    q: query.q,
  });
  // the page's ids first (from the index alone), then their rows and customers: a deep page joins 24 rows,
  // not all it skips, and a page past the middle is read from the oldest end (app/domain/pages.ts)
  const pageIds = pageIdsQuery(db, projects, where, window);
  const rows = await db
    .select(cardFields)
    .from(pageIds)
    .innerJoin(projects, eq(projects.id, pageIds.id))
    .leftJoin(customers, eq(customers.id, projects.customerId))
    .orderBy(desc(projects.createdAt), desc(projects.id));
  return { rows, total, capped, page: window.page, pageCount: window.pageCount };
}

/** A customer's projects, newest first (the Projects tab). */
export async function listCustomerProjects(db: Queryable, customerId: string) {
  return db
    .select(cardFields)
    .from(projects)
    .leftJoin(customers, eq(customers.id, projects.customerId))
    .where(eq(projects.customerId, customerId))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(200);
}

/** One project with its whole customer (null when gone), or null. */
/** A project's columns and its customer's, without the search columns (arrays of every short piece of text). */
const { nameGrams: _projectGrams, ...projectColumns } = getTableColumns(projects);
const { searchGrams: _customerGrams, ...customerColumns } = getTableColumns(customers);

export async function getProject(db: Queryable, id: string) {
  const [row] = await db
    .select({ project: projectColumns, customer: customerColumns })
    .from(projects)
    .leftJoin(customers, eq(customers.id, projects.customerId))
    .where(eq(projects.id, id));
  return row ? { ...row.project, customer: row.customer?.id ? row.customer : null } : null;
}

/** The invoices and estimates of a project, newest first (Related Invoices). */
export async function listProjectInvoices(db: Queryable, projectId: string, today?: string) {
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
    .where(eq(invoices.projectId, projectId))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(200);
}

export class MissingCustomerError extends Error {
  constructor() {
    super("This customer no longer exists");
  }
}

async function lockCustomer(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], customerId: string) {
  const [customer] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for("share");
  if (!customer) throw new MissingCustomerError();
}

export async function createProject(db: Db, row: ProjectRowInput) {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, row.customerId);
    const [created] = await tx
      .insert(projects)
      .values({ ...row, completedAt: row.status === "completed" ? new Date() : null })
      .returning();
    if (!created) throw new Error("project insert returned no row");
    await publishChange(tx, { table: "projects", id: created.id });
    return created;
  });
}

/** Updates the form's fields; null when the project does not exist. */
export async function updateProject(db: Db, id: string, row: ProjectRowInput) {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, row.customerId);
    const [before] = await tx
      .select({ status: projects.status })
      .from(projects)
      .where(eq(projects.id, id))
      .for("update");
    if (!before) return null;
    // completed: the moment it was (kept while it stays completed; a reopened project loses it)
    const completedAt = row.status === "completed" ? sql`coalesce(${projects.completedAt}, now())` : null;
    const [updated] = await tx
      .update(projects)
      .set({ ...row, completedAt })
      .where(eq(projects.id, id))
      .returning();
    if (!updated) return null;
    // becoming completed or cancelled: its pending automation runs are cancelled for good, but an invoice's (ADR
    // 0063); an edit of a project already closed leaves alone what follows its completion (a testimonial request)
    const closes = updated.status === "completed" || updated.status === "cancelled";
    if (closes && before.status !== updated.status) {
      await cancelProjectRuns(tx, id, automationMessages.projectCompleted, new Date());
    }
    await publishChange(tx, { table: "projects", id });
    return updated;
  });
}
