/**
 * /admin/invoices: 'Invoices & Estimates'. Search, type and status filters and the
 * page are in the URL (?q=&type=&status=&page=), so a view links, reloads and works without
 * JavaScript; rows update live when an invoice changes (handle.liveTables).
 */
import { Link } from "react-router";
import { InvoiceStatusBadge } from "#app/components/admin/badge.tsx";
import { type Column, DataTable, rowActionClass } from "#app/components/admin/data-table.tsx";
import {
  choiceFilter,
  ExportCsvLink,
  ListFilters,
  ListPage,
  RefreshButton,
  statusFilter,
} from "#app/components/admin/list.tsx";
import type { ErrorHandle } from "#app/components/admin/route-error.tsx";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { Icon } from "#app/components/icons.tsx";
import { getApp } from "#app/context.server.ts";
import { csvExportHref } from "#app/domain/csv.ts";
import { displayDate } from "#app/domain/dates.ts";
import { signedAmount } from "#app/domain/document-lifecycle.ts";
import { invoiceStatusLabels, invoiceTypeLabels } from "#app/domain/enums.ts";
import {
  invoiceListHref,
  invoicePageSize,
  invoiceStatusFilters,
  invoiceTypeFilters,
  parseInvoiceListQuery,
} from "#app/domain/invoice-list.ts";
import { invoiceMessages } from "#app/domain/invoice-pages.ts";
import { formatMoney, toCents } from "#app/domain/money.ts";
import { listInvoices } from "#app/models/invoices.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/invoices";
import type { AdminHandle } from "./layout.tsx";

/** A load failure: the 'Error' toast with the reason (shown by the shared error boundary). */
export const handle: AdminHandle & ErrorHandle = {
  liveTables: ["invoices", "customers"],
  loadFailed: { type: "error", message: invoiceMessages.errorTitle, description: invoiceMessages.loadFailed },
};

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Invoices & Estimates") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  const query = parseInvoiceListQuery(new URL(request.url).searchParams);
  const list = await listInvoices(database.db, query);
  return { query, list };
}

export default function Invoices({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;

  return (
    <ListPage
      title="Invoices & Estimates"
      description="Create, send and print invoices and estimates."
      actions={
        <>
          <RefreshButton />
          <ExportCsvLink href={csvExportHref(invoiceListHref(query), "/admin/invoices/export.csv")} />
          <CreateNewMenu />
        </>
      }
      filters={
        <ListFilters
          action="/admin/invoices"
          q={query.q}
          placeholder={invoiceMessages.searchPlaceholder}
          searchLabel="Search by invoice number or customer name"
          selects={[
            choiceFilter({
              name: "type",
              label: "Type",
              value: query.type,
              choices: invoiceTypeFilters,
              labels: invoiceTypeLabels,
              allLabel: "All Types",
            }),
            statusFilter(query.status, invoiceStatusFilters, invoiceStatusLabels),
          ]}
        />
      }
      listTitle={{ id: "invoice-list-title", text: "Invoices and estimates", hidden: true }}
      list={list}
      pageSize={invoicePageSize}
      pageHref={(page) => invoiceListHref({ ...query, page })}
    >
      <InvoiceTable rows={list.rows} />
    </ListPage>
  );
}

/** Create New: the menu (the dialog library's dropdown) loads as a chunk of its own; the server renders it in place. */
const CreateNewMenu = splitComponent(() =>
  import("#app/components/admin/create-new-menu.tsx").then((module) => module.CreateNewMenu),
);

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

function RowActions({ row }: { row: Row }) {
  return (
    <>
      <Link
        to={`/admin/invoices/${row.id}`}
        className={rowActionClass}
        aria-label={`Edit ${row.invoiceNumber}`}
        data-row-action
      >
        <Icon name="pencil" />
        <span className="md:max-2xl:sr-only">Edit</span>
      </Link>
      {row.status === "cancelled" ? null : (
        // a void document is not sent again
        <Link
          to={`/admin/invoices/${row.id}/send`}
          className={rowActionClass}
          aria-label={`Send ${row.invoiceNumber} by email`}
          data-row-action
        >
          <Icon name="send" />
          <span className="md:max-2xl:sr-only">Send</span>
        </Link>
      )}
      <a
        href={`/admin/invoices/${row.id}/pdf`}
        target="_blank"
        rel="noopener"
        className={rowActionClass}
        aria-label={`Open printable ${row.invoiceNumber} in a new tab`}
        data-row-action
      >
        <Icon name="file-text" />
        <span className="md:max-2xl:sr-only">PDF</span>
      </a>
      <a
        href={`/admin/invoices/${row.id}.pdf`}
        download
        className={rowActionClass}
        aria-label={`Download ${row.invoiceNumber} as PDF`}
        data-row-action
      >
        <Icon name="download" />
      </a>
    </>
  );
}

/**
 * The Due Date column's words: an estimate is valid until its date ("Valid until 02/09/2025"), an invoice
 * is due on it; `labelled` adds "Due" where the column header is not beside it.
 */
function dueText(row: Pick<Row, "invoiceType" | "dueDate">, labelled = false): string {
  const date = displayDate(row.dueDate);
  if (row.invoiceType === "estimate") return date ? `Valid until ${date}` : "—";
  return labelled ? `Due ${date || "—"}` : date || "—";
}

/** Between 768 and 1280 px Type and Due Date sit under Number and Date, so every action stays in view. */
const subLine = "block text-xs text-zinc-400 max-md:hidden xl:hidden";

const columns: readonly Column<Row>[] = [
  {
    header: "Number",
    primary: true,
    cell: (row) => (
      <>
        <span className="font-mono">{row.invoiceNumber}</span>
        <span className={subLine}>{invoiceTypeLabels[row.invoiceType]}</span>
      </>
    ),
    className: "md:whitespace-nowrap",
  },
  {
    header: "Customer",
    cell: (row) => (
      <>
        <span className="cell-text text-zinc-200" title={row.customerName}>
          {row.customerName}
        </span>
        {row.businessName ? (
          <span className="cell-text text-xs text-zinc-400" title={row.businessName}>
            {row.businessName}
          </span>
        ) : null}
      </>
    ),
    className: "md:max-w-40 2xl:max-w-60",
  },
  { header: "Type", lowPriority: true, cell: (row) => invoiceTypeLabels[row.invoiceType] },
  { header: "Date", lowPriority: true, cell: (row) => displayDate(row.issueDate), className: "md:whitespace-nowrap" },
  {
    header: "Due Date",
    lowPriority: true,
    cell: (row) => dueText(row),
    className: "md:whitespace-nowrap",
  },
  {
    header: "Amount",
    numeric: true,
    // between 768 and 1280 px (where Type, Date and Due Date are left out) the dates ride under the amount
    cell: (row) => (
      <>
        <span className="md:whitespace-nowrap">
          {formatMoney(signedAmount(row.invoiceType, toCents(row.totalAmount) ?? 0))}
        </span>
        <span className={subLine}>
          {displayDate(row.issueDate)} <span className="md:whitespace-nowrap">{dueText(row, true)}</span>
        </span>
      </>
    ),
    className: "text-zinc-100 tabular-nums",
  },
  { header: "Status", cell: (row) => <InvoiceStatusBadge status={row.status} /> },
];

function InvoiceTable({ rows }: { rows: Row[] }) {
  return (
    <DataTable
      label="Invoices and estimates"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      rowAttributes={(row) => ({ "data-invoice-row": row.id })}
      empty={invoiceMessages.empty}
      actions={(row) => <RowActions row={row} />}
    />
  );
}
