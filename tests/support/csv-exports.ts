/** The CSV export routes' loaders by address, as the router picks them (app/routes.ts). */
import * as customers from "#app/routes/admin/export-customers.ts";
import * as invoices from "#app/routes/admin/export-invoices.ts";
import * as proposals from "#app/routes/admin/export-proposals.ts";
import * as submissions from "#app/routes/admin/export-submissions.ts";

const byPath = {
  "/admin/invoices/export.csv": invoices.loader,
  "/admin/customers/export.csv": customers.loader,
  "/admin/proposals/export.csv": proposals.loader,
  "/admin/dashboard/export.csv": submissions.loader,
} as const;

export function csvLoader(address: string) {
  const path = new URL(address, "http://studio.test").pathname;
  if (!(path in byPath)) throw new Error(`no CSV export at ${path}`);
  return byPath[path as keyof typeof byPath];
}
