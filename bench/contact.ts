/**
 * Contact-form load: 2,000 submissions at concurrency 50 against the production
 * server (the no-JavaScript post, answered 303 to the thank-you view), on PGlite and
 * (when TEST_DATABASE_URL is set) PostgreSQL. Reports throughput and latency
 * percentiles, and checks that the rows stored equal the accepted responses: nothing
 * lost, nothing doubled. Goal: over 300 accepted posts/s on PostgreSQL. Also the CPU each post cost
 * the server, PostgreSQL and the load generator (from /proc), and how busy the machine was: on a
 * small machine their sum per post bounds the throughput (cores / CPU per post).
 *
 *   node bench/contact.ts [--total 2000] [--concurrency 50]
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { count } from "drizzle-orm";
import { openDatabase } from "#app/db/client.server.ts";
import { contactSubmissions } from "#app/db/schema.ts";
import { issueFormToken } from "#app/services/form-token.server.ts";
import { createPostgresDatabase } from "../tests/support/database.ts";
import { startServer } from "../tests/support/server.ts";
import { numberArg } from "./lib/args.ts";
import { machineCpuMs, postgresCpuMs, processCpuMs } from "./lib/cpu.ts";
import { atLeast, info, type Row, rssMb, writeRows } from "./lib/report.ts";

const total = numberArg("total", 2000);
const concurrency = numberArg("concurrency", 50);
const secret = "contact-benchmark-secret-0123456789abcdef";

async function run(kind: "pglite" | "postgres") {
  const postgres = kind === "postgres" ? await createPostgresDatabase() : null;
  const server = await startServer({
    keepDataDir: true,
    env: { CONTACT_RATE_LIMIT: "off", SESSION_SECRET: secret, ...(postgres ? { DATABASE_URL: postgres.url } : {}) },
  });
  try {
    // one page (one form token) per visitor, as in real life: a token used more than three times
    // is taken for a replay and kept as spam. Each token is dated past the time trap.
    const issued = Date.now() - 10_000;
    const tokens = Array.from({ length: total }, (_, i) => issueFormToken(secret, issued - i));

    // autocannon as the client: a fetch loop in this process cost more CPU than the server on a 2-core
    // machine, and measured the client. Each request carries its own token and fields.
    let i = 0;
    const serverPid = server.process.pid as number;
    const cpuBefore = {
      server: processCpuMs(serverPid),
      postgres: postgres ? postgresCpuMs() : 0,
      client: process.cpuUsage(),
      machine: machineCpuMs(),
    };
    const started = performance.now();
    const result = await autocannon({
      url: `${server.url}/contact`,
      connections: concurrency,
      amount: total,
      requests: [
        {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
          setupRequest: (request) => {
            const n = i++;
            return {
              ...request,
              body: new URLSearchParams({
                form_token: tokens[n % total] as string,
                first_name: "Load",
                last_name: `Tester ${n}`,
                email: `load${n}@example.test`,
                project_type: "quote",
                message: `Benchmark inquiry number ${n}.`,
              }).toString(),
            };
          },
        },
      ],
    });
    // what each post cost, by process: the server, PostgreSQL's backends, the load generator (this one)
    const client = process.cpuUsage(cpuBefore.client);
    const machine = machineCpuMs();
    const cpu = {
      server: processCpuMs(serverPid) - cpuBefore.server,
      postgres: postgres ? postgresCpuMs() - cpuBefore.postgres : 0,
      client: (client.user + client.system) / 1000,
      busyShare: (machine.busy - cpuBefore.machine.busy) / (machine.total - cpuBefore.machine.total),
    };
    const accepted = result.statusCodeStats?.["303"]?.count ?? 0;
    const refused = result.requests.total - accepted + result.errors + result.timeouts;
    const latencies = { p50: result.latency.p50, p95: result.latency.p97_5, p99: result.latency.p99 };
    const seconds = (performance.now() - started) / 1000;
    const rss = rssMb(server.process.pid as number);
    await server.stop();

    const database = postgres
      ? await openDatabase({ databaseUrl: postgres.url })
      : await openDatabase({ dataDir: server.dataDir });
    const [row] = await database.db.select({ n: count() }).from(contactSubmissions);
    await database.close();
    const stored = row?.n ?? 0;
    return {
      database: kind,
      requests: total,
      concurrency,
      accepted,
      refused,
      stored,
      intact: stored === accepted,
      throughput: Math.round(accepted / seconds),
      p50: latencies.p50,
      p97_5: latencies.p95,
      p99: latencies.p99,
      rssMb: Math.round(rss),
      cpuMsPerPost: {
        server: round2(cpu.server / total),
        postgres: round2(cpu.postgres / total),
        client: round2(cpu.client / total),
      },
      machineBusy: Math.round(cpu.busyShare * 100),
    };
  } finally {
    if (server.process.exitCode === null) await server.stop();
    await postgres?.drop();
    const { rmSync } = await import("node:fs");
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

const round2 = (value: number) => Math.round(value * 100) / 100;

const results = [await run("pglite")];
if (process.env.TEST_DATABASE_URL) results.push(await run("postgres"));
console.warn("\nContact form: %d submissions, concurrency %d", total, concurrency);
console.table(results);
const rows: Row[] = results.flatMap((result) => {
  const label = result.database === "pglite" ? "PGlite" : "PostgreSQL";
  const note = `${result.accepted} accepted, ${result.stored} stored, p50 ${result.p50} ms, p97.5 ${result.p97_5} ms, p99 ${result.p99} ms`;
  const throughput =
    result.database === "postgres"
      ? atLeast(
          "contact",
          `accepted posts/s, concurrency ${concurrency} (${label})`,
          result.throughput,
          "req/s",
          300,
          note,
        )
      : info("contact", `accepted posts/s, concurrency ${concurrency} (${label})`, result.throughput, "req/s", note);
  return [
    throughput,
    {
      area: "contact",
      metric: `lost or doubled submissions (${label})`,
      value: Math.abs(result.stored - result.accepted) + result.refused,
      unit: "",
      goal: "0",
      pass: result.intact && result.refused === 0,
    },
    info("contact", `server RSS after the load (${label})`, result.rssMb, "MB"),
    info(
      "contact",
      `CPU per post: server, database, load generator (${label})`,
      round2(result.cpuMsPerPost.server + result.cpuMsPerPost.postgres + result.cpuMsPerPost.client),
      "ms",
      `server ${result.cpuMsPerPost.server} ms, PostgreSQL ${result.cpuMsPerPost.postgres} ms, autocannon ${result.cpuMsPerPost.client} ms; machine ${result.machineBusy}% busy (${os.cpus().length} cores)`,
    ),
  ];
});
writeRows("contact", rows);
if (results.some((result) => !result.intact || result.refused > 0)) {
  console.error("FAILED: stored rows differ from accepted responses, or requests were refused");
  process.exit(1);
}
