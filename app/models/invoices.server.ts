/**
 * Invoices and estimates: the list, the editor's reads and writes, the printable view's read,
 * and the pickers the editor needs (customers by name, a customer's projects).
 * Every amount is recomputed here from the lines (app/domain/invoice-form.ts); a number is
 * assigned inside the insert's transaction; line items are replaced in the update's transaction.
 */

import { and, asc, desc, eq, inArray, isNull, ne, not, type SQL, sql } from "drizzle-orm";
import { publishChange } from "#app/db/changes.server.ts";
import type { Db, Queryable, Tx } from "#app/db/client.server.ts";
import {
  businessSettings,
  contracts,
  customerCreditEntries,
  customers,
  invoiceLineItems,
  invoices,
  projects,
} from "#app/db/schema.ts";
import { billedBy, type ContractStanding, contractStanding } from "#app/domain/contracts.ts";
import { notOwedInvoiceStatuses } from "#app/domain/customers.ts";
import { todayIn } from "#app/domain/dates.ts";
import { checkAction, lifecycleState } from "#app/domain/document-lifecycle.ts";
import type { InvoiceStatus, InvoiceType } from "#app/domain/enums.ts";
import { likePattern } from "#app/domain/inbox.ts";
import {
  defaultDueDate,
  defaultTerms,
  type InvoiceForm,
  invoiceTotals,
  lineAmounts,
  statusOnSave,
} from "#app/domain/invoice-form.ts";
import { type InvoiceListQuery, invoicePageSize } from "#app/domain/invoice-list.ts";
import { invoiceMessages } from "#app/domain/invoice-pages.ts";
import { displayStatus, overdueStatuses } from "#app/domain/invoice-status.ts";
import {
  type Cents,
  centsToDecimal,
  formatMoney,
  maxMoneyCents,
  toCents,
  totalTooLargeMessage,
} from "#app/domain/money.ts";
import { type ProjectPricing, projectLines, recurringFeeLines } from "#app/domain/projects.ts";
import { studioTimeZone, studioToday } from "#app/models/business-settings.server.ts";
import { creditBalanceOf, creditGivenBy, lockCustomer } from "#app/models/customer-credit.server.ts";
import { nextDocumentNumber } from "#app/models/document-numbers.server.ts";
import {
  after,
  cursorTime,
  inBatches,
  listWindow,
  pageIdsQuery,
  shortGramsCondition,
} from "#app/models/keyset.server.ts";
import { timesheetOf } from "#app/models/time-entries.server.ts";

// ---------------------------------------------------------------- pickers

/** SELECT customers (id, name, business_name) ordered by name, with their payment terms for the due date. */
export async function listCustomerChoices(db: Queryable) {
  return db
    .select({
      id: customers.id,
      name: customers.name,
      businessName: customers.businessName,
      paymentTerms: customers.paymentTerms,
    })
    .from(customers)
    .orderBy(asc(customers.name), asc(customers.id));
}

/**
 * The projects of a customer, newest first, for the editor's project select: each with the lines a
 * document starts with (`projectLines`: its phases, hours or fixed price) and its recurring fees as
 * lines, offered apart.
 */
export async function listProjectChoices(db: Queryable, customerId: string) {
  const rows = await db
    .select({
      id: projects.id,
      projectName: projects.projectName,
      pricingDetails: projects.pricingDetails,
      fixedPrice: projects.fixedPrice,
      hourlyRate: projects.hourlyRate,
      estimatedHours: projects.estimatedHours,
    })
    .from(projects)
    .where(eq(projects.customerId, customerId))
    .orderBy(desc(projects.createdAt), desc(projects.id));
  return rows.map((row) => ({
    id: row.id,
    projectName: row.projectName,
    lines: projectLines(row),
    feeLines: recurringFeeLines(row.pricingDetails),
  }));
}

/**
 * What a deduction line of this customer's invoice can take off (ADR 0043): the customer's sent
 * invoices and credit notes that are not void, newest first, each with what is left to deduct (what
 * an invoice bills, or what a credit note gave the customer's credit, less what other live invoices
 * deduct of it); `except` is the invoice being edited.
 */
