/**
 * The CSV downloads of the back office's lists (/admin/invoices/export.csv, /admin/customers/export.csv,
 * /admin/proposals/export.csv, /admin/dashboard/export.csv for the contact submissions). Each reads the
 * same address as its list page, so an export holds exactly the rows the page's filters select, and
 * streams them in batches (services/csv-export.server.ts); the columns are in domain/csv-exports.ts.
 * Guarded by the admin layout and again here.
 */
import type { RouterContextProvider } from "react-router";
import { getApp } from "#app/context.server.ts";
import type { CsvCell } from "#app/domain/csv.ts";
import { type CsvExportKind, csvExports } from "#app/domain/csv-exports.ts";
import { parseCustomerListQuery } from "#app/domain/customer-list.ts";
import { parseInboxListQuery } from "#app/domain/inbox-list.ts";
import { parseInvoiceListQuery } from "#app/domain/invoice-list.ts";
import { parseProposalListQuery } from "#app/domain/proposal-list.ts";
import { studioToday } from "#app/models/business-settings.server.ts";
import { exportSubmissions } from "#app/models/contact-submissions.server.ts";
import { exportCustomers } from "#app/models/customers.server.ts";
import { exportInvoices } from "#app/models/invoices.server.ts";
import { exportProposals } from "#app/models/proposals.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { csvResponse } from "#app/services/csv-export.server.ts";

async function* cells<Row>(rows: AsyncIterable<Row> | Iterable<Row>, toCells: (row: Row) => CsvCell[]) {
  for await (const row of rows) yield toCells(row);
}

/** Answers one export: the rows its list's address selects, in the studio's day (the file's date, "overdue"). */
export async function exportCsv(kind: CsvExportKind, request: Request, context: Readonly<RouterContextProvider>) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  const params = new URL(request.url).searchParams;
  const today = await studioToday(database.db);
  const answer = <Row>(
    columns: { file: string; header: readonly string[]; cells: (row: Row) => CsvCell[] },
    rows: AsyncIterable<Row> | Iterable<Row>,
  ) => csvResponse(columns.file, today, columns.header, cells(rows, columns.cells));
  switch (kind) {
    case "invoices":
      return answer(csvExports.invoices, exportInvoices(database.db, parseInvoiceListQuery(params), today));
    case "proposals": {
      const { status, q } = parseProposalListQuery(params);
      return answer(csvExports.proposals, await exportProposals(database.db, { status, q }, today));
    }
    case "customers":
      return answer(csvExports.customers, exportCustomers(database.db, parseCustomerListQuery(params)));
    case "submissions":
      return answer(csvExports.submissions, exportSubmissions(database.db, parseInboxListQuery(params)));
  }
}
