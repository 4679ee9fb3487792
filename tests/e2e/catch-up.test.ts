/**
 * A retainers' catch-up on the embedded database (issue 36, fault tests 2 and 4; ADR 0048). The
 * server comes back after more than a year down with weekly schedules due: it says "ready"
 * without waiting for the catch-up, /healthz and a page answer promptly while the catch-up runs (it
 * works in short transactions with a turn of the event loop between them), and a SIGTERM in the middle
 * stops it between two transactions with one line at info, no error. The next start finishes it:
 * every period invoiced once, numbered without gaps.
 */
import { rmSync } from "node:fs";
import { count, countDistinct, isNotNull } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { invoices, projects, recurringSchedules } from "#app/db/schema.ts";
import { addDaysIso, todayIn } from "#app/domain/dates.ts";
import type { ProjectPricing } from "#app/domain/projects.ts";
import { dataDirWithAccounts } from "../support/accounts.ts";
import { insertCustomer } from "../support/records.ts";
import { startServer, type TestServer } from "../support/server.ts";
import { until } from "../support/wait.ts";

const fees: ProjectPricing = {
  type: "fixed",
  phases: [],
  recurring_fees: [{ id: "fee-1", name: "Hosting", amount: 29 }],
};
const schedules = 4;
/** weekly since 61 weeks ago: 62 periods each, today's included */
const weeksBack = 61;
const dirs: string[] = [];
const servers: TestServer[] = [];
afterAll(async () => {
  // a failed test leaves no server running (stop() after an exit only reads the exit code)
  for (const server of servers) await server.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function seedSchedules(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    // the studio's default zone (no Settings saved)
    const start = addDaysIso(todayIn("America/New_York"), -7 * weeksBack);
    const owner = await insertCustomer(database.db, { name: "Ada Lovelace", email: "ada@client.test" });
    const made = await database.db
      .insert(projects)
      .values(
        Array.from({ length: schedules }, (_, index) => ({
          customerId: owner?.id ?? "",
          projectName: `Care plan ${index + 1}`,
          pricingDetails: fees,
        })),
      )
      .returning();
    await database.db.insert(recurringSchedules).values(
      made.map((project) => ({
        projectId: project.id,
        customerId: owner?.id ?? "",
        frequency: "week" as const,
        startDate: start,
        nextDue: start,
      })),
    );
  } finally {
    await database.close();
  }
}

async function scheduledInvoices(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const [row] = await database.db
      .select({
        made: count(),
        periods: countDistinct(invoices.periodStart),
        numbers: countDistinct(invoices.invoiceNumber),
      })
      .from(invoices)
      .where(isNotNull(invoices.scheduleId));
    return row ?? { made: 0, periods: 0, numbers: 0 };
  } finally {
    await database.close();
  }
}

/** Milliseconds until `path` answers 200. */
async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  expect(response.status).toBe(200);
  return performance.now() - started;
}

describe("a retainers' catch-up at start-up [pglite]", () => {
  it("does not hold the start, lets /healthz and pages answer, and stops quietly on SIGTERM; the next start finishes it", async () => {
    const dataDir = dataDirWithAccounts();
    dirs.push(dataDir);
    await seedSchedules(dataDir);
    const total = schedules * (weeksBack + 1);

    const first = await startServer({ dataDir });
    servers.push(first);
    const logs = () => first.logs();
    const index = (message: string) => logs().findIndex((line) => line.msg === message);
    // "ready" came before any invoice of the catch-up was reported made
    expect(index("ready")).toBeGreaterThanOrEqual(0);
    expect(index("automations run")).toBe(-1);
    // while it runs, /healthz and a page answer promptly
    const health: number[] = [];
    const pages: number[] = [];
    for (let round = 0; round < 10; round++) {
      health.push(await timed(`${first.url}/healthz`));
      pages.push(await timed(`${first.url}/contact`));
    }
    expect(Math.max(...health)).toBeLessThan(1_000);
    expect(Math.max(...pages)).toBeLessThan(2_000);
    // still catching up: SIGTERM now
    expect(index("automations run")).toBe(-1);
    expect(await first.stop()).toBe(0);
    const errors = logs().filter((line) => Number(line.level) >= 50);
    expect(errors).toEqual([]);
    expect(logs().filter((line) => line.msg === "background work postponed: shutting down")).toEqual([
      expect.objectContaining({ level: 30, job: "automations" }),
    ]);
    const partial = await scheduledInvoices(dataDir);
    expect(partial.made).toBeGreaterThan(0);
    expect(partial.made).toBeLessThan(total);

    // the next start makes the rest: each period once, numbers without gaps
    const second = await startServer({ dataDir });
    servers.push(second);
    // the retainers' invoices are a rule of the automations engine (ADR 0063): its pass says what it did
    await until(() => second.logs().some((line) => line.msg === "automations run"), {
      timeoutMs: 120_000,
      what: "the catch-up to finish",
    });
    expect(await second.stop()).toBe(0);
    expect(second.logs().filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(await scheduledInvoices(dataDir)).toEqual({ made: total, periods: weeksBack + 1, numbers: total });
    // two starts and a catch-up of hundreds of invoices: every wait inside follows the server's own signs
  }, 300_000);
});
