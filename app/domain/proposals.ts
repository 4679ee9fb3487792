/**
 * Proposals (docs/decisions/0033-proposals.md): a document that offers package tiers (the client
 * chooses one) and optional add-ons, an agreement to sign and a deposit. This module holds what a
 * proposal is and may do, free of the database: the content's shape, the totals of a choice (the
 * one money module), the deposit, the state rules, and the canonical text whose SHA-256 a signature
 * is bound to.
 */
import { z } from "zod";
import { typedHundredths } from "#app/domain/amount-field.ts";
import { isIsoDate } from "#app/domain/dates.ts";
import type { ProposalState, ProposalStatus } from "#app/domain/enums.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { formatQuantity } from "#app/domain/invoice-document.ts";
import { type EditorLine, editorLines, emptyLine, hundredths, lineItemSchema } from "#app/domain/invoice-form.ts";
import { limits } from "#app/domain/limits.ts";
import {
  type Cents,
  centsToDecimal,
  formatMoney,
  lineTotal,
  maxMoneyCents,
  readTypedHundredths,
  totalTooLargeMessage,
} from "#app/domain/money.ts";
import { proposalDefaults, proposalMessages } from "#app/domain/proposal-pages.ts";
import {
  type DepositKind,
  depositKinds,
  optionTotal,
  type ProposalChoice,
  type ProposalOption,
  type ProposalOptions,
} from "#app/domain/proposal-totals.ts";
import type { Result } from "#app/domain/result.ts";
import {
  maxSignatureChars,
  pngHeader,
  signatureMessages,
  signaturePixelsAllowed,
  signaturePngBytes,
} from "#app/domain/signature.ts";

export {
  type ChoiceTotals,
  choiceTotals,
  type DepositKind,
  depositAmount,
  depositPart,
  optionTotal,
  type ProposalChoice,
  type ProposalOption,
  type ProposalOptions,
} from "#app/domain/proposal-totals.ts";

// ---------------------------------------------------------------- what a proposal is

/** What a new proposal starts with, as /admin/settings keeps it (hundredths of a percent). */
export type ProposalSettings = { agreementTemplate: string; depositPercent: number; validDays: number };

export const defaultProposalSettings: ProposalSettings = {
  agreementTemplate: proposalDefaults.agreement,
  depositPercent: proposalDefaults.depositPercent,
  validDays: proposalDefaults.validDays,
};

// ---------------------------------------------------------------- money

/** The highest total a proposal can reach (its largest tier with every add-on): what "up to" shows. */
export function largestTotal(options: ProposalOptions): Cents {
  const tier = Math.max(0, ...options.tiers.map(optionTotal));
  return tier + options.addons.reduce((sum, option) => sum + optionTotal(option), 0);
}

// ---------------------------------------------------------------- states

export type ProposalAction = "edit" | "send" | "revise" | "revoke" | "sign" | "decline" | "delete";

export type ProposalFacts = {
  status: ProposalStatus;
  expiresOn: string;
  /** 1 until the first revision; a draft of a later revision was sent before and is not deleted */
  revision: number;
};

/** Sent (or viewed) and past its expiry date, in the studio's today. */
function isExpired(proposal: Pick<ProposalFacts, "status" | "expiresOn">, today: string): boolean {
  return (proposal.status === "sent" || proposal.status === "viewed") && proposal.expiresOn < today;
}

export function proposalState(proposal: Pick<ProposalFacts, "status" | "expiresOn">, today: string): ProposalState {
  return isExpired(proposal, today) ? "expired" : proposal.status;
}

const closedReasons: Partial<Record<ProposalState, string>> = {
  signed: "This proposal is signed: it is kept as it was signed. Make a new proposal for more work.",
  revoked: "This proposal was revoked.",
};

/**
 * What may be done to a proposal now. A draft is edited, sent or (never sent) deleted; a sent one is
 * signed or declined by the client until it expires, revoked by the owner, or revised (a new version
 * that needs a new signature); a signed or revoked one is closed for ever.
 */
export function checkProposalAction(proposal: ProposalFacts, action: ProposalAction, today: string): Result {
  const state = proposalState(proposal, today);
  const refuse = (message: string): Result => ({ ok: false, message });
  switch (action) {
    case "edit":
    case "send":
      return state === "draft" ? { ok: true } : refuse("Only a draft can be changed: revise the proposal first.");
    case "delete":
      if (state !== "draft") return refuse("Only a draft can be deleted.");
      return proposal.revision === 1
        ? { ok: true }
        : refuse("This proposal was sent before: revoke it instead of deleting it.");
    case "revise":
      return state === "sent" || state === "viewed" || state === "declined" || state === "expired"
        ? { ok: true }
        : refuse(closedReasons[state] ?? "Only a sent proposal can be revised.");
    case "revoke":
      return state === "sent" || state === "viewed" || state === "expired"
        ? { ok: true }
        : refuse(closedReasons[state] ?? "Only a sent proposal can be revoked.");
    case "sign":
    case "decline":
      if (state === "expired") return refuse(proposalMessages.expired);
      return state === "sent" || state === "viewed" ? { ok: true } : refuse(proposalMessages.closed);
  }
}

