/**
 * Payment events through the webhook of the production build (ADR 0041): about 1,000 signed events
 * from the fake provider (tests/support/fake-stripe.ts, in this process), mixed as the payment plans
 * make them (completions and their resends, refunds in full and in part, disputes opened and closed),
 * a tenth of them delivered again (the provider's retries), in a seeded shuffle, one at a time: each
 * is timed from the request to the answer (it is read from the provider, one to three API calls, and
 * reconciled under its invoice's lock). Then the provider resends everything, `--concurrency` at a
 * time, and every invoice is checked against its plan: nothing lost or doubled.
 *
 * PGlite always, PostgreSQL when TEST_DATABASE_URL is set. Goal: p95 under 100 ms per event.
 *
 *   node bench/payment-events.ts [--events 1000] [--concurrency 4] [--seed 1]
 */
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import type { DatabaseKind } from "#app/db/client.server.ts";
import { openDatabase } from "#app/db/client.server.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { type FakeStripe, startFakeStripe } from "../tests/support/fake-stripe.ts";
import {
  type PlannedInvoice,
  planMismatches,
  type SignedEvent,
  seededRandom,
  seedPlannedInvoices,
} from "../tests/support/payment-plans.ts";
import { projectRoot, type TestServer } from "../tests/support/server.ts";
import { numberArg } from "./lib/args.ts";
import { withBenchDatabase } from "./lib/bench-database.ts";
import { info, percentile, type Row, round, under, writeRows } from "./lib/report.ts";

const wantedEvents = numberArg("events", 1_000);
const concurrency = numberArg("concurrency", 4);
const seed = numberArg("seed", 1);
const budgetMs = 100;
const area = "payment events";
const label: Record<DatabaseKind, string> = { pglite: "PGlite", postgres: "PostgreSQL" };
/** the plans make about 4.7 events per invoice (tests/support/payment-plans.ts) */
const eventsPerInvoice = 4.6;

async function deliverTimed(server: TestServer, fake: FakeStripe, event: SignedEvent, requestId: string) {
  const started = performance.now();
  const response = await fetch(`${server.url}/webhooks/stripe`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Stripe-Signature": fake.sign(event.payload),
      "X-Request-Id": requestId,
    },
    body: event.payload,
  });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

/** Delivers `order`, `lanes` at a time; each event's time, and the statuses other than 200. */
async function deliverAll(server: TestServer, fake: FakeStripe, order: SignedEvent[], lanes: number, prefix: string) {
  const times: number[] = [];
  const failed: number[] = [];
  let next = 0;
  const lane = async () => {
    while (next < order.length) {
      const index = next++;
      const { ms, status } = await deliverTimed(server, fake, order[index] as SignedEvent, `${prefix}-${index}`);
      times.push(ms);
      if (status !== 200) failed.push(status);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: lanes }, lane));
  const seconds = (performance.now() - started) / 1000;
  // the server's own view of these requests: its time and the queries each ran (its request log)
  const served = server.logs().filter((line) => line.msg === "request" && String(line.reqId).startsWith(`${prefix}-`));
  const sorted = (values: number[]) => [...values].sort((x, y) => x - y);
  return {
    times: sorted(times),
    failed,
    perSecond: round(order.length / seconds),
    serverMs: sorted(served.map((line) => Number(line.ms))),
    queries: sorted(served.map((line) => Number(line.queries))),
  };
}

async function benchDatabase(kind: DatabaseKind, fake: FakeStripe): Promise<Row[]> {
  const random = seededRandom(seed);
  // distinct events, and a tenth more resent
  const invoiceCount = Math.ceil(wantedEvents / 1.1 / eventsPerInvoice);
  return withBenchDatabase(
    kind,
    async (database) => {
      await migrate(database);
      return seedPlannedInvoices(database.db, fake, {
        count: invoiceCount,
        prefix: `PAY-${kind === "pglite" ? "L" : "P"}`,
      });
    },
    async ({ prepared, start, dataDir, env }) => {
      const server = await start({
        STRIPE_SECRET_KEY: fake.secretKey,
        STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
        STRIPE_API_URL: fake.url,
      });
      const { planned, events } = prepared as { planned: PlannedInvoice[]; events: SignedEvent[] };
      const shuffle = (list: SignedEvent[]) =>
        list
          .map((event) => ({ event, key: random() }))
          .sort((x, y) => x.key - y.key)
          .map((entry) => entry.event);
      const resends = events.filter(() => random() < 0.1);
      const order = shuffle([...events, ...resends]);
      // the events one at a time, as they come: each one's time is the figure
      const mixed = await deliverAll(server, fake, order, 1, `bench-pay-${kind}`);
      // then the provider resends everything, `concurrency` at a time
      const again = await deliverAll(server, fake, shuffle([...events]), concurrency, `bench-resend-${kind}`);
      await server.stop();
      // nothing lost or doubled: every invoice against its plan, read after the server stopped
      const database =
        kind === "postgres"
          ? await openDatabase({ databaseUrl: env.DATABASE_URL ?? "" })
          : await openDatabase({ dataDir });
      let wrong: string[];
      try {
        wrong = await planMismatches(database.db, planned);
      } finally {
        await database.close();
      }
      for (const line of wrong.slice(0, 5)) console.error(line);
      const failed = [...mixed.failed, ...again.failed];
      const ms = (values: number[], p: number) => round(percentile(values, p));
      return [
        under(
          area,
          `webhook per event p95 (${label[kind]})`,
          ms(mixed.times, 95),
          "ms",
          budgetMs,
          `${order.length} events one at a time (${events.length} distinct, ${resends.length} resent) for ${planned.length} invoices; p50 ${ms(mixed.times, 50)} ms, p99 ${ms(mixed.times, 99)} ms; server p95 ${ms(mixed.serverMs, 95)} ms; queries p50 ${percentile(mixed.queries, 50)}, max ${mixed.queries.at(-1) ?? 0}`,
        ),
        info(
          area,
          `everything resent, ${concurrency} at a time: p95 (${label[kind]})`,
          ms(again.times, 95),
          "ms",
          `${events.length} events, each seen before (no API call); ${again.perSecond} events/s`,
        ),
        {
          ...under(area, `invoices lost or doubled (${label[kind]})`, wrong.length, "", 1),
          goal: "0",
          note: failed.length
            ? `${failed.length} events answered ${[...new Set(failed)].join(", ")}`
            : "every event answered 200",
        },
      ];
    },
  );
}

const build = spawnSync(process.execPath, ["scripts/ensure-build.ts"], { cwd: projectRoot, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const fake = await startFakeStripe();
const rows: Row[] = [];
try {
  const kinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
  for (const kind of kinds) rows.push(...(await benchDatabase(kind, fake)));
  rows.push(info(area, "seed of the shuffle", seed, "", "node bench/payment-events.ts --seed N replays an order"));
} finally {
  await fake.stop();
}
writeRows("payment-events", rows);
console.table(rows.map(({ metric, value, unit, goal, note }) => ({ metric, value, unit, goal: goal ?? "", note })));
const over = rows.filter((row) => row.pass === false);
if (over.length) {
  console.error(`Missed: ${over.map((row) => row.metric).join(", ")}`);
  process.exitCode = 1;
}
