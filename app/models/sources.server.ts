/**
 * The sources report's sums (domain/sources.ts, ADR 0060). An inquiry's source is the owner's correction when
 * there is one, else its first or last touch, else direct; a booking's is its own touch, else its inquiry's; a
 * customer's is their inquiry's, else their first booking's with a touch, else "not recorded" (a customer entered
 * in the back office). Proposals and revenue follow the customer. Revenue is the profit report's, to the cent.
 */
import { type SQL, sql } from "drizzle-orm";
import { type Queryable, selectRows } from "#app/db/client.server.ts";
import { directSource, notRecordedSource } from "#app/domain/attribution.ts";
import { type Cents, toCents } from "#app/domain/money.ts";
import {
  type SourceGrouping,
  type SourcePart,
  sourceLabel,
  sourcesPeriod,
  sourcesQuerySchema,
  sourcesTable,
  type TouchChoice,
} from "#app/domain/sources.ts";
import { studioTimeZone, studioToday } from "#app/models/business-settings.server.ts";

type Period = { from: string; to: string };
type GroupRow = { source: string; medium: string; campaign: string; count: number };
type MoneyRow = { source: string; medium: string; campaign: string; invoiced: string; paid: string };

const noPackage = "(no package)";

/**
 * The group columns for a touch held in `touch` (a jsonb expression, null when nothing was recorded) and a
 * package name: source, medium, campaign (packages use the source column).
 */
function groupColumns(by: SourceGrouping, touch: SQL, packageName: SQL, recorded: SQL): SQL {
  if (by === "package") {
    return sql`case when ${recorded} then coalesce(${packageName}, ${noPackage}) else ${notRecordedSource} end as source,
      '' as medium, '' as campaign`;
  }
  const source = sql`case when not ${recorded} then ${notRecordedSource}
    else coalesce(nullif(${touch}->>'source', ''), ${directSource}) end`;
  if (by === "source") return sql`${source} as source, '' as medium, '' as campaign`;
  return sql`${source} as source,
    case when ${recorded} and ${touch} is not null then coalesce(nullif(${touch}->>'medium', ''), '(none)') else '(none)' end as medium,
    case when ${recorded} and ${touch} is not null then coalesce(${touch}->>'campaign', '') else '' end as campaign`;
}

