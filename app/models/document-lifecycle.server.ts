/**
 * The lifecycle's writes (docs/decisions/0030-document-lifecycle.md): delete a draft, void, revise,
 * issue a credit note, duplicate; and the one settlement of an invoice's payments and credits.
 * Each locks the document's row first and asks `checkAction` (app/domain/document-lifecycle.ts)
 * inside that lock, so two clicks at once, or a page that skipped the check, change nothing they
 * should not. Numbers come from the counter of their type in the same transaction (gap-free).
 */

import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { publishChange } from "#app/db/changes.server.ts";
import type { Db, Queryable, Tx } from "#app/db/client.server.ts";
import {
  customers,
  documentNumberCounters,
  documentRevisions,
  invoiceLineItems,
  invoices,
  payments,
  refunds,
} from "#app/db/schema.ts";
import { creditBeyondOwed } from "#app/domain/customer-credit.ts";
import {
  allowedActions,
  amountCreditable,
  amountOwed,
  checkAction,
  type DocumentAction,
  type DocumentSnapshot,
  describeChanges,
  type LifecycleState,
  lifecycleMessages,
  lifecycleState,
  statusAfterSettlement,
} from "#app/domain/document-lifecycle.ts";
import { defaultDueDate } from "#app/domain/invoice-form.ts";
import { type Cents, calculateTotals, centsToDecimal, toCents } from "#app/domain/money.ts";
import { creditNotePrefix, formatDocumentNumber } from "#app/domain/numbering.ts";
import type { Result } from "#app/domain/result.ts";
import { studioToday } from "#app/models/business-settings.server.ts";
import { lockCustomer, recordCreditFromNote } from "#app/models/customer-credit.server.ts";
import { nextDocumentNumber } from "#app/models/document-numbers.server.ts";
import { releaseInvoicedExpenses } from "#app/models/expenses.server.ts";
import { isConverted, numberPrefix } from "#app/models/invoices.server.ts";
import { releaseInvoicedTime } from "#app/models/time-entries.server.ts";

type InvoiceRow = typeof invoices.$inferSelect;

const cents = (value: string) => toCents(value) ?? 0;

async function lockRow(tx: Tx, id: string) {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
  return row ?? null;
}

/** Locks the document's row (FOR UPDATE) and reads its lifecycle state; null when there is none. */
async function lockDocument(tx: Tx, id: string) {
  const row = await lockRow(tx, id);
  return row ? { row, state: await stateOf(tx, row) } : null;
}

/** The lifecycle state of a document row (the editor reads it too, without a lock). */
async function stateOf(db: Queryable, row: InvoiceRow): Promise<LifecycleState> {
  const converted = row.invoiceType === "estimate" && (await isConverted(db, row.id));
  let newestNumber = false;
  if (row.status === "draft") {
    const [counter] = await db
      .select({ lastValue: documentNumberCounters.lastValue })
      .from(documentNumberCounters)
      .where(eq(documentNumberCounters.sequence, row.invoiceType));
    newestNumber =
      counter !== undefined &&
      counter.lastValue > 0 &&
      row.invoiceNumber === formatDocumentNumber(await numberPrefix(db, row.invoiceType), counter.lastValue);
  }
  return lifecycleState(row, { converted, newestNumber });
}

/** The refusal of `action`, or null when it may go ahead. */
function refusal(state: LifecycleState, action: DocumentAction, amount?: Cents) {
  const check = checkAction(state, action, amount);
  return check.ok ? null : check;
}

// ---------------------------------------------------------------- settlement

/**
 * amount_paid (its payments less their refunds, ADR 0041), amount_credited (its credit notes),
 * balance_due and the status of an invoice whose row the caller has locked: the one place they are
 * computed.
 */
