/** The proposal list's state in its address (/admin/proposals?q=&status=&page=), as list-query.ts reads and writes it. */
import { proposalStatuses } from "#app/domain/enums.ts";
import { type ListQueryOf, listAddress } from "#app/domain/list-query.ts";

export const proposalPageSize = 25;
export const proposalStatusFilters = ["all", ...proposalStatuses, "expired"] as const;
const filters = { status: proposalStatusFilters };
export type ProposalListQuery = ListQueryOf<typeof filters>;

const address = listAddress("/admin/proposals", filters, ["q", "status", "page"]);
export const parseProposalListQuery = address.parse;
/** The address of a proposal list view; defaults are left out. */
export const proposalListHref = address.href;
