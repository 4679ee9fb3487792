/**
 * Time on projects at the scale data set (ADR 0058; `db:seed --scale`: 10,000 time entries, a twentieth of
 * them on the busiest project): that project's Time & profit page over HTTP, as a document and as its `.data`
 * request (3 warm-up and `--runs` timed requests each, loopback, with the queries each ran), and "Invoice
 * unbilled time" on it (every unbilled entry, one line per phase, rounded to 15 minutes, the timesheet) in
 * this process, each run inside a transaction rolled back afterwards so every run bills the same entries; and
 * the profit report's data request for this year, by month and by customer.
 *
 * PGlite always (a data directory), PostgreSQL when TEST_DATABASE_URL is set (a database of its own,
 * dropped at the end). Goal: p95 under 50 ms.
 *
 *   node bench/time.ts [--runs 30] [--scale 1]
 */
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { type Database, type DatabaseKind, type Db, selectRows } from "#app/db/client.server.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { seedBaseline } from "#app/db/seed.server.ts";
import { seedScale } from "#app/db/seed-scale.server.ts";
import { todayIn } from "#app/domain/dates.ts";
import { invoiceUnbilledTime } from "#app/services/time-tracking.server.ts";
import { adminAccount, createAccount, signInCookie } from "../tests/support/accounts.ts";
import { projectRoot } from "../tests/support/server.ts";
import { numberArg } from "./lib/args.ts";
import { withBenchDatabase } from "./lib/bench-database.ts";
import { info, percentile, type Row, round, under, writeRows } from "./lib/report.ts";
import { timeRequests, timingNote } from "./lib/timing.ts";

const runs = numberArg("runs", 30);
const warmUp = 3;
const scale = numberArg("scale", 1);
const budgetMs = 50;
const area = "time";
const label: Record<DatabaseKind, string> = { pglite: "PGlite", postgres: "PostgreSQL" };

class RolledBack extends Error {}

/** "Invoice unbilled time" on the project, `runs` times, each rolled back: the times in ms and what it billed. */
async function timeBilling(database: Database, projectId: string) {
  const [owner] = await selectRows<{ id: string; email: string }>(
    database.db,
    sql`select id, email from users order by created_at limit 1`,
  );
  if (!owner) throw new Error("no user");
  const times: number[] = [];
  let billed = 0;
  for (let i = 0; i < warmUp + runs; i++) {
    const t = performance.now();
    await database.db
      .transaction(async (tx) => {
        const result = await invoiceUnbilledTime(tx as unknown as Db, {
          actor: { userId: owner.id, email: owner.email },
          ip: null,
          projectId,
          today: todayIn("America/New_York"),
          form: {
            intent: "invoice-time",
            from: "2000-01-01",
            to: "2999-12-31",
            phases: [],
            layout: "phase",
            rounding: 15,
            appendix: true,
            expenses: true,
          },
        });
        if (!result.ok) throw new Error(result.message);
        billed = result.minutes;
        if (i >= warmUp) times.push(performance.now() - t);
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
  }
  return { times: times.sort((a, b) => a - b), billed };
}

function benchDatabase(kind: DatabaseKind): Promise<Row[]> {
  return withBenchDatabase(
    kind,
    async (database) => {
      await migrate(database, () => seedBaseline(database.db));
      await seedScale(database, { scale });
      const [busiest] = await selectRows<{ projectId: string; entries: number }>(
        database.db,
        sql`select project_id as "projectId", count(*)::int as entries from time_entries
            group by project_id order by count(*) desc limit 1`,
      );
      if (!busiest) throw new Error("no time entries");
      const billing = await timeBilling(database, busiest.projectId);
      return { ...busiest, billing };
    },
    async ({ prepared, dataDir, env, start }) => {
      createAccount(dataDir, adminAccount, { env });
      const server = await start();
      const cookie = await signInCookie(server.url, adminAccount);
      const page = `/admin/projects/${prepared.projectId}/time`;
      const rows: Row[] = [];
      for (const [n, path] of [page, `${page}.data`].entries()) {
        const timing = await timeRequests(server, path, { runs, warmUp, cookie, prefix: `bench-time-${kind}-${n}` });
        rows.push(
          under(
            area,
            `project time page ${n === 0 ? "document" : "data"} p95 (${label[kind]})`,
            timing.p95,
            "ms",
            budgetMs,
            `${prepared.entries} entries on the project; ${timingNote(timing, n === 0 ? "HTML" : "data")}`,
          ),
        );
      }
      // the profit report (this year by month, and by customer) over every project's time, expenses and invoices
      for (const [n, search] of ["", "?by=customer"].entries()) {
        const timing = await timeRequests(server, `/admin/reports/profit.data${search}`, {
          runs,
          warmUp,
          cookie,
          prefix: `bench-profit-${kind}-${n}`,
        });
        rows.push(
          under(
            area,
            `profit report ${n === 0 ? "by month" : "by customer"} data p95 (${label[kind]})`,
            timing.p95,
            "ms",
            budgetMs,
            timingNote(timing, "data"),
          ),
        );
      }
      const { times, billed } = prepared.billing;
      rows.push(
        under(
          area,
          `invoice unbilled time p95 (${label[kind]})`,
          round(percentile(times, 95)),
          "ms",
          budgetMs,
          `p50 ${round(percentile(times, 50))} ms; ${prepared.entries} entries, ${round(billed / 60)} billable hours unbilled, one line per phase, rounded to 15 min, with the timesheet; in process, each run rolled back`,
        ),
      );
      rows.push(info(area, `runs per measure (${label[kind]})`, runs, "requests", `after ${warmUp} warm-up runs`));
      return rows;
    },
  );
}

const build = spawnSync(process.execPath, ["scripts/ensure-build.ts"], { cwd: projectRoot, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const kinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
const rows: Row[] = [];
for (const kind of kinds) rows.push(...(await benchDatabase(kind)));
writeRows("time", rows);
console.table(rows.map(({ metric, value, unit, goal, note }) => ({ metric, value, unit, goal: goal ?? "", note })));
const over = rows.filter((row) => row.pass === false);
if (over.length) {
  console.error(`Over the ${budgetMs} ms p95 budget: ${over.map((row) => row.metric).join(", ")}`);
  process.exitCode = 1;
}