export async function listDeductibleDocuments(db: Queryable, customerId: string, except?: string | null) {
  const deducted = db
    .select({
      id: invoiceLineItems.deductedInvoiceId,
      sum: sql<string>`sum(${invoiceLineItems.unitPrice})`.as("deducted_sum"),
    })
    .from(invoiceLineItems)
    .innerJoin(invoices, eq(invoices.id, invoiceLineItems.invoiceId))
    .where(
      and(
        eq(invoices.customerId, customerId),
        isNull(invoices.voidedAt),
        sql`${invoiceLineItems.deductedInvoiceId} is not null`,
        except ? ne(invoices.id, except) : undefined,
      ),
    )
    .groupBy(invoiceLineItems.deductedInvoiceId)
    .as("deducted");
  const rows = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      invoiceType: invoices.invoiceType,
      totalAmount: invoices.totalAmount,
      amountCredited: invoices.amountCredited,
      deducted: deducted.sum,
      creditGiven: customerCreditEntries.amount,
    })
    .from(invoices)
    .leftJoin(deducted, eq(deducted.id, invoices.id))
    .leftJoin(customerCreditEntries, eq(customerCreditEntries.creditNoteId, invoices.id))
    .where(
      and(
        eq(invoices.customerId, customerId),
        sql`${invoices.invoiceType} in ('invoice', 'credit_note')`,
        ne(invoices.status, "draft"),
        isNull(invoices.voidedAt),
        except ? ne(invoices.id, except) : undefined,
      ),
    )
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(200);
  return rows.map((row) => {
    const bills =
      row.invoiceType === "credit_note"
        ? (toCents(row.creditGiven ?? "0") ?? 0)
        : Math.max(0, (toCents(row.totalAmount) ?? 0) - (toCents(row.amountCredited) ?? 0));
    return {
      id: row.id,
      invoiceNumber: row.invoiceNumber,
      invoiceType: row.invoiceType as "invoice" | "credit_note",
      available: Math.max(0, bills - (toCents(row.deducted ?? "0") ?? 0)),
    };
  });
}

// ---------------------------------------------------------------- overdue, at query time (ADR 0014)

const statusList = (statuses: readonly InvoiceStatus[]) =>
  sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );

/**
 * The SQL twin of `isOverdue` (app/domain/invoice-status.ts), the only overdue condition of every
 * query: an invoice in a sent, viewed or partial status with a balance and a due date before `today`.
 * Never NULL (a missing due date is false, not unknown), so `not overdue` is safe in filters.
 */
export function overdueCondition(today: string): SQL {
  return sql`(${invoices.invoiceType} = 'invoice' and ${invoices.status} in (${statusList(overdueStatuses)}) and ${invoices.balanceDue} > 0 and ${invoices.dueDate} is not null and ${invoices.dueDate} < ${today}::date)`;
}

/** The status every screen shows: 'overdue' when `overdueCondition`, else the stored one. */
export function displayStatusSql(today: string): SQL<InvoiceStatus> {
  return sql<InvoiceStatus>`(case when ${overdueCondition(today)} then 'overdue' else ${invoices.status}::text end)`;
}

/** Invoices (not estimates) sent and neither paid nor cancelled: their balance is Outstanding (`customerTotals`). */
export function outstandingCondition(): SQL {
  return sql`(${invoices.invoiceType} = 'invoice' and ${invoices.status} not in (${statusList(notOwedInvoiceStatuses)}))`;
}

/** Total Billed (`customerTotals`): invoices sent and not void, less credit notes; exact, on numeric. */
export function totalBilledSql(): SQL<string> {
  return sql<string>`coalesce(sum(case
    when ${invoices.invoiceType} = 'invoice' and ${invoices.status} <> 'draft' and ${invoices.voidedAt} is null then ${invoices.totalAmount}
    when ${invoices.invoiceType} = 'credit_note' and ${invoices.voidedAt} is null then -${invoices.totalAmount}
    else 0 end), 0)`;
}

/** The list's status filter: the status shown (so 'sent' excludes the overdue ones, 'overdue' is derived). */
function statusFilterCondition(status: InvoiceStatus, today: string): SQL {
  if (status === "overdue") return overdueCondition(today);
  if ((overdueStatuses as readonly string[]).includes(status)) {
    return and(eq(invoices.status, status), not(overdueCondition(today))) as SQL;
  }
  return eq(invoices.status, status);
}

/**
 * Outstanding and overdue totals (numeric strings, exact), optionally of one customer: what the
 * customer summary and the owner's dashboard show. `count`s are numbers of invoices.
 */
