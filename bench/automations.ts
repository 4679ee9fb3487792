/**
 * The automations engine under a backlog (ADR 0063): 10,000 consultations starting within the next day, so 10,000
 * reminder runs due at once; one pass of the engine schedules and does them all (each run its own transaction:
 * claimed, the booking marked, the mail queued), paced as the server paces it (a rest after each run as long as
 * it took, so pages keep half the database), timed in this process against a database of its own; then a second
 * pass, which must find nothing to do. Checked: every booking reminded once, one mail each. Meanwhile a page's data
 * (the customers list and the runs) is read every 100 ms, as the owner would: its p95 must stay under 50 ms.
 *
 * PGlite always (a data directory), PostgreSQL when TEST_DATABASE_URL is set. Goal: drained in under 60 s.
 *
 *   node bench/automations.ts [--runs 10000]
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { loadConfig } from "#app/config.server.ts";
import { type DatabaseKind, selectRows } from "#app/db/client.server.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { bookings } from "#app/db/schema.ts";
import { seedBaseline } from "#app/db/seed.server.ts";
import { parseCustomerListQuery } from "#app/domain/customer-list.ts";
import { listRuns } from "#app/models/automations.server.ts";
import { listCustomers } from "#app/models/customers.server.ts";
import { runAutomations } from "#app/services/automations.server.ts";
import { bookingReminderRule } from "#app/services/booking.server.ts";
import { numberArg } from "./lib/args.ts";
import { withBenchDatabase } from "./lib/bench-database.ts";
import { info, percentile, type Row, round, under, writeRows } from "./lib/report.ts";

const count = numberArg("runs", 10_000);
const goalMs = 60_000;
const area = "automations";
const label: Record<DatabaseKind, string> = { pglite: "PGlite", postgres: "PostgreSQL" };
const config = loadConfig({ SESSION_SECRET: "x".repeat(40), PUBLIC_URL: "https://studio.example", DATA_DIR: "/none" });

function benchDatabase(kind: DatabaseKind): Promise<Row[]> {
  return withBenchDatabase(
    kind,
    async (database) => {
      await migrate(database, () => seedBaseline(database.db));
      const now = new Date();
      // starting within the next day, a slot apart each (a booked slot is unique)
      const step = Math.floor((23 * 3600_000) / count);
      for (let from = 0; from < count; from += 1000) {
        await database.db.insert(bookings).values(
          Array.from({ length: Math.min(1000, count - from) }, (_, i) => {
            const startsAt = new Date(now.getTime() + 600_000 + (from + i) * step);
            return {
              startsAt,
              endsAt: new Date(startsAt.getTime() + 30 * 60_000),
              name: `Visitor ${from + i}`,
              email: `visitor${from + i}@example.test`,
            };
          }),
        );
      }
      const handlers = [bookingReminderRule({ config })];
      // meanwhile, a page's data every 100 ms, as the owner would open them: the customers list and the runs
      let draining = true;
      const pageMs: number[] = [];
      const pages = (async () => {
        while (draining) {
          const asked = performance.now();
          await listCustomers(database.db, parseCustomerListQuery(new URLSearchParams()));
          await listRuns(database.db, { limit: 100 });
          pageMs.push(performance.now() - asked);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      const started = performance.now();
      const pass = await runAutomations(database.db, handlers, now, { pace: true });
      const drainMs = performance.now() - started;
      draining = false;
      await pages;
      const pageP95 = percentile(
        [...pageMs].sort((a, b) => a - b),
        95,
      );
      const againStarted = performance.now();
      const again = await runAutomations(database.db, handlers, now);
      const againMs = performance.now() - againStarted;
      const [checked] = await selectRows<{ reminded: number; mails: number; runs: number }>(
        database.db,
        sql`select (select count(*)::int from bookings where reminder_sent_at is not null) as reminded,
                   (select count(*)::int from mail_outbox where subject like 'Reminder:%') as mails,
                   (select count(*)::int from automation_runs where status = 'sent') as runs`,
      );
      if (pass.sent !== count || again.sent !== 0 || checked?.reminded !== count || checked.mails !== count) {
        throw new Error(`not once each: ${JSON.stringify({ pass, again, checked })}`);
      }
      return [
        under(
          area,
          `${count.toLocaleString("en")} reminder runs due at once, drained (${label[kind]})`,
          round(drainMs / 1000, 1),
          "s",
          goalMs / 1000,
          `${round(drainMs / count, 2)} ms a run, paced as the server does`,
        ),
        under(
          area,
          `a page's data while they drain, p95 (${label[kind]})`,
          round(pageP95, 1),
          "ms",
          50,
          `the customers list and the runs, every 100 ms: ${pageMs.length} reads`,
        ),
        info(area, `the next pass with nothing due (${label[kind]})`, round(againMs, 0), "ms"),
      ];
    },
    async ({ prepared }) => prepared,
  );
}

const rows = [...(await benchDatabase("pglite"))];
if (process.env.TEST_DATABASE_URL) rows.push(...(await benchDatabase("postgres")));
for (const row of rows) console.log(`${row.metric}: ${row.value} ${row.unit}${row.note ? ` (${row.note})` : ""}`);
writeRows(area, rows);
