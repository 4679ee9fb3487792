/**
 * The invoice and estimate editor: the form's schema, shared by the
 * browser (live totals, validation) and the server (which recomputes every amount from the lines
 * and ignores any total the browser sends), the messages, defaults and due dates.
 */
import { z } from "zod";
import { typedHundredths } from "#app/domain/amount-field.ts";
import { addDaysIso, isIsoDate } from "#app/domain/dates.ts";
import { editableInvoiceTypes, type InvoiceStatus, type InvoiceType } from "#app/domain/enums.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { formatQuantity } from "#app/domain/invoice-document.ts";
import { invoiceMessages, typeLabel } from "#app/domain/invoice-pages.ts";
import { limits } from "#app/domain/limits.ts";
import {
  type Cents,
  calculateTotals,
  centsToDecimal,
  maxMoneyCents,
  readTypedHundredths,
  type Totals,
  tooLargeMessage,
} from "#app/domain/money.ts";
import type { ProjectLine } from "#app/domain/projects.ts";

export const defaultTerms = "Payment is due within 30 days of the invoice date.";
export const defaultEstimateTerms = "This estimate is valid for 30 days from its date.";
const defaultPaymentTermsDays = 30;
/** how long a new estimate stays valid, whatever the customer's payment terms */
const estimateValidDays = 30;

/** The terms a new document starts with. */
export function defaultTermsFor(type: InvoiceType): string {
  return type === "estimate" ? defaultEstimateTerms : defaultTerms;
}

/**
 * The editor's heading: "New Invoice" and, while it can be changed (a draft), "Edit Invoice";
 * a sent, answered or paid document is shown, not edited, so it is named by its number, and a void one
 * says it is void.
 */
export function editorHeading(input: {
  mode: "new" | "edit";
  type: InvoiceType;
  number: string | null;
  locked: boolean;
  voided: boolean;
}): string {
  const label = typeLabel(input.type);
  if (input.mode === "new") return `New ${label}`;
  const named = input.number ? `${label} ${input.number}` : label;
  if (input.voided) return `Void ${named.charAt(0).toLowerCase()}${named.slice(1)}`;
  return input.locked ? named : `Edit ${label}`;
}

// ---------------------------------------------------------------- numbers typed by a person

/**
 * A number field as the editor reads it: "12.5", "$1,200", " 3 " are numbers; blank or
 * non-numeric is 0; the result is in 1/100 units (cents, hundredths).
 * Negative values are kept, so the schema can refuse them with a message, and so are numbers too
 * large to hold (as ±2^53), so the bound refuses them instead of their becoming 0.
 */
export function readHundredths(value: unknown): number {
  return readTypedHundredths(value) ?? 0;
}

/**
 * An amount or a quantity (hundredths) of the editor: 0 to what numeric(12,2) holds (the proposal
 * editor's too); blank or not a number is 0, an ambiguous separator ("10,00") is refused.
 */
export const hundredths = typedHundredths(
  z.number().int().min(0, invoiceMessages.notNegative).max(maxMoneyCents, tooLargeMessage()),
  { blank: 0, invalid: 0 },
);

const optionalText = (max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim() || undefined : value),
    z.string().max(max, message).optional(),
  );

// ---------------------------------------------------------------- the form

/** One line of a document (and of a proposal's package or add-on): a blank description is dropped on save. */
export const lineItemSchema = z.object({
  description: z
    .preprocess(
      (value) => (typeof value === "string" ? value.replace(/\s+/g, " ").trim() : ""),
      z
        .string()
        .max(limits.lineDescription, `Description must be less than ${limits.lineDescription} characters`)
        .optional(),
    )
    .transform((value) => value ?? ""),
  quantity: hundredths,
  unit_price: hundredths,
});

/**
 * A line of an invoice: an item, or a deduction (ADR 0043): an earlier invoice or credit note of the
 * same customer (`deducted_id`) taken off after tax, its amount in `unit_price` (the quantity is 1).
 */
const lineKinds = ["item", "deduction"] as const;
export type LineKind = (typeof lineKinds)[number];

const invoiceLineSchema = lineItemSchema
  .extend({
    kind: z.enum(lineKinds).catch("item"),
    deducted_id: z.preprocess((value) => parseUuid(value) ?? undefined, z.string().optional()),
  })
  .transform((line) => (line.kind === "deduction" ? { ...line, quantity: 100 } : { ...line, deducted_id: undefined }))
  .superRefine((line, ctx) => {
    if (line.kind === "deduction" && line.description !== "" && !line.deducted_id) {
      ctx.addIssue({ code: "custom", path: ["deducted_id"], message: invoiceMessages.deductionUnlinked });
    }
  });
export type InvoiceLine = Omit<z.output<typeof invoiceLineSchema>, "kind"> & {
  /** absent: an item */
  kind?: LineKind;
  /** the line's index as posted (blank lines before it are dropped) */
  at?: number;
};

