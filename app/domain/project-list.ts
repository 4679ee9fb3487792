/** The project list's state in its address (/admin/projects?status=&q=&page=), as list-query.ts reads and writes it. */
import { projectStatuses } from "#app/domain/enums.ts";
import { type ListQueryOf, listAddress } from "#app/domain/list-query.ts";

export const projectPageSize = 24;
export const projectStatusFilters = ["all", ...projectStatuses] as const;
const filters = { status: projectStatusFilters };
export type ProjectListQuery = ListQueryOf<typeof filters>;

const address = listAddress("/admin/projects", filters, ["status", "q", "page"]);
export const parseProjectListQuery = address.parse;
/** The address of a project list view; defaults are left out. */
export const projectListHref = address.href;
