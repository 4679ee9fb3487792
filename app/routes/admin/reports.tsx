/**
 * /admin/reports: the owner's figures. Paid revenue per month (12 months), what is
 * outstanding and overdue (the invoices list's own conditions, so the figures match its filters),
 * submissions per week by project type (12 weeks), the submission-to-customer conversion over those weeks, the
 * proposals sent and signed (all time), and
 * public page views per day (30 days), monthly recurring revenue and the next three months' forecast
 * (ADR 0031). Periods are in the studio's time zone (ADR 0018).
 */

import { Link } from "react-router";
import { BarChart, StackedBarChart } from "#app/components/admin/charts.tsx";
import { PageHeader, RefreshButton } from "#app/components/admin/list.tsx";
import { linkClass, SummaryCard } from "#app/components/admin/record-page.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.server.ts";
import { isoDay, todayIn } from "#app/domain/dates.ts";
import { type ProjectType, projectTypeLabels, projectTypes } from "#app/domain/enums.ts";
import { invoiceListHref } from "#app/domain/invoice-list.ts";
import { formatMoney, formatMoneyCompact } from "#app/domain/money.ts";
import { profitPath } from "#app/domain/profit.ts";
import {
  conversionRate,
  dayLabel,
  daysEnding,
  fillSeries,
  monthLabel,
  monthlyRecurringRevenue,
  monthsEnding,
  recurringForecast,
  submissionWeeksSeries,
  weeksEnding,
} from "#app/domain/reports.ts";
import { sourcesPath } from "#app/domain/sources.ts";
import { studioTimeZone } from "#app/models/business-settings.server.ts";
import { receivableTotals } from "#app/models/invoices.server.ts";
import { proposalConversion } from "#app/models/proposals.server.ts";
import { listActiveSchedules } from "#app/models/recurring-schedules.server.ts";
import {
  openBalancesByDueDate,
  pageViewsByDay,
  revenueByMonth,
  submissionConversion,
  submissionsByWeek,
} from "#app/models/reports.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/reports";
import type { AdminHandle } from "./layout.tsx";

export const handle: AdminHandle = { liveTables: ["invoices", "contact_submissions", "customers"] };

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Reports") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = getApp(context).database.db;
  const timeZone = await studioTimeZone(db);
  const now = new Date();
  const today = todayIn(timeZone, now);
  const months = monthsEnding(today);
  const weeks = weeksEnding(today);
  // page views are counted per UTC day (domain/page-views.ts)
  const days = daysEnding(isoDay(now));
  const [revenue, receivable, submissions, conversion, views, schedules, openBalances, proposals] = await Promise.all([
    revenueByMonth(db, `${months[0]}-01`, today),
    receivableTotals(db, today),
    submissionsByWeek(db, weeks[0] ?? today, timeZone),
    submissionConversion(db, weeks[0] ?? today, timeZone),
    pageViewsByDay(db, days[0] ?? today, days.at(-1) ?? today),
    listActiveSchedules(db),
    openBalancesByDueDate(db),
    proposalConversion(db),
  ]);
  return {
    timeZone,
    recurring: {
      monthly: monthlyRecurringRevenue(
        schedules.map((item) => ({ frequency: item.rule.frequency, amount: item.amount })),
      ),
      schedules: schedules.length,
      forecast: recurringForecast({ today, schedules, openBalances }),
    },
    revenue: fillSeries(months, revenue),
    receivable,
    submissions: submissionWeeksSeries(weeks, submissions),
    conversion: { ...conversion, rate: conversionRate(conversion.converted, conversion.submissions) },
    proposals: { ...proposals, rate: conversionRate(proposals.signed, proposals.sent) },
    views: fillSeries(days, views),
  };
}

