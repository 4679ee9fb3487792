/**
 * Contracts and their schedules (docs/decisions/0043-contracts-and-customer-credit.md): made when a
 * proposal is signed or an estimate converted (in that transaction), read for the contract page, the
 * project and customer pages, the portal and the invoice editor's offer; the schedule edited, and an
 * invoice drawn from it. Every write locks the contract's row first, so two edits, or an edit and a
 * draw, are serialised; an installment with a live invoice is locked, here and not only in the page.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { publishChange } from "#app/db/changes.server.ts";
import type { Db, Queryable, Tx } from "#app/db/client.server.ts";
import { type ContractLine, contractInstallments, contracts, invoices, projects, proposals } from "#app/db/schema.ts";
import type { InstallmentRow } from "#app/domain/contract-form.ts";
import {
  basisText,
  billedBy,
  type ContractMoney,
  type ContractProgress,
  contractMessages,
  contractProgress,
  deductionDescription,
  type InstallmentBasis,
  type InstallmentKind,
  installmentPart,
  nextInstallment,
  type PlannedInstallment,
  scheduleAmounts,
} from "#app/domain/contracts.ts";
import type { InvoiceStatus } from "#app/domain/enums.ts";
import { defaultTerms, type InvoiceForm, type InvoiceLine } from "#app/domain/invoice-form.ts";
import { type Cents, calculateTotals, centsToDecimal, formatMoney, toCents } from "#app/domain/money.ts";
import { compareDocumentNumbers } from "#app/domain/numbering.ts";
import type { Result } from "#app/domain/result.ts";
import { studioToday } from "#app/models/business-settings.server.ts";
import { insertInvoice, listProjectChoices } from "#app/models/invoices.server.ts";

const cents = (value: string | null) => (value === null ? 0 : (toCents(value) ?? 0));

type Refused = Extract<Result, { ok: false }>;
const refused = (message: string, field?: string): Refused => ({ ok: false, message, field });

// ---------------------------------------------------------------- made at signing or conversion

/** An installment as a contract is made with (the balance: no basis). */
export type NewInstallment = {
  label: string;
  kind: InstallmentKind;
  basis: InstallmentBasis | null;
  /** hundredths: a percentage or cents */
  value: number | null;
  dueOn?: string | null;
};

/**
 * Makes a contract in the caller's transaction: its lines and totals (the one calculation) and its
 * schedule, each installment with its amount. Returns its id and its installments' ids, in order.
 */
export async function insertContract(
  tx: Tx,
  input: {
    customerId: string;
    projectId: string | null;
    title: string;
    source: { proposalId: string } | { estimateId: string };
    lines: ContractLine[];
    /** hundredths of a percent */
    taxRate: number;
    discount?: Cents;
    installments: NewInstallment[];
  },
): Promise<{ id: string; installments: { id: string; kind: InstallmentKind }[] }> {
  const totals = calculateTotals({
    lines: input.lines,
    taxRate: input.taxRate,
    discount: input.discount ?? 0,
  });
  const money: ContractMoney = { subtotal: totals.subtotal, taxRate: input.taxRate, total: totals.total };
  const schedule = scheduleAmounts(money, input.installments);
  if (!schedule.ok) throw new Error(`contract schedule refused: ${schedule.message}`);
  const [contract] = await tx
    .insert(contracts)
    .values({
      customerId: input.customerId,
      projectId: input.projectId,
      title: input.title.slice(0, 200),
      sourceProposalId: "proposalId" in input.source ? input.source.proposalId : null,
      sourceEstimateId: "estimateId" in input.source ? input.source.estimateId : null,
      lines: input.lines,
      taxRate: centsToDecimal(input.taxRate),
      subtotal: centsToDecimal(totals.subtotal),
      taxAmount: centsToDecimal(totals.taxAmount),
      discountAmount: centsToDecimal(input.discount ?? 0),
      totalAmount: centsToDecimal(totals.total),
    })
    .returning({ id: contracts.id });
  if (!contract) throw new Error("contract insert returned no row");
  const rows = await tx
    .insert(contractInstallments)
    .values(
      input.installments.map((item, position) => ({
        contractId: contract.id,
        position,
        label: item.label,
        kind: item.kind,
        basis: item.kind === "balance" ? null : item.basis,
        basisValue: item.kind === "balance" || item.value === null ? null : centsToDecimal(item.value),
        amount: centsToDecimal(schedule.amounts[position] ?? 0),
        dueOn: item.dueOn ?? null,
      })),
    )
    .returning({
      id: contractInstallments.id,
      kind: contractInstallments.kind,
      position: contractInstallments.position,
    });
  rows.sort((a, b) => a.position - b.position);
  return { id: contract.id, installments: rows.map(({ id, kind }) => ({ id, kind })) };
}

