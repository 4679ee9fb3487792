/**
 * Start-up and memory of the production server, on PGlite and (with TEST_DATABASE_URL)
 * PostgreSQL: time from spawning `node server.ts` to listening (a fresh PGlite data
 * directory, then a restart on it), the first request after ready, and RSS after start,
 * after the first request and after 1,000 mixed views (public pages, the contact page and
 * back-office lists, signed in). Goals: ready under 3 s on
 * PGlite, first request under 100 ms, warm RSS under 200 MB (PostgreSQL) / 300 MB (PGlite).
 *
 *   node bench/memory.ts [--views 1000] [--pglite-only | --postgres-only]
 *   STUDIO_NODE_ARGS="--max-semi-space-size=2" node bench/memory.ts   (other V8 options than npm start's)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { adminAccount, createAccount, signInCookie } from "../tests/support/accounts.ts";
import { createPostgresDatabase } from "../tests/support/database.ts";
import { startServer, type TestServer } from "../tests/support/server.ts";
import { numberArg } from "./lib/args.ts";
import { info, type Row, round, rssMb, under, writeRows } from "./lib/report.ts";

const views = numberArg("views", 1000);
const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

const publicPaths = ["/", "/portfolio", "/pricing", "/about", "/contact", "/portfolio?category=webapps"];
const adminPaths = [
  "/admin/dashboard",
  "/admin/customers",
  "/admin/projects",
  "/admin/invoices",
  "/admin/reports",
  "/admin/settings",
  "/admin/dashboard?q=ma",
];

async function timedStart(env: Record<string, string>, dataDir: string): Promise<{ server: TestServer; ms: number }> {
  const started = performance.now();
  const server = await startServer({ dataDir, env });
  return { server, ms: performance.now() - started };
}

async function get(server: TestServer, target: string, cookie?: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}${target}`, {
    headers: { "user-agent": browser, "accept-encoding": "gzip, br", ...(cookie ? { cookie } : {}) },
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${target}: ${response.status}`);
  return performance.now() - started;
}

async function run(kind: "pglite" | "postgres"): Promise<Row[]> {
  const label = kind === "pglite" ? "PGlite" : "PostgreSQL";
  const postgres = kind === "postgres" ? await createPostgresDatabase() : null;
  const env: Record<string, string> = postgres ? { DATABASE_URL: postgres.url } : {};
  const dataDir = mkdtempSync(path.join(tmpdir(), "studio-bench-memory-"));
  const rows: Row[] = [];
  try {
    // first start: creates (PGlite) or migrates the database and seeds it
    const first = await timedStart(env, dataDir);
    rows.push(info("start-up", `first start to listening, empty database (${label})`, round(first.ms, 0), "ms"));
    await get(first.server, "/healthz");
    await get(first.server, "/about");
    rows.push(
      info(
        "memory",
        `RSS after a first start: migrated and seeded (${label})`,
        round(rssMb(first.server.process.pid as number), 0),
        "MB",
      ),
    );
    await first.server.stop();
    createAccount(dataDir, adminAccount, { env });

    const { server, ms } = await timedStart(env, dataDir);
    try {
      const pid = server.process.pid as number;
      rows.push(
        kind === "pglite"
          ? under("start-up", `restart to listening (${label})`, round(ms, 0), "ms", 3000)
          : info("start-up", `restart to listening (${label})`, round(ms, 0), "ms"),
      );
      rows.push(info("memory", `RSS after start (${label})`, round(rssMb(pid), 0), "MB"));
      let peak = 0;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssMb(pid));
      }, 20);
      // the benchmark's own HTTP client warms up on the health check, so the figure is the server's
      await get(server, "/healthz");
      const firstPublic = await get(server, "/contact");
      rows.push(under("start-up", `first request after ready: /contact (${label})`, round(firstPublic, 1), "ms", 100));
      rows.push(info("memory", `RSS after the first request (${label})`, round(rssMb(pid), 0), "MB"));
      const cookie = await signInCookie(server.url, adminAccount);
      const firstAdmin = await get(server, "/admin/dashboard", cookie);
      rows.push(
        under("start-up", `first back-office page after sign-in: inbox (${label})`, round(firstAdmin, 1), "ms", 100),
      );

      let next = 0;
      const worker = async () => {
        while (next < views) {
          const i = next++;
          // three public views for one back-office view
          if (i % 4 === 3) await get(server, adminPaths[(i >> 2) % adminPaths.length] as string, cookie);
          else await get(server, publicPaths[i % publicPaths.length] as string);
        }
      };
      const started = performance.now();
      await Promise.all(Array.from({ length: 4 }, worker));
      const seconds = (performance.now() - started) / 1000;
      rows.push(info("memory", `${views} mixed views: throughput (${label})`, round(views / seconds, 0), "req/s"));
      const warm = rssMb(pid);
      clearInterval(sampler);
      rows.push(info("memory", `RSS peak during the views (${label})`, round(peak, 0), "MB"));
      rows.push(
        under(
          "memory",
          `RSS warm, after ${views} mixed views (${label})`,
          round(warm, 0),
          "MB",
          kind === "pglite" ? 300 : 200,
        ),
      );
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
  return rows;
}

const only = process.argv.includes("--postgres-only")
  ? "postgres"
  : process.argv.includes("--pglite-only")
    ? "pglite"
    : null;
const rows: Row[] = [];
if (only !== "postgres") rows.push(...(await run("pglite")));
if (process.env.TEST_DATABASE_URL && only !== "pglite") rows.push(...(await run("postgres")));
writeRows("memory", rows);
console.table(rows.map(({ area, metric, value, unit, goal }) => ({ area, metric, value, unit, goal: goal ?? "" })));
