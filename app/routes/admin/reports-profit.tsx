/**
 * /admin/reports/profit: profit for a period (ADR 0058), by month, customer or kind of project: revenue
 * invoiced and paid, time at cost, expenses, margin and margin %, with the total; the same figures as CSV
 * at /admin/reports/profit.csv with the same address. A plain GET form: works without JavaScript.
 */
import { Link } from "react-router";
import { type Column, DataTable } from "#app/components/admin/data-table.tsx";
import { ExportCsvLink, PageHeader } from "#app/components/admin/list.tsx";
import { linkClass } from "#app/components/admin/record-page.tsx";
import { ReportPeriodForm } from "#app/components/admin/report-period-form.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import { formatMoney } from "#app/domain/money.ts";
import {
  type ProfitRow,
  profitGroupingLabels,
  profitGroupings,
  profitPath,
  profitPeriod,
  profitQuerySchema,
  profitRowsShown,
  profitRowsToShow,
  profitTable,
} from "#app/domain/profit.ts";
import { studioToday } from "#app/models/business-settings.server.ts";
import { profitParts } from "#app/models/profit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/reports-profit";
import type { AdminHandle } from "./layout.tsx";

export const handle: AdminHandle = { liveTables: ["invoices", "projects", "time_entries"] };

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Profit") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = getApp(context).database.db;
  const query = profitQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const period = profitPeriod(query, await studioToday(db));
  const table = profitTable(await profitParts(db, period, query.by));
  const { rows, others } = profitRowsToShow(table, query.by);
  return { ...period, by: query.by, rows, others, total: table.total };
}

const money = (cents: number) => formatMoney(cents);
const columns: readonly Column<ProfitRow>[] = [
  { header: "Group", primary: true, truncate: true, className: "md:max-w-56", cell: (row) => row.label },
  { header: "Revenue invoiced", numeric: true, cell: (row) => money(row.invoicedCents) },
  { header: "Revenue paid", numeric: true, cell: (row) => money(row.paidCents) },
  { header: "Time at cost", numeric: true, cell: (row) => money(row.timeCostCents) },
  { header: "Expenses", numeric: true, cell: (row) => money(row.expenseCents) },
  { header: "Margin", numeric: true, cell: (row) => money(row.marginCents) },
  { header: "Margin %", numeric: true, cell: (row) => (row.marginPercent === null ? "—" : `${row.marginPercent}%`) },
];

export default function ProfitReport({ loaderData }: Route.ComponentProps) {
  const { from, to, by, rows, others, total } = loaderData;
  const csv = `${profitPath}.csv?${new URLSearchParams({ from, to, by })}`;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title="Profit"
        description="Revenue less time at cost and expenses"
        back={{ href: "/admin/reports", label: "Back to Reports" }}
      >
        <ExportCsvLink href={csv} />
      </PageHeader>
      <ReportPeriodForm
        action={profitPath}
        from={from}
        to={to}
        choices={[
          {
            name: "by",
            label: "By",
            value: by,
            options: profitGroupings.map((value) => ({ value, label: profitGroupingLabels[value] })),
          },
        ]}
      />
      {others > 0 ? (
        <p className="text-sm text-zinc-300">
          The {profitRowsShown} with the most revenue invoiced, largest first, then the {others} others together; the
          CSV has every one.
        </p>
      ) : null}
      <DataTable
        label={`Profit by ${profitGroupingLabels[by].toLowerCase()}, ${from} to ${to}`}
        columns={columns}
        rows={rows.length ? [...rows, total] : []}
        rowKey={(row) => row.key}
        rowAttributes={(row) => ({ "data-profit-row": row.key })}
        empty={
          <>
            Nothing invoiced, worked or spent in this period. Time and expenses are logged on a{" "}
            <Link to="/admin/projects" className={linkClass}>
              project's Time &amp; profit page
            </Link>
            .
          </>
        }
      />
    </div>
  );
}
