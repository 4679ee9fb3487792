/**
 * The owner's proposal pages (/admin/proposals; the list's address is proposal-list.ts): the amount a row shows, the
 * editor's live totals from the values being typed, the record's actions as posted, and their words.
 * Schema-free, so the list loads no schema library: the posts' schemas are in `proposal-forms.ts`, the
 * proposal itself (content, states, the form's schema) in `proposals.ts`.
 */
import { addDaysIso } from "#app/domain/dates.ts";
import type { ProposalState } from "#app/domain/enums.ts";
import { type Cents, formatMoney, lineTotal, readTypedHundredths, toCents } from "#app/domain/money.ts";
import {
  choiceMessages,
  type DepositKind,
  depositAmount,
  optionTotal,
  type ProposalOptions,
} from "#app/domain/proposal-totals.ts";
import { signatureMessages } from "#app/domain/signature.ts";

/** The editor's address for a new proposal: for a customer, for a project, or from the pricing packages. */
export function newProposalHref(start: { customerId?: string; projectId?: string; fromPricing?: boolean } = {}) {
  const params = new URLSearchParams();
  if (start.customerId) params.set("customer_id", start.customerId);
  if (start.projectId) params.set("project_id", start.projectId);
  if (start.fromPricing) params.set("from", "pricing");
  const search = params.toString();
  return `/admin/proposals/new${search ? `?${search}` : ""}`;
}

// ---------------------------------------------------------------- amounts

/**
 * What a row's Amount shows: the signed total once signed, else "from" the smallest package's total
 * (the client chooses; add-ons only add), or a dash when no package has a price yet.
 */
export function proposalAmountText(row: {
  state: ProposalState;
  options: ProposalOptions;
  signedTotal: string | null;
}): string {
  if (row.state === "signed" && row.signedTotal !== null) return formatMoney(toCents(row.signedTotal) ?? 0);
  if (row.options.tiers.length === 0) return "—";
  const smallest = Math.min(...row.options.tiers.map(optionTotal));
  return row.options.tiers.length === 1 ? formatMoney(smallest) : `from ${formatMoney(smallest)}`;
}

/** The deposit as the record states it: "50% of the total" or "$500.00". */
export function depositText(kind: DepositKind, value: number): string {
  if (kind === "amount") return formatMoney(value);
  return `${(value / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}% of the total`;
}

// ---------------------------------------------------------------- the editor's live totals

type RawLine = { description?: unknown; quantity?: unknown; unit_price?: unknown } | undefined;
type RawOption = { lines?: unknown } | undefined;

const typed = (value: unknown) => Math.max(0, readTypedHundredths(value) ?? 0);

/** One option's totals from the values being typed: each line's total, and the option's (described lines only, as saved). */
export function previewOption(option: RawOption): { lineTotals: Cents[]; total: Cents } {
  const lines: RawLine[] = Array.isArray(option?.lines) ? option.lines : [];
  const priced = lines.map((line) => ({
    described: typeof line?.description === "string" && line.description.trim() !== "",
    total: lineTotal({ quantity: typed(line?.quantity), unitPrice: typed(line?.unit_price) }),
  }));
  return {
    lineTotals: priced.map((line) => line.total),
    total: priced.reduce((sum, line) => (line.described ? sum + line.total : sum), 0),
  };
}

/** The deposit the client would pay on an option's total (before tax), with the tax rate typed so far. */
export function previewDeposit(
  total: Cents,
  values: { tax_rate?: unknown; deposit_kind?: unknown; deposit_value?: unknown },
): Cents {
  const taxRate = Math.min(10_000, typed(values.tax_rate));
  const kind: DepositKind = values.deposit_kind === "amount" ? "amount" : "percent";
  const value = kind === "percent" ? Math.min(10_000, typed(values.deposit_value)) : typed(values.deposit_value);
  return depositAmount(total, taxRate, kind, value);
}

/** A new proposal's expiry: the studio's today plus its validity in days (Settings). */
export function defaultExpiry(today: string, validDays: number = proposalDefaults.validDays): string {
  return addDaysIso(today, validDays);
}

// ---------------------------------------------------------------- the record's actions

/** The dialogs the record page opens by its address (?dialog=). */
const proposalDialogs = ["revise", "revoke", "delete"] as const;
export type ProposalDialog = (typeof proposalDialogs)[number];

export function parseProposalDialog(value: string | null): ProposalDialog | null {
  return proposalDialogs.find((dialog) => dialog === value) ?? null;
}

export const proposalPageMessages = {
  saved: (number: string) => `Proposal ${number} saved`,
  savedAndSent: (email: string) => `Proposal saved and sent to ${email}`,
  revised: (number: string) => `Proposal ${number} is a draft again: edit it, then send it`,
  revoked: (number: string) => `Proposal ${number} revoked`,
  deleted: (number: string) => `Proposal ${number} deleted`,
  noLiveLink: "The client has no live link to this proposal: send it first.",
  saveFailed: "The proposal could not be saved. Please try again.",
} as const;

export const proposalDefaults = {
  prefix: "PRO",
  depositPercent: 5000, // 50.00 %, in hundredths
  validDays: 30,
  agreement: [
    "1. Scope. The studio delivers the work described in the chosen package and add-ons.",
    "2. Payment. The deposit shown is due on signing and starts the work; the balance is invoiced on delivery.",
    "3. Changes. Work outside the scope is quoted separately and starts only once approved in writing.",
    "4. Ownership. On full payment the client owns the delivered site and its content; the studio may show it in its portfolio.",
    "5. Cancellation. Either side may end this agreement by email; work done until then is invoiced and the deposit is not refunded.",
  ].join("\n"),
} as const;

export const proposalMessages = {
  notFound: "Proposal not found",
  empty: "No proposals found",
  selectCustomer: "Please select a customer",
  addTier: "Please add at least one package",
  tierName: "Package name is required",
  addonName: "Add-on name is required",
  addLine: "Each package and add-on needs at least one line",
  agreement: "Agreement is required",
  expires: "Please choose an expiry date",
  depositPercent: "Deposit must be between 0 and 100 percent",
  title: "Title is required",
  ...choiceMessages,
  signerName: "Please type your full name to sign",
  agree: "Please confirm that you agree to the agreement",
  changed: "This proposal has changed since you opened it. Please read the new version before you sign.",
  expired: "This proposal has expired and can no longer be signed.",
  closed: "This proposal can no longer be signed.",
  signature: signatureMessages.unreadable,
  settingsSaved: "Proposal settings saved",
  /** a client link to a proposal the studio is revising */
  revising: "This proposal is being revised. The new version will come to you by email.",
  signed: "Signed — thank you",
  declined: "You declined this proposal. Thank you for letting us know.",
} as const;
