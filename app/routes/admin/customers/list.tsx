/**
 * /admin/customers: search (name, email, business), status filter, pagination, all on the
 * server with the state in the URL (?status=&q=&page=); rows update live when customers change.
 */

import { Link } from "react-router";
import { CustomerStatusBadge } from "#app/components/admin/badge.tsx";
import { type Column, DataTable, rowActionClass } from "#app/components/admin/data-table.tsx";
import { Icon } from "#app/components/admin/icons.tsx";
import { ExportCsvLink, ListFilters, PageHeader, RefreshButton } from "#app/components/admin/list.tsx";
import { Pager } from "#app/components/admin/pager.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { buttonClass } from "#app/components/admin/ui.tsx";
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

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Customers") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  const query = parseCustomerListQuery(new URL(request.url).searchParams);
  const list = await listCustomers(database.db, query);
  return { query, list };
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

const columns: readonly Column<Row>[] = [
  { header: "Name", primary: true, cell: (row) => row.name, truncate: true, className: "md:max-w-36 2xl:max-w-52" },
  { header: "Business", cell: (row) => row.businessName ?? "—", truncate: true, className: "md:max-w-36 2xl:max-w-52" },
  { header: "Email", cell: (row) => row.email, truncate: true, className: "md:max-w-44 2xl:max-w-64" },
  { header: "Phone", lowPriority: true, cell: (row) => row.phoneNumber ?? "—", className: "md:whitespace-nowrap" },
  { header: "Status", cell: (row) => <CustomerStatusBadge status={row.status} /> },
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
          <Icon name="layout-dashboard" />
          Dashboard
        </Link>
        <Link to="/admin/customers/new" className={buttonClass("primary", undefined, "sm")}>
          <Icon name="plus" />
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
        <DataTable
          label="Customers"
          columns={columns}
          rows={list.rows}
          rowKey={(row) => row.id}
          rowAttributes={(row) => ({ "data-customer-row": row.id })}
          empty={customerMessages.empty}
          actions={(row) => (
            <Link
              to={`/admin/customers/${row.id}`}
              className={rowActionClass}
              data-row-action
              aria-label={`View customer ${row.name}`}
            >
              <Icon name="eye" />
              View
            </Link>
          )}
        />
        {list.total > 0 ? (
          <Pager
            page={list.page}
            pageCount={list.pageCount}
            total={list.total}
            capped={list.capped}
            pageSize={customerPageSize}
            shown={list.rows.length}
            href={(page) => customersHref({ ...query, page })}
          />
        ) : null}
      </section>
    </div>
  );
}
