/**
 * /admin/projects: a card grid with search (project or customer name), status filter and
 * pagination on the server, the state in the URL; cards update live.
 */
import { Plus } from "lucide-react";
import { Link } from "react-router";
import { ProjectCard } from "#app/components/admin/customer-detail.tsx";
import { EmptyState, ListFilters, PageHeader, RefreshButton } from "#app/components/admin/list.tsx";
import { Pager } from "#app/components/admin/pager.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.server.ts";
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

export const meta: Route.MetaFunction = () => [{ title: "Projects | Studio back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  const query = parseProjectListQuery(new URL(request.url).searchParams);
  const list = await listProjects(database.db, query);
  return { query, list };
}

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
          <Plus aria-hidden className="size-4" />
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
        {list.rows.length === 0 ? (
          <EmptyState>{projectMessages.empty}</EmptyState>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {list.rows.map((project) => (
              <ProjectCard key={project.id} project={project} showCustomer />
            ))}
          </ul>
        )}
        {list.total > 0 ? (
          <Pager
            page={list.page}
            pageCount={list.pageCount}
            total={list.total}
            pageSize={projectPageSize}
            shown={list.rows.length}
            href={(page) => projectsHref({ ...query, page })}
          />
        ) : null}
      </section>
    </div>
  );
}