// ---------------------------------------------------------------- reads

type ContractRow = typeof contracts.$inferSelect;

const moneyOf = (row: ContractRow): ContractMoney => ({
  subtotal: cents(row.subtotal),
  taxRate: cents(row.taxRate),
  total: cents(row.totalAmount),
});

/** The contract's invoices (every one, void included), oldest first. */
async function contractInvoices(db: Queryable, contractIds: string[]) {
  if (contractIds.length === 0) return [];
  const rows = await db
    .select({
      id: invoices.id,
      contractId: invoices.contractId,
      installmentId: invoices.contractInstallmentId,
      invoiceNumber: invoices.invoiceNumber,
      status: invoices.status,
      voidedAt: invoices.voidedAt,
      totalAmount: invoices.totalAmount,
      amountCredited: invoices.amountCredited,
      amountPaid: invoices.amountPaid,
      balanceDue: invoices.balanceDue,
      issueDate: invoices.issueDate,
    })
    .from(invoices)
    .where(inArray(invoices.contractId, contractIds))
    .orderBy(asc(invoices.createdAt), asc(invoices.id));
  return rows.map((row) => ({
    id: row.id,
    contractId: row.contractId ?? "",
    installmentId: row.installmentId,
    invoiceNumber: row.invoiceNumber,
    status: row.status as InvoiceStatus,
    issueDate: row.issueDate,
    facts: {
      draft: row.status === "draft",
      voided: row.voidedAt !== null,
      total: cents(row.totalAmount),
      credited: cents(row.amountCredited),
      paid: cents(row.amountPaid),
    },
    balanceDue: cents(row.balanceDue),
  }));
}
type ContractInvoice = Awaited<ReturnType<typeof contractInvoices>>[number];

/** The schedule in order, each installment with its live (not void) invoice, if any. */
async function scheduleOf(db: Queryable, contractId: string, invoicesOfContract: ContractInvoice[]) {
  const rows = await db
    .select()
    .from(contractInstallments)
    .where(eq(contractInstallments.contractId, contractId))
    .orderBy(asc(contractInstallments.position), asc(contractInstallments.createdAt));
  return rows.map((row) => {
    const invoice = invoicesOfContract.find((found) => found.installmentId === row.id && !found.facts.voided) ?? null;
    return {
      id: row.id,
      position: row.position,
      label: row.label,
      kind: row.kind,
      basis: row.basis,
      value: row.basisValue === null ? null : cents(row.basisValue),
      dueOn: row.dueOn,
      duePhaseId: row.duePhaseId,
      duePhaseName: row.duePhaseName,
      invoice,
      invoiced: invoice !== null,
    };
  });
}
type ScheduledInstallment = Awaited<ReturnType<typeof scheduleOf>>[number];

/** The schedule as the domain plans it: an invoiced installment counts what its invoice bills. */
function planned(schedule: ScheduledInstallment[]): PlannedInstallment[] {
  return schedule.map((item) => ({
    kind: item.kind,
    basis: item.basis,
    value: item.value,
    billed: item.invoice ? Math.max(0, item.invoice.facts.total - item.invoice.facts.credited) : null,
  }));
}

/**
 * One contract for its page: the contract, its source, customer and project (with the phases an
 * installment can wait for), the schedule with each amount, its invoices and its figures.
 */
