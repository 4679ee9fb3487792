/**
 * /admin/proposals: the proposals list. Search, status filter (Expired: sent and past its date) and
 * the page are in the URL (?q=&status=&page=), so a view links, reloads and works without
 * JavaScript; rows update live when a proposal changes (handle.liveTables).
 */

import { Link } from "react-router";
import { ProposalStateBadge } from "#app/components/admin/badge.tsx";
import { type Column, DataTable, rowActionClass } from "#app/components/admin/data-table.tsx";
import { ExportCsvLink, ListFilters, ListPage, RefreshButton, statusFilter } from "#app/components/admin/list.tsx";
import type { ErrorHandle } from "#app/components/admin/route-error.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import { getApp } from "#app/context.server.ts";
import { csvExportHref } from "#app/domain/csv.ts";
import { displayDate } from "#app/domain/dates.ts";
import { proposalStateLabels } from "#app/domain/enums.ts";
import {
  parseProposalListQuery,
  proposalListHref,
  proposalPageSize,
  proposalStatusFilters,
} from "#app/domain/proposal-list.ts";
import { newProposalHref, proposalAmountText, proposalMessages } from "#app/domain/proposal-pages.ts";
import { listProposals } from "#app/models/proposals.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/proposals";
import type { AdminHandle } from "./layout.tsx";

/** A client's signature changes its project: the list hears of it through the projects' changes. */
export const handle: AdminHandle & ErrorHandle = {
  liveTables: ["projects", "customers"],
  loadFailed: { type: "error", message: "Error", description: "Failed to fetch proposals" },
};

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Proposals") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  const query = parseProposalListQuery(new URL(request.url).searchParams);
  const list = await listProposals(database.db, query);
  return { query, list };
}

export default function Proposals({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  return (
    <ListPage
      title="Proposals"
      description="Offer packages and add-ons; the client chooses, signs and pays a deposit."
      actions={
        <>
          <RefreshButton />
          <ExportCsvLink href={csvExportHref(proposalListHref(query), "/admin/proposals/export.csv")} />
          <Link to={newProposalHref({ fromPricing: true })} className={buttonClass("secondary", { size: "sm" })}>
            <Icon name="file-plus-2" />
            From pricing packages
          </Link>
          <Link to={newProposalHref()} className={buttonClass("primary", { size: "sm" })}>
            <Icon name="plus" />
            New Proposal
          </Link>
        </>
      }
      filters={
        <ListFilters
          action="/admin/proposals"
          q={query.q}
          placeholder="Search proposals..."
          searchLabel="Search by proposal number, title or customer name"
          selects={[statusFilter(query.status, proposalStatusFilters, proposalStateLabels)]}
        />
      }
      listTitle={{ id: "proposal-list-title", text: "Proposals", hidden: true }}
      list={list}
      pageSize={proposalPageSize}
      pageHref={(page) => proposalListHref({ ...query, page })}
    >
      <DataTable
        label="Proposals"
        columns={columns}
        rows={list.rows}
        rowKey={(row) => row.id}
        rowAttributes={(row) => ({ "data-proposal-row": row.id })}
        empty={proposalMessages.empty}
        actions={(row) => (
          <Link
            to={`/admin/proposals/${row.id}`}
            className={rowActionClass}
            aria-label={`Open ${row.proposalNumber}`}
            data-row-action
          >
            <Icon name={row.state === "draft" ? "pencil" : "file-text"} />
            <span className="md:max-2xl:sr-only">Open</span>
          </Link>
        )}
      />
    </ListPage>
  );
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

const columns: readonly Column<Row>[] = [
  {
    header: "Number",
    primary: true,
    cell: (row) => <span className="font-mono">{row.proposalNumber}</span>,
    className: "md:whitespace-nowrap",
  },
  {
    header: "Customer",
    cell: (row) => (
      <>
        <span className="block text-zinc-200">{row.customerName}</span>
        {row.businessName ? <span className="block text-xs text-zinc-400">{row.businessName}</span> : null}
      </>
    ),
    className: "md:max-w-52 md:break-words",
  },
  { header: "Title", cell: (row) => row.title, className: "md:max-w-64 md:break-words" },
  {
    header: "Amount",
    numeric: true,
    cell: (row) => <span className="md:whitespace-nowrap">{proposalAmountText(row)}</span>,
    className: "text-zinc-100 tabular-nums",
  },
  {
    header: "Expires",
    lowPriority: true,
    cell: (row) => displayDate(row.expiresOn),
    className: "md:whitespace-nowrap",
  },
  { header: "Status", cell: (row) => <ProposalStateBadge state={row.state} /> },
];