export async function receivableTotals(db: Queryable, today: string, customerId?: string) {
  const [row] = await db
    .select({
      outstanding: sql<string>`coalesce(sum(${invoices.balanceDue}) filter (where ${outstandingCondition()}), 0)`,
      outstandingCount: sql<number>`count(*) filter (where ${outstandingCondition()})::int`,
      overdue: sql<string>`coalesce(sum(${invoices.balanceDue}) filter (where ${overdueCondition(today)}), 0)`,
      overdueCount: sql<number>`count(*) filter (where ${overdueCondition(today)})::int`,
    })
    .from(invoices)
    .where(customerId ? eq(invoices.customerId, customerId) : undefined);
  return {
    outstanding: toCents(row?.outstanding ?? "0") ?? 0,
    outstandingCount: Number(row?.outstandingCount ?? 0),
    overdue: toCents(row?.overdue ?? "0") ?? 0,
    overdueCount: Number(row?.overdueCount ?? 0),
  };
}

/** Outstanding total in cents (for the owner's dashboard). */
export async function outstandingTotal(db: Queryable, today?: string): Promise<number> {
  return (await receivableTotals(db, today ?? (await studioToday(db)))).outstanding;
}

/** Overdue total in cents (for the owner's dashboard). */
export async function overdueTotal(db: Queryable, today?: string): Promise<number> {
  return (await receivableTotals(db, today ?? (await studioToday(db)))).overdue;
}

// ---------------------------------------------------------------- list

type InvoiceListRow = {
  id: string;
  invoiceNumber: string;
  customerName: string;
  businessName: string | null;
  invoiceType: InvoiceType;
  issueDate: string;
  dueDate: string | null;
  totalAmount: string;
  balanceDue: string;
  /** the status shown: the stored one, or 'overdue' (ADR 0014) */
  status: InvoiceStatus;
};

/**
 * The search: number, customer name or business, case-insensitively. Three characters or more: a
 * union of index lookups (invoices_invoice_number_trgm; customers_name_trgm and
 * customers_business_name_trgm, then invoices_customer_id_idx), instead of an OR across a join, which
 * scanned every invoice. Trigram indexes need three characters: a shorter term reads the invoices'
 * own `search_text` (number, name and business lowered, joined by line breaks; kept by triggers) in
 * the list's order, so a common pair stops after a page's worth of rows and no customer is scanned.
 * ILIKE is `lower(text) LIKE lower(pattern)`, and a term without a line break cannot match across
 * two of the three: the rows are the ones the plain ILIKE finds.
 */
function invoiceSearchCondition(q: string): SQL {
  const pattern = likePattern(q);
  if (q.length < 3 && !q.includes("\n")) {
    // the term among search_text's pieces first (invoices_search_grams_idx): a rare pair is an index lookup
    return sql`${shortGramsCondition(invoices.searchGrams, q, "sql") ?? sql`true`} and ${invoices.searchText} like lower(${pattern})`;
  }
  const owners = sql`select owner.id from customers owner where owner.name ilike ${pattern} or owner.business_name ilike ${pattern}`;
  return sql`${invoices.id} in (
    select numbered.id from invoices numbered where numbered.invoice_number ilike ${pattern}
    union all
    select owned.id from invoices owned where owned.customer_id in (${owners})
  )`;
}

/**
 * The list's filters (type, status as shown, search) as one condition on the invoices alone (the
 * count needs no join), shared by the page and the CSV export.
 */
function invoiceListWhere(query: InvoiceListQuery, today: string): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.type !== "all") conditions.push(eq(invoices.invoiceType, query.type));
  if (query.status !== "all") conditions.push(statusFilterCondition(query.status, today));
  if (query.q) conditions.push(invoiceSearchCondition(query.q));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * One page of invoices and estimates, newest first, searched by number or customer name;
 * statuses as shown (overdue derived with the studio's `today`, read when not given).
 */
export async function listInvoices(db: Queryable, query: InvoiceListQuery, options: { today?: string } = {}) {
  const today = options.today ?? (await studioToday(db));
  const where = invoiceListWhere(query, today);
  const { window, total, capped } = await listWindow(db, invoices, where, {
    page: query.page,
    pageSize: invoicePageSize,
    q: query.q,
  });
  // the page's ids first (from the (status, created_at, id) or (created_at, id) index), then 25 rows with
  // their customers; a page past the middle is read from the oldest end (app/domain/pages.ts)
  const pageIds = pageIdsQuery(db, invoices, where, window);
  const rows: InvoiceListRow[] = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      customerName: customers.name,
      businessName: customers.businessName,
      invoiceType: invoices.invoiceType,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      totalAmount: invoices.totalAmount,
      balanceDue: invoices.balanceDue,
      status: displayStatusSql(today),
    })
    .from(pageIds)
    .innerJoin(invoices, eq(invoices.id, pageIds.id))
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
  return { rows, total, capped, page: window.page, pageCount: window.pageCount };
}