export async function getContract(db: Queryable, id: string) {
  const [row] = await db.select().from(contracts).where(eq(contracts.id, id));
  if (!row) return null;
  const [invoiceRows, project, proposal, estimate] = await Promise.all([
    contractInvoices(db, [row.id]),
    row.projectId
      ? db
          .select({ id: projects.id, projectName: projects.projectName, pricingDetails: projects.pricingDetails })
          .from(projects)
          .where(eq(projects.id, row.projectId))
          .then((found) => found[0] ?? null)
      : null,
    row.sourceProposalId
      ? db
          .select({ id: proposals.id, proposalNumber: proposals.proposalNumber })
          .from(proposals)
          .where(eq(proposals.id, row.sourceProposalId))
          .then((found) => found[0] ?? null)
      : null,
    row.sourceEstimateId
      ? db
          .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber })
          .from(invoices)
          .where(eq(invoices.id, row.sourceEstimateId))
          .then((found) => found[0] ?? null)
      : null,
  ]);
  const schedule = await scheduleOf(db, row.id, invoiceRows);
  const money = moneyOf(row);
  const amounts = scheduleAmounts(money, planned(schedule));
  return {
    id: row.id,
    title: row.title,
    customerId: row.customerId,
    createdAt: row.createdAt,
    lines: row.lines,
    taxRate: money.taxRate,
    subtotal: money.subtotal,
    taxAmount: cents(row.taxAmount),
    discount: cents(row.discountAmount),
    total: money.total,
    project: project
      ? {
          id: project.id,
          projectName: project.projectName,
          phases: (project.pricingDetails?.phases ?? []).map((phase) => ({ id: phase.id, name: phase.name })),
        }
      : null,
    source: proposal
      ? { kind: "proposal" as const, id: proposal.id, number: proposal.proposalNumber }
      : estimate
        ? { kind: "estimate" as const, id: estimate.id, number: estimate.invoiceNumber }
        : null,
    schedule: schedule.map((item, index) => ({
      ...item,
      amount: amounts.ok ? (amounts.amounts[index] ?? 0) : 0,
    })),
    invoices: invoiceRows,
    progress: contractProgress(
      money.total,
      invoiceRows.map((invoice) => invoice.facts),
    ),
    next: nextInstallment(schedule)?.id ?? null,
  };
}

/** A contract as a card lists it: what it is, its figures, and what can be invoiced next. */
export type ContractSummary = {
  id: string;
  title: string;
  projectId: string | null;
  progress: ContractProgress;
  /** the next installment to invoice (label and amount), null when every one is */
  next: { label: string; kind: InstallmentKind; amount: Cents } | null;
  /** what drawing the remaining balance would bill, null when the balance is invoiced */
  balance: Cents | null;
};

/** The contracts of a customer or of a project, newest first, each with its figures. */
export async function listContracts(
  db: Queryable,
  where: { customerId: string } | { projectId: string } | { projectIds: string[] },
): Promise<ContractSummary[]> {
  if ("projectIds" in where && where.projectIds.length === 0) return [];
  const rows = await db
    .select()
    .from(contracts)
    .where(
      "customerId" in where
        ? eq(contracts.customerId, where.customerId)
        : "projectId" in where
          ? eq(contracts.projectId, where.projectId)
          : inArray(contracts.projectId, where.projectIds),
    )
    .orderBy(desc(contracts.createdAt), desc(contracts.id))
    .limit(100);
  const invoiceRows = await contractInvoices(
    db,
    rows.map((row) => row.id),
  );
  const summaries: ContractSummary[] = [];
  for (const row of rows) {
    const own = invoiceRows.filter((invoice) => invoice.contractId === row.id);
    const schedule = await scheduleOf(db, row.id, own);
    const money = moneyOf(row);
    const amounts = scheduleAmounts(money, planned(schedule));
    const nextItem = nextInstallment(schedule);
    const nextIndex = nextItem ? schedule.indexOf(nextItem) : -1;
    const balanceItem = schedule.find((item) => item.kind === "balance");
    const billedSoFar = own.reduce((sum, invoice) => sum + billedBy(invoice.facts), 0);
    summaries.push({
      id: row.id,
      title: row.title,
      projectId: row.projectId,
      progress: contractProgress(
        money.total,
        own.map((invoice) => invoice.facts),
      ),
      next:
        nextItem && amounts.ok
          ? { label: nextItem.label, kind: nextItem.kind, amount: amounts.amounts[nextIndex] ?? 0 }
          : null,
      balance: balanceItem && !balanceItem.invoiced ? Math.max(0, money.total - billedSoFar) : null,
    });
  }
  return summaries;
}