export const invoiceFormSchema = z
  .object({
    invoice_type: z.enum(editableInvoiceTypes).catch("invoice"),
    customer_id: z.preprocess((value) => parseUuid(value) ?? undefined, z.string(invoiceMessages.selectCustomer)),
    project_id: z.preprocess((value) => parseUuid(value) ?? undefined, z.string().optional()),
    issue_date: z.preprocess((value) => (isIsoDate(value) ? value : undefined), z.string(invoiceMessages.issueDate)),
    /** blank: the customer's payment terms after the issue date (decided by the server) */
    due_date: z.preprocess((value) => (isIsoDate(value) ? value : undefined), z.string().optional()),
    items: z
      .preprocess((value) => (Array.isArray(value) ? value : []), z.array(invoiceLineSchema))
      .transform((items) =>
        // lines without a description are dropped on save; each keeps its posted index (`at`), so a
        // refusal of one line names the field the page shows
        items.map((item, at): InvoiceLine => ({ ...item, at })).filter((item) => item.description !== ""),
      )
      .refine((items) => items.some((item) => item.kind === "item"), invoiceMessages.addLine),
    tax_rate: typedHundredths(z.number().int().min(0, invoiceMessages.taxRange).max(10_000, invoiceMessages.taxRange), {
      blank: 0,
      invalid: 0,
    }),
    discount_amount: hundredths,
    notes: optionalText(limits.longText, `Notes must be less than ${limits.longText} characters`),
    terms: optionalText(limits.longText, `Terms must be less than ${limits.longText} characters`),
    /** payment reminders by email for this invoice (a checkbox: absent means off) */
    send_reminders: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
    /** the button pressed (the form kit's `intent`): Save as Draft or Save & Send */
    intent: z.enum(["draft", "sent"]).catch("draft"),
  })
  .superRefine((form, ctx) => {
    if (form.due_date && form.due_date < form.issue_date) {
      ctx.addIssue({
        code: "custom",
        path: ["due_date"],
        message:
          form.invoice_type === "estimate" ? invoiceMessages.validUntilBeforeIssue : invoiceMessages.dueBeforeIssue,
      });
    }
    const totals = invoiceTotals(form);
    const largest = Math.max(
      totals.subtotal,
      totals.subtotal + totals.taxAmount,
      totals.deductionTotal,
      ...totals.lineTotals,
    );
    if (largest > maxMoneyCents) {
      ctx.addIssue({ code: "custom", path: ["items"], message: invoiceMessages.tooLarge });
    } else if (totals.total + totals.deductionTotal < 0) {
      ctx.addIssue({ code: "custom", path: ["discount_amount"], message: invoiceMessages.discountTooLarge });
    } else if (totals.total < 0) {
      ctx.addIssue({ code: "custom", path: ["items"], message: invoiceMessages.deductionTooLarge });
    }
  });

export type InvoiceForm = z.output<typeof invoiceFormSchema>;

type TotalsLine = { quantity: number; unit_price: Cents; kind?: LineKind };

/** The form's totals: the one calculation (app/domain/money.ts) on the parsed lines, deductions after tax. */
export function invoiceTotals(form: {
  items: TotalsLine[];
  tax_rate: number;
  discount_amount: Cents;
  amountPaid?: Cents;
}): Totals {
  return calculateTotals({
    lines: form.items
      .filter((item) => item.kind !== "deduction")
      .map((item) => ({ quantity: item.quantity, unitPrice: item.unit_price })),
    taxRate: form.tax_rate,
    discount: form.discount_amount,
    deductions: form.items.filter((item) => item.kind === "deduction").map((item) => item.unit_price),
    amountPaid: form.amountPaid,
  });
}

/** Each line's total in the lines' order: an item's quantity x price, a deduction's amount below zero. */
export function lineAmounts(items: readonly TotalsLine[]): Cents[] {
  return items.map((item) =>
    item.kind === "deduction"
      ? -item.unit_price
      : (calculateTotals({
          lines: [{ quantity: item.quantity, unitPrice: item.unit_price }],
          taxRate: 0,
          discount: 0,
        }).lineTotals[0] ?? 0),
  );
}

/** Raw form values (what the browser holds while typing) as the same totals the server will store. */
type RawLine = { description?: unknown; quantity?: unknown; unit_price?: unknown; kind?: unknown } | undefined;

export function previewTotals(values: {
  items?: RawLine[] | unknown;
  tax_rate?: unknown;
  discount_amount?: unknown;
}): Totals & { lineTotalsByIndex: Cents[] } {
  const items = Array.isArray(values.items) ? values.items : [];
  const all = items.map((item: RawLine) => {
    const kind: LineKind = item?.kind === "deduction" ? "deduction" : "item";
    return {
      described: typeof item?.description === "string" && item.description.trim() !== "",
      kind,
      quantity: kind === "deduction" ? 100 : Math.max(0, readHundredths(item?.quantity)),
      unit_price: Math.max(0, readHundredths(item?.unit_price)),
    };
  });
  const lineTotalsByIndex = lineAmounts(all);
  const taxRate = Math.min(10_000, Math.max(0, readHundredths(values.tax_rate)));
  const totals = invoiceTotals({
    // the saved invoice keeps only described lines; the preview adds up the same ones
    items: all.filter((line) => line.described),
    tax_rate: taxRate,
    discount_amount: Math.max(0, readHundredths(values.discount_amount)),
  });
  return { ...totals, lineTotalsByIndex };
}