const submissionColours: Record<ProjectType, string> = {
  quote: "fill-sky-400",
  contact: "fill-zinc-300",
  consultation: "fill-emerald-400",
  website: "fill-amber-300",
  webapp: "fill-violet-400",
  redesign: "fill-rose-400",
  demo: "fill-lime-300",
};

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { revenue, receivable, submissions, conversion, proposals, views, timeZone, recurring } = loaderData;
  const revenueTotal = revenue.reduce((sum, month) => sum + month.value, 0);
  const submissionTotal = submissions.reduce((sum, week) => sum + week.total, 0);
  const viewTotal = views.reduce((sum, day) => sum + day.value, 0);
  const usedTypes = projectTypes.filter((type) => submissions.some((week) => week.counts[type] > 0));
  const series = (usedTypes.length ? usedTypes : (["quote"] as ProjectType[])).map((type) => ({
    key: type,
    label: projectTypeLabels[type],
    className: submissionColours[type],
  }));

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <PageHeader title="Reports" description={`Money, submissions and visits at a glance. Dates in ${timeZone}.`}>
        <Link to={profitPath} className={buttonClass("secondary", { size: "sm" })}>
          Profit
        </Link>
        <Link to={sourcesPath} className={buttonClass("secondary", { size: "sm" })}>
          Sources
        </Link>
        <RefreshButton />
      </PageHeader>

      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <SummaryCard
          label="Outstanding"
          value={formatMoney(receivable.outstanding)}
          hint={`${receivable.outstandingCount} ${receivable.outstandingCount === 1 ? "invoice" : "invoices"} neither paid nor cancelled`}
        />
        <SummaryCard
          label="Overdue"
          value={formatMoney(receivable.overdue)}
          hint={
            <Link to={invoiceListHref({ type: "invoice", status: "overdue" })} className={linkClass}>
              {receivable.overdueCount} overdue {receivable.overdueCount === 1 ? "invoice" : "invoices"}
            </Link>
          }
        />
        <SummaryCard label="Paid, last 12 months" value={formatMoney(revenueTotal)} />
        <SummaryCard
          label="Monthly recurring revenue"
          value={<span data-mrr>{formatMoney(recurring.monthly)}</span>}
          hint={`${recurring.schedules} active ${recurring.schedules === 1 ? "schedule" : "schedules"}, per month`}
        />
        <SummaryCard
          label="Submission conversion"
          value={conversion.rate === null ? "No submissions" : `${conversion.rate}%`}
          hint={`${conversion.converted} of ${conversion.submissions} submissions in 12 weeks became customers`}
        />
        <SummaryCard
          label="Proposal conversion"
          value={
            <span data-proposal-conversion>{proposals.rate === null ? "No proposals sent" : `${proposals.rate}%`}</span>
          }
          hint={`${proposals.signed} of ${proposals.sent} ${proposals.sent === 1 ? "proposal" : "proposals"} sent were signed`}
        />
      </dl>

      <section
        aria-labelledby="forecast-heading"
        className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-5"
        data-forecast
      >
        <h2 id="forecast-heading" className="text-sm font-semibold text-zinc-200">
          Next three months
        </h2>
        <p className="mt-1 text-sm text-zinc-400">
          Invoices the active schedules will make, and open balances by the month they fall due (overdue ones in this
          month).
        </p>
        <table className="mt-3 w-full max-w-2xl text-left text-sm">
          <caption className="sr-only">Forecast for the next three months</caption>
          <thead className="text-xs text-zinc-400 uppercase">
            <tr>
              <th scope="col" className="py-1 font-medium">
                Month
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Scheduled
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Open balances
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {recurring.forecast.map((month) => (
              <tr key={month.month} className="border-t border-zinc-800" data-forecast-month={month.month}>
                <th scope="row" className="py-1.5 font-normal">
                  {monthLabel(month.month)}
                </th>
                <td className="py-1.5 text-right tabular-nums">{formatMoney(month.scheduled)}</td>
                <td className="py-1.5 text-right tabular-nums">{formatMoney(month.open)}</td>
                <td className="py-1.5 text-right font-medium text-zinc-100 tabular-nums">{formatMoney(month.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <BarChart
          title="Paid revenue by month"
          summary={`${formatMoney(revenueTotal)} received over the last 12 months.`}
          valueHeading="Paid"
          bars={revenue.map((month) => ({ key: month.key, label: monthLabel(month.key), value: month.value }))}
          format={(cents) => formatMoney(Math.round(cents))}
          axisFormat={(cents) => formatMoneyCompact(Math.round(cents))}
          labelEvery={2}
          barClassName="fill-emerald-400"
          minimumMax={10_000}
        />
        <StackedBarChart
          title="Submissions per week by project type"
          summary={`${submissionTotal} ${submissionTotal === 1 ? "submission" : "submissions"} over the last 12 weeks.`}
          bars={submissions.map((week) => ({ key: week.week, label: dayLabel(week.week), values: week.counts }))}
          series={series}
          labelEvery={2}
        />
        <BarChart
          title="Public page views per day"
          summary={`${viewTotal} page ${viewTotal === 1 ? "view" : "views"} over the last 30 days.`}
          valueHeading="Views"
          bars={views.map((day) => ({ key: day.key, label: dayLabel(day.key), value: day.value }))}
          format={(value) => String(Math.round(value))}
          labelEvery={5}
        />
      </div>
    </div>
  );
}
