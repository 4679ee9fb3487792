/**
 * /admin/customers: search (name, email, business), status filter, pagination, all on the
 * server with the state in the URL (?status=&q=&page=); rows update live when customers change.
 */
import { Eye, LayoutDashboard, Plus } from "lucide-react";
import { Link } from "react-router";
import { CustomerStatusBadge, EmptyState, ListFilters, PageHeader, RefreshButton } from "#app/components/admin/crm.tsx";
import { Pager } from "#app/components/admin/inbox.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.server.ts";
import {
  customerMessages,
  customerPageSize,
  customerStatusFilters,
  customerStatusLabels,
  customersHref,
  parseCustomerListQuery,
} from "#app/domain/customers.ts";
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
        status={query.status}
        statuses={statusOptions}
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
                      aria-label={`View customer ${row.name}`}
                    >
                      <Eye aria-hidden className="size-4" />
                      View
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
            <div className="hidden rounded-lg border border-zinc-800 md:block">
              <table className="w-full table-fixed border-collapse text-left text-sm">
                <colgroup>
                  <col className="w-[30%]" />
                  <col className="w-[30%]" />
                  <col className="w-[40%]" />
                  <col className="w-34" />
                  <col className="w-26" />
                  <col className="w-24" />
                </colgroup>
                <thead className="bg-zinc-900 text-xs tracking-wide text-zinc-400 uppercase">
                  <tr>
                    {["Name", "Business", "Email", "Phone", "Status"].map((heading) => (
                      <th key={heading} scope="col" className="px-3 py-2.5 font-medium">
                        {heading}
                      </th>
                    ))}
                    <th scope="col" className="px-3 py-2.5 text-right font-medium">
                      Actions
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-zinc-800">
                  {list.rows.map((row) => (
                    <tr key={row.id} data-customer-row={row.id} className="hover:bg-zinc-900/60">
                      <td className="truncate px-3 py-2.5 font-medium text-zinc-100" title={row.name}>
                        {row.name}
                      </td>
                      <td className="truncate px-3 py-2.5 text-zinc-300" title={row.businessName ?? undefined}>
                        {row.businessName ?? "—"}
                      </td>
                      <td className="truncate px-3 py-2.5 text-zinc-300" title={row.email}>
                        {row.email}
                      </td>
                      <td className="truncate px-3 py-2.5 whitespace-nowrap text-zinc-300">{row.phoneNumber ?? "—"}</td>
                      <td className="px-3 py-2.5">
                        <CustomerStatusBadge status={row.status} />
                      </td>
                      <td className="px-2 py-2 text-right">
                        <Link
                          to={`/admin/customers/${row.id}`}
                          className={buttonClass("ghost", "px-2", "sm")}
                          aria-label={`View customer ${row.name}`}
                        >
                          <Eye aria-hidden className="size-4" />
                          <span className="hidden lg:inline">View</span>
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