export async function settle(tx: Tx, invoice: InvoiceRow) {
  const [paid] = await tx
    .select({
      sum: sql<string>`coalesce(sum(${payments.amount}), 0) - (select coalesce(sum(${refunds.amount}), 0) from ${refunds} where ${refunds.invoiceId} = ${invoice.id})`,
    })
    .from(payments)
    .where(eq(payments.invoiceId, invoice.id));
  const [credited] = await tx
    .select({ sum: sql<string>`coalesce(sum(${invoices.totalAmount}), 0)` })
    .from(invoices)
    .where(and(eq(invoices.creditedInvoiceId, invoice.id), isNull(invoices.voidedAt)));
  const amountPaid = Math.max(0, cents(paid?.sum ?? "0"));
  const amountCredited = cents(credited?.sum ?? "0");
  const totalAmount = cents(invoice.totalAmount);
  const balanceDue = Math.max(0, totalAmount - amountPaid - amountCredited);
  const status = statusAfterSettlement({
    invoiceType: invoice.invoiceType,
    status: invoice.status,
    voided: invoice.voidedAt !== null,
    totalAmount,
    amountPaid,
    amountCredited,
    viewedAt: invoice.viewedAt,
  });
  await tx
    .update(invoices)
    .set({
      amountPaid: centsToDecimal(amountPaid),
      amountCredited: centsToDecimal(amountCredited),
      balanceDue: centsToDecimal(balanceDue),
      status,
    })
    .where(eq(invoices.id, invoice.id));
  await publishChange(tx, { table: "invoices", id: invoice.id });
  return { amountPaid, amountCredited, balanceDue, status };
}

// ---------------------------------------------------------------- transitions

type Refused = Extract<Result, { ok: false }>;

/**
 * Deletes a draft that was never sent and holds the newest number of its type; the counter steps
 * back in the same transaction, so the next document takes the number again (no gap).
 */
export async function deleteDraft(db: Db, id: string): Promise<null | Refused | { ok: true; invoiceNumber: string }> {
  return db.transaction(async (tx) => {
    const row = await lockRow(tx, id);
    if (!row) return null;
    // the counter row next, before the state is read: a create waiting on it cannot take a number
    // past the one given back
    await tx
      .select({ lastValue: documentNumberCounters.lastValue })
      .from(documentNumberCounters)
      .where(eq(documentNumberCounters.sequence, row.invoiceType))
      .for("update");
    const refused = refusal(await stateOf(tx, row), "delete");
    if (refused) return refused;
    await tx.delete(invoices).where(eq(invoices.id, id));
    await tx
      .update(documentNumberCounters)
      .set({ lastValue: sql`${documentNumberCounters.lastValue} - 1` })
      .where(eq(documentNumberCounters.sequence, row.invoiceType));
    await publishChange(tx, { table: "invoices", id });
    return { ok: true, invoiceNumber: row.invoiceNumber };
  });
}

/** Voids a document with a reason: status cancelled, the number, content and history kept; `sent` when the client had it. */
export async function voidDocument(
  db: Db,
  id: string,
  reason: string,
  now: Date = new Date(),
): Promise<null | Refused | { ok: true; invoiceNumber: string; sent: boolean }> {
  return db.transaction(async (tx) => {
    const found = await lockDocument(tx, id);
    if (!found) return null;
    const refused = refusal(found.state, "void");
    if (refused) return refused;
    // a live invoice that deducts this one (ADR 0043) would take off what no longer counts
    const deducting = await tx
      .selectDistinct({ invoiceNumber: invoices.invoiceNumber })
      .from(invoiceLineItems)
      .innerJoin(invoices, eq(invoices.id, invoiceLineItems.invoiceId))
      .where(and(eq(invoiceLineItems.deductedInvoiceId, id), isNull(invoices.voidedAt)));
    if (deducting.length) {
      return {
        ok: false as const,
        message: lifecycleMessages.voidDeducted(deducting.map((row) => row.invoiceNumber).join(", ")),
      };
    }
    await tx
      .update(invoices)
      .set({ status: "cancelled", voidedAt: now, voidReason: reason })
      .where(eq(invoices.id, id));
    // the time it billed is unbilled again (ADR 0058); a credit note keeps it billed
    await releaseInvoicedTime(tx, id);
    await releaseInvoicedExpenses(tx, id);
    await publishChange(tx, { table: "invoices", id });
    // sent: the client may hold it (and is told of the void)
    return { ok: true, invoiceNumber: found.row.invoiceNumber, sent: found.state.sent };
  });
}

