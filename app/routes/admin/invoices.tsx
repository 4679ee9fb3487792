/**
 * /admin/invoices: 'Invoices & Estimates' (SPEC section 2). Search, type and status filters and the
 * page are in the URL (?q=&type=&status=&page=), so a view links, reloads and works without
 * JavaScript; rows update live when an invoice changes (handle.liveTables).
 */
import { ChevronDown, Download, FilePlus2, FileText, Pencil, Plus, Send } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { Link } from "react-router";
import { InvoiceStatusBadge } from "#app/components/admin/badge.tsx";
import { ExportCsvLink, ListFilters, PageHeader, RefreshButton } from "#app/components/admin/list.tsx";
import { Pager } from "#app/components/admin/pager.tsx";
import type { ErrorHandle } from "#app/components/admin/route-error.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.server.ts";
import { csvExportHref } from "#app/domain/csv.ts";
import { invoiceStatusLabels, invoiceTypeLabels } from "#app/domain/enums.ts";
import {
  displayDate,
  invoiceListHref,
  invoiceMessages,
  invoicePageSize,
  invoiceStatusFilters,
  invoiceTypeFilters,
  newInvoiceHref,
  parseInvoiceListQuery,
} from "#app/domain/invoice-form.ts";
import { formatMoney, toCents } from "#app/domain/money.ts";
import { listInvoices } from "#app/models/invoices.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/invoices";
import type { AdminHandle } from "./layout.tsx";

/** A load failure: the spec's 'Error' toast with the reason (shown by the shared error boundary). */
export const handle: AdminHandle & ErrorHandle = {
  liveTables: ["invoices", "customers"],
  loadFailed: { type: "error", message: invoiceMessages.errorTitle, description: invoiceMessages.loadFailed },
};

