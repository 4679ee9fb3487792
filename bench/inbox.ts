/**
 * Leads inbox at scale: 100,000 submissions, then the queries the inbox page
 * runs (counts, a page per status, type filter, search, deep page), timed at
 * the database layer, on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
 * Budget: p95 under 50 ms per page load (DESIGN section 7).
 *
 *   node bench/inbox.ts [--rows 100000] [--runs 30]
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "#app/db/client.server.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { parseInboxQuery } from "#app/domain/inbox.ts";
import { countSubmissionsByStatus, listSubmissions } from "#app/models/contact-submissions.server.ts";
import { createPostgresDatabase } from "../tests/support/database.ts";

function arg(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}
const rows = arg("rows", 100_000);
const runs = arg("runs", 30);

async function fill(database: Database) {
  const started = performance.now();
  await database.db.execute(sql`
    insert into contact_submissions (name, email, business_name, project_type, budget_range, message, status, created_at)
    select
      (array['Maria','Tom','Priya','Grace','Devon','Helen','Sam','Ada'])[1 + i % 8] || ' ' ||
        (array['Alvarez','Whitaker','Natarajan','Liu','Brooks','Park','Okafor','Lovelace'])[1 + (i / 8) % 8] || ' ' || i,
      'lead' || i || '@example' || (i % 97) || '.test',
      case when i % 3 = 0 then null else 'Business ' || (i % 5000) || ' LLC' end,
      (array['quote','contact','consultation','website','webapp','redesign','demo'])[1 + i % 7]::project_type,
      case when i % 4 = 0 then null else (array['tbd','under_500','medium','large'])[1 + i % 4]::budget_range end,
      'Inquiry number ' || i,
      (array['new','in-progress','completed','archived','archived','completed'])[1 + i % 6]::submission_status,
      now() - (i || ' minutes')::interval
    from generate_series(1, ${rows}) as s(i)
  `);
  await database.db.execute(sql`analyze contact_submissions`);
  return Math.round(performance.now() - started);
}

const scenarios: Record<string, string> = {
  "new, page 1": "",
  "archived, page 1": "status=archived",
  "type filter": "status=completed&type=webapp",
  "search name": "status=completed&q=alvarez",
  "search email": "status=archived&q=lead4242",
  "search rare": "q=Business%204999",
  "deep page": "status=completed&page=400",
};

async function measure(database: Database) {
  const results: Record<string, string | number>[] = [];
  for (const [name, search] of Object.entries(scenarios)) {
    const query = parseInboxQuery(new URLSearchParams(search));
    const times: number[] = [];
    for (let i = 0; i < runs + 3; i++) {
      const t = performance.now();
      // what the inbox loader runs for one page view
      const counts = await countSubmissionsByStatus(database.db);
      await listSubmissions(database.db, query, counts);
      if (i >= 3) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const pick = (p: number) =>
      Number((times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0).toFixed(1));
    results.push({ database: database.kind, scenario: name, p50: pick(0.5), p95: pick(0.95), max: pick(1) });
  }
  return results;
}

const all: Record<string, string | number>[] = [];
{
  const database = await openDatabase({ dataDir: null });
  await migrate(database);
  console.warn(`PGlite: ${rows} rows inserted in ${await fill(database)} ms`);
  all.push(...(await measure(database)));
  await database.close();
}
if (process.env.TEST_DATABASE_URL) {
  const created = await createPostgresDatabase();
  const database = await openDatabase({ databaseUrl: created.url });
  try {
    await migrate(database);
    console.warn(`PostgreSQL: ${rows} rows inserted in ${await fill(database)} ms`);
    all.push(...(await measure(database)));
  } finally {
    await database.close();
    await created.drop();
  }
}
console.warn(`\nInbox page queries (counts + one page), ${rows} submissions, ${runs} runs each, ms:`);
console.table(all);
const over = all.filter((row) => Number(row.p95) >= 50);
if (over.length) {
  console.error(`Over the 50 ms p95 budget: ${over.map((row) => `${row.database} ${row.scenario}`).join(", ")}`);
  process.exitCode = 1;
}
