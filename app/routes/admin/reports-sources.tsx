/**
 * /admin/reports/sources: where paying clients come from (ADR 0060). For a period, per source, per source and
 * campaign, or per package chosen on /pricing, by the first or the last touch: visits, inquiries, consultations,
 * proposals signed, revenue invoiced and revenue paid, with the total (revenue is the profit report's, to the
 * cent); a chart of the leading groups; the same figures as CSV at /admin/reports/sources.csv. A plain GET form:
 * works without JavaScript.
 */
import { BarChart } from "#app/components/admin/charts.tsx";
import { type Column, DataTable } from "#app/components/admin/data-table.tsx";
import { ExportCsvLink, PageHeader } from "#app/components/admin/list.tsx";
import { ReportPeriodForm } from "#app/components/admin/report-period-form.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import { type Cents, formatMoney, formatMoneyCompact } from "#app/domain/money.ts";
import {
  type SourceRow,
  sourceGroupingLabels,
  sourceGroupings,
  sourcesChartGroups,
  sourcesPath,
  touchChoiceLabels,
  touchChoices,
} from "#app/domain/sources.ts";
import { sourcesReport } from "#app/models/sources.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/reports-sources";
import type { AdminHandle } from "./layout.tsx";

export const handle: AdminHandle = { liveTables: ["invoices", "contact_submissions", "bookings"] };

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Sources") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const report = await sourcesReport(getApp(context).database.db, new URL(request.url).searchParams);
  const { period, query, rows, total, timeZone } = report;
  return { ...period, by: query.by, touch: query.touch, rows, total, timeZone };
}

const money = (cents: number) => formatMoney(cents as Cents);
const count = (value: number | null) => (value === null ? "—" : String(value));
const columns: readonly Column<SourceRow>[] = [
  { header: "Group", primary: true, truncate: true, className: "md:max-w-64", cell: (row) => row.label },
  { header: "Visits", numeric: true, cell: (row) => count(row.visits) },
  { header: "Inquiries", numeric: true, cell: (row) => count(row.inquiries) },
  { header: "Consultations", numeric: true, cell: (row) => count(row.consultations) },
  { header: "Proposals signed", numeric: true, cell: (row) => count(row.proposalsSigned) },
  { header: "Revenue invoiced", numeric: true, cell: (row) => money(row.invoicedCents) },
  { header: "Revenue paid", numeric: true, cell: (row) => money(row.paidCents) },
];

export default function SourcesReport({ loaderData }: Route.ComponentProps) {
  const { from, to, by, touch, rows, total, timeZone } = loaderData;
  const csv = `${sourcesPath}.csv?${new URLSearchParams({ from, to, by, touch })}`;
  const leading = rows.slice(0, sourcesChartGroups);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title="Sources"
        description={`Where inquiries, signed proposals and revenue come from, measured on the site. Dates in ${timeZone}.`}
        back={{ href: "/admin/reports", label: "Back to Reports" }}
      >
        <ExportCsvLink href={csv} />
      </PageHeader>
      <ReportPeriodForm
        action={sourcesPath}
        from={from}
        to={to}
        choices={[
          {
            name: "by",
            label: "By",
            value: by,
            options: sourceGroupings.map((value) => ({ value, label: sourceGroupingLabels[value] })),
          },
          {
            name: "touch",
            label: "Touch",
            value: touch,
            options: touchChoices.map((value) => ({ value, label: touchChoiceLabels[value] })),
          },
        ]}
      />
      {leading.length > 0 ? (
        <BarChart
          title={`Revenue paid by ${sourceGroupingLabels[by].toLowerCase()}`}
          summary={`${money(total.paidCents)} paid on ${money(total.invoicedCents)} invoiced from ${from} to ${to}${rows.length > leading.length ? `; the ${leading.length} leading groups` : ""}.`}
          valueHeading="Paid"
          bars={leading.map((row) => ({ key: row.key, label: row.label, value: row.paidCents }))}
          format={(cents) => money(Math.round(cents))}
          axisFormat={(cents) => formatMoneyCompact(Math.round(cents) as Cents)}
          barClassName="fill-emerald-400"
          minimumMax={10_000}
        />
      ) : null}
      <DataTable
        label={`Sources by ${sourceGroupingLabels[by].toLowerCase()}, ${touchChoiceLabels[touch].toLowerCase()}, ${from} to ${to}`}
        columns={columns}
        rows={rows.length ? [...rows, total] : []}
        rowKey={(row) => row.key}
        rowAttributes={(row) => ({ "data-source-row": row.key })}
        empty="No visits, inquiries or revenue in this period."
      />
      <p className="text-sm text-zinc-400">
        A visit is counted when a page of the site is opened from elsewhere (a link with utm_source, another site, or
        typed in); browsers that ask not to be tracked are not counted. An inquiry keeps where its visitor first and
        last came from, for 30 days; a customer entered here has no source: “(not recorded)”.
      </p>
    </div>
  );
}
