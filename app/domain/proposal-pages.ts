/**
 * The owner's proposal pages (/admin/proposals): the list's URL state, the amount a row shows, the
 * editor's live totals from the values being typed, the record's actions as posted, and their words.
 * The proposal itself (content, states, the form's schema) is app/domain/proposals.ts.
 */

import { z } from "zod";
import { addDaysIso } from "#app/domain/dates.ts";
import type { ProposalState } from "#app/domain/enums.ts";
import { limits } from "#app/domain/limits.ts";
import { type Cents, formatMoney, lineTotal, readTypedHundredths, toCents } from "#app/domain/money.ts";
import {
  type DepositKind,
  depositAmount,
  optionTotal,
  type ProposalOptions,
  proposalDefaults,
  proposalStatusFilters,
} from "#app/domain/proposals.ts";
import { requiredText } from "#app/domain/validation.ts";

// ---------------------------------------------------------------- the list's URL state

const proposalListQuerySchema = z.object({
  status: z.enum(proposalStatusFilters).catch("all"),
  q: z.string().trim().max(100).catch(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type ProposalListState = z.output<typeof proposalListQuerySchema>;

export function parseProposalListQuery(params: URLSearchParams): ProposalListState {
  return proposalListQuerySchema.parse({
    status: params.get("status") ?? undefined,
    q: params.get("q") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}

export function proposalListHref(query: Partial<ProposalListState>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status && query.status !== "all") params.set("status", query.status);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return `/admin/proposals${search ? `?${search}` : ""}`;
}

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

const proposalRecordIntents = ["client-link", "revise", "revoke", "delete"] as const;

/** The intent of a post for the record's actions, or null (the editor's own save). */
export const proposalRecordIntentSchema = z.object({ intent: z.enum(proposalRecordIntents) });

export const proposalReviseSchema = z.object({
  reason: requiredText(
    limits.changeReason,
    "Please say what changes in this revision",
    `Reason must be less than ${limits.changeReason} characters`,
  ),
});

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
