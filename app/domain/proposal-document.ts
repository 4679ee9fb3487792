/**
 * A proposal as the client reads it, on its link (/p/{token}) and in its PDF: the same texts in
 * the same order, formatted once here (docs/decisions/0033-proposals.md). For a signed proposal,
 * the signature record its certificate page prints. Everything the studio or the client wrote is
 * carried as text, never as markup.
 */
import { displayDate, formatMomentIn } from "#app/domain/dates.ts";
import { formatQuantity, studioLines } from "#app/domain/invoice-document.ts";
import { type Cents, centsToDecimal, formatMoney, lineTotal, toCents } from "#app/domain/money.ts";
import {
  type DepositKind,
  optionTotal,
  type ProposalOption,
  type ProposalOptions,
} from "#app/domain/proposal-totals.ts";
import type { StudioIdentity } from "#app/domain/studio.ts";

export type ProposalDocumentSource = {
  proposalNumber: string;
  revision: number;
  title: string;
  introduction: string;
  scope: string;
  options: ProposalOptions;
  agreement: string;
  expiresOn: string;
  /** decimals as stored: "8.25" (percent), "50.00" (a percentage or an amount, as depositKind says) */
  taxRate: string;
  depositKind: DepositKind;
  depositValue: string;
  customer: { name: string; businessName: string | null; email: string };
  signedAt: Date | null;
  signerName: string | null;
  signerIp: string | null;
  signerUserAgent: string | null;
  contentHash: string | null;
  chosenTierId: string | null;
  chosenAddonIds: string[] | null;
  signedTotal: string | null;
  depositAmount: string | null;
};

export type OptionView = {
  id: string;
  name: string;
  description: string;
  lines: { description: string; quantity: string; unitPrice: string; total: string }[];
  total: string;
  /** the option's own total in cents (the page's script adds them up with the money module) */
  totalCents: Cents;
  /** part of the signed choice */
  chosen: boolean;
};

type SignatureRecordView = {
  signerName: string;
  signedAtIso: string;
  signedAtStudio: string;
  /** the studio's zone, which `signedAtStudio` is read in */
  signedAtZone: string;
  ip: string;
  userAgent: string;
  version: number;
  contentHash: string;
  tier: string;
  addons: string[];
  total: string;
  deposit: string;
};

export type ProposalDocument = {
  heading: "PROPOSAL";
  number: string;
  version: string;
  studio: { name: string; lines: string[] };
  customerLines: string[];
  title: string;
  introduction: string;
  scope: string;
  tiers: OptionView[];
  addons: OptionView[];
  taxRate: string;
  depositTerms: string;
  agreement: string;
  validUntil: string;
  signature: SignatureRecordView | null;
};

const hundredthsText = (value: Cents) => formatQuantity(centsToDecimal(value));
const money = (value: string | null) => formatMoney(toCents(value ?? "0") ?? 0);

function optionView(option: ProposalOption, chosen: boolean): OptionView {
  const total = optionTotal(option);
  return {
    id: option.id,
    name: option.name,
    description: option.description,
    lines: option.lines.map((line) => ({
      description: line.description,
      quantity: hundredthsText(line.quantity),
      unitPrice: formatMoney(line.unitPrice),
      total: formatMoney(lineTotal(line)),
    })),
    total: formatMoney(total),
    totalCents: total,
    chosen,
  };
}

/** "50% of the total" or "$500.00" */
function depositTerms(kind: DepositKind, value: string): string {
  return kind === "percent" ? `${formatQuantity(value)}% of the total` : money(value);
}

export function proposalDocument(
  source: ProposalDocumentSource,
  studio: StudioIdentity,
  timeZone: string,
): ProposalDocument {
  const signed = source.signedAt !== null && source.signerName !== null;
  const addonIds = new Set(signed ? (source.chosenAddonIds ?? []) : []);
  const tiers = source.options.tiers.map((option) => optionView(option, signed && option.id === source.chosenTierId));
  const addons = source.options.addons.map((option) => optionView(option, addonIds.has(option.id)));
  const customer = source.customer;
  return {
    heading: "PROPOSAL",
    number: source.proposalNumber,
    version: `Version ${source.revision}`,
    studio: { name: studio.businessName, lines: studioLines(studio) },
    customerLines: [
      customer.businessName ?? customer.name,
      ...(customer.businessName ? [customer.name] : []),
      customer.email,
    ],
    title: source.title,
    introduction: source.introduction,
    scope: source.scope,
    tiers,
    addons,
    taxRate: formatQuantity(source.taxRate),
    depositTerms: depositTerms(source.depositKind, source.depositValue),
    agreement: source.agreement,
    validUntil: displayDate(source.expiresOn),
    signature:
      signed && source.signedAt && source.signerName
        ? {
            signerName: source.signerName,
            signedAtIso: source.signedAt.toISOString(),
            signedAtStudio: formatMomentIn(source.signedAt, timeZone),
            signedAtZone: timeZone,
            ip: source.signerIp ?? "not recorded",
            userAgent: source.signerUserAgent ?? "not recorded",
            version: source.revision,
            contentHash: source.contentHash ?? "",
            tier: tiers.find((option) => option.chosen)?.name ?? "",
            addons: addons.filter((option) => option.chosen).map((option) => option.name),
            total: money(source.signedTotal),
            deposit: money(source.depositAmount),
          }
        : null,
  };
}