// ---------------------------------------------------------------- the schedule edited

async function lockContract(tx: Tx, id: string) {
  const [row] = await tx.select().from(contracts).where(eq(contracts.id, id)).for("update");
  return row ?? null;
}

/**
 * Saves the schedule's installments not invoiced yet, in the order posted (after the invoiced ones,
 * which stay as they are): a posted installment with an id is updated (it must be this contract's and
 * not invoiced), one without is a new milestone, and one not posted is removed. Refused when an
 * invoiced installment is posted, a phase is not the project's, or the amounts do not fit the total.
 */
export async function saveSchedule(
  db: Db,
  contractId: string,
  rows: InstallmentRow[],
): Promise<null | Refused | { ok: true; count: number }> {
  return db.transaction(async (tx) => {
    const contract = await lockContract(tx, contractId);
    if (!contract) return null;
    const schedule = await scheduleOf(tx, contractId, await contractInvoices(tx, [contractId]));
    const locked = schedule.filter((item) => item.invoiced);
    if (locked.some((item) => item.kind === "balance")) return refused(contractMessages.complete);
    for (const [index, row] of rows.entries()) {
      if (!row.id) continue;
      const stored = schedule.find((item) => item.id === row.id);
      if (!stored) return refused(contractMessages.unknownInstallment, `installments[${index}].label`);
      if (stored.invoice) return refused(contractMessages.locked(stored.label, stored.invoice.invoiceNumber));
    }
    const phases = contract.projectId
      ? ((
          await tx
            .select({ pricingDetails: projects.pricingDetails })
            .from(projects)
            .where(eq(projects.id, contract.projectId))
        )[0]?.pricingDetails?.phases ?? [])
      : [];
    const edited: (NewInstallment & { id?: string; duePhase: { id: string; name: string } | null })[] = [];
    for (const [index, row] of rows.entries()) {
      const kind: InstallmentKind = row.id
        ? (schedule.find((item) => item.id === row.id)?.kind ?? "milestone")
        : "milestone";
      let duePhase: { id: string; name: string } | null = null;
      if (row.due_phase) {
        const phase = phases.find((found) => found.id === row.due_phase);
        if (!phase) return refused(contractMessages.unknownPhase, `installments[${index}].due_phase`);
        duePhase = { id: phase.id, name: phase.name.slice(0, 200) };
      }
      if (kind !== "balance" && !row.value) {
        return refused(contractMessages.valueRequired, `installments[${index}].value`);
      }
      edited.push({
        id: row.id,
        label: row.label,
        kind,
        basis: kind === "balance" ? null : row.basis,
        value: kind === "balance" ? null : (row.value ?? null),
        dueOn: row.due_on ?? null,
        duePhase,
      });
    }
    const plan: PlannedInstallment[] = [
      ...planned(locked),
      ...edited.map((item) => ({ kind: item.kind, basis: item.basis, value: item.value })),
    ];
    const amounts = scheduleAmounts(moneyOf(contract), plan);
    if (!amounts.ok) return refused(amounts.message, "installments");

    const keep = new Set(edited.flatMap((item) => (item.id ? [item.id] : [])));
    for (const item of schedule) {
      if (!item.invoiced && !keep.has(item.id)) {
        await tx.delete(contractInstallments).where(eq(contractInstallments.id, item.id));
      }
    }
    for (const [offset, item] of locked.entries()) {
      await tx
        .update(contractInstallments)
        .set({ position: offset, amount: centsToDecimal(amounts.amounts[offset] ?? 0) })
        .where(eq(contractInstallments.id, item.id));
    }
    for (const [offset, item] of edited.entries()) {
      const position = locked.length + offset;
      const values = {
        position,
        label: item.label,
        basis: item.basis,
        basisValue: item.value === null ? null : centsToDecimal(item.value),
        amount: centsToDecimal(amounts.amounts[position] ?? 0),
        dueOn: item.dueOn ?? null,
        duePhaseId: item.duePhase?.id ?? null,
        duePhaseName: item.duePhase?.name ?? null,
      };
      if (item.id) {
        await tx.update(contractInstallments).set(values).where(eq(contractInstallments.id, item.id));
      } else {
        await tx.insert(contractInstallments).values({ ...values, contractId, kind: item.kind });
      }
    }
    return { ok: true, count: plan.length };
  });
}

