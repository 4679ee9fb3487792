/**
 * The profit report's sums (domain/profit.ts, ADR 0058): revenue from issued invoices by issue date, time
 * at cost by the day it was worked (each entry's cost rate: the one it was billed at, else the rate in
 * effect on its day), expenses by their date; each grouped by month, customer or kind of project.
 */
import { type SQL, sql } from "drizzle-orm";
import { type Queryable, selectRows } from "#app/db/client.server.ts";
import { toCents } from "#app/domain/money.ts";
import type { ProfitGrouping, ProfitPart } from "#app/domain/profit.ts";
import { type RateRow, resolveRate, valueAt } from "#app/domain/time-tracking.ts";

const cents = (value: string | null) => (value === null ? 0 : (toCents(value) ?? 0));

/**
 * How rows are grouped: `group`, an expression of the row grouped on as it is (a month's first day, a customer's
 * id: no text sorted per row), then each group's `key` and `label` from `g.g`, with `join` bringing a label's
 * table to the groups (a customer's name is read once per customer, not once per invoice).
 */
function grouping(
  by: ProfitGrouping,
  row: { day: SQL; customerId: SQL },
): { group: SQL; key: SQL; label: SQL; join: SQL } {
  switch (by) {
    case "month":
      return {
        group: sql`date_trunc('month', ${row.day}::timestamp)::date`,
        key: sql`to_char(g.g, 'YYYY-MM')`,
        label: sql`to_char(g.g, 'YYYY-MM')`,
        join: sql``,
      };
    case "customer":
      return {
        group: row.customerId,
        key: sql`g.g::text`,
        label: sql`c.name`,
        join: sql`join customers c on c.id = g.g`,
      };
    case "type":
      return {
        group: sql`coalesce(nullif(p.project_type, ''), case when p.id is null then 'No project' else 'Not set' end)`,
        key: sql`g.g`,
        label: sql`g.g`,
        join: sql``,
      };
  }
}

type Period = { from: string; to: string };

