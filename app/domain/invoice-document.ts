/**
 * What a printed invoice or estimate says (printable view), as plain strings:
 * the one description both the HTML print view and the PDF render, so they cannot drift apart.
 * Everything here is text; nothing a person typed is ever interpreted as markup or a URL.
 */
import { type ContractStanding, standingRows } from "#app/domain/contracts.ts";
import { displayDate } from "#app/domain/dates.ts";
import type { InvoiceStatus, InvoiceType } from "#app/domain/enums.ts";
import { invoiceStatusLabels } from "#app/domain/enums.ts";
import { epcPayload } from "#app/domain/epc-qr.ts";

import { billingCurrency, formatMoney, parseScaled, toCents } from "#app/domain/money.ts";
import { bankTransferHeading, bankTransferLines, type PaymentSettings } from "#app/domain/online-payments.ts";
import type { StudioIdentity } from "#app/domain/studio.ts";
import { formatHours, formatMinutes } from "#app/domain/time-tracking.ts";

export type PrintableSource = {
  invoiceNumber: string;
  invoiceType: InvoiceType;
  issueDate: string;
  dueDate: string | null;
  status: InvoiceStatus;
  taxRate: string;
  discountAmount: string;
  subtotal: string;
  taxAmount: string;
  totalAmount: string;
  amountPaid: string;
  balanceDue: string;
  notes: string | null;
  terms: string | null;
  /** void (ADR 0030): the reason, stamped on the document */
  voidReason?: string | null;
  /** a credit note: the number of the invoice it credits */
  creditedNumber?: string | null;
  customer: {
    name: string;
    businessName: string | null;
    email: string;
    phoneNumber: string | null;
    billingAddress: string | null;
  };
  /** a deduction line (ADR 0043) is taken off after tax: printed under the tax, not with the items */
  lines: { description: string; quantity: string; unitPrice: string; lineTotal: string; kind?: string }[];
  /** drawn from a contract: the contract's total, what its earlier invoices billed, this one, what is left */
  standing?: ContractStanding | null;
  /** made from tracked time with its timesheet (ADR 0058): the entries it bills, by day */
  timesheet?: readonly TimesheetEntry[] | null;
};

type TimesheetEntry = {
  workDate: string;
  personName: string;
  phaseName: string | null;
  note: string | null;
  minutes: number;
};

export type InvoiceDocument = {
  title: "INVOICE" | "ESTIMATE" | "CREDIT NOTE";
  /** "VOID: {reason}" across a void document; null otherwise */
  voidNotice: string | null;
  number: string;
  studio: { name: string; lines: string[] };
  billTo: { heading: string; lines: string[] };
  /** "Invoice Details" or "Estimate Details" */
  detailsHeading: string;
  details: { label: string; value: string }[];
  lines: { description: string; quantity: string; unitPrice: string; total: string }[];
  totals: { label: string; value: string; strong?: boolean }[];
  /** "Payment Terms" or, on an estimate, "Terms" */
  termsHeading: string;
  terms: string | null;
  notes: string | null;
  thanks: string;
  contact: string;
  /** how to pay by bank transfer (ADR 0035): the studio's details, the reference last; null: none */
  bankTransfer?: { heading: string; lines: string[] } | null;
  /**
   * the EPC payment code's text (a SEPA credit transfer of the amount due, ADR 0054) when the bank
   * details have an IBAN and the invoice is in euro; null otherwise
   */
  epcPayment?: string | null;
  /** the timesheet appendix of an invoice made from tracked time (ADR 0058); null: none */
  timesheet?: {
    heading: string;
    columns: readonly [string, string, string, string];
    rows: { day: string; person: string; work: string; hours: string }[];
    total: string;
  } | null;
  /** an invoice drawn from a contract (ADR 0043): "Contract total / Billed before / This invoice / Left after this" */
  contract?: { heading: string; rows: { label: string; value: string }[] } | null;
};

/**
 * How each kind of document names itself and its dates, in the editor, on the client's page,
 * in the printable view and in the PDF: an estimate is never worded as an invoice.
 */
export const documentWords = {
  invoice: {
    title: "INVOICE",
    details: "Invoice Details",
    dueDate: "Due Date",
    terms: "Payment Terms",
  },
  estimate: {
    title: "ESTIMATE",
    details: "Estimate Details",
    dueDate: "Valid Until",
    terms: "Terms",
  },
  credit_note: {
    title: "CREDIT NOTE",
    details: "Credit Note Details",
    dueDate: "Due Date",
    terms: "Terms",
  },
} as const satisfies Record<
  InvoiceType,
  { title: InvoiceDocument["title"]; details: string; dueDate: string; terms: string }
>;

export function wordsFor(type: InvoiceType) {
  return documentWords[type];
}

export const printTexts = {
  billTo: "Bill To",
  notes: "Notes",
  thanks: "Thank you for your business!",
  columns: ["Description", "Qty", "Unit Price", "Total"] as const,
  notFound: "Invoice not found",
} as const;

const money = (value: string) => formatMoney(toCents(value) ?? 0);

/** "1.50" -> "1.5", "3.00" -> "3" */
export function formatQuantity(value: string): string {
  const hundredths = parseScaled(value, 2) ?? 0;
  const whole = Math.trunc(hundredths / 100);
  const fraction = Math.abs(hundredths % 100);
  if (fraction === 0) return String(whole);
  return `${whole}.${String(fraction).padStart(2, "0").replace(/0$/, "")}`;
}

/** "8.25" -> "8.25", "10.00" -> "10" */
function formatRate(value: string): string {
  return formatQuantity(value);
}

