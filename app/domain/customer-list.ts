/** The customer list's state in its address (/admin/customers?status=&q=&page=), as list-query.ts reads and writes it. */
import { customerStatuses } from "#app/domain/enums.ts";
import { type ListQueryOf, listAddress } from "#app/domain/list-query.ts";

export const customerPageSize = 25;
export const customerStatusFilters = ["all", ...customerStatuses] as const;
const filters = { status: customerStatusFilters };
export type CustomerListQuery = ListQueryOf<typeof filters>;

const address = listAddress("/admin/customers", filters, ["status", "q", "page"]);
export const parseCustomerListQuery = address.parse;
/** The address of a customer list view; defaults are left out. */
export const customerListHref = address.href;