export const meta: Route.MetaFunction = () => [{ title: "Invoices & Estimates | Studio back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  const query = parseInvoiceListQuery(new URL(request.url).searchParams);
  const list = await listInvoices(database.db, query);
  return { query, list };
}

export default function Invoices({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  const _current = { ...query, page: list.page };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <PageHeader title="Invoices & Estimates" description="Create, send and print invoices and estimates.">
        <RefreshButton />
        <ExportCsvLink href={csvExportHref(invoiceListHref(query), "/admin/invoices/export.csv")} />
        <CreateNewMenu />
      </PageHeader>

      <ListFilters
        action="/admin/invoices"
        q={query.q}
        placeholder={invoiceMessages.searchPlaceholder}
        searchLabel="Search by invoice number or customer name"
        selects={[
          {
            name: "type",
            label: "Type",
            value: query.type,
            options: invoiceTypeFilters.map((type) => ({
              value: type,
              label: type === "all" ? "All Types" : invoiceTypeLabels[type],
            })),
          },
          {
            name: "status",
            label: "Status",
            value: query.status,
            options: invoiceStatusFilters.map((status) => ({
              value: status,
              label: status === "all" ? "All Statuses" : invoiceStatusLabels[status],
            })),
          },
        ]}
      />

      <section aria-labelledby="invoice-list-title" className="flex flex-col gap-3">
        <h2 id="invoice-list-title" className="sr-only">
          Invoices and estimates
        </h2>
        <InvoiceTable rows={list.rows} />
        {list.total > 0 ? (
          <Pager
            page={list.page}
            pageCount={list.pageCount}
            total={list.total}
            pageSize={invoicePageSize}
            shown={list.rows.length}
            href={(page) => invoiceListHref({ ...query, page })}
          />
        ) : null}
      </section>
    </div>
  );
}

/** Create New: a menu with JavaScript; without it, two plain links. */
function CreateNewMenu() {
  return (
    <DropdownMenu.Root modal={false}>
      <noscript>
        <style>{".js-only{display:none!important}"}</style>
        <span className="flex gap-2">
          <a href={newInvoiceHref("invoice")} className={buttonClass("primary", undefined, "sm")}>
            New Invoice
          </a>
          <a href={newInvoiceHref("estimate")} className={buttonClass("secondary", undefined, "sm")}>
            New Estimate
          </a>
        </span>
      </noscript>
      <DropdownMenu.Trigger className={buttonClass("primary", "js-only", "sm")}>
        <Plus aria-hidden className="size-4" />
        Create New
        <ChevronDown aria-hidden className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-44 rounded-md border border-zinc-800 bg-zinc-900 p-1 text-sm text-zinc-100 shadow-xl"
        >
          <DropdownMenu.Item asChild>
            <Link
              to={newInvoiceHref("invoice")}
              className="flex items-center gap-2 rounded px-2 py-2 outline-none data-[highlighted]:bg-zinc-800"
            >
              <FileText aria-hidden className="size-4" />
              New Invoice
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link
              to={newInvoiceHref("estimate")}
              className="flex items-center gap-2 rounded px-2 py-2 outline-none data-[highlighted]:bg-zinc-800"
            >
              <FilePlus2 aria-hidden className="size-4" />
              New Estimate
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

function customerLabel(row: Row) {
  return row.businessName ? `${row.customerName} (${row.businessName})` : row.customerName;
}

function RowActions({ row }: { row: Row }) {
  return (
    <div className="flex items-center justify-end gap-1">
      <Link
        to={`/admin/invoices/${row.id}`}
        className={buttonClass("ghost", undefined, "sm")}
        aria-label={`Edit ${row.invoiceNumber}`}
        data-row-action
      >
        <Pencil aria-hidden className="size-4" />
        <span className="max-xl:sr-only">Edit</span>
      </Link>
      <Link
        to={`/admin/invoices/${row.id}/send`}
        className={buttonClass("ghost", undefined, "sm")}
        aria-label={`Send ${row.invoiceNumber} by email`}
        data-row-action
      >
        <Send aria-hidden className="size-4" />
        <span className="max-xl:sr-only">Send</span>
      </Link>
      <a
        href={`/admin/invoices/${row.id}/pdf`}
        target="_blank"
        rel="noopener"
        className={buttonClass("ghost", undefined, "sm")}
        aria-label={`Open printable ${row.invoiceNumber} in a new tab`}
        data-row-action
      >
        <FileText aria-hidden className="size-4" />
        <span className="max-xl:sr-only">PDF</span>
      </a>
      <a
        href={`/admin/invoices/${row.id}.pdf`}
        download
        className={buttonClass("ghost", undefined, "sm")}
        aria-label={`Download ${row.invoiceNumber} as PDF`}
        data-row-action
      >
        <Download aria-hidden className="size-4" />
      </a>
    </div>
  );
}

function InvoiceTable({ rows }: { rows: Row[] }) {
  if (rows.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-zinc-800 px-6 py-12 text-center text-sm text-zinc-400">
        {invoiceMessages.empty}
      </p>
    );
  }
  return (
    <>
      {/* small screens: one card per document */}
      <ul className="flex flex-col gap-2 md:hidden">
        {rows.map((row) => (
          <li key={row.id} data-invoice-card={row.id} className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-3">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-mono text-sm font-medium text-zinc-100">{row.invoiceNumber}</p>
                <p className="truncate text-sm text-zinc-300">{customerLabel(row)}</p>
              </div>
              <InvoiceStatusBadge status={row.status} />
            </div>
            <p className="mt-2 text-sm text-zinc-400">
              {invoiceTypeLabels[row.invoiceType]} · {displayDate(row.issueDate)}
              {row.dueDate ? ` · due ${displayDate(row.dueDate)}` : ""}
            </p>
            <div className="mt-2 flex items-center justify-between gap-2">
              <span className="font-medium text-zinc-100 tabular-nums">
                {formatMoney(toCents(row.totalAmount) ?? 0)}
              </span>
              <RowActions row={row} />
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden rounded-lg border border-zinc-800 md:block">
        <table className="w-full table-fixed border-collapse text-left text-sm">
          {/* below 1280 px, Type and Due Date sit under Number and Date, so every action stays in view */}
          <colgroup>
            <col className="w-[6.5rem]" />
            <col />
            <col className="hidden w-[5.5rem] xl:table-column" />
            <col className="w-[6.5rem]" />
            <col className="hidden w-[6.5rem] xl:table-column" />
            <col className="w-[7rem]" />
            <col className="w-[6rem]" />
            <col className="w-[8.5rem] xl:w-[12rem]" />
          </colgroup>
          <thead className="bg-zinc-900 text-xs tracking-wide text-zinc-400 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2.5 font-medium">
                Number
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                Customer
              </th>
              <th scope="col" className="hidden px-3 py-2.5 font-medium xl:table-cell">
                Type
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                Date
              </th>
              <th scope="col" className="hidden px-3 py-2.5 font-medium xl:table-cell">
                Due Date
              </th>
              <th scope="col" className="px-3 py-2.5 text-right font-medium">
                Amount
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                Status
              </th>
              <th scope="col" className="px-3 py-2.5 text-right font-medium">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-800">
            {rows.map((row) => (
              <tr key={row.id} data-invoice-row={row.id} className="hover:bg-zinc-900/60">
                <td className="truncate px-3 py-2.5">
                  <span className="font-mono text-zinc-100">{row.invoiceNumber}</span>
                  <span className="block text-xs text-zinc-400 xl:hidden">{invoiceTypeLabels[row.invoiceType]}</span>
                </td>
                <td className="px-3 py-2.5" title={customerLabel(row)}>
                  <span className="block truncate text-zinc-200">{row.customerName}</span>
                  {row.businessName ? (
                    <span className="block truncate text-xs text-zinc-400">{row.businessName}</span>
                  ) : null}
                </td>
                <td className="hidden px-3 py-2.5 text-zinc-300 xl:table-cell">{invoiceTypeLabels[row.invoiceType]}</td>
                <td className="px-3 py-2.5 whitespace-nowrap text-zinc-300">
                  {displayDate(row.issueDate)}
                  <span className="block text-xs text-zinc-400 xl:hidden">Due {displayDate(row.dueDate) || "—"}</span>
                </td>
                <td className="hidden px-3 py-2.5 whitespace-nowrap text-zinc-300 xl:table-cell">
                  {displayDate(row.dueDate) || "—"}
                </td>
                <td className="px-3 py-2.5 text-right whitespace-nowrap text-zinc-100 tabular-nums">
                  {formatMoney(toCents(row.totalAmount) ?? 0)}
                </td>
                <td className="px-3 py-2.5">
                  <InvoiceStatusBadge status={row.status} />
                </td>
                <td className="px-1 py-1.5">
                  <RowActions row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