// ---------------------------------------------------------------- lines from a project

/**
 * A line as the editor holds it: the texts of its three fields ("1.5", "2400.00"); a deduction line
 * (ADR 0043) also its kind and the document it deducts.
 */
export type EditorLine = {
  description: string;
  quantity: string;
  unit_price: string;
  kind?: LineKind;
  deducted_id?: string;
};

/** The line a new document starts with, and what Add Item appends. */
export const emptyLine: EditorLine = { description: "", quantity: "1", unit_price: "0" };

/** Priced lines (a project's phases, hours, fixed price or recurring fees) as the editor's field texts. */
export function editorLines(lines: readonly ProjectLine[]): EditorLine[] {
  return lines.map((line) => ({
    description: line.description,
    quantity: formatQuantity(centsToDecimal(line.quantity)),
    unit_price: centsToDecimal(line.unit_price),
  }));
}

/**
 * Whether the editor's lines are still as a new document starts them: nothing described, no price,
 * the quantity left at 1 (or blank). Only such lines may be replaced without asking.
 */
export function linesUntouched(items: unknown): boolean {
  if (!Array.isArray(items)) return true;
  return items.every((item: { description?: unknown; quantity?: unknown; unit_price?: unknown } | undefined) => {
    const description = typeof item?.description === "string" ? item.description.trim() : "";
    const quantity = readTypedHundredths(item?.quantity);
    return description === "" && readHundredths(item?.unit_price) === 0 && (quantity === null || quantity === 100);
  });
}

/** Whether every one of `lines` is already among the editor's lines (by description): nothing left to offer. */
export function includesLines(items: unknown, lines: readonly EditorLine[]): boolean {
  const present = new Set(
    (Array.isArray(items) ? items : []).map((item: { description?: unknown } | undefined) =>
      typeof item?.description === "string" ? item.description.trim() : "",
    ),
  );
  return lines.every((line) => present.has(line.description.trim()));
}

// ---------------------------------------------------------------- dates

/** Due date default: the customer's payment terms (30 days when unknown) after the issue date. */
export function defaultDueDate(issueDate: string, paymentTerms?: number | null): string {
  const days =
    typeof paymentTerms === "number" && Number.isInteger(paymentTerms) && paymentTerms >= 0
      ? paymentTerms
      : defaultPaymentTermsDays;
  return addDaysIso(issueDate, days);
}

/**
 * The date a new document's picker starts with: an invoice's due date (the customer's payment
 * terms), an estimate's Valid Until (30 days, as its default terms say).
 */
export function defaultDueDateFor(type: InvoiceType, issueDate: string, paymentTerms?: number | null): string {
  return defaultDueDate(issueDate, type === "estimate" ? estimateValidDays : paymentTerms);
}

// ---------------------------------------------------------------- status on save

/** Save as Draft: draft and no sent_at. Save & Send: sent, sent_at now. Editing overwrites the status. */
export function statusOnSave(button: "draft" | "sent", now: Date): { status: InvoiceStatus; sentAt: Date | null } {
  return button === "sent" ? { status: "sent", sentAt: now } : { status: "draft", sentAt: null };
}

/**
 * The document page's buttons besides the editor's save (payments, an estimate's answer, the
 * lifecycle's revise, void, delete, credit note and duplicate, a fresh client link), each posted
 * with its `intent`.
 */
const documentIntents = [
  "record-payment",
  "delete-payment",
  "accept-estimate",
  "decline-estimate",
  "convert-estimate",
  "revise",
  "void",
  "delete-draft",
  "credit-note",
  "duplicate",
  "client-link",
  "apply-credit",
] as const;
export type DocumentIntent = (typeof documentIntents)[number];
export const documentIntentSchema = z.object({ intent: z.enum(documentIntents) });

/**
 * What the editor reads of a post besides the form: the posted customer (its projects, for a form
 * re-rendered without JavaScript, even when the rest is invalid) and where to go after saving.
 */
export const editorPostSchema = z
  .object({
    customer_id: z.preprocess((value) => parseUuid(value) ?? undefined, z.string().optional()),
    project_id: z.preprocess((value) => parseUuid(value) ?? undefined, z.string().optional()),
    return_to: z.enum(["dashboard"]).optional().catch(undefined),
    __intent__: z.string().optional().catch(undefined),
  })
  .transform(({ __intent__, ...post }) => ({
    ...post,
    /** 'Load projects' without JavaScript: Conform's validate intent (Add Item and remove are others) */
    reload: intentType(__intent__) === "validate",
  }));

function intentType(intent: string | undefined): string | null {
  if (!intent) return null;
  try {
    const parsed: unknown = JSON.parse(intent);
    return typeof parsed === "object" && parsed !== null && "type" in parsed && typeof parsed.type === "string"
      ? parsed.type
      : null;
  } catch {
    return null;
  }
}
