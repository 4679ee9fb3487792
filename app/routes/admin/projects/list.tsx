/**
 * /admin/projects: search (project or customer name), status filter and pagination on the server,
 * the state in the URL; rows update live.
 */

import { Link } from "react-router";
import { ProjectStatusBadge } from "#app/components/admin/badge.tsx";
import { projectValueLabel } from "#app/components/admin/customer-detail.tsx";
import { type Column, DataTable, rowActionClass } from "#app/components/admin/data-table.tsx";
import { Icon } from "#app/components/admin/icons.tsx";
import { ListFilters, PageHeader, RefreshButton } from "#app/components/admin/list.tsx";
import { Pager } from "#app/components/admin/pager.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.server.ts";
import { formatDay } from "#app/domain/dates.ts";
import { projectStatusLabels } from "#app/domain/enums.ts";
import {
  parseProjectListQuery,
  projectMessages,
  projectPageSize,
  projectStatusFilters,
  projectsHref,
} from "#app/domain/projects.ts";
import { listProjects } from "#app/models/projects.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { AdminHandle } from "../layout.tsx";
import type { Route } from "./+types/list";

export const handle: AdminHandle = { liveTables: ["projects", "customers"] };

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Projects") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  const query = parseProjectListQuery(new URL(request.url).searchParams);
  const list = await listProjects(database.db, query);
  return { query, list };
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

function dates(row: Row) {
  if (!row.startDate && !row.endDate) return "—";
  return [row.startDate, row.endDate].map((day) => (day ? formatDay(day) : "")).join(" – ");
}

const columns: readonly Column<Row>[] = [
  { header: "Project", primary: true, cell: (row) => row.projectName, truncate: true, className: "md:max-w-56" },
  {
    header: "Customer",
    cell: (row) => row.customerName ?? projectMessages.unknownCustomer,
    truncate: true,
    className: "md:max-w-44",
  },
  {
    header: "Type",
    lowPriority: true,
    cell: (row) => row.projectType ?? "—",
    truncate: true,
    className: "md:max-w-36",
  },
  { header: "Dates", lowPriority: true, cell: dates, className: "md:whitespace-nowrap" },
  { header: "Value", numeric: true, cell: projectValueLabel, className: "tabular-nums md:whitespace-nowrap" },
  { header: "Status", cell: (row) => <ProjectStatusBadge status={row.status} /> },
];

const statusOptions = projectStatusFilters.map((value) => ({
  value,
  label: value === "all" ? "All Statuses" : projectStatusLabels[value],
}));

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <PageHeader title="Projects" description="Quotes and work for your customers.">
        <RefreshButton />
        <Link to="/admin/projects/new" className={buttonClass("primary", undefined, "sm")}>
          <Icon name="plus" />
          New Project
        </Link>
      </PageHeader>
      <ListFilters
        action="/admin/projects"
        q={query.q}
        selects={[{ name: "status", label: "Status", value: query.status, options: statusOptions }]}
        placeholder={projectMessages.searchPlaceholder}
        searchLabel="Search projects"
      />
      <section aria-labelledby="project-list-title" className="flex flex-col gap-3">
        <h2 id="project-list-title" className="text-sm font-medium text-zinc-300">
          {query.status === "all" ? "All projects" : `${projectStatusLabels[query.status]} projects`}
          {query.q ? <span className="text-zinc-400"> matching “{query.q}”</span> : null}
        </h2>
        <DataTable
          label="Projects"
          columns={columns}
          rows={list.rows}
          rowKey={(row) => row.id}
          rowAttributes={(row) => ({ "data-project-row": row.id })}
          empty={projectMessages.empty}
          actions={(row) => (
            <Link
              to={`/admin/projects/${row.id}`}
              className={rowActionClass}
              data-row-action
              aria-label={`View project ${row.projectName}`}
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
            pageSize={projectPageSize}
            shown={list.rows.length}
            href={(page) => projectsHref({ ...query, page })}
          />
        ) : null}
      </section>
    </div>
  );
}
