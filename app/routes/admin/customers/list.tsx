/**
 * /admin/customers: search (name, email, business), status filter, pagination, all on the
 * server with the state in the URL (?status=&q=&page=); rows update live when customers change.
 */
import { Eye, LayoutDashboard, Plus } from "lucide-react";
import { Link } from "react-router";
import { CustomerStatusBadge } from "#app/components/admin/badge.tsx";
import { stickyEnd } from "#app/components/admin/inbox-table.tsx";
import { EmptyState, ExportCsvLink, ListFilters, PageHeader, RefreshButton } from "#app/components/admin/list.tsx";
import { Pager } from "#app/components/admin/pager.tsx";
import { buttonClass, cx } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.server.ts";
import { csvExportHref } from "#app/domain/csv.ts";
import {
  customerMessages,
  customerPageSize,
  customerStatusFilters,
  customersHref,
  parseCustomerListQuery,
} from "#app/domain/customers.ts";
import { customerStatusLabels } from "#app/domain/enums.ts";
import { listCustomers } from "#app/models/customers.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { AdminHandle } from "../layout.tsx";
import type { Route } from "./+types/list";

export const handle: AdminHandle = { liveTables: ["customers"] };

export const meta: Route.MetaFunction = () => [{ title: "Customers | Studio back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  const query = parseCustomerListQuery(new URL(request.url).searchParams);
  const list = await listCustomers(database.db, query);
  return { query, list };
}

const columns = [
  { heading: "Name" },
  { heading: "Business" },
  { heading: "Email" },
  { heading: "Phone", className: "hidden xl:table-cell" },
  { heading: "Status" },
];

const statusOptions = customerStatusFilters.map((value) => ({
  value,
  label: value === "all" ? "All Statuses" : customerStatusLabels[value],
}));

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <PageHeader title="Customers" description="The people and businesses you work with.">
        <RefreshButton />
        <ExportCsvLink href={csvExportHref(customersHref(query), "/admin/customers/export.csv")} />
        <Link to="/admin/dashboard" className={buttonClass("secondary", undefined, "sm")}>
          <LayoutDashboard aria-hidden className="size-4" />
          Dashboard
        </Link>
        <Link to="/admin/customers/new" className={buttonClass("primary", undefined, "sm")}>
          <Plus aria-hidden className="size-4" />
          New Customer
        </Link>
      </PageHeader>

      <ListFilters
        action="/admin/customers"
        q={query.q}
        selects={[{ name: "status", label: "Status", value: query.status, options: statusOptions }]}
        placeholder={customerMessages.searchPlaceholder}
        searchLabel="Search customers"
      />

      <section aria-labelledby="customer-list-title" className="flex flex-col gap-3">
        <h2 id="customer-list-title" className="text-sm font-medium text-zinc-300">
          {query.status === "all" ? "All customers" : `${customerStatusLabels[query.status]} customers`}
          {query.q ? <span className="text-zinc-400"> matching “{query.q}”</span> : null}
        </h2>
        {list.rows.length === 0 ? (
          <EmptyState>{customerMessages.empty}</EmptyState>
        ) : (
          <>
            <ul className="flex flex-col gap-2 md:hidden">
              {list.rows.map((row) => (
                <li
                  key={row.id}
                  data-customer-card={row.id}
                  className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-3"
                >
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="truncate font-medium text-zinc-100">{row.name}</p>
                      {row.businessName ? <p className="truncate text-sm text-zinc-300">{row.businessName}</p> : null}
                    </div>
                    <CustomerStatusBadge status={row.status} />
                  </div>
                  <p className="mt-1 truncate text-sm text-zinc-400">{row.email}</p>
                  <div className="mt-2 flex items-center justify-between gap-2">
                    <span className="text-sm text-zinc-400">{row.phoneNumber ?? ""}</span>
                    <Link
                      to={`/admin/customers/${row.id}`}
                      className={buttonClass("secondary", undefined, "sm")}
                      data-row-action
                      aria-label={`View customer ${row.name}`}
                    >
                      <Eye aria-hidden className="size-4" />
                      View
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto rounded-lg border border-zinc-800 md:block">
              <table className="w-full border-collapse text-left text-sm">
                <thead className="bg-zinc-900 text-xs tracking-wide text-zinc-400 uppercase">
                  <tr>
                    {columns.map((column) => (
                      <th key={column.heading} scope="col" className={cx("px-3 py-2.5 font-medium", column.className)}>
                        {column.heading}
                      </th>
                    ))}
                    <th scope="col" className={cx("px-3 py-2.5 text-right font-medium", stickyEnd, "bg-zinc-900")}>
                      Actions
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-zinc-800">
                  {list.rows.map((row) => (
                    <tr key={row.id} data-customer-row={row.id} className="group hover:bg-zinc-900">
                      <td
                        className="max-w-40 truncate px-3 py-2.5 font-medium text-zinc-100 xl:max-w-52"
                        title={row.name}
                      >
                        {row.name}
                      </td>
                      <td
                        className="max-w-40 truncate px-3 py-2.5 text-zinc-300 xl:max-w-52"
                        title={row.businessName ?? undefined}
                      >
                        {row.businessName ?? "—"}
                      </td>
                      <td className="max-w-48 truncate px-3 py-2.5 text-zinc-300 xl:max-w-64" title={row.email}>
                        {row.email}
                      </td>
                      <td className="hidden px-3 py-2.5 whitespace-nowrap text-zinc-300 xl:table-cell">
                        {row.phoneNumber ?? "—"}
                      </td>
                      <td className="px-3 py-2.5">
                        <CustomerStatusBadge status={row.status} />
                      </td>
                      <td className={cx("px-3 py-2 text-right", stickyEnd, "bg-zinc-950 group-hover:bg-zinc-900")}>
                        <Link
                          to={`/admin/customers/${row.id}`}
                          className={buttonClass("ghost", undefined, "sm")}
                          data-row-action
                          aria-label={`View customer ${row.name}`}
                        >
                          <Eye aria-hidden className="size-4" />
                          View
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        {list.total > 0 ? (
          <Pager
            page={list.page}
            pageCount={list.pageCount}
            total={list.total}
            pageSize={customerPageSize}
            shown={list.rows.length}
            href={(page) => customersHref({ ...query, page })}
          />
        ) : null}
      </section>
    </div>
  );
}
