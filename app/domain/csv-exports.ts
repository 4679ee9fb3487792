/**
 * The back office's CSV exports, each declared once: its file name, its header and the cells of a row.
 * A route module per export (routes/admin/export-*.ts) hands its kind to `exportCsv`
 * (routes/admin/export-csv.server.ts), which reads the rows the list page's address selects. Rows are
 * typed by what a column reads, so any model row that has those fields fits.
 */
import { amount, type CsvCell } from "#app/domain/csv.ts";
import { isoDay } from "#app/domain/dates.ts";
import { signedAmount } from "#app/domain/document-lifecycle.ts";
import {
  type BudgetRange,
  type CustomerStatus,
  customerStatusLabels,
  type InvoiceStatus,
  type InvoiceType,
  invoiceStatusLabels,
  invoiceTypeLabels,
  type ProjectType,
  type ProposalState,
  projectTypeLabels,
  proposalStateLabels,
  type SubmissionStatus,
  submissionStatusLabels,
} from "#app/domain/enums.ts";
import { budgetLabel } from "#app/domain/inbox.ts";
import { toCents } from "#app/domain/money.ts";
import { proposalAmountText } from "#app/domain/proposal-pages.ts";
import type { ProposalOptions } from "#app/domain/proposal-totals.ts";

type Decimal = string | number | null;
type Columns<Row> = { file: string; header: readonly string[]; cells: (row: Row) => CsvCell[] };

const isoTime = (value: Date) => value.toISOString();

type InvoiceCsvRow = {
  invoiceNumber: string;
  invoiceType: InvoiceType;
  customerName: string | null;
  businessName: string | null;
  issueDate: string;
  dueDate: string | null;
  deducted: Decimal;
  totalAmount: string;
  amountPaid: Decimal;
  amountCredited: Decimal;
  balanceDue: Decimal;
  status: InvoiceStatus;
};

type ProposalCsvRow = {
  proposalNumber: string;
  customerName: string | null;
  businessName: string | null;
  title: string;
  state: ProposalState;
  options: ProposalOptions;
  signedTotal: string | null;
  expiresOn: string | null;
  sentAt: Date | null;
  signedAt: Date | null;
};

type CustomerCsvRow = {
  name: string;
  email: string;
  phoneNumber: string | null;
  businessName: string | null;
  status: CustomerStatus;
  paymentTerms: number;
  createdAt: Date;
  totalBilled: Decimal;
  outstanding: Decimal;
  creditBalance: Decimal;
};

type SubmissionCsvRow = {
  createdAt: Date;
  name: string;
  email: string;
  phoneNumber: string | null;
  businessName: string | null;
  projectType: ProjectType;
  budgetRange: BudgetRange | null;
  packageName: string | null;
  status: SubmissionStatus;
  message: string;
};

const invoices: Columns<InvoiceCsvRow> = {
  file: "invoices",
  header: [
    "Number",
    "Type",
    "Customer",
    "Business",
    "Issue Date",
    "Due Date",
    "Deducted",
    "Total",
    "Paid",
    "Credited",
    "Balance",
    "Status",
  ],
  cells: (row) => [
    row.invoiceNumber,
    invoiceTypeLabels[row.invoiceType],
    row.customerName,
    row.businessName,
    row.issueDate,
    row.dueDate,
    amount(row.deducted),
    { amount: signedAmount(row.invoiceType, toCents(row.totalAmount) ?? 0) },
    amount(row.amountPaid),
    amount(row.amountCredited),
    amount(row.balanceDue),
    invoiceStatusLabels[row.status],
  ],
};

const proposals: Columns<ProposalCsvRow> = {
  file: "proposals",
  header: ["Number", "Customer", "Business", "Title", "Amount", "Signed Total", "Expires", "Sent", "Signed", "Status"],
  cells: (row) => [
    row.proposalNumber,
    row.customerName,
    row.businessName,
    row.title,
    proposalAmountText(row),
    amount(row.signedTotal),
    row.expiresOn,
    row.sentAt ? isoTime(row.sentAt) : null,
    row.signedAt ? isoTime(row.signedAt) : null,
    proposalStateLabels[row.state],
  ],
};

const customers: Columns<CustomerCsvRow> = {
  file: "customers",
  header: [
    "Name",
    "Email",
    "Phone",
    "Business",
    "Status",
    "Payment Terms (days)",
    "Created",
    "Total Billed",
    "Outstanding",
    "Credit Balance",
  ],
  cells: (row) => [
    row.name,
    row.email,
    row.phoneNumber,
    row.businessName,
    customerStatusLabels[row.status],
    String(row.paymentTerms),
    isoDay(row.createdAt),
    amount(row.totalBilled),
    amount(row.outstanding),
    amount(row.creditBalance),
  ],
};

const submissions: Columns<SubmissionCsvRow> = {
  file: "submissions",
  header: ["Received", "Name", "Email", "Phone", "Business", "Project Type", "Budget", "Package", "Status", "Message"],
  cells: (row) => [
    isoTime(row.createdAt),
    row.name,
    row.email,
    row.phoneNumber,
    row.businessName,
    projectTypeLabels[row.projectType],
    budgetLabel(row.budgetRange),
    row.packageName,
    submissionStatusLabels[row.status],
    row.message,
  ],
};

/** Every export's columns, by kind. */
export const csvExports = { invoices, proposals, customers, submissions };
export type CsvExportKind = keyof typeof csvExports;