// ---------------------------------------------------------------- the signed content

export type SignableProposal = {
  proposalNumber: string;
  revision: number;
  customerName: string;
  title: string;
  introduction: string;
  scope: string;
  options: ProposalOptions;
  agreement: string;
  expiresOn: string;
  taxRate: number;
  depositKind: DepositKind;
  depositValue: number;
};

/** hundredths as the documents print them: 150 -> "1.5" */
const hundredthsText = (value: number) => formatQuantity(centsToDecimal(value));

function optionText(option: ProposalOption): string[] {
  return [
    `${option.name} (${formatMoney(optionTotal(option))})`,
    ...(option.description ? [option.description] : []),
    ...option.lines.map(
      (line) =>
        `- ${line.description}: ${hundredthsText(line.quantity)} x ${formatMoney(line.unitPrice)} = ${formatMoney(lineTotal(line))}`,
    ),
  ];
}

/**
 * The proposal as text, in a fixed order: what the client reads on the link and what the signature's
 * SHA-256 is taken of. Any change to what the client sees changes this text, so a signature given on
 * an older version (its hash) is refused.
 */
export function signingText(proposal: SignableProposal): string {
  const deposit =
    proposal.depositKind === "percent"
      ? `${hundredthsText(proposal.depositValue)}% of the total`
      : formatMoney(proposal.depositValue);
  return [
    `Proposal ${proposal.proposalNumber}, version ${proposal.revision}`,
    `For: ${proposal.customerName}`,
    `Title: ${proposal.title}`,
    `Introduction:\n${proposal.introduction}`,
    `Scope:\n${proposal.scope}`,
    "Packages (choose one):",
    ...proposal.options.tiers.flatMap(optionText),
    "Add-ons (optional):",
    ...proposal.options.addons.flatMap(optionText),
    `Tax rate: ${hundredthsText(proposal.taxRate)}%`,
    `Deposit on signing: ${deposit}`,
    `Valid until: ${proposal.expiresOn}`,
    `Agreement:\n${proposal.agreement}`,
  ].join("\n");
}

// ---------------------------------------------------------------- starting points

/** The lowest amount of a pricing package's price text ("$1,500 - $3,000" -> 150000; "$3,000 - $5,000+" -> 300000). */
export function lowestPrice(price: string): Cents {
  const match = /\$?\s*([\d,]+(?:\.\d{1,2})?)/.exec(price);
  if (!match?.[1]) return 0;
  // "$10,00" could be ten dollars: 0 (the owner types the price) rather than $1,000.00
  return readTypedHundredths(match[1]) ?? 0;
}

/** Tiers from the public Pricing page's packages: one line each at the package's lowest price. */
export function tiersFromPackages(
  packages: readonly { name: string; price: string; description: string; features: readonly string[] }[],
): EditorOption[] {
  return packages.map((pkg) => ({
    name: pkg.name,
    description: [pkg.description, ...pkg.features.map((feature) => `- ${feature}`)].join("\n"),
    lines: [{ description: pkg.name, quantity: "1", unit_price: centsToDecimal(lowestPrice(pkg.price)) }],
  }));
}

// ---------------------------------------------------------------- the editor's form

export type EditorOption = { name: string; description: string; lines: EditorLine[] };

export const emptyOption: EditorOption = { name: "", description: "", lines: [emptyLine] };

/** Stored options as the editor shows them. */
export function editorOptions(options: readonly ProposalOption[]): EditorOption[] {
  return options.map((option) => ({
    name: option.name,
    description: option.description,
    lines: editorLines(
      option.lines.map((line) => ({
        description: line.description,
        quantity: line.quantity,
        unit_price: line.unitPrice,
      })),
    ),
  }));
}

/** An optional text: trimmed, blank is "" (the form kit's parser turns a blank field into undefined). */
const text = (max: number, label: string) =>
  z
    .preprocess(
      (value) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim() || undefined : undefined),
      z.string().max(max, `${label} must be less than ${max} characters`).optional(),
    )
    .transform((value) => value ?? "");

