/**
 * Contracts and their payment schedules (docs/decisions/0043-contracts-and-customer-credit.md): the
 * arithmetic, pure and exact (whole cents, app/domain/money.ts). A signed proposal or a converted
 * estimate is a contract: its lines, tax rate and total, and a schedule of installments (a deposit,
 * milestones, the balance). A deposit or milestone is a percentage of the contract's subtotal with the
 * contract's tax on top, or an amount that includes the tax; the balance is the rest, so the
 * installments add up to the contract's total to the cent, any rounding remainder on the last.
 *
 * No zod and no date module here (the forms and the due dates' words are app/domain/contract-form.ts):
 * the proposal's page takes its deposit from this module in the browser (app/domain/proposal-totals.ts).
 */

import { limits, tooLong } from "#app/domain/limits.ts";
import { type Cents, divideRounded, formatMoney, taxOn } from "#app/domain/money.ts";
import type { Result } from "#app/domain/result.ts";

export const installmentKinds = ["deposit", "milestone", "balance"] as const;
export type InstallmentKind = (typeof installmentKinds)[number];
export const installmentKindLabels: Record<InstallmentKind, string> = {
  deposit: "Deposit",
  milestone: "Milestone",
  balance: "Balance",
};

/** How a deposit or a milestone is priced: a percentage of the subtotal (plus its tax) or an amount with its tax in it. */
export const installmentBases = ["percent", "amount"] as const;
export type InstallmentBasis = (typeof installmentBases)[number];

/** An installment's money: the part before tax, its tax at the contract's rate, and the two together. */
export type InstallmentPart = { net: Cents; tax: Cents; amount: Cents };

const nothing: InstallmentPart = { net: 0, tax: 0, amount: 0 };

/** A percentage (hundredths of a percent: 50% -> 5000) of the subtotal, with the tax on that part on top. */
export function percentPart(subtotal: Cents, taxRate: number, percent: number): InstallmentPart {
  if (subtotal <= 0 || percent <= 0) return nothing;
  const net = Number(divideRounded(BigInt(subtotal) * BigInt(Math.min(percent, 10_000)), 10_000n));
  const tax = taxOn(net, taxRate);
  return { net, tax, amount: net + tax };
}

/**
 * An amount that includes the tax: the largest part before tax whose tax brings it to at most the
 * amount. Exactly the amount whenever a part gives it; at some rates a cent cannot be reached
 * (10%: $9.04 + $0.90 = $9.94, $9.05 + $0.91 = $9.96), and the installment is then a cent less.
 */
export function amountPart(amount: Cents, taxRate: number): InstallmentPart {
  if (amount <= 0) return nothing;
  const withTax = (net: Cents) => net + taxOn(net, taxRate);
  let net = Number(divideRounded(BigInt(amount) * 10_000n, BigInt(10_000 + taxRate)));
  while (net > 0 && withTax(net) > amount) net -= 1;
  while (withTax(net + 1) <= amount) net += 1;
  const tax = taxOn(net, taxRate);
  return { net, tax, amount: net + tax };
}

/** What an installment is priced on: the contract's subtotal, tax rate and total. */
export type ContractMoney = { subtotal: Cents; taxRate: number; total: Cents };

/**
 * The part of a deposit or milestone: a percentage of the subtotal plus its tax, or an amount (at most
 * the contract's total) with its tax in it.
 */
export function installmentPart(contract: ContractMoney, basis: InstallmentBasis, value: number): InstallmentPart {
  if (contract.total <= 0) return nothing;
  if (basis === "percent") return percentPart(contract.subtotal, contract.taxRate, value);
  return amountPart(Math.min(value, contract.total), contract.taxRate);
}

/** An installment as the schedule holds it. */
export type PlannedInstallment = {
  kind: InstallmentKind;
  /** null for the balance (the rest) */
  basis: InstallmentBasis | null;
  /** hundredths of a percent, or cents, as `basis` says */
  value: number | null;
  /** what its invoice bills now (the total less its credit notes), once one is drawn */
  billed?: Cents | null;
};

export const scheduleMessages = {
  oneBalance: "The schedule ends with one balance, the rest of the contract.",
  depositFirst: "A deposit can only be the first installment.",
  needsValue: "Each deposit and milestone needs a percentage or an amount greater than 0.",
  overTotal: (sum: Cents, total: Cents) =>
    `The installments add up to ${formatMoney(sum)}, more than the contract's total (${formatMoney(total)}).`,
} as const;

/**
 * The amount of each installment, in order: an invoiced one what its invoice bills, the others their
 * part, and the balance the rest of the total. Refused when the schedule is not deposit?, milestones,
 * balance (one, last), or its installments add up to more than the total.
 */
export function scheduleAmounts(
  contract: ContractMoney,
  installments: readonly PlannedInstallment[],
): Result<{ amounts: Cents[] }> {
  const last = installments.length - 1;
  if (last < 0 || installments.some((item, index) => (item.kind === "balance") !== (index === last))) {
    return { ok: false, message: scheduleMessages.oneBalance };
  }
  if (installments.some((item, index) => item.kind === "deposit" && index !== 0)) {
    return { ok: false, message: scheduleMessages.depositFirst };
  }
  const amounts: Cents[] = [];
  for (const item of installments.slice(0, last)) {
    if (item.billed !== undefined && item.billed !== null) {
      amounts.push(item.billed);
      continue;
    }
    if (!item.basis || !item.value || item.value <= 0) return { ok: false, message: scheduleMessages.needsValue };
    amounts.push(installmentPart(contract, item.basis, item.value).amount);
  }
  const before = amounts.reduce((sum, amount) => sum + amount, 0);
  const balance = installments[last]?.billed ?? contract.total - before;
  if (contract.total - before < 0) return { ok: false, message: scheduleMessages.overTotal(before, contract.total) };
  return { ok: true, amounts: [...amounts, balance] };
}