/** Every invoice and estimate the list's filters select, newest first, read in batches (the CSV export). */
export function exportInvoices(db: Queryable, query: InvoiceListQuery, today: string, batchSize?: number) {
  const where = invoiceListWhere(query, today);
  return inBatches(
    (cursor, size) =>
      db
        .select({
          id: invoices.id,
          cursorAt: cursorTime(invoices.createdAt),
          invoiceNumber: invoices.invoiceNumber,
          invoiceType: invoices.invoiceType,
          customerName: customers.name,
          businessName: customers.businessName,
          issueDate: invoices.issueDate,
          dueDate: invoices.dueDate,
          totalAmount: invoices.totalAmount,
          amountPaid: invoices.amountPaid,
          amountCredited: invoices.amountCredited,
          balanceDue: invoices.balanceDue,
          status: displayStatusSql(today),
          // what its deduction lines take off after tax (ADR 0043)
          deducted: sql<string>`(select coalesce(sum(${invoiceLineItems.unitPrice}), 0) from ${invoiceLineItems} where ${invoiceLineItems.invoiceId} = ${invoices.id} and ${invoiceLineItems.kind} = 'deduction')`,
        })
        .from(invoices)
        .innerJoin(customers, eq(customers.id, invoices.customerId))
        .where(and(where, cursor ? after(invoices.createdAt, invoices.id, cursor) : undefined))
        .orderBy(desc(invoices.createdAt), desc(invoices.id))
        .limit(size),
    batchSize,
  );
}

// ---------------------------------------------------------------- reads

/** A document's lines in order; a deduction line (ADR 0043) with the document it deducts. */
async function linesOf(db: Queryable, invoiceId: string) {
  return db
    .select({
      description: invoiceLineItems.description,
      quantity: invoiceLineItems.quantity,
      unitPrice: invoiceLineItems.unitPrice,
      lineTotal: invoiceLineItems.lineTotal,
      sortOrder: invoiceLineItems.sortOrder,
      kind: invoiceLineItems.kind,
      deductedInvoiceId: invoiceLineItems.deductedInvoiceId,
    })
    .from(invoiceLineItems)
    .where(eq(invoiceLineItems.invoiceId, invoiceId))
    .orderBy(asc(invoiceLineItems.sortOrder), asc(invoiceLineItems.id));
}

/** One invoice with its line items, for the editor; null when there is none. */
export async function getInvoice(db: Queryable, id: string) {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!invoice) return null;
  return { ...invoice, lines: await linesOf(db, id) };
}