/** Writes each installment's amount as the schedule now computes it (after an invoice is drawn). */
async function refreshAmounts(tx: Tx, contract: ContractRow) {
  const schedule = await scheduleOf(tx, contract.id, await contractInvoices(tx, [contract.id]));
  const amounts = scheduleAmounts(moneyOf(contract), planned(schedule));
  if (!amounts.ok) return;
  for (const [index, item] of schedule.entries()) {
    await tx
      .update(contractInstallments)
      .set({ position: index, amount: centsToDecimal(amounts.amounts[index] ?? 0) })
      .where(eq(contractInstallments.id, item.id));
  }
}

// ---------------------------------------------------------------- invoices drawn from the schedule

/**
 * Draws a draft invoice from the schedule: `next` the first installment not invoiced, `balance` the
 * remaining balance. A deposit or milestone bills its part before tax at the contract's tax rate; the
 * balance lists the contract's lines with its tax and deducts, after tax, what every earlier invoice
 * of the contract bills ("Less deposit INV-0001"), so the contract's invoices add up to its total to
 * the cent. Installments not invoiced yet are part of the balance and leave the schedule. Refused
 * while another invoice of the contract is a draft (the balance could not deduct it).
 */
export async function drawInvoice(
  db: Db,
  contractId: string,
  mode: "next" | "balance",
  now: Date = new Date(),
): Promise<DrawnInvoice> {
  return db.transaction((tx) => drawInvoiceIn(tx, contractId, mode, now));
}

type DrawnInvoice = null | Refused | { ok: true; id: string; invoiceNumber: string; label: string; covered: number };

/**
 * `drawInvoice` inside the caller's transaction; `{ installmentId }` draws that installment (a milestone
 * due when a phase is approved).
 */