/** The first installment not invoiced yet, by position; null when every one is. */
export function nextInstallment<T extends { invoiced: boolean }>(installments: readonly T[]): T | null {
  return installments.find((item) => !item.invoiced) ?? null;
}

// ---------------------------------------------------------------- what the contract's invoices bill

/** An invoice of the contract, as the contract counts it. */
export type ContractInvoiceFacts = {
  draft: boolean;
  voided: boolean;
  total: Cents;
  /** its credit notes */
  credited: Cents;
  paid: Cents;
};

/** What an invoice bills: its total less its credit notes; a draft or a void invoice bills nothing. */
export function billedBy(invoice: ContractInvoiceFacts): Cents {
  if (invoice.draft || invoice.voided) return 0;
  return Math.max(0, invoice.total - invoice.credited);
}

export type ContractProgress = { total: Cents; invoiced: Cents; paid: Cents; remaining: Cents };

/**
 * The contract's figures: its total, what its invoices bill, what was paid on them (never more than
 * each bills), and what remains to be paid of the total.
 */
export function contractProgress(total: Cents, invoices: readonly ContractInvoiceFacts[]): ContractProgress {
  const counted = invoices.filter((invoice) => !invoice.draft && !invoice.voided);
  const invoiced = counted.reduce((sum, invoice) => sum + billedBy(invoice), 0);
  const paid = counted.reduce((sum, invoice) => sum + Math.min(invoice.paid, billedBy(invoice)), 0);
  return { total, invoiced, paid, remaining: Math.max(0, total - paid) };
}

/** "Contract total / Billed before / This invoice / Left after this": an invoice of the contract's place in it. */
export type ContractStanding = { contractTotal: Cents; billedBefore: Cents; thisInvoice: Cents; leftAfter: Cents };

export function contractStanding(contractTotal: Cents, billedBefore: Cents, thisInvoice: Cents): ContractStanding {
  return { contractTotal, billedBefore, thisInvoice, leftAfter: contractTotal - billedBefore - thisInvoice };
}

const standingLabels = {
  contractTotal: "Contract total",
  billedBefore: "Billed before",
  thisInvoice: "This invoice",
  leftAfter: "Left after this",
} as const satisfies Record<keyof ContractStanding, string>;

/** The standing as labelled amounts, in the order they are printed. */
export function standingRows(standing: ContractStanding): { label: string; value: string }[] {
  return (Object.keys(standingLabels) as (keyof ContractStanding)[]).map((key) => ({
    label: standingLabels[key],
    value: formatMoney(standing[key]),
  }));
}

// ---------------------------------------------------------------- deductions

/** What a deduction line takes off: an earlier invoice (from a contract's deposit or milestone, or not) or a credit note. */
export type DeductedDocument = {
  invoiceNumber: string;
  invoiceType: "invoice" | "credit_note";
  /** the installment it was drawn for, when it was */
  installmentKind?: InstallmentKind | null;
};

/** "Less deposit INV-0001", "Less milestone INV-0002", "Less invoice INV-0007", "Less credit note CN-0001". */
export function deductionDescription(document: DeductedDocument): string {
  const word =
    document.invoiceType === "credit_note"
      ? "credit note"
      : document.installmentKind === "deposit" || document.installmentKind === "milestone"
        ? document.installmentKind
        : "invoice";
  return `Less ${word} ${document.invoiceNumber}`;
}

// ---------------------------------------------------------------- words

/** "50% of the subtotal plus tax" or "$1,000.00 including tax"; the balance is "The rest". */
export function basisText(basis: InstallmentBasis | null, value: number | null): string {
  if (!basis || value === null) return "The rest";
  if (basis === "percent") {
    const whole = Math.trunc(value / 100);
    const fraction = value % 100;
    const percent = fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, "0").replace(/0$/, "")}`;
    return `${percent}% of the subtotal plus tax`;
  }
  return `${formatMoney(value)} including tax`;
}

export const contractMessages = {
  notFound: "Contract not found",
  labelRequired: "Please name the installment",
  labelTooLong: tooLong("Label", limits.installmentLabel),
  valueRequired: "Enter a percentage or an amount greater than 0",
  percentRange: "A percentage is at most 100",
  valueTooLarge: "Must be at most 9,999,999,999.99",
  dueBoth: "Choose a date or a phase, not both",
  unknownPhase: "Choose one of the project's phases",
  tooMany: `A schedule has at most ${limits.installments} installments`,
  locked: (label: string, number: string) =>
    `“${label}” is invoiced (${number}), so it is locked: void that invoice to change it.`,
  unknownInstallment: "This installment is no longer in the schedule: reload the page.",
  complete: "The balance is invoiced, so the schedule is complete.",
  saved: "Schedule saved",
  allInvoiced: "Every installment of this contract is invoiced.",
  balanceInvoiced: (number: string) => `The remaining balance is invoiced already (${number}).`,
  draftFirst: (numbers: string) =>
    numbers.includes(",")
      ? `${numbers} are drafts: send or delete them first, so the balance can deduct what they bill.`
      : `${numbers} is a draft: send or delete it first, so the balance can deduct what it bills.`,
  overBilled: (billed: Cents, total: Cents) =>
    `The contract's invoices bill ${formatMoney(billed)}, more than its total (${formatMoney(total)}): credit one of them first.`,
  drawn: (label: string, number: string) => `${label}: draft ${number} made from the schedule`,
  covered: (count: number) =>
    `${count} ${count === 1 ? "installment not invoiced yet is" : "installments not invoiced yet are"} part of the balance and left the schedule.`,
} as const;
