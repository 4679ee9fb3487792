/**
 * The owner's figures (/admin/reports), each one aggregate query (sums on numeric, exact): paid revenue
 * per month, submissions per week and project type, the submission-to-customer conversion, public page views
 * per day. Outstanding and overdue come from `receivableTotals` (models/invoices.server.ts), the
 * same conditions the invoices list filters with.
 */
import { and, count, eq, gte, lte, sql } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { contactSubmissions, customers, invoices, pageViews, payments, refunds } from "#app/db/schema.ts";
import type { ProjectType } from "#app/domain/enums.ts";
import { toCents } from "#app/domain/money.ts";
import { outstandingCondition } from "#app/models/invoices.server.ts";

/**
 * Money kept per month ('YYYY-MM' → cents), from `from` to `to` inclusive: the payments by the date
 * each was paid, less the refunds by the date each was made (ADR 0041).
 */
export async function revenueByMonth(db: Queryable, from: string, to: string) {
  const paidMonth = sql<string>`to_char(${payments.paidOn}, 'YYYY-MM')`;
  const refundMonth = sql<string>`to_char(${refunds.refundedOn}, 'YYYY-MM')`;
  const [paid, refunded] = await Promise.all([
    db
      .select({ key: paidMonth, total: sql<string>`sum(${payments.amount})` })
      .from(payments)
      .where(and(gte(payments.paidOn, from), lte(payments.paidOn, to)))
      .groupBy(paidMonth),
    db
      .select({ key: refundMonth, total: sql<string>`sum(${refunds.amount})` })
      .from(refunds)
      .where(and(gte(refunds.refundedOn, from), lte(refunds.refundedOn, to)))
      .groupBy(refundMonth),
  ]);
  const months = new Map<string, number>();
  for (const row of paid) months.set(row.key, (months.get(row.key) ?? 0) + (toCents(row.total) ?? 0));
  for (const row of refunded) months.set(row.key, (months.get(row.key) ?? 0) - (toCents(row.total) ?? 0));
  return [...months].map(([key, value]) => ({ key, value }));
}

/** The Monday (in the studio's time zone) of a timestamp's week, as 'YYYY-MM-DD'. */
function weekOf(timeZone: string) {
  return sql<string>`to_char(date_trunc('week', ${contactSubmissions.createdAt} at time zone ${timeZone}), 'YYYY-MM-DD')`;
}

/** Where a calendar day starts in the studio's time zone, as a timestamp. */
function startOfDay(day: string, timeZone: string) {
  return sql`(${day}::timestamp at time zone ${timeZone})`;
}

/** Contact submissions (every status) per week and project type since the Monday `fromWeek`. */
export async function submissionsByWeek(db: Queryable, fromWeek: string, timeZone: string) {
  const week = weekOf(timeZone);
  const rows = await db
    .select({ week, projectType: contactSubmissions.projectType, count: count() })
    .from(contactSubmissions)
    .where(sql`${contactSubmissions.createdAt} >= ${startOfDay(fromWeek, timeZone)}`)
    // by position: the week expression carries the time zone as a parameter, which a repeated
    // expression in GROUP BY would not match
    .groupBy(sql`1`, sql`2`);
  return rows.map((row) => ({ week: row.week, projectType: row.projectType as ProjectType, count: Number(row.count) }));
}

/** Submissions since `fromDay` and how many of them became customers (a customer made from the submission). */
export async function submissionConversion(db: Queryable, fromDay: string, timeZone: string) {
  const [row] = await db
    .select({ submissions: count(), converted: count(customers.id) })
    .from(contactSubmissions)
    .leftJoin(customers, eq(customers.contactSubmissionId, contactSubmissions.id))
    .where(sql`${contactSubmissions.createdAt} >= ${startOfDay(fromDay, timeZone)}`);
  return { submissions: Number(row?.submissions ?? 0), converted: Number(row?.converted ?? 0) };
}

/** Public page views per counting day (all pages) from `from` to `to` inclusive. */
export async function pageViewsByDay(db: Queryable, from: string, to: string) {
  const day = sql<string>`to_char(${pageViews.day}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ key: day, total: sql<string>`sum(${pageViews.views})` })
    .from(pageViews)
    .where(and(gte(pageViews.day, from), lte(pageViews.day, to)))
    .groupBy(day);
  return rows.map((row) => ({ key: row.key, value: Number(row.total) }));
}

/**
 * Open balances by due date (invoices sent and neither paid nor cancelled: the Outstanding figure's
 * condition), for the forecast; a null due date is a balance with no due date.
 */
export async function openBalancesByDueDate(db: Queryable) {
  const rows = await db
    .select({ dueDate: invoices.dueDate, total: sql<string>`sum(${invoices.balanceDue})` })
    .from(invoices)
    .where(sql`${outstandingCondition()} and ${invoices.balanceDue} > 0`)
    .groupBy(invoices.dueDate);
  return rows.map((row) => ({ dueDate: row.dueDate, balance: toCents(row.total) ?? 0 }));
}