async function snapshotOf(tx: Queryable, row: InvoiceRow): Promise<DocumentSnapshot> {
  const lines = await tx
    .select({
      description: invoiceLineItems.description,
      quantity: invoiceLineItems.quantity,
      unitPrice: invoiceLineItems.unitPrice,
      lineTotal: invoiceLineItems.lineTotal,
    })
    .from(invoiceLineItems)
    .where(eq(invoiceLineItems.invoiceId, row.id))
    .orderBy(asc(invoiceLineItems.sortOrder), asc(invoiceLineItems.id));
  const iso = (value: Date | null) => (value ? value.toISOString() : null);
  return {
    status: row.status,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    taxRate: row.taxRate,
    discountAmount: row.discountAmount,
    totalAmount: row.totalAmount,
    notes: row.notes,
    terms: row.terms,
    sentAt: iso(row.sentAt),
    viewedAt: iso(row.viewedAt),
    acceptedAt: iso(row.acceptedAt),
    declinedAt: iso(row.declinedAt),
    acceptedByName: row.acceptedByName,
    lines,
  };
}

/**
 * Revises a sent (or answered) document: the version as it stands, with any answer, goes into the
 * history; the document becomes a draft of the next revision under the same number, to be edited
 * and sent again (an estimate then needs a new answer).
 */
export async function reviseDocument(
  db: Db,
  id: string,
  { reason, createdBy }: { reason: string; createdBy: string | null },
): Promise<null | Refused | { ok: true; invoiceNumber: string; revision: number }> {
  return db.transaction(async (tx) => {
    const found = await lockDocument(tx, id);
    if (!found) return null;
    const refused = refusal(found.state, "revise");
    if (refused) return refused;
    const { row } = found;
    await tx.insert(documentRevisions).values({
      invoiceId: id,
      revision: row.revision,
      snapshot: await snapshotOf(tx, row),
      reason,
      createdBy,
    });
    const revision = row.revision + 1;
    await tx
      .update(invoices)
      .set({ status: "draft", revision, acceptedAt: null, declinedAt: null, acceptedByName: null })
      .where(eq(invoices.id, id));
    await publishChange(tx, { table: "invoices", id });
    return { ok: true, invoiceNumber: row.invoiceNumber, revision };
  });
}

/**
 * Issues a credit note on a sent invoice, paid or not, for at most its total less its earlier credit
 * notes: its own number (CN-0001...), one line with the reason, issued today in the studio's time
 * zone; the invoice's balance and status follow (`settle`). What it credits beyond what was still owed
 * becomes the customer's credit (ADR 0043), under the customer's lock, taken before the invoice's.
 */
export async function issueCreditNote(
  db: Db,
  invoiceId: string,
  { amount, reason, createdBy = null }: { amount: Cents; reason: string; createdBy?: string | null },
  now: Date = new Date(),
): Promise<
  null | Refused | { ok: true; id: string; invoiceNumber: string; creditedNumber: string; customerCredit: Cents }
> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ customerId: invoices.customerId })
      .from(invoices)
      .where(eq(invoices.id, invoiceId));
    if (!owner || !(await lockCustomer(tx, owner.customerId))) return null;
    const found = await lockDocument(tx, invoiceId);
    if (!found) return null;
    const refused = refusal(found.state, "credit", amount);
    if (refused) return refused;
    const { row } = found;
    const owedBefore = amountOwed(found.state);
    const invoiceNumber = await nextDocumentNumber(tx, "credit_note", creditNotePrefix);
    const total = centsToDecimal(amount);
    const [created] = await tx
      .insert(invoices)
      .values({
        invoiceNumber,
        invoiceType: "credit_note",
        customerId: row.customerId,
        projectId: row.projectId,
        creditedInvoiceId: row.id,
        issueDate: await studioToday(tx, now),
        dueDate: null,
        subtotal: total,
        totalAmount: total,
        balanceDue: "0",
        amountPaid: "0",
        notes: reason,
        status: "sent",
        sentAt: now,
        remindersEnabled: false,
      })
      .returning({ id: invoices.id, invoiceNumber: invoices.invoiceNumber });
    if (!created) throw new Error("credit note insert returned no row");
    await tx.insert(invoiceLineItems).values({
      invoiceId: created.id,
      description: `Credit for ${row.invoiceNumber}: ${reason}`.slice(0, 500),
      quantity: "1",
      unitPrice: total,
      lineTotal: total,
      sortOrder: 0,
    });
    await settle(tx, row);
    const customerCredit = creditBeyondOwed(owedBefore, amount);
    await recordCreditFromNote(tx, {
      customerId: row.customerId,
      creditNoteId: created.id,
      amount: customerCredit,
      entryDate: await studioToday(tx, now),
      createdBy,
    });
    await publishChange(tx, { table: "invoices", id: created.id });
    return {
      ok: true,
      id: created.id,
      invoiceNumber: created.invoiceNumber,
      creditedNumber: row.invoiceNumber,
      customerCredit,
    };
  });
}

/**
 * Copies an invoice or estimate into a new draft of the same type: a new number, issued today in the
 * studio's time zone and due after the customer's terms; customer, project, lines, tax, discount,
 * notes and terms copied. Deduction lines are not (ADR 0043: the copy would take the same deposit off
 * twice), and the copy is no contract's. The original is untouched.
 */
export async function duplicateDocument(
  db: Db,
  id: string,
  now: Date = new Date(),
): Promise<null | Refused | { ok: true; id: string; invoiceNumber: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, id));
    if (!row) return null;
    const refused = refusal(await stateOf(tx, row), "duplicate");
    if (refused) return refused;
    const [customer] = await tx
      .select({ paymentTerms: customers.paymentTerms })
      .from(customers)
      .where(eq(customers.id, row.customerId));
    const today = await studioToday(tx, now);
    const lines = (
      await tx
        .select()
        .from(invoiceLineItems)
        .where(eq(invoiceLineItems.invoiceId, id))
        .orderBy(asc(invoiceLineItems.sortOrder), asc(invoiceLineItems.id))
    ).filter((line) => line.kind === "item");
    const totals = calculateTotals({
      lines: lines.map((line) => ({ quantity: cents(line.quantity), unitPrice: cents(line.unitPrice) })),
      taxRate: cents(row.taxRate),
      discount: cents(row.discountAmount),
    });
    // a copy whose deductions are gone never has a discount above what it bills
    const discount = Math.min(cents(row.discountAmount), totals.subtotal + totals.taxAmount);
    const total = totals.subtotal + totals.taxAmount - discount;
    const invoiceNumber = await nextDocumentNumber(tx, row.invoiceType, await numberPrefix(tx, row.invoiceType));
    const [created] = await tx
      .insert(invoices)
      .values({
        invoiceNumber,
        invoiceType: row.invoiceType,
        customerId: row.customerId,
        projectId: row.projectId,
        issueDate: today,
        dueDate: defaultDueDate(today, customer?.paymentTerms),
        taxRate: row.taxRate,
        discountAmount: centsToDecimal(discount),
        subtotal: centsToDecimal(totals.subtotal),
        taxAmount: centsToDecimal(totals.taxAmount),
        totalAmount: centsToDecimal(total),
        balanceDue: centsToDecimal(total),
        amountPaid: "0",
        notes: row.notes,
        terms: row.terms,
        remindersEnabled: row.remindersEnabled,
        status: "draft",
      })
      .returning({ id: invoices.id, invoiceNumber: invoices.invoiceNumber });
    if (!created) throw new Error("invoice insert returned no row");
    if (lines.length) {
      await tx.insert(invoiceLineItems).values(
        lines.map((line, index) => ({
          invoiceId: created.id,
          description: line.description,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          lineTotal: line.lineTotal,
          sortOrder: index,
        })),
      );
    }
    await publishChange(tx, { table: "invoices", id: created.id });
    return { ok: true, ...created };
  });
}