/** One invoice with its customer (name, business, email, phone, billing address) and lines, for print and PDF. */
export async function getPrintableInvoice(db: Queryable, id: string) {
  const [row] = await db
    .select({
      invoice: invoices,
      customer: {
        name: customers.name,
        businessName: customers.businessName,
        email: customers.email,
        phoneNumber: customers.phoneNumber,
        billingAddress: customers.billingAddress,
      },
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(eq(invoices.id, id));
  if (!row) return null;
  // the status as every screen shows it: overdue derived with the studio's today (ADR 0014)
  const today = await studioToday(db);
  const status = displayStatus({ ...row.invoice, balanceDue: toCents(row.invoice.balanceDue) ?? 0 }, today);
  const [credited] = row.invoice.creditedInvoiceId
    ? await db
        .select({ invoiceNumber: invoices.invoiceNumber })
        .from(invoices)
        .where(eq(invoices.id, row.invoice.creditedInvoiceId))
    : [];
  return {
    ...row.invoice,
    status,
    creditedNumber: credited?.invoiceNumber ?? null,
    customer: row.customer,
    lines: await linesOf(db, id),
    standing: row.invoice.contractId ? await contractStandingOf(db, row.invoice) : null,
    timesheet: row.invoice.timesheetAppendix ? await timesheetOf(db, id) : null,
  };
}

/**
 * An invoice drawn from a contract (ADR 0043): the contract's total, what the contract's earlier
 * invoices bill (sent, not void, less their credit notes), this invoice, and what is left after it.
 */
export async function contractStandingOf(
  db: Queryable,
  invoice: Pick<typeof invoices.$inferSelect, "id" | "contractId" | "createdAt" | "totalAmount">,
): Promise<ContractStanding | null> {
  if (!invoice.contractId) return null;
  const [contract] = await db
    .select({ total: contracts.totalAmount })
    .from(contracts)
    .where(eq(contracts.id, invoice.contractId));
  if (!contract) return null;
  const earlier = await db
    .select({
      status: invoices.status,
      voidedAt: invoices.voidedAt,
      totalAmount: invoices.totalAmount,
      amountCredited: invoices.amountCredited,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.contractId, invoice.contractId),
        ne(invoices.id, invoice.id),
        sql`(${invoices.createdAt}, ${invoices.id}) < (${invoice.createdAt.toISOString()}::timestamptz, ${invoice.id}::uuid)`,
      ),
    );
  const billedBefore = earlier.reduce(
    (sum, row) =>
      sum +
      billedBy({
        draft: row.status === "draft",
        voided: row.voidedAt !== null,
        total: toCents(row.totalAmount) ?? 0,
        credited: toCents(row.amountCredited) ?? 0,
        paid: 0,
      }),
    0,
  );
  return contractStanding(toCents(contract.total) ?? 0, billedBefore, toCents(invoice.totalAmount) ?? 0);
}
export type PrintableInvoice = NonNullable<Awaited<ReturnType<typeof getPrintableInvoice>>>;

// ---------------------------------------------------------------- writes

/**
 * A form value the database refuses for a reason a person can fix (shown on that field: "customer_id",
 * "project_id", "tax_rate", "items", or one line's "items[2].deducted_id").
 */
export class InvoiceInputError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

export const deductionMessages = {
  otherCustomer: "A deduction can only take off an earlier invoice or credit note of this customer",
  notIssued: "Only a sent invoice or credit note that is not void can be deducted",
  itself: "An invoice cannot deduct itself",
  onlyInvoices: "Only an invoice takes earlier documents off",
  noCredit: (number: string) =>
    `${number} lowered what its own invoice owed and gave the customer no credit, so there is nothing of it to deduct`,
  creditSpent: (available: Cents) =>
    available > 0
      ? `The customer's credit left to deduct is ${formatMoney(available)}`
      : "The customer's credit from this credit note is spent (applied, refunded or deducted)",
  tooMuch: (number: string, available: Cents) =>
    available > 0
      ? `At most ${formatMoney(available)} of ${number} is left to deduct`
      : `${number} is deducted in full already`,
  contractCustomer: "An invoice drawn from a contract stays with the contract's customer",
  contractTax: (rate: string) => `An invoice drawn from a contract carries the contract's tax rate (${rate}%)`,
} as const;

/**
 * The deduction lines of a form (ADR 0043): each must take off a sent, not void invoice or credit note
 * of the same customer, other than this invoice, and no more of it than is left: of an invoice, what it
 * bills less what other live invoices deduct of it; of a credit note, what it gave the customer's credit
 * (the rest already lowered its own invoice), within the customer's credit balance. The deducted rows
 * are locked (and the customer's, taken first by the caller), so two saves at once cannot both deduct
 * the same deposit or spend the same credit.
 */
async function checkDeductions(tx: Tx, form: InvoiceForm, invoiceId: string | null) {
  const deductions = form.items
    .map((item, index) => ({ item, at: item.at ?? index }))
    .filter(({ item }) => item.kind === "deduction");
  if (deductions.length === 0) return;
  const ids = [...new Set(deductions.map(({ item }) => item.deducted_id ?? ""))].filter(Boolean);
  const rows = ids.length
    ? await tx
        .select({
          id: invoices.id,
          invoiceNumber: invoices.invoiceNumber,
          customerId: invoices.customerId,
          invoiceType: invoices.invoiceType,
          status: invoices.status,
          voidedAt: invoices.voidedAt,
          totalAmount: invoices.totalAmount,
          amountCredited: invoices.amountCredited,
        })
        .from(invoices)
        .where(inArray(invoices.id, ids))
        .orderBy(asc(invoices.id))
        .for("update")
    : [];
  const deductedElsewhere = ids.length
    ? await tx
        .select({
          id: invoiceLineItems.deductedInvoiceId,
          sum: sql<string>`coalesce(sum(${invoiceLineItems.unitPrice}), 0)`,
        })
        .from(invoiceLineItems)
        .innerJoin(invoices, eq(invoices.id, invoiceLineItems.invoiceId))
        .where(
          and(
            inArray(invoiceLineItems.deductedInvoiceId, ids),
            isNull(invoices.voidedAt),
            invoiceId ? ne(invoices.id, invoiceId) : undefined,
          ),
        )
        .groupBy(invoiceLineItems.deductedInvoiceId)
    : [];
  const taken = new Map<string, Cents>();
  // a credit note deducted draws on the customer's credit: what is left of it besides this invoice
  let creditLeft = rows.some((row) => row.invoiceType === "credit_note")
    ? await creditBalanceOf(tx, form.customer_id, { exceptInvoice: invoiceId })
    : 0;
  for (const { item, at } of deductions) {
    if (form.invoice_type !== "invoice") {
      throw new InvoiceInputError(`items[${at}].deducted_id`, deductionMessages.onlyInvoices);
    }
    const row = rows.find((found) => found.id === item.deducted_id);
    if (!row || row.customerId !== form.customer_id) {
      throw new InvoiceInputError(`items[${at}].deducted_id`, deductionMessages.otherCustomer);
    }
    if (row.id === invoiceId) throw new InvoiceInputError(`items[${at}].deducted_id`, deductionMessages.itself);
    if (row.invoiceType === "estimate" || row.status === "draft" || row.voidedAt !== null) {
      throw new InvoiceInputError(`items[${at}].deducted_id`, deductionMessages.notIssued);
    }
    const bills =
      row.invoiceType === "credit_note"
        ? await creditGivenBy(tx, row.id)
        : Math.max(0, (toCents(row.totalAmount) ?? 0) - (toCents(row.amountCredited) ?? 0));
    if (row.invoiceType === "credit_note" && bills === 0) {
      throw new InvoiceInputError(`items[${at}].deducted_id`, deductionMessages.noCredit(row.invoiceNumber));
    }
    const elsewhere = toCents(deductedElsewhere.find((found) => found.id === row.id)?.sum ?? "0") ?? 0;
    const available = Math.max(0, bills - elsewhere - (taken.get(row.id) ?? 0));
    if (item.unit_price > available) {
      throw new InvoiceInputError(`items[${at}].unit_price`, deductionMessages.tooMuch(row.invoiceNumber, available));
    }
    if (row.invoiceType === "credit_note") {
      if (item.unit_price > creditLeft) {
        throw new InvoiceInputError(`items[${at}].unit_price`, deductionMessages.creditSpent(Math.max(0, creditLeft)));
      }
      creditLeft -= item.unit_price;
    }
    taken.set(row.id, (taken.get(row.id) ?? 0) + item.unit_price);
  }
}

/** An invoice drawn from a contract keeps the contract's customer and tax rate (ADR 0043). */
async function checkContract(tx: Tx, form: InvoiceForm, contractId: string | null) {
  if (!contractId) return;
  const [contract] = await tx
    .select({ customerId: contracts.customerId, taxRate: contracts.taxRate })
    .from(contracts)
    .where(eq(contracts.id, contractId));
  if (!contract) return;
  if (contract.customerId !== form.customer_id) {
    throw new InvoiceInputError("customer_id", deductionMessages.contractCustomer);
  }
  if ((toCents(contract.taxRate) ?? 0) !== form.tax_rate) {
    throw new InvoiceInputError("tax_rate", deductionMessages.contractTax(String(Number(contract.taxRate))));
  }
}

/** A save of a document its state locks (sent, answered, paid, void; ADR 0030): refused, nothing written. */
export class DocumentClosedError extends Error {}

/** The customer (for the due-date default) and the project's owner, checked inside the transaction. */
async function checkParties(tx: Tx, form: InvoiceForm) {
  const [customer] = await tx
    .select({ id: customers.id, paymentTerms: customers.paymentTerms })
    .from(customers)
    .where(eq(customers.id, form.customer_id));
  if (!customer) throw new InvoiceInputError("customer_id", invoiceMessages.selectCustomer);
  if (form.project_id) {
    const [project] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, form.project_id), eq(projects.customerId, form.customer_id)));
    if (!project) throw new InvoiceInputError("project_id", "Please select a project of this customer");
  }
  return customer;
}