export async function drawInvoiceIn(
  tx: Tx,
  contractId: string,
  mode: "next" | "balance" | { installmentId: string },
  now: Date = new Date(),
): Promise<DrawnInvoice> {
  const contract = await lockContract(tx, contractId);
  if (!contract) return null;
  const invoiceRows = await contractInvoices(tx, [contractId]);
  const schedule = await scheduleOf(tx, contractId, invoiceRows);
  const balance = schedule.find((item) => item.kind === "balance");
  const target =
    mode === "next"
      ? nextInstallment(schedule)
      : mode === "balance"
        ? balance
        : schedule.find((item) => item.id === mode.installmentId);
  if (!target) return refused(contractMessages.allInvoiced);
  if (target.invoice) return refused(contractMessages.balanceInvoiced(target.invoice.invoiceNumber));
  const money = moneyOf(contract);
  const today = await studioToday(tx, now);
  let items: InvoiceLine[];
  let covered: ScheduledInstallment[] = [];
  if (target.kind === "balance") {
    const live = invoiceRows.filter((invoice) => !invoice.facts.voided);
    const draftNumbers = live
      .filter((invoice) => invoice.facts.draft)
      .map((invoice) => invoice.invoiceNumber)
      .sort(compareDocumentNumbers);
    if (draftNumbers.length) return refused(contractMessages.draftFirst(draftNumbers.join(", ")));
    const deductions: InvoiceLine[] = live
      .filter((invoice) => billedBy(invoice.facts) > 0)
      .map((invoice) => ({
        kind: "deduction",
        description: deductionDescription({
          invoiceNumber: invoice.invoiceNumber,
          invoiceType: "invoice",
          installmentKind: schedule.find((item) => item.id === invoice.installmentId)?.kind ?? null,
        }),
        quantity: 100,
        unit_price: billedBy(invoice.facts),
        deducted_id: invoice.id,
      }));
    const billed = deductions.reduce((sum, line) => sum + line.unit_price, 0);
    if (billed > money.total) return refused(contractMessages.overBilled(billed, money.total));
    items = [
      ...contract.lines.map((line) => ({
        kind: "item" as const,
        description: line.description,
        quantity: line.quantity,
        unit_price: line.unitPrice,
      })),
      ...deductions,
    ];
    covered = schedule.filter((item) => !item.invoiced && item.kind !== "balance");
  } else {
    if (!target.basis || !target.value) return refused(contractMessages.valueRequired);
    const part = installmentPart(money, target.basis, target.value);
    items = [
      {
        kind: "item",
        description:
          `${target.label}: ${basisText(target.basis, target.value)} of ${contract.title} (contract total ${formatMoney(money.total)})`.slice(
            0,
            500,
          ),
        quantity: 100,
        unit_price: part.net,
      },
    ];
  }
  const form: InvoiceForm = {
    invoice_type: "invoice",
    customer_id: contract.customerId,
    project_id: contract.projectId ?? undefined,
    issue_date: today,
    due_date: target.dueOn && target.dueOn >= today ? target.dueOn : undefined,
    items,
    tax_rate: money.taxRate,
    discount_amount: target.kind === "balance" ? cents(contract.discountAmount) : 0,
    notes: `${target.label} of ${contract.title}.`.slice(0, 5000),
    terms: defaultTerms,
    send_reminders: true,
    intent: "draft",
  };
  for (const item of covered) {
    await tx.delete(contractInstallments).where(eq(contractInstallments.id, item.id));
  }
  const created = await insertInvoice(tx, form, now, undefined, { contractId, installmentId: target.id });
  await refreshAmounts(tx, contract);
  await publishChange(tx, { table: "invoices", id: created.id });
  return {
    ok: true,
    id: created.id,
    invoiceNumber: created.invoiceNumber,
    label: target.label,
    covered: covered.length,
  };
}

/**
 * The installments of the project's contracts due when a pricing phase is approved, not invoiced yet
 * (an installment with a live invoice is refused by `drawInvoiceIn`).
 */
export async function installmentsDueOnPhase(tx: Tx, projectId: string, pricingPhaseId: string) {
  return tx
    .select({ contractId: contractInstallments.contractId, installmentId: contractInstallments.id })
    .from(contractInstallments)
    .innerJoin(contracts, eq(contracts.id, contractInstallments.contractId))
    .where(and(eq(contracts.projectId, projectId), eq(contractInstallments.duePhaseId, pricingPhaseId)))
    .orderBy(asc(contractInstallments.position));
}

/**
 * The invoice editor's projects of a customer (app/models/invoices.server.ts `listProjectChoices`),
 * each with its contracts (ADR 0043): the next installment and the remaining balance to draw. A
 * project under contract offers no lines of its pricing: its invoices come from the schedule, so its
 * full price is never billed again.
 */
export async function projectChoicesWithContracts(db: Queryable, customerId: string) {
  const choices = await listProjectChoices(db, customerId);
  const summaries = await listContracts(db, { projectIds: choices.map((choice) => choice.id) });
  return choices.map((choice) => {
    const own = summaries.filter((summary) => summary.projectId === choice.id);
    return {
      ...choice,
      lines: own.length > 0 ? [] : choice.lines,
      contracts: own.map((summary) => ({
        id: summary.id,
        title: summary.title,
        next: summary.next ? { label: summary.next.label, amount: summary.next.amount } : null,
        balance: summary.balance,
      })),
    };
  });
}

/** A contract's title (the invoice page names the contract it was drawn from). */
export async function contractTitleOf(db: Queryable, id: string): Promise<string | null> {
  const [row] = await db.select({ title: contracts.title }).from(contracts).where(eq(contracts.id, id));
  return row?.title ?? null;
}