// ---------------------------------------------------------------- history

/** The versions a document's revisions replaced, oldest first. */
export async function listRevisions(db: Queryable, invoiceId: string) {
  return db
    .select({
      revision: documentRevisions.revision,
      snapshot: documentRevisions.snapshot,
      reason: documentRevisions.reason,
      createdAt: documentRevisions.createdAt,
    })
    .from(documentRevisions)
    .where(eq(documentRevisions.invoiceId, invoiceId))
    .orderBy(asc(documentRevisions.revision));
}

/** The credit notes of an invoice (number, amount, reason, date), newest first. */
export async function listCreditNotes(db: Queryable, invoiceId: string) {
  return db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      totalAmount: invoices.totalAmount,
      reason: invoices.notes,
      issueDate: invoices.issueDate,
      createdAt: invoices.createdAt,
    })
    .from(invoices)
    .where(eq(invoices.creditedInvoiceId, invoiceId))
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
}

/**
 * What the document page shows of the lifecycle: the actions allowed now, the revision, the void, what
 * is owed (the credit note's limit), the credit notes (of an invoice) or the invoice credited (of a
 * credit note), and the history: each replaced version with when and why, and what changed after it.
 */
export async function documentLifecycle(db: Queryable, row: InvoiceRow) {
  const state = await stateOf(db, row);
  const revisions = await listRevisions(db, row.id);
  const current = revisions.length ? await snapshotOf(db, row) : null;
  const history = revisions.map((version, index) => ({
    revision: version.revision,
    reason: version.reason,
    replacedAt: version.createdAt.toISOString(),
    sentAt: version.snapshot.sentAt,
    answer: version.snapshot.acceptedAt
      ? { kind: "accepted" as const, at: version.snapshot.acceptedAt, by: version.snapshot.acceptedByName }
      : version.snapshot.declinedAt
        ? { kind: "declined" as const, at: version.snapshot.declinedAt, by: null }
        : null,
    total: cents(version.snapshot.totalAmount),
    changes: describeChanges(version.snapshot, revisions[index + 1]?.snapshot ?? (current as DocumentSnapshot)),
  }));
  const [credited] = row.creditedInvoiceId
    ? await db
        .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber })
        .from(invoices)
        .where(eq(invoices.id, row.creditedInvoiceId))
    : [];
  const editable = checkAction(state, "edit");
  return {
    allowed: allowedActions(state),
    /** why the editor is read-only (sent, answered, paid, void, a credit note); null for a draft */
    locked: editable.ok ? null : editable.message,
    revision: row.revision,
    voided: row.voidedAt ? { at: row.voidedAt.toISOString(), reason: row.voidReason ?? "" } : null,
    owed: amountOwed(state),
    /** what a credit note may credit now (beyond what is owed, the customer's credit) */
    creditable: amountCreditable(state),
    amountCredited: state.amountCredited,
    creditNotes:
      row.invoiceType === "invoice"
        ? (await listCreditNotes(db, row.id)).map((note) => ({
            id: note.id,
            invoiceNumber: note.invoiceNumber,
            amount: cents(note.totalAmount),
            reason: note.reason,
            issueDate: note.issueDate,
          }))
        : [],
    creditedInvoice: credited ?? null,
    history,
  };
}

/**
 * What the newest revision changed from the version sent before it ("Total $1,000.00 → $1,200.00",
 * "Line items"), for the revised version's mail; empty when it was never revised.
 */
export async function latestRevisionChanges(db: Queryable, invoiceId: string): Promise<string[]> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!row) return [];
  const [last] = await db
    .select({ snapshot: documentRevisions.snapshot })
    .from(documentRevisions)
    .where(eq(documentRevisions.invoiceId, invoiceId))
    .orderBy(desc(documentRevisions.revision))
    .limit(1);
  return last ? describeChanges(last.snapshot, await snapshotOf(db, row)) : [];
}
