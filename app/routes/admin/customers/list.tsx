/**
 * /admin/customers: search (name, email, business), status filter, pagination, all on the
 * server with the state in the URL (?status=&q=&page=); rows update live when customers change.
 */

import { Link } from "react-router";
import { CustomerStatusBadge } from "#app/components/admin/badge.tsx";
import { type Column, DataTable, rowActionClass } from "#app/components/admin/data-table.tsx";
import {
  ExportCsvLink,
  ListFilters,
  ListPage,
  RefreshButton,
  StatusListTitle,
  statusFilter,
} from "#app/components/admin/list.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import { getApp } from "#app/context.server.ts";
import { csvExportHref } from "#app/domain/csv.ts";
import {
  customerListHref,
  customerPageSize,
  customerStatusFilters,
  parseCustomerListQuery,
} from "#app/domain/customer-list.ts";
import { customerMessages } from "#app/domain/customers.ts";
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

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  return (
    <ListPage
      title="Customers"
      description="The people and businesses you work with."
      actions={
        <>
          <RefreshButton />
          <ExportCsvLink href={csvExportHref(customerListHref(query), "/admin/customers/export.csv")} />
          <Link to="/admin/dashboard" className={buttonClass("secondary", { size: "sm" })}>
            <Icon name="layout-dashboard" />
            Dashboard
          </Link>
          <Link to="/admin/customers/new" className={buttonClass("primary", { size: "sm" })}>
            <Icon name="plus" />
            New Customer
          </Link>
        </>
      }
      filters={
        <ListFilters
          action="/admin/customers"
          q={query.q}
          selects={[statusFilter(query.status, customerStatusFilters, customerStatusLabels)]}
          placeholder={customerMessages.searchPlaceholder}
          searchLabel="Search customers"
        />
      }
      listTitle={{
        id: "customer-list-title",
        text: <StatusListTitle status={query.status} labels={customerStatusLabels} noun="customers" q={query.q} />,
      }}
      list={list}
      pageSize={customerPageSize}
      pageHref={(page) => customerListHref({ ...query, page })}
    >
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
    </ListPage>
  );
}