/** The columns every save writes, computed from the form (never from totals the browser sent). */
function invoiceColumns(form: InvoiceForm, paymentTerms: number, now: Date) {
  const totals = invoiceTotals({ ...form, amountPaid: 0 });
  return {
    values: {
      customerId: form.customer_id,
      projectId: form.project_id ?? null,
      issueDate: form.issue_date,
      dueDate: form.due_date ?? defaultDueDate(form.issue_date, paymentTerms),
      taxRate: centsToDecimal(form.tax_rate),
      discountAmount: centsToDecimal(form.discount_amount),
      subtotal: centsToDecimal(totals.subtotal),
      taxAmount: centsToDecimal(totals.taxAmount),
      totalAmount: centsToDecimal(totals.total),
      balanceDue: centsToDecimal(totals.balanceDue),
      notes: form.notes ?? null,
      terms: form.terms ?? null,
      remindersEnabled: form.send_reminders,
      ...statusOnSave(form.intent, now),
    },
    lines: (invoiceId: string) => {
      const amounts = lineAmounts(form.items);
      return form.items.map((item, index) => ({
        invoiceId,
        description: item.description,
        quantity: centsToDecimal(item.quantity),
        unitPrice: centsToDecimal(item.unit_price),
        lineTotal: centsToDecimal(amounts[index] ?? 0),
        sortOrder: index,
        kind: item.kind ?? "item",
        deductedInvoiceId: item.kind === "deduction" ? (item.deducted_id ?? null) : null,
      }));
    },
  };
}