export async function sourceParts(
  db: Queryable,
  period: Period,
  by: SourceGrouping,
  touchChoice: TouchChoice,
  timeZone: string,
): Promise<SourcePart[]> {
  // one of two fixed words, never the request's text
  const key = touchChoice === "last" ? "last" : "first";
  const touchOf = (alias: string) => sql.raw(`${alias}.touches->'${key}'`);
  const inquiryTouch = (alias: string) => sql`coalesce(${sql.raw(`${alias}.source_correction`)}, ${touchOf(alias)})`;
  const localDay = (column: SQL) => sql`(${column} at time zone ${timeZone})::date`;

  // a customer's source: their inquiry's, else their first booking's with a touch
  const customerTouch = sql`
    select c.id as customer_id,
      coalesce(${inquiryTouch("cs")}, ${touchOf("bt")}) as touch,
      cs.package_name as package_name,
      (cs.id is not null or bt.touches is not null) as recorded
    from customers c
    left join contact_submissions cs on cs.id = c.contact_submission_id
    left join lateral (
      select b.touches from bookings b
      where b.customer_id = c.id and b.touches is not null
      order by b.created_at limit 1
    ) bt on true`;

  const visits =
    by === "package"
      ? []
      : await selectRows<GroupRow>(
          db,
          sql`select source, ${by === "campaign" ? sql`medium, campaign` : sql`'' as medium, '' as campaign`},
                sum(visits)::int as count
              from source_visits where day between ${period.from} and ${period.to}
              group by 1, 2, 3`,
        );
  const inquiries = await selectRows<GroupRow>(
    db,
    sql`select g.source, g.medium, g.campaign, count(*)::int as count from (
          select ${groupColumns(by, inquiryTouch("cs"), sql`cs.package_name`, sql`true`)}
          from contact_submissions cs
          where ${localDay(sql`cs.created_at`)} between ${period.from} and ${period.to}
        ) g group by 1, 2, 3`,
  );
  const consultations = await selectRows<GroupRow>(
    db,
    sql`select g.source, g.medium, g.campaign, count(*)::int as count from (
          select ${groupColumns(
            by,
            sql`coalesce(${touchOf("b")}, ${inquiryTouch("cs")})`,
            sql`cs.package_name`,
            sql`true`,
          )}
          from bookings b
          left join contact_submissions cs on cs.id = b.contact_submission_id
          where b.status <> 'cancelled' and ${localDay(sql`b.created_at`)} between ${period.from} and ${period.to}
        ) g group by 1, 2, 3`,
  );
  const proposals = await selectRows<GroupRow>(
    db,
    sql`with ct as (${customerTouch})
        select g.source, g.medium, g.campaign, count(*)::int as count from (
          select ${groupColumns(by, sql`ct.touch`, sql`ct.package_name`, sql`coalesce(ct.recorded, false)`)}
          from proposals p
          left join ct on ct.customer_id = p.customer_id
          where p.signed_at is not null and ${localDay(sql`p.signed_at`)} between ${period.from} and ${period.to}
        ) g group by 1, 2, 3`,
  );
  // the profit report's revenue: issued invoices by issue date, less credits; paid on those invoices
  const revenue = await selectRows<MoneyRow>(
    db,
    sql`with ct as (${customerTouch})
        select g.source, g.medium, g.campaign, sum(g.invoiced)::text as invoiced, sum(g.paid)::text as paid from (
          select ${groupColumns(by, sql`ct.touch`, sql`ct.package_name`, sql`coalesce(ct.recorded, false)`)},
            i.total_amount - i.amount_credited as invoiced, i.amount_paid as paid
          from invoices i
          left join ct on ct.customer_id = i.customer_id
          where i.invoice_type = 'invoice' and i.voided_at is null and i.status not in ('draft', 'cancelled')
            and i.issue_date between ${period.from} and ${period.to}
        ) g group by 1, 2, 3`,
  );

  const parts = new Map<string, SourcePart>();
  const part = (row: { source: string; medium: string; campaign: string }) => {
    const key = by === "campaign" ? `${row.source}\t${row.medium}\t${row.campaign}` : row.source;
    let found = parts.get(key);
    if (!found) {
      found = {
        key,
        label: sourceLabel(by, row),
        visits: by === "package" ? null : 0,
        inquiries: 0,
        consultations: 0,
        proposalsSigned: 0,
        invoicedCents: 0 as Cents,
        paidCents: 0 as Cents,
      };
      parts.set(key, found);
    }
    return found;
  };
  for (const row of visits) {
    const found = part(row);
    found.visits = (found.visits ?? 0) + row.count;
  }
  for (const row of inquiries) part(row).inquiries += row.count;
  for (const row of consultations) part(row).consultations += row.count;
  for (const row of proposals) part(row).proposalsSigned += row.count;
  for (const row of revenue) {
    const found = part(row);
    found.invoicedCents = (found.invoicedCents + (toCents(row.invoiced) ?? 0)) as Cents;
    found.paidCents = (found.paidCents + (toCents(row.paid) ?? 0)) as Cents;
  }
  return [...parts.values()];
}

/** The report an address asks for (?from=&to=&by=&touch=): its period, rows and total, the page's and the CSV's. */
export async function sourcesReport(db: Queryable, searchParams: URLSearchParams) {
  const query = sourcesQuerySchema.parse(Object.fromEntries(searchParams));
  const [today, timeZone] = await Promise.all([studioToday(db), studioTimeZone(db)]);
  const period = sourcesPeriod(query, today);
  const { rows, total } = sourcesTable(await sourceParts(db, period, query.by, query.touch, timeZone));
  return { query, today, timeZone, period, rows, total };
}
