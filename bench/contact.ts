/**
 * Contact-form load: 2,000 submissions at concurrency 50 against the production
 * server, on PGlite and (when TEST_DATABASE_URL is set) PostgreSQL. Reports
 * throughput and latency percentiles, and checks that the rows stored equal the
 * accepted responses: nothing lost, nothing doubled.
 *
 *   node bench/contact.ts [--total 2000] [--concurrency 50]
 */
import { performance } from "node:perf_hooks";
import { count } from "drizzle-orm";
import { openDatabase } from "#app/db/client.server.ts";
import { contactSubmissions } from "#app/db/schema.ts";
import { createPostgresDatabase } from "../tests/support/database.ts";
import { startServer } from "../tests/support/server.ts";

function arg(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}
const total = arg("total", 2000);
const concurrency = arg("concurrency", 50);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function run(kind: "pglite" | "postgres") {
  const postgres = kind === "postgres" ? await createPostgresDatabase() : null;
  const server = await startServer({
    keepDataDir: true,
    env: { CONTACT_RATE_LIMIT: "off", ...(postgres ? { DATABASE_URL: postgres.url } : {}) },
  });
  try {
    const html = await (await fetch(`${server.url}/contact`)).text();
    const token = /name="form_token" value="([^"]+)"/.exec(html)?.[1];
    if (!token) throw new Error("no form token");
    await new Promise((resolve) => setTimeout(resolve, 3_200)); // past the time trap

    const latencies: number[] = [];
    let accepted = 0;
    let refused = 0;
    let next = 0;
    const started = performance.now();
    async function worker() {
      while (next < total) {
        const i = next++;
        const body = new URLSearchParams({
          form_token: token as string,
          first_name: "Load",
          last_name: `Tester ${i}`,
          email: `load${i}@example.test`,
          project_type: "quote",
          message: `Benchmark inquiry number ${i}.`,
        });
        const t = performance.now();
        const response = await fetch(`${server.url}/contact`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
          body,
        });
        const text = await response.text();
        latencies.push(performance.now() - t);
        if (response.status === 200 && text.includes("Thank you for reaching out!")) accepted++;
        else refused++;
      }
    }
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = (performance.now() - started) / 1000;
    const rss = await (async () => {
      const { readFileSync } = await import("node:fs");
      const status = readFileSync(`/proc/${server.process.pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    })().catch(() => Number.NaN);
    await server.stop();

    const database = postgres
      ? await openDatabase({ databaseUrl: postgres.url })
      : await openDatabase({ dataDir: server.dataDir });
    const [row] = await database.db.select({ n: count() }).from(contactSubmissions);
    await database.close();
    const stored = row?.n ?? 0;
    latencies.sort((a, b) => a - b);
    return {
      database: kind,
      requests: total,
      concurrency,
      accepted,
      refused,
      stored,
      intact: stored === accepted,
      throughput: Math.round(total / seconds),
      p50: Math.round(percentile(latencies, 50)),
      p95: Math.round(percentile(latencies, 95)),
      p99: Math.round(percentile(latencies, 99)),
      rssMb: Math.round(rss),
    };
  } finally {
    if (server.process.exitCode === null) await server.stop();
    await postgres?.drop();
    const { rmSync } = await import("node:fs");
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

const results = [await run("pglite")];
if (process.env.TEST_DATABASE_URL) results.push(await run("postgres"));
console.warn("\nContact form: %d submissions, concurrency %d", total, concurrency);
console.table(results);
if (results.some((result) => !result.intact || result.refused > 0)) {
  console.error("FAILED: stored rows differ from accepted responses, or requests were refused");
  process.exit(1);
}