/** The number prefixes of the studio's settings (INV / EST by default). */
export async function numberPrefix(db: Queryable, type: InvoiceType): Promise<string> {
  const [settings] = await db
    .select({ invoicePrefix: businessSettings.invoicePrefix, estimatePrefix: businessSettings.estimatePrefix })
    .from(businessSettings)
    .where(isNull(businessSettings.userId))
    .limit(1);
  if (type === "estimate") return settings?.estimatePrefix ?? "EST";
  return settings?.invoicePrefix ?? "INV";
}

export type SaveHooks = {
  /** runs inside the transaction after every write (tests use it to make a save fail halfway) */
  afterWrite?: (tx: Tx) => Promise<void>;
};

/**
 * Creates an invoice or estimate with its lines in one transaction; the number comes from the
 * counter row of its type in the same transaction, so a failed create gives its number back.
 */
export async function createInvoice(db: Db, form: InvoiceForm, now = new Date(), hooks: SaveHooks = {}) {
  return db.transaction(async (tx) => {
    const created = await insertInvoice(tx, form, now);
    await hooks.afterWrite?.(tx);
    return created;
  });
}

/** Another period of a schedule already has this (schedule, period): the transaction must roll back. */
class PeriodAlreadyInvoicedError extends Error {}

/**
 * Inserts an invoice or estimate with its lines inside the caller's transaction, numbered from the
 * counter of its type. A retainer's invoice (`period`) carries its (schedule, period), unique: the
 * caller holds the schedule's row lock and has checked the period is free, so the number is taken only
 * for a period no other run invoiced; should the key be taken anyway, nothing is inserted and
 * `PeriodAlreadyInvoicedError` rolls the transaction (and its number) back.
 */
export async function insertInvoice(
  tx: Tx,
  form: InvoiceForm,
  now = new Date(),
  period?: { scheduleId: string; periodStart: string },
  /** drawn from a contract's schedule (ADR 0043): its contract and installment */
  contract?: { contractId: string; installmentId: string },
) {
  // deductions may draw on the customer's credit: its lock first (the one lock order, customer-credit.server.ts)
  if (form.items.some((item) => item.kind === "deduction")) await lockCustomer(tx, form.customer_id);
  const customer = await checkParties(tx, form);
  await checkContract(tx, form, contract?.contractId ?? null);
  await checkDeductions(tx, form, null);
  const columns = invoiceColumns(form, customer.paymentTerms, now);
  const invoiceNumber = await nextDocumentNumber(tx, form.invoice_type, await numberPrefix(tx, form.invoice_type));
  const [created] = await tx
    .insert(invoices)
    .values({
      ...columns.values,
      invoiceNumber,
      invoiceType: form.invoice_type,
      amountPaid: "0",
      scheduleId: period?.scheduleId ?? null,
      periodStart: period?.periodStart ?? null,
      contractId: contract?.contractId ?? null,
      contractInstallmentId: contract?.installmentId ?? null,
    })
    .onConflictDoNothing({ target: [invoices.scheduleId, invoices.periodStart] })
    .returning({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, invoiceType: invoices.invoiceType });
  if (!created) {
    if (period) throw new PeriodAlreadyInvoicedError(`period ${period.periodStart} is already invoiced`);
    throw new Error("invoice insert returned no row");
  }
  await tx.insert(invoiceLineItems).values(columns.lines(created.id));
  await publishChange(tx, { table: "invoices", id: created.id });
  return created;
}

