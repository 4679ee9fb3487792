/**
 * The money of a proposal's choice (docs/decisions/0033-proposals.md): a package's total, the
 * deposit, and the totals of a chosen package with add-ons, with the one money module. Kept apart
 * from app/domain/proposals.ts (its schemas pull in zod) because the client's page runs it in the
 * browser too (app/browser/proposal-choice.ts): the total it shows live is the server's to the cent.
 */
import { type InstallmentPart, installmentPart } from "#app/domain/contracts.ts";
import { type Cents, calculateTotals, lineTotal, taxOn } from "#app/domain/money.ts";
import type { Result } from "#app/domain/result.ts";

export const depositKinds = ["percent", "amount"] as const;
export type DepositKind = (typeof depositKinds)[number];

/** quantity in hundredths, unit price in cents (money.ts) */
type ProposalLine = { description: string; quantity: number; unitPrice: Cents };
export type ProposalOption = { id: string; name: string; description: string; lines: ProposalLine[] };
/** The part of a proposal the client reads and signs (stored as one JSON value). */
export type ProposalOptions = { tiers: ProposalOption[]; addons: ProposalOption[] };

export const choiceMessages = {
  chooseTier: "Please choose a package",
  unknownAddon: "Please choose from the add-ons offered",
} as const;

export function optionTotal(option: Pick<ProposalOption, "lines">): Cents {
  return option.lines.reduce((sum, line) => sum + lineTotal(line), 0);
}

/**
 * The deposit on a subtotal taxed at `taxRate` (hundredths of a percent), as the deposit invoice bills
 * it (app/domain/contracts.ts): a percentage (hundredths) of the subtotal plus the tax on that part, or
 * an amount with its tax in it, at most the total. Its `amount` is what the page shows and the
 * invoice's total, to the cent.
 */
export function depositPart(subtotal: Cents, taxRate: number, kind: DepositKind, value: number): InstallmentPart {
  const total = subtotal + taxOn(subtotal, taxRate);
  return installmentPart({ subtotal, taxRate, total }, kind, value);
}

/** The deposit's amount (tax included): see `depositPart`. */
export function depositAmount(subtotal: Cents, taxRate: number, kind: DepositKind, value: number): Cents {
  return depositPart(subtotal, taxRate, kind, value).amount;
}

export type ProposalChoice = { tierId: string; addonIds: string[] };

export type ChoiceTotals = {
  tier: ProposalOption;
  addons: ProposalOption[];
  /** the chosen lines, tier first, then the add-ons in their order */
  lines: ProposalLine[];
  subtotal: Cents;
  taxAmount: Cents;
  total: Cents;
  /** the deposit, tax included: what the deposit invoice's total will be */
  deposit: Cents;
  /** the deposit's part before tax and its tax, as the deposit invoice bills them */
  depositPart: InstallmentPart;
};

/** What the totals of a choice are taken from. */
export type ChoicePricing = {
  options: ProposalOptions;
  taxRate: number;
  depositKind: DepositKind;
  depositValue: number;
};

/** The totals of a choice, with the money module's one calculation; a choice of what is not offered fails. */
export function choiceTotals(proposal: ChoicePricing, choice: ProposalChoice): Result<{ totals: ChoiceTotals }> {
  const tier = proposal.options.tiers.find((option) => option.id === choice.tierId);
  if (!tier) return { ok: false, message: choiceMessages.chooseTier, field: "tier" };
  const wanted = new Set(choice.addonIds);
  const addons = proposal.options.addons.filter((option) => wanted.has(option.id));
  if (addons.length !== wanted.size) return { ok: false, message: choiceMessages.unknownAddon, field: "addons" };
  const lines = [...tier.lines, ...addons.flatMap((option) => option.lines)];
  const totals = calculateTotals({ lines, taxRate: proposal.taxRate, discount: 0 });
  const deposit = depositPart(totals.subtotal, proposal.taxRate, proposal.depositKind, proposal.depositValue);
  return {
    ok: true,
    totals: {
      tier,
      addons,
      lines,
      subtotal: totals.subtotal,
      taxAmount: totals.taxAmount,
      total: totals.total,
      deposit: deposit.amount,
      depositPart: deposit,
    },
  };
}
