/**
 * The estimate state model (ADR 0015): accept, decline (by the client on its link, or by the
 * owner for a client who answered by phone), and convert an accepted estimate into one invoice.
 * Each transition locks the estimate row, so two answers or two conversions at once are serialised;
 * the unique index on invoices.source_estimate_id is the last guard against a second invoice.
 */
import { asc, eq } from "drizzle-orm";
import { publishChange } from "#app/db/changes.server.ts";
import type { Db, Queryable, Tx } from "#app/db/client.server.ts";
import { customers, invoiceLineItems, invoices } from "#app/db/schema.ts";
import { defaultDueDate } from "#app/domain/invoice-form.ts";
import { canAccept, canConvert, canDecline } from "#app/domain/invoice-status.ts";
import { limits } from "#app/domain/limits.ts";
import { toCents } from "#app/domain/money.ts";
import type { Result } from "#app/domain/result.ts";
import { studioToday } from "#app/models/business-settings.server.ts";
import { insertContract } from "#app/models/contracts.server.ts";
import { nextDocumentNumber } from "#app/models/document-numbers.server.ts";
import { numberPrefix } from "#app/models/invoices.server.ts";

/** An estimate answered or converted: the outcome, or why not (no such estimate; not in a state that allows it). */
export type EstimateResult<T> = Result<{ value: T }, "not_found" | "not_allowed">;

async function lockEstimate(tx: Tx, id: string) {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
  return row ?? null;
}

/**
 * Marks a sent or viewed estimate accepted, with the name the client typed as a signature
 * (null when the owner records it for them). Anything else: not_allowed; missing: not_found.
 */
export async function acceptEstimate(
  db: Queryable,
  id: string,
  { name }: { name: string | null },
  now: Date = new Date(),
): Promise<EstimateResult<{ id: string; invoiceNumber: string; acceptedAt: Date }>> {
  return db.transaction(async (tx) => {
    const estimate = await lockEstimate(tx, id);
    if (estimate?.invoiceType !== "estimate") return { ok: false, reason: "not_found" };
    if (!canAccept(estimate) || (await convertedInvoiceOf(tx, id))) return { ok: false, reason: "not_allowed" };
    const signature = name?.replace(/\s+/g, " ").trim().slice(0, limits.personName) || null;
    await tx
      .update(invoices)
      .set({ status: "accepted", acceptedAt: now, acceptedByName: signature, declinedAt: null })
      .where(eq(invoices.id, id));
    await publishChange(tx, { table: "invoices", id });
    return { ok: true, value: { id, invoiceNumber: estimate.invoiceNumber, acceptedAt: now } };
  });
}

/** Marks a sent or viewed estimate declined. */
export async function declineEstimate(
  db: Queryable,
  id: string,
  now: Date = new Date(),
): Promise<EstimateResult<{ id: string; invoiceNumber: string; declinedAt: Date }>> {
  return db.transaction(async (tx) => {
    const estimate = await lockEstimate(tx, id);
    if (estimate?.invoiceType !== "estimate") return { ok: false, reason: "not_found" };
    if (!canDecline(estimate) || (await convertedInvoiceOf(tx, id))) return { ok: false, reason: "not_allowed" };
    await tx
      .update(invoices)
      .set({ status: "declined", declinedAt: now, acceptedAt: null, acceptedByName: null })
      .where(eq(invoices.id, id));
    await publishChange(tx, { table: "invoices", id });
    return { ok: true, value: { id, invoiceNumber: estimate.invoiceNumber, declinedAt: now } };
  });
}

/** The invoice made from an estimate, if any (id and number). */
export async function convertedInvoiceOf(db: Queryable, estimateId: string) {
  const [row] = await db
    .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber })
    .from(invoices)
    .where(eq(invoices.sourceEstimateId, estimateId))
    .limit(1);
  return row ?? null;
}

/** The estimate an invoice was made from (its `source_estimate_id`), id and number; null when none. */
export async function sourceEstimateOf(db: Queryable, sourceEstimateId: string | null) {
  if (!sourceEstimateId) return null;
  const [estimate] = await db
    .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber })
    .from(invoices)
    .where(eq(invoices.id, sourceEstimateId));
  return estimate ?? null;
}

/**
 * Converts an accepted estimate into a draft invoice with a new invoice number: customer, project,
 * lines, tax, discount, notes and terms copied; issued today (studio's time zone), due after the
 * customer's payment terms. The accepted estimate becomes a contract (ADR 0043) with one installment,
 * the balance, which this invoice bills. Converting again answers the invoice made the first time
 * (created: false).
 */
export async function convertEstimate(
  db: Db,
  id: string,
): Promise<EstimateResult<{ id: string; invoiceNumber: string; created: boolean }>> {
  return db.transaction(async (tx) => {
    const estimate = await lockEstimate(tx, id);
    if (estimate?.invoiceType !== "estimate") return { ok: false, reason: "not_found" };
    const existing = await convertedInvoiceOf(tx, id);
    if (existing) return { ok: true, value: { ...existing, created: false } };
    if (!canConvert(estimate)) return { ok: false, reason: "not_allowed" };
    const [customer] = await tx
      .select({ paymentTerms: customers.paymentTerms })
      .from(customers)
      .where(eq(customers.id, estimate.customerId));
    const today = await studioToday(tx);
    const lines = await tx
      .select()
      .from(invoiceLineItems)
      .where(eq(invoiceLineItems.invoiceId, estimate.id))
      .orderBy(asc(invoiceLineItems.sortOrder), asc(invoiceLineItems.id));
    const contract = await insertContract(tx, {
      customerId: estimate.customerId,
      projectId: estimate.projectId,
      title: `Estimate ${estimate.invoiceNumber}`,
      source: { estimateId: estimate.id },
      lines: lines
        .filter((line) => line.kind === "item")
        .map((line) => ({
          description: line.description,
          quantity: toCents(line.quantity) ?? 0,
          unitPrice: toCents(line.unitPrice) ?? 0,
        })),
      taxRate: toCents(estimate.taxRate) ?? 0,
      discount: toCents(estimate.discountAmount) ?? 0,
      installments: [{ label: "Balance", kind: "balance", basis: null, value: null }],
    });
    const invoiceNumber = await nextDocumentNumber(tx, "invoice", await numberPrefix(tx, "invoice"));
    const [created] = await tx
      .insert(invoices)
      .values({
        invoiceNumber,
        invoiceType: "invoice",
        customerId: estimate.customerId,
        projectId: estimate.projectId,
        issueDate: today,
        dueDate: defaultDueDate(today, customer?.paymentTerms),
        taxRate: estimate.taxRate,
        discountAmount: estimate.discountAmount,
        subtotal: estimate.subtotal,
        taxAmount: estimate.taxAmount,
        totalAmount: estimate.totalAmount,
        balanceDue: estimate.totalAmount,
        amountPaid: "0",
        notes: estimate.notes,
        terms: estimate.terms,
        status: "draft",
        sourceEstimateId: estimate.id,
        contractId: contract.id,
        contractInstallmentId: contract.installments[0]?.id ?? null,
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
          kind: line.kind,
          deductedInvoiceId: line.deductedInvoiceId,
        })),
      );
    }
    await publishChange(tx, { table: "invoices", id: created.id });
    await publishChange(tx, { table: "invoices", id: estimate.id });
    return { ok: true, value: { ...created, created: true } };
  });
}