/** A required text: trimmed (`squash`: every run of white space one space), blank is missing. */
const required = (max: number, requiredMessage: string, label: string, squash = false) =>
  z.preprocess(
    (value) =>
      typeof value === "string"
        ? (squash ? value.replace(/\s+/g, " ") : value.replace(/\r\n?/g, "\n")).trim() || undefined
        : undefined,
    z.string(requiredMessage).max(max, `${label} must be less than ${max} characters`),
  );

const optionSchema = (nameMessage: string) =>
  z
    .object({
      name: text(limits.optionName, "Name"),
      description: text(limits.longText, "Description"),
      lines: z
        .preprocess((value) => (Array.isArray(value) ? value : []), z.array(lineItemSchema))
        .transform((lines) => lines.filter((line) => line.description !== "")),
    })
    .superRefine((option, ctx) => {
      if (!option.name) ctx.addIssue({ code: "custom", path: ["name"], message: nameMessage });
      if (option.lines.length === 0)
        ctx.addIssue({ code: "custom", path: ["lines"], message: proposalMessages.addLine });
    });

/** An option row left wholly blank is dropped (the editor's empty add-on). */
function dropBlankOptions(value: unknown): unknown {
  if (!Array.isArray(value)) return [];
  return value.filter((option) => {
    if (!option || typeof option !== "object") return false;
    const { name, description, lines } = option as { name?: unknown; description?: unknown; lines?: unknown };
    const blank = (v: unknown) => typeof v !== "string" || v.trim() === "";
    const linesBlank =
      !Array.isArray(lines) || lines.every((line) => blank((line as { description?: unknown })?.description));
    return !(blank(name) && blank(description) && linesBlank);
  });
}

export const proposalSettingsIntent = "proposal-settings";

/** The Proposals section of /admin/settings. */
export const proposalSettingsSchema = z.object({
  intent: z.literal(proposalSettingsIntent),
  agreement_template: required(limits.agreement, "Agreement template is required", "Agreement template"),
  deposit_percent: typedHundredths(
    z
      .number("Deposit must be between 0 and 100 percent")
      .int()
      .min(0, "Deposit must be between 0 and 100 percent")
      .max(10_000, "Deposit must be between 0 and 100 percent"),
  ),
  valid_days: z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : undefined),
    z
      .number("Enter a number of days between 1 and 365")
      .int()
      .min(1, "Enter a number of days between 1 and 365")
      .max(365, "Enter a number of days between 1 and 365"),
  ),
});

export const proposalFormSchema = z
  .object({
    customer_id: z.preprocess((value) => parseUuid(value) ?? undefined, z.string(proposalMessages.selectCustomer)),
    project_id: z.preprocess((value) => parseUuid(value) ?? undefined, z.string().optional()),
    /** the onboarding questionnaire sent when the client signs */
    questionnaire_id: z.preprocess((value) => parseUuid(value) ?? undefined, z.string().optional()),
    title: required(limits.projectName, proposalMessages.title, "Title"),
    introduction: text(limits.longText, "Introduction"),
    scope: text(limits.longText, "Scope"),
    tiers: z
      .preprocess(dropBlankOptions, z.array(optionSchema(proposalMessages.tierName)))
      .refine((tiers) => tiers.length > 0, proposalMessages.addTier),
    addons: z.preprocess(dropBlankOptions, z.array(optionSchema(proposalMessages.addonName))),
    agreement: required(limits.agreement, proposalMessages.agreement, "Agreement"),
    expires_on: z.preprocess((value) => (isIsoDate(value) ? value : undefined), z.string(proposalMessages.expires)),
    tax_rate: typedHundredths(
      z.number().int().min(0, "Tax rate must be between 0 and 100").max(10_000, "Tax rate must be between 0 and 100"),
      { blank: 0, invalid: 0 },
    ),
    deposit_kind: z.enum(depositKinds).catch("percent"),
    deposit_value: hundredths,
    /** Save as Draft or Save & Send (the form kit's intent) */
    intent: z.enum(["draft", "send"]).catch("draft"),
  })
  .superRefine((form, ctx) => {
    if (form.deposit_kind === "percent" && form.deposit_value > 10_000) {
      ctx.addIssue({ code: "custom", path: ["deposit_value"], message: proposalMessages.depositPercent });
    }
    const options = toStoredOptions(form, () => "");
    if (largestTotal(options) > maxMoneyCents) {
      ctx.addIssue({ code: "custom", path: ["tiers"], message: totalTooLargeMessage });
    }
  });

export type ProposalForm = z.output<typeof proposalFormSchema>;

