/**
 * CSV downloads of the back office's lists: /admin/invoices/export.csv, /admin/customers/export.csv,
 * /admin/proposals/export.csv and /admin/dashboard/export.csv (the contact submissions). Each reads the same search parameters as its list
 * page, so an export holds exactly the rows the page's filters select, and streams them in
 * batches (services/csv-export.server.ts). Guarded by the admin layout and again here.
 */

import { getApp } from "#app/context.server.ts";
import { amount, type CsvCell } from "#app/domain/csv.ts";
import { parseCustomerListQuery } from "#app/domain/customers.ts";
import { signedAmount } from "#app/domain/document-lifecycle.ts";
import {
  customerStatusLabels,
  invoiceStatusLabels,
  invoiceTypeLabels,
  projectTypeLabels,
  proposalStateLabels,
  submissionStatusLabels,
} from "#app/domain/enums.ts";
import { budgetLabel } from "#app/domain/inbox.ts";
import { parseInvoiceListQuery } from "#app/domain/invoice-form.ts";
import { toCents } from "#app/domain/money.ts";
import { parseProposalListQuery, proposalAmountText } from "#app/domain/proposal-pages.ts";
import { parseInboxQuery } from "#app/domain/submission-forms.ts";
import { exportSubmissions } from "#app/models/contact-submissions.server.ts";
import { exportCustomers } from "#app/models/customers.server.ts";
import { exportInvoices, studioToday } from "#app/models/invoices.server.ts";
import { exportProposals } from "#app/models/proposals.server.ts";
import { notFound } from "#app/services/action-result.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { csvResponse } from "#app/services/csv-export.server.ts";
import type { Route } from "./+types/export-csv";

async function* cells<Row>(rows: AsyncIterable<Row> | Iterable<Row>, toCells: (row: Row) => CsvCell[]) {
  for await (const row of rows) yield toCells(row);
}

const isoDay = (value: Date) => value.toISOString().slice(0, 10);
const isoTime = (value: Date) => value.toISOString();

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  const url = new URL(request.url);
  // the studio's calendar day: the file's date and the overdue rule's "today"
  const today = await studioToday(database.db);
  switch (url.pathname) {
    case "/admin/invoices/export.csv": {
      const query = parseInvoiceListQuery(url.searchParams);
      const header = [
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
      ];
      return csvResponse(
        "invoices",
        today,
        header,
        cells(exportInvoices(database.db, query, today), (row) => [
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
        ]),
      );
    }
    case "/admin/proposals/export.csv": {
      const { status, q } = parseProposalListQuery(url.searchParams);
      const header = [
        "Number",
        "Customer",
        "Business",
        "Title",
        "Amount",
        "Signed Total",
        "Expires",
        "Sent",
        "Signed",
        "Status",
      ];
      return csvResponse(
        "proposals",
        today,
        header,
        cells(await exportProposals(database.db, { status, q }, today), (row) => [
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
        ]),
      );
    }
    case "/admin/customers/export.csv": {
      const query = parseCustomerListQuery(url.searchParams);
      const header = [
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
      ];
      return csvResponse(
        "customers",
        today,
        header,
        cells(exportCustomers(database.db, query), (row) => [
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
        ]),
      );
    }
    case "/admin/dashboard/export.csv": {
      const query = parseInboxQuery(url.searchParams);
      const header = ["Received", "Name", "Email", "Phone", "Business", "Project Type", "Budget", "Status", "Message"];
      return csvResponse(
        "submissions",
        today,
        header,
        cells(exportSubmissions(database.db, query), (row) => [
          isoTime(row.createdAt),
          row.name,
          row.email,
          row.phoneNumber,
          row.businessName,
          projectTypeLabels[row.projectType],
          budgetLabel(row.budgetRange),
          submissionStatusLabels[row.status],
          row.message,
        ]),
      );
    }
    default:
      notFound();
  }
}
