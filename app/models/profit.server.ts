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

/** The group of a row: its key and label, from the day column, the customer or the project. */
function grouping(by: ProfitGrouping, day: SQL): { key: SQL; label: SQL } {
  switch (by) {
    case "month":
      return { key: sql`to_char(${day}, 'YYYY-MM')`, label: sql`to_char(${day}, 'YYYY-MM')` };
    case "customer":
      return { key: sql`c.id::text`, label: sql`c.name` };
    case "type":
      return {
        key: sql`coalesce(nullif(p.project_type, ''), case when p.id is null then 'No project' else 'Not set' end)`,
        label: sql`coalesce(nullif(p.project_type, ''), case when p.id is null then 'No project' else 'Not set' end)`,
      };
  }
}

type Period = { from: string; to: string };

export async function profitParts(db: Queryable, period: Period, by: ProfitGrouping) {
  const invoiceGroup = grouping(by, sql`i.issue_date`);
  const invoiceRows = await selectRows<{ key: string; label: string; invoiced: string; paid: string }>(
    db,
    sql`select ${invoiceGroup.key} as key, ${invoiceGroup.label} as label,
          sum(i.total_amount - i.amount_credited)::text as invoiced, sum(i.amount_paid)::text as paid
        from invoices i
        join customers c on c.id = i.customer_id
        left join projects p on p.id = i.project_id
        where i.invoice_type = 'invoice' and i.voided_at is null and i.status not in ('draft', 'cancelled')
          and i.issue_date between ${period.from} and ${period.to}
        group by 1, 2`,
  );
  const expenseGroup = grouping(by, sql`e.expense_date`);
  const expenseRows = await selectRows<{ key: string; label: string; amount: string }>(
    db,
    sql`select ${expenseGroup.key} as key, ${expenseGroup.label} as label, sum(e.amount)::text as amount
        from expenses e
        join projects p on p.id = e.project_id
        join customers c on c.id = p.customer_id
        where e.deleted_at is null and e.expense_date between ${period.from} and ${period.to}
        group by 1, 2`,
  );
  const timeGroup = grouping(by, sql`t.work_date`);
  const [timeRows, rateRows] = await Promise.all([
    selectRows<{
      key: string;
      label: string;
      userId: string;
      projectId: string;
      phaseId: string | null;
      workDate: string;
      billedCostRate: string | null;
      minutes: number;
    }>(
      db,
      sql`select ${timeGroup.key} as key, ${timeGroup.label} as label, t.user_id as "userId",
            t.project_id as "projectId", t.phase_id as "phaseId", t.work_date::text as "workDate",
            case when t.invoice_id is not null then t.billed_cost_rate end::text as "billedCostRate",
            sum(t.minutes)::int as minutes
          from time_entries t
          join projects p on p.id = t.project_id
          join customers c on c.id = p.customer_id
          where t.deleted_at is null and t.minutes is not null and t.work_date between ${period.from} and ${period.to}
          group by 1, 2, 3, 4, 5, 6, 7`,
    ),
    selectRows<{
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
    ),
  ]);
  // each project's rates with every person's: what can apply to its work
  const people: RateRow[] = [];
  const byProject = new Map<string, RateRow[]>();
  for (const rate of rateRows) {
    const row: RateRow = { ...rate, billableCents: null, costCents: cents(rate.costRate) };
    if (rate.projectId) byProject.set(rate.projectId, [...(byProject.get(rate.projectId) ?? []), row]);
    else people.push(row);
  }
  const timeCost: ProfitPart[] = timeRows.map((row) => {
    const billed = row.billedCostRate === null ? null : cents(row.billedCostRate);
    const rate = billed ?? resolveRate([...people, ...(byProject.get(row.projectId) ?? [])], row, null).costCents;
    return { key: row.key, label: row.label, cents: valueAt(row.minutes, rate) };
  });
  return {
    invoiced: invoiceRows.map((row) => ({ key: row.key, label: row.label, cents: cents(row.invoiced) })),
    paid: invoiceRows.map((row) => ({ key: row.key, label: row.label, cents: cents(row.paid) })),
    timeCost,
    expenses: expenseRows.map((row) => ({ key: row.key, label: row.label, cents: cents(row.amount) })),
  };
}