export async function profitParts(db: Queryable, period: Period, by: ProfitGrouping) {
  const invoiceGroup = grouping(by, { day: sql`i.issue_date`, customerId: sql`i.customer_id` });
  const invoiceRows = await selectRows<{ key: string; label: string; invoiced: string; paid: string }>(
    db,
    sql`select ${invoiceGroup.key} as key, ${invoiceGroup.label} as label, g.invoiced::text as invoiced,
          g.paid::text as paid
        from (
          select ${invoiceGroup.group} as g, sum(i.total_amount - i.amount_credited) as invoiced,
            sum(i.amount_paid) as paid
          from invoices i
          ${by === "type" ? sql`left join projects p on p.id = i.project_id` : sql``}
          where i.invoice_type = 'invoice' and i.voided_at is null and i.status not in ('draft', 'cancelled')
            and i.issue_date between ${period.from} and ${period.to}
          group by 1
        ) g
        ${invoiceGroup.join}`,
  );
  const expenseGroup = grouping(by, { day: sql`e.expense_date`, customerId: sql`p.customer_id` });
  const expenseRows = await selectRows<{ key: string; label: string; amount: string }>(
    db,
    sql`select ${expenseGroup.key} as key, ${expenseGroup.label} as label, g.amount::text as amount
        from (
          select ${expenseGroup.group} as g, sum(e.amount) as amount
          from expenses e
          join projects p on p.id = e.project_id
          where e.deleted_at is null and e.expense_date between ${period.from} and ${period.to}
          group by 1
        ) g
        ${expenseGroup.join}`,
  );
  // the cost rates first: the time is then summed only as finely as a rate can change
  const rateRows = await selectRows<{
    userId: string | null;
    projectId: string | null;
    phaseId: string | null;
    effectiveFrom: string;
    costRate: string | null;
  }>(
    db,
    sql`select user_id as "userId", project_id as "projectId", phase_id as "phaseId",
          effective_from::text as "effectiveFrom", cost_rate::text as "costRate"
        from rates where cost_rate is not null`,
  );
  const people: RateRow[] = [];
  const byProject = new Map<string, RateRow[]>();
  for (const rate of rateRows) {
    const row: RateRow = { ...rate, billableCents: null, costCents: cents(rate.costRate) };
    if (rate.projectId) byProject.set(rate.projectId, [...(byProject.get(rate.projectId) ?? []), row]);
    else people.push(row);
  }
  // Which rate applies to an entry depends on its person, on its project only when the project (or one of its
  // phases) has rates of its own, on its phase only when the phase has, and on its day only through the dates
  // rates start. The time is summed as before, per person, project, phase, day and billed rate (each sum valued
  // and rounded to the cent on its own), and those sums are then gathered per "epoch" (the latest rate start on
  // or before their day, which resolveRate answers as for any day of it): a year by month is a few dozen rows
  // of a few hundred sums each instead of one row per sum.
  const pgArray = (values: readonly string[]) => `{${[...new Set(values)].join(",")}}`;
  const ratedProjects = pgArray(rateRows.flatMap((rate) => (rate.projectId ? [rate.projectId] : [])));
  const ratedPhases = pgArray(rateRows.flatMap((rate) => (rate.phaseId ? [rate.phaseId] : [])));
  const rateStarts = pgArray(rateRows.map((rate) => rate.effectiveFrom));
  const timeGroup = grouping(by, { day: sql`t.work_date`, customerId: sql`p.customer_id` });
  const timeRows = await selectRows<{
    key: string;
    label: string;
    userId: string;
    projectId: string | null;
    phaseId: string | null;
    workDate: string;
    billedCostRate: string | null;
    minutes: number[];
  }>(
    db,
    sql`select ${timeGroup.key} as key, ${timeGroup.label} as label, g."userId", g."projectId", g."phaseId",
          g."workDate"::text as "workDate", g."billedCostRate"::text as "billedCostRate", g.minutes
        from (
          select d.g, d."userId", d."projectId", d."phaseId", d."workDate", d."billedCostRate",
            array_agg(d.minutes) as minutes
          from (
            select ${timeGroup.group} as g, t.user_id as "userId",
              case when t.project_id = any(${ratedProjects}::uuid[]) then t.project_id end as "projectId",
              case when t.phase_id = any(${ratedPhases}::uuid[]) then t.phase_id end as "phaseId",
              coalesce(
                (select max(start) from unnest(${rateStarts}::date[]) as start where start <= t.work_date),
                date '0001-01-01'
              ) as "workDate",
              case when t.invoice_id is not null then t.billed_cost_rate end as "billedCostRate",
              sum(t.minutes)::int as minutes
            from time_entries t
            join projects p on p.id = t.project_id
            where t.deleted_at is null and t.minutes is not null
              and t.work_date between ${period.from} and ${period.to}
            group by 1, 2, 3, 4, 5, 6, t.project_id, t.phase_id, t.work_date
          ) d
          group by 1, 2, 3, 4, 5, 6
        ) g
        ${timeGroup.join}`,
  );
  const timeCost: ProfitPart[] = timeRows.map((row) => {
    const billed = row.billedCostRate === null ? null : cents(row.billedCostRate);
    const work = { ...row, projectId: row.projectId ?? "" };
    const rate = billed ?? resolveRate([...people, ...(byProject.get(work.projectId) ?? [])], work, null).costCents;
    return {
      key: row.key,
      label: row.label,
      cents: row.minutes.reduce((sum, minutes) => sum + valueAt(Number(minutes), rate), 0),
    };
  });
  return {
    invoiced: invoiceRows.map((row) => ({ key: row.key, label: row.label, cents: cents(row.invoiced) })),
    paid: invoiceRows.map((row) => ({ key: row.key, label: row.label, cents: cents(row.paid) })),
    timeCost,
    expenses: expenseRows.map((row) => ({ key: row.key, label: row.label, cents: cents(row.amount) })),
  };
}
