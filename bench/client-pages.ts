/**
 * The pages a client opens from an email, over HTTP, at the scale data set (`db:seed --scale`
 * after the demo content): an invoice's client page `/i/{token}` (the busiest customer's invoice
 * with the most lines), a proposal's `/p/{token}` (the demo proposal, sent), the portal
 * `/portal/{token}` of the customer with the most documents (with a project room of 10 phases and 50
 * deliverables), the room's last deliverable `/d/{token}` and an onboarding questionnaire `/q/{token}`
 * (bench/lib/client-links.ts). Each page 3 warm-up and `--runs`
 * timed requests (loopback, so the time is the server's), with the queries each ran. The pages'
 * per-address rate limit (120 opens in 10 minutes per kind of link) holds these few requests.
 *
 * PGlite always (a data directory), PostgreSQL when TEST_DATABASE_URL is set (a database of its
 * own, dropped at the end). Goal: p95 under 50 ms.
 *
 *   node bench/client-pages.ts [--runs 60] [--scale 1]
 */
import { spawnSync } from "node:child_process";
import type { DatabaseKind } from "#app/db/client.server.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { seedBaseline, seedDemo } from "#app/db/seed.server.ts";
import { seedScale } from "#app/db/seed-scale.server.ts";
import { projectRoot } from "../tests/support/server.ts";
import { numberArg } from "./lib/args.ts";
import { withBenchDatabase } from "./lib/bench-database.ts";
import { clientLinks } from "./lib/client-links.ts";
import { info, type Row, under, writeRows } from "./lib/report.ts";
import { timeRequests, timingNote } from "./lib/timing.ts";

const runs = numberArg("runs", 60);
const warmUp = 3;
const scale = numberArg("scale", 1);
const budgetMs = 50;
const area = "client pages";
const label: Record<DatabaseKind, string> = { pglite: "PGlite", postgres: "PostgreSQL" };

function benchDatabase(kind: DatabaseKind): Promise<Row[]> {
  return withBenchDatabase(
    kind,
    async (database) => {
      await migrate(database, () => seedBaseline(database.db));
      await seedDemo(database.db);
      await seedScale(database, { scale });
      return clientLinks(database);
    },
    async ({ prepared: pages, start }) => {
      const server = await start();
      const rows: Row[] = [];
      for (const [n, page] of pages.entries()) {
        const timing = await timeRequests(server, page.path, { runs, warmUp, prefix: `bench-client-${kind}-${n}` });
        rows.push(
          under(
            area,
            `${page.name} p95 (${label[kind]})`,
            timing.p95,
            "ms",
            budgetMs,
            `${page.note}; ${timingNote(timing, "HTML")}`,
          ),
        );
      }
      rows.push(info(area, `runs per page (${label[kind]})`, runs, "requests", `after ${warmUp} warm-up requests`));
      return rows;
    },
  );
}

const build = spawnSync(process.execPath, ["scripts/ensure-build.ts"], { cwd: projectRoot, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const kinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
const rows: Row[] = [];
for (const kind of kinds) rows.push(...(await benchDatabase(kind)));
writeRows("client-pages", rows);
console.table(rows.map(({ metric, value, unit, goal, note }) => ({ metric, value, unit, goal: goal ?? "", note })));
const over = rows.filter((row) => row.pass === false);
if (over.length) {
  console.error(`Over the ${budgetMs} ms p95 budget: ${over.map((row) => row.metric).join(", ")}`);
  process.exitCode = 1;
}
