/**
 * The invoice list's state in its address (/admin/invoices?q=&type=&status=&page=), as list-query.ts
 * reads and writes it.
 */
import { invoiceStatuses, invoiceTypes } from "#app/domain/enums.ts";
import { type ListQueryOf, listAddress } from "#app/domain/list-query.ts";

export const invoicePageSize = 25;
export const invoiceTypeFilters = ["all", ...invoiceTypes] as const;
export const invoiceStatusFilters = ["all", ...invoiceStatuses] as const;
const filters = { type: invoiceTypeFilters, status: invoiceStatusFilters };
export type InvoiceListQuery = ListQueryOf<typeof filters>;

const address = listAddress("/admin/invoices", filters, ["q", "type", "status", "page"]);
export const parseInvoiceListQuery = address.parse;
/** The address of an invoice list view; defaults are left out. */
export const invoiceListHref = address.href;
