/**
 * Scale-out proof: two app instances on one PostgreSQL against one instance, same
 * run. Public pages (`/`, concurrency 32) and a back-office list (`/admin/customers`, signed
 * in, concurrency 8), each first on instance A alone, then split evenly over A and B. Also
 * checks what must hold across instances: a session made on A works on B, and a content
 * change saved through A reaches B's rendered copy of /pricing (LISTEN/NOTIFY).
 *
 * On one 2-core machine both instances, PostgreSQL and the load generator share the same two
 * cores, so the ratio shows that instances add no shared bottleneck of their own rather than
 * what a second machine would add. Needs TEST_DATABASE_URL.
 *
 *   node bench/scale-out.ts [--seconds 8]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "#app/db/client.server.ts";
import { pricingPackageSchema } from "#app/domain/site-content.ts";
import { listPricingPackages, updatePricingPackage } from "#app/models/pricing.server.ts";
import { adminAccount, createAccount, signInCookie } from "../tests/support/accounts.ts";
import { createPostgresDatabase } from "../tests/support/database.ts";
import { startServer } from "../tests/support/server.ts";
import { until } from "../tests/support/wait.ts";
import { type LoadResult, load } from "./lib/load.ts";
import { info, type Row, round, writeRows } from "./lib/report.ts";

if (!process.env.TEST_DATABASE_URL) {
  console.warn("scale-out: TEST_DATABASE_URL is not set; skipped");
  writeRows("scale-out", []);
  process.exit(0);
}
const secondsIndex = process.argv.indexOf("--seconds");
const seconds = secondsIndex > 0 ? Number(process.argv[secondsIndex + 1]) : 8;

const database = await createPostgresDatabase();
const env = { DATABASE_URL: database.url, SESSION_SECRET: "scale-out-bench-secret-0123456789abcdef" };
const dataDir = mkdtempSync(path.join(tmpdir(), "studio-bench-scale-"));
const a = await startServer({ env, discardOutputAfterStart: true });
createAccount(dataDir, adminAccount, { env: { DATABASE_URL: database.url } });
const b = await startServer({ env, discardOutputAfterStart: true });
const rows: Row[] = [];
try {
  const cookie = await signInCookie(a.url, adminAccount);
  const onB = await fetch(`${b.url}/admin/customers`, { headers: { cookie }, redirect: "manual" });
  if (onB.status !== 200) throw new Error(`a session made on A is refused on B: ${onB.status}`);

  const split = async (target: string, connections: number, headers: Record<string, string> = {}) => {
    const [left, right] = await Promise.all([
      load(`${a.url}${target}`, { connections: connections / 2, seconds, headers }),
      load(`${b.url}${target}`, { connections: connections / 2, seconds, headers }),
    ]);
    return { rps: left.rps + right.rps, p99: Math.max(left.p99, right.p99), failed: failures(left) + failures(right) };
  };
  const failures = (result: LoadResult) => result.non2xx + result.errors;

  for (const [name, target, connections, headers] of [
    ["public page /", "/", 32, {}],
    ["back-office list /admin/customers, signed in", "/admin/customers", 8, { cookie }],
  ] as const) {
    const one = await load(`${a.url}${target}`, { connections, seconds, headers });
    const two = await split(target, connections, headers);
    rows.push(
      info(
        "scale-out",
        `${name}: two instances / one`,
        round(two.rps / one.rps, 2),
        "ratio",
        `one ${round(one.rps, 0)} req/s (p99 ${one.p99} ms), two ${round(two.rps, 0)} req/s (p99 ${two.p99} ms)${failures(one) + two.failed ? `, ${failures(one) + two.failed} failed` : ""}`,
      ),
    );
  }

  // a price saved through one instance's database connection reaches the other's rendered page
  const before = await (await fetch(`${b.url}/pricing`)).text();
  const db = await openDatabase({ databaseUrl: database.url, poolSize: 1 });
  const started = performance.now();
  try {
    const [first] = await listPricingPackages(db.db);
    if (!first) throw new Error("no pricing package");
    await updatePricingPackage(
      db.db,
      pricingPackageSchema.parse({
        id: first.id,
        name: first.name,
        price: "$7,777",
        description: first.description,
        features: first.features.join("\n"),
        cta_label: first.ctaLabel,
        highlighted: first.highlighted ? "on" : undefined,
        highlight_label: first.highlightLabel,
      }),
    );
  } finally {
    await db.close();
  }
  await until(async () => (await (await fetch(`${b.url}/pricing`)).text()).includes("$7,777"), { timeoutMs: 5_000 });
  rows.push(
    info(
      "scale-out",
      "content change reaches the other instance's cached page",
      round(performance.now() - started, 0),
      "ms",
      before.includes("$7,777") ? "was already there" : "NOTIFY, then a new render",
    ),
  );
} finally {
  await a.stop();
  await b.stop();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
writeRows("scale-out", rows);
console.table(rows.map(({ metric, value, unit, note }) => ({ metric, value, unit, note: note ?? "" })));
