/**
 * /admin/projects: search (project or customer name), status filter and pagination on the server,
 * the state in the URL; rows update live.
 */

import { Link } from "react-router";
import { ProjectStatusBadge } from "#app/components/admin/badge.tsx";
import { type Column, DataTable, rowActionClass } from "#app/components/admin/data-table.tsx";
import { ListFilters, ListPage, RefreshButton, StatusListTitle, statusFilter } from "#app/components/admin/list.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import { getApp } from "#app/context.server.ts";
import { formatDay } from "#app/domain/dates.ts";
import { projectStatusLabels } from "#app/domain/enums.ts";
import {
  parseProjectListQuery,
  projectListHref,
  projectPageSize,
  projectStatusFilters,
} from "#app/domain/project-list.ts";
import { projectMessages, projectValueLabel } from "#app/domain/projects.ts";
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

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  return (
    <ListPage
      title="Projects"
      description="Quotes and work for your customers."
      actions={
        <>
          <RefreshButton />
          <Link to="/admin/projects/new" className={buttonClass("primary", { size: "sm" })}>
            <Icon name="plus" />
            New Project
          </Link>
        </>
      }
      filters={
        <ListFilters
          action="/admin/projects"
          q={query.q}
          selects={[statusFilter(query.status, projectStatusFilters, projectStatusLabels)]}
          placeholder={projectMessages.searchPlaceholder}
          searchLabel="Search projects"
        />
      }
      listTitle={{
        id: "project-list-title",
        text: <StatusListTitle status={query.status} labels={projectStatusLabels} noun="projects" q={query.q} />,
      }}
      list={list}
      pageSize={projectPageSize}
      pageHref={(page) => projectListHref({ ...query, page })}
    >
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
    </ListPage>
  );
}