/** The form's options as stored: ids from `newId` (kept stable by the caller where they exist). */
export function toStoredOptions(
  form: Pick<ProposalForm, "tiers" | "addons">,
  newId: (kind: "tier" | "addon", index: number) => string,
): ProposalOptions {
  const convert =
    (kind: "tier" | "addon") =>
    (option: ProposalForm["tiers"][number], index: number): ProposalOption => ({
      id: newId(kind, index),
      name: option.name,
      description: option.description,
      lines: option.lines.map((line) => ({
        description: line.description,
        quantity: line.quantity,
        unitPrice: line.unit_price,
      })),
    });
  return { tiers: form.tiers.map(convert("tier")), addons: form.addons.map(convert("addon")) };
}

/** Option ids: short, stable within a version, what the client's choice names. */
export function optionId(kind: "tier" | "addon", index: number): string {
  return `${kind === "tier" ? "t" : "a"}${index + 1}`;
}

// ---------------------------------------------------------------- the client's answer

const optionIdPattern = /^[ta]\d{1,3}$/;

/**
 * A drawn signature: a PNG data URL of at most `maxSignatureChars` (the sign form then fits the
 * request-body limit, whatever its encoding) declaring at most `maxSignaturePixels`, or nothing.
 */
const signaturePattern = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

const signSchema = z.object({
  intent: z.literal("sign"),
  tier: z.preprocess(
    (value) => (typeof value === "string" && optionIdPattern.test(value) ? value : undefined),
    z.string(proposalMessages.chooseTier),
  ),
  addons: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.string().regex(optionIdPattern, proposalMessages.unknownAddon)).max(100),
  ),
  signer_name: required(limits.personName, proposalMessages.signerName, "Name", true).pipe(
    z.string().min(2, proposalMessages.signerName),
  ),
  agree: z.preprocess((value) => value === "on" || value === "true", z.literal(true, proposalMessages.agree)),
  signature: z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined),
    z
      .string()
      .max(maxSignatureChars, { error: signatureMessages.tooLarge, abort: true })
      .regex(signaturePattern, { error: signatureMessages.unreadable, abort: true })
      .superRefine((url, ctx) => {
        // the size the PNG declares, read from its header: nothing is decoded here
        const header = pngHeader(signaturePngBytes(url) ?? new Uint8Array());
        if (!header) ctx.addIssue({ code: "custom", message: signatureMessages.unreadable });
        else if (!signaturePixelsAllowed(header)) ctx.addIssue({ code: "custom", message: signatureMessages.tooLarge });
      })
      .optional(),
  ),
  /** the SHA-256 of the version the client read */
  content_hash: z.string().regex(/^[0-9a-f]{64}$/, proposalMessages.changed),
});
export type SignForm = z.output<typeof signSchema>;

const declineSchema = z.object({
  intent: z.literal("decline"),
  content_hash: z.string().regex(/^[0-9a-f]{64}$/, proposalMessages.changed),
});

/**
 * "Update total" without JavaScript: the choice alone, posted (a GET would put the typed name and
 * everything else of the sign form in the address); answered by a redirect to the choice's address.
 */
const chooseSchema = signSchema.pick({ intent: true, tier: true, addons: true }).extend({
  intent: z.literal("choose"),
  tier: z.preprocess(
    (value) => (typeof value === "string" && optionIdPattern.test(value) ? value : undefined),
    z.string().optional(),
  ),
});

export const clientAnswerSchema = z.discriminatedUnion("intent", [signSchema, declineSchema, chooseSchema]);

/** The address of a choice on the client's page: `?tier=t2&addon=a1` (what `choiceFromQuery` reads). */
export function choiceQuery(choice: { tier?: string; addons: string[] }): string {
  const query = new URLSearchParams();
  if (choice.tier) query.set("tier", choice.tier);
  for (const addon of choice.addons) query.append("addon", addon);
  return query.toString();
}

/** The choice the client's page shows first: the highlighted (middle) tier when there are three, else the first. */
function defaultTierId(options: ProposalOptions): string | undefined {
  const index = options.tiers.length === 3 ? 1 : 0;
  return options.tiers[index]?.id;
}

/** A choice read from the page's address (?tier=t2&addon=a1, or addons=a1): what the page shows without JavaScript. */
export function choiceFromQuery(options: ProposalOptions, params: URLSearchParams): ProposalChoice {
  const tier = params.get("tier");
  const tierId = options.tiers.some((option) => option.id === tier) ? (tier as string) : (defaultTierId(options) ?? "");
  const offered = new Set(options.addons.map((option) => option.id));
  // `addon` (the address "Update total" redirects to, or one shared); `addons` in older addresses
  const addonIds = [...new Set([...params.getAll("addon"), ...params.getAll("addons")])].filter((id) =>
    offered.has(id),
  );
  return { tierId, addonIds };
}