/**
 * Saves an existing invoice: its columns, then its lines replaced (delete, insert), in one
 * transaction, so a failure leaves the invoice as it was. The type and number never change;
 * amount_paid is only read (balance due = total - amount paid). Null when it does not exist.
 */
export async function updateInvoice(db: Db, id: string, form: InvoiceForm, now = new Date(), hooks: SaveHooks = {}) {
  return db.transaction(async (tx) => {
    // deductions may draw on the customer's credit: its lock first (the one lock order, customer-credit.server.ts)
    if (form.items.some((item) => item.kind === "deduction")) await lockCustomer(tx, form.customer_id);
    const [existing] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
    if (!existing) return null;
    // only a draft is saved in place (ADR 0030): a sent, answered, paid or void document refuses
    const state = lifecycleState(existing, {
      converted: existing.invoiceType === "estimate" && (await isConverted(tx, id)),
    });
    const editable = checkAction(state, "edit");
    if (!editable.ok) throw new DocumentClosedError(editable.message);
    const customer = await checkParties(tx, form);
    await checkContract(tx, form, existing.contractId);
    await checkDeductions(tx, form, id);
    const columns = invoiceColumns(form, customer.paymentTerms, now);
    // a revised document saved as a draft keeps the moment it was first sent
    const values = { ...columns.values, sentAt: columns.values.sentAt ?? existing.sentAt };
    const [updated] = await tx
      .update(invoices)
      .set(values)
      .where(eq(invoices.id, id))
      .returning({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, invoiceType: invoices.invoiceType });
    await tx.delete(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, id));
    await tx.insert(invoiceLineItems).values(columns.lines(id));
    await hooks.afterWrite?.(tx);
    await publishChange(tx, { table: "invoices", id });
    return updated ?? null;
  });
}

/** An estimate that was converted to an invoice (an invoice links back to it). */
export async function isConverted(db: Queryable, estimateId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.sourceEstimateId, estimateId))
    .limit(1);
  return row !== undefined;
}

// ---------------------------------------------------------------- from a project's recurring fees

/**
 * A draft invoice for the project's customer with one line per recurring fee, issued today in the
 * studio's time zone; null when the project does not exist or has no recurring fees.
 */
export async function createRecurringFeesInvoice(db: Db, projectId: string, now: Date = new Date()) {
  const [project] = await db
    .select({ id: projects.id, customerId: projects.customerId, pricingDetails: projects.pricingDetails })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) return null;
  const form = recurringFeesForm(project, todayIn(await studioTimeZone(db), now));
  if (!form) return null;
  // fees stored before their sum was bounded: refused with a message, never a failed insert
  if (invoiceTotals(form).subtotal > maxMoneyCents) throw new InvoiceInputError("items", totalTooLargeMessage);
  return createInvoice(db, form, now);
}

/**
 * The draft invoice of a project's recurring fees issued on `issueDate` (due by the customer's payment
 * terms); null when the project has no recurring fees.
 */
export function recurringFeesForm(
  project: { id: string; customerId: string; pricingDetails: ProjectPricing | null },
  issueDate: string,
): InvoiceForm | null {
  const items = recurringFeeLines(project.pricingDetails);
  if (items.length === 0) return null;
  return projectDraftForm(project, issueDate, items);
}

/**
 * A draft invoice of a project's customer issued on `issueDate`, due by the customer's payment terms, with
 * the default terms and reminders on: what recurring fees, tracked time and an hour bank's overage make.
 */
export function projectDraftForm(
  project: { id: string; customerId: string },
  issueDate: string,
  items: readonly { description: string; quantity: number; unit_price: number }[],
): InvoiceForm {
  return {
    invoice_type: "invoice",
    customer_id: project.customerId,
    project_id: project.id,
    issue_date: issueDate,
    due_date: undefined,
    items: items.map((item) => ({ ...item, deducted_id: undefined })),
    tax_rate: 0,
    discount_amount: 0,
    notes: undefined,
    terms: defaultTerms,
    send_reminders: true,
    intent: "draft",
  };
}