function splitLines(text: string | null): string[] {
  return (text ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The studio's lines under its name on a document: address, phone, email, website. */
export function studioLines(studio: StudioIdentity): string[] {
  return [...splitLines(studio.address), studio.phoneNumber, studio.email, studio.website].filter(
    (line): line is string => Boolean(line),
  );
}

export function invoiceDocument(
  source: PrintableSource,
  studio: StudioIdentity,
  /** the studio's bank details, printed on an invoice with something left to pay */
  payment?: PaymentSettings,
): InvoiceDocument {
  const customer = source.customer;
  const billTo = [
    // the business name, or else the customer's name; the name under it when there is a business
    customer.businessName ?? customer.name,
    ...(customer.businessName ? [customer.name] : []),
    customer.email,
    ...(customer.phoneNumber ? [customer.phoneNumber] : []),
    ...splitLines(customer.billingAddress),
  ];
  const paid = toCents(source.amountPaid) ?? 0;
  const discount = toCents(source.discountAmount) ?? 0;
  const items = source.lines.filter((line) => line.kind !== "deduction");
  const deductions = source.lines.filter((line) => line.kind === "deduction");
  const totals: InvoiceDocument["totals"] = [
    { label: "Subtotal", value: money(source.subtotal) },
    { label: `Tax (${formatRate(source.taxRate)}%)`, value: money(source.taxAmount) },
    ...(discount > 0 ? [{ label: "Discount", value: `-${money(source.discountAmount)}` }] : []),
    // what earlier documents billed, after tax: "Less deposit INV-0001 -$500.00"
    ...deductions.map((line) => ({ label: line.description, value: `-${money(line.unitPrice)}` })),
    { label: "Total", value: money(source.totalAmount), strong: true },
    ...(paid > 0
      ? [
          { label: "Amount Paid", value: money(source.amountPaid) },
          { label: "Balance Due", value: money(source.balanceDue), strong: true },
        ]
      : []),
  ];
  const words = wordsFor(source.invoiceType);
  return {
    title: words.title,
    voidNotice: source.voidReason ? `VOID: ${source.voidReason}` : null,
    number: source.invoiceNumber,
    studio: {
      name: studio.businessName,
      lines: studioLines(studio),
    },
    billTo: { heading: printTexts.billTo, lines: billTo },
    detailsHeading: words.details,
    details:
      source.invoiceType === "credit_note"
        ? [
            { label: "Issue Date", value: displayDate(source.issueDate) },
            { label: "Credits Invoice", value: source.creditedNumber ?? "—" },
          ]
        : [
            { label: "Issue Date", value: displayDate(source.issueDate) },
            { label: words.dueDate, value: displayDate(source.dueDate) || "—" },
            { label: "Status", value: source.voidReason ? "Void" : invoiceStatusLabels[source.status] },
          ],
    lines: items.map((line) => ({
      description: line.description,
      quantity: formatQuantity(line.quantity),
      unitPrice: money(line.unitPrice),
      total: money(line.lineTotal),
    })),
    totals,
    termsHeading: words.terms,
    terms: source.terms?.trim() ? source.terms : null,
    notes: source.notes?.trim() ? source.notes : null,
    thanks: printTexts.thanks,
    contact: `Questions? Contact us at ${studio.email}`,
    bankTransfer: bankTransferOf(source, payment),
    epcPayment: epcPaymentOf(source, payment),
    contract: source.standing ? { heading: contractHeading, rows: standingRows(source.standing) } : null,
    timesheet: source.timesheet?.length ? timesheetOf(source.timesheet) : null,
  };
}

/** The timesheet appendix: one row per entry (day, who, phase and note, hours), and the hours in total. */
function timesheetOf(entries: readonly TimesheetEntry[]): NonNullable<InvoiceDocument["timesheet"]> {
  const minutes = entries.reduce((sum, entry) => sum + entry.minutes, 0);
  return {
    heading: "Timesheet",
    columns: ["Date", "Who", "Work", "Hours"],
    rows: entries.map((entry) => ({
      day: displayDate(entry.workDate),
      person: entry.personName,
      work: [entry.phaseName, entry.note].filter(Boolean).join(": ") || "—",
      hours: formatHours(entry.minutes),
    })),
    total: `Total: ${formatHours(minutes)} (${formatMinutes(minutes)})`,
  };
}

/**
 * The EPC code of an invoice whose bank details are printed: the IBAN's holder, the amount due, the
 * invoice number as the remittance text. The studio bills in `billingCurrency` (USD): EPC transfers
 * are in euro only, so today this is null (ADR 0054); it is there for a euro invoice.
 */
function epcPaymentOf(source: PrintableSource, payment: PaymentSettings | undefined): string | null {
  if (!payment?.iban || !payment.accountHolder || !bankTransferOf(source, payment)) return null;
  return epcPayload({
    currency: billingCurrency,
    name: payment.accountHolder,
    iban: payment.iban,
    bic: payment.bic,
    amountCents: toCents(source.balanceDue) ?? 0,
    reference: source.invoiceNumber,
  });
}

/** The heading of an invoice's place in its contract (ADR 0043). */
const contractHeading = "Contract";

function bankTransferOf(
  source: PrintableSource,
  payment: PaymentSettings | undefined,
): InvoiceDocument["bankTransfer"] {
  if (!payment || source.invoiceType !== "invoice" || source.voidReason || source.status === "cancelled") return null;
  if ((toCents(source.balanceDue) ?? 0) <= 0) return null;
  const lines = bankTransferLines(payment, source.invoiceNumber);
  return lines ? { heading: bankTransferHeading, lines } : null;
}
