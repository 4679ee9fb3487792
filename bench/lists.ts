/**
 * Back-office lists at scale, over HTTP: a fresh database filled by the scale generator
 * (`db:seed --scale`: 100,000 contact submissions, 20,000 customers, 10,000 projects, 50,000 invoices and
 * estimates), the production server on it, an admin's session, then the inbox, customers, projects
 * and invoices pages: first page, a deep page, a selective search, a 2-character search and every
 * status filter. Each scenario twice: the page as a document (a first load, a sidebar link) and its
 * `.data` request (what a filter, a search or the pager fetches once the back office is loaded), each
 * 3 warm-up and `--runs` timed requests (loopback, so the time is the server's), with the queries each
 * request ran, read from the server's request log lines.
 * A list whose query count grows with the rows on its page (N+1) is flagged.
 *
 * Next to each list, "the original product's approach": the whole table as JSON (select every
 * row, JSON.stringify), in this process against the same database.
 *
 * PGlite always (a data directory), PostgreSQL when TEST_DATABASE_URL is set (a database of its
 * own, dropped at the end). Budget: p95 under 50 ms.
 *
 *   node bench/lists.ts [--runs 30] [--scale 1] [--only pglite|postgres] [--list invoices] [--scenarios pair]
 *
 * `--list inbox|customers|projects|invoices` measures one list's scenarios only (a before/after of one
 * change, in a fraction of the time); bench/results/lists.json then holds that list alone. `--scenarios
 * <regular expression>` keeps the scenarios whose name matches ("pair|2-character": the short searches).
 */
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { type Database, type DatabaseKind, selectRows } from "#app/db/client.server.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { contactSubmissions, customers, invoices, projects } from "#app/db/schema.ts";
import { seedBaseline } from "#app/db/seed.server.ts";
import { seedScale } from "#app/db/seed-scale.server.ts";
import { customerStatuses, invoiceStatuses, projectStatuses, submissionStatuses } from "#app/domain/enums.ts";
import { adminAccount, createAccount, signInCookie } from "../tests/support/accounts.ts";
import { projectRoot, type TestServer } from "../tests/support/server.ts";
import { arg, numberArg } from "./lib/args.ts";
import { withBenchDatabase } from "./lib/bench-database.ts";
import { info, percentile, type Row, round, under, writeRows } from "./lib/report.ts";
import { type Timing, timeRequests, timingNote } from "./lib/timing.ts";

const runs = numberArg("runs", 30);
const warmUp = 3;
const scale = numberArg("scale", 1);
const only = arg("only") as DatabaseKind | undefined;
const onlyList = arg("list") as ListName | undefined;
const onlyScenarios = arg("scenarios");
const budgetMs = 50;
const area = "lists";
const label: Record<DatabaseKind, string> = { pglite: "PGlite", postgres: "PostgreSQL" };

type ListName = "inbox" | "customers" | "projects" | "invoices";
type Scenario = {
  list: ListName;
  name: string;
  path: string;
  /** "full": a full page from the same queries as "few"; compared to find queries that grow with rows */
  shape?: "full" | "few";
};
const listPath: Record<ListName, string> = {
  inbox: "/admin/dashboard",
  customers: "/admin/customers",
  projects: "/admin/projects",
  invoices: "/admin/invoices",
};
const tables: Record<ListName, PgTable> = {
  inbox: contactSubmissions,
  customers,
  projects,
  invoices,
};
if (onlyList && !(onlyList in tables)) throw new Error(`--list: one of ${Object.keys(tables).join(", ")}`);
const listNames = (Object.keys(tables) as ListName[]).filter((name) => !onlyList || name === onlyList);

// ---------------------------------------------------------------- the data and its scenarios

async function seed(database: Database) {
  await migrate(database, () => seedBaseline(database.db));
  const report = await seedScale(database, { scale });
  return report.seconds;
}

/** Targets picked from the generated data: one email, one number, a deep page of each list. */
async function scenarios(database: Database): Promise<Scenario[]> {
  const db = database.db;
  const one = async <T>(query: ReturnType<typeof sql>) => {
    const [row] = await selectRows<T>(db, query);
    if (!row) throw new Error("no target row");
    return row;
  };
  const total = async (query: ReturnType<typeof sql>) => Number((await one<{ n: number }>(query)).n);
  const nearEnd = (rows: number, size: number) => Math.max(1, Math.ceil(rows / size) - 2);
  // the worst page since pages past the middle are read from the oldest end (app/domain/pages.ts)
  const middle = (rows: number, size: number) => Math.max(1, Math.ceil(rows / size / 2));

  const submission = await one<{ email: string; status: string }>(
    sql`select email, status::text as status from contact_submissions where status = 'archived' order by created_at limit 1
      offset (select count(*) / 2 from contact_submissions where status = 'archived')`,
  );
  const archived = await total(sql`select count(*)::int as n from contact_submissions where status = 'archived'`);
  const customer = await one<{ email: string }>(
    sql`select email from customers order by created_at limit 1 offset (select count(*) / 2 from customers)`,
  );
  const customerCount = await total(sql`select count(*)::int as n from customers`);
  // the rarest project name
  const project = await one<{ name: string }>(
    sql`select project_name as name from projects group by project_name order by count(*), project_name limit 1`,
  );
  const projectCount = await total(sql`select count(*)::int as n from projects`);
  // one of the longest numbers: no other number contains it
  const invoice = await one<{ number: string }>(
    sql`select invoice_number as number from invoices where invoice_type = 'invoice'
      order by length(invoice_number) desc, invoice_number limit 1`,
  );
  const invoiceCount = await total(sql`select count(*)::int as n from invoices`);

  // the rarest pair of letters each list's short search can meet (the fewest rows hold it), and "zq"
  // (few rows or none): before each list's short_grams index they read the whole list
  const rarest = async (table: string, column: string, where = "true") => {
    const row = await one<{ pair: string; n: number }>(
      sql.raw(`select piece as pair, count(*)::int as n from ${table}, unnest(${column}) piece
        where piece ~ '^[a-z]{2}$' and ${where} group by piece order by count(*), piece limit 1`),
    );
    const zq = await total(
      sql.raw(`select count(*)::int as n from ${table} where ${column} @> array['zq'] and ${where}`),
    );
    return { pair: row.pair, rows: Number(row.n), zq };
  };
  const rare = {
    inbox: await rarest("contact_submissions", "search_grams", `status = '${submission.status}'`),
    customers: await rarest("customers", "search_grams"),
    projects: await rarest("projects", "name_grams"),
    invoices: await rarest("invoices", "search_grams"),
  };
  const rareScenarios = (name: ListName, prefix = ""): Scenario[] => [
    {
      list: name,
      name: `rarest pair (${rare[name].pair}, ${rare[name].rows} rows)`,
      path: `?${prefix}q=${rare[name].pair}`,
    },
    { list: name, name: `pair zq (${rare[name].zq} rows)`, path: `?${prefix}q=zq` },
  ];

  const q = (value: string) => encodeURIComponent(value);
  const list: Scenario[] = [
    { list: "inbox", name: "first page (new)", path: "" },
    {
      list: "inbox",
      name: `deep page (archived, ${nearEnd(archived, 25)})`,
      path: `?status=archived&page=${nearEnd(archived, 25)}`,
    },
    {
      list: "inbox",
      name: `middle page (archived, ${middle(archived, 25)})`,
      path: `?status=archived&page=${middle(archived, 25)}`,
    },
    {
      list: "inbox",
      name: "selective search (one email)",
      path: `?status=${submission.status}&q=${q(submission.email)}`,
      shape: "few",
    },
    { list: "inbox", name: "2-character search", path: `?status=${submission.status}&q=an`, shape: "full" },
    ...rareScenarios("inbox", `status=${submission.status}&`),
    ...submissionStatuses.map((status) => ({
      list: "inbox" as const,
      name: `status ${status}`,
      path: `?status=${status}`,
    })),
    { list: "inbox", name: "type filter (webapp, completed)", path: "?status=completed&type=webapp" },

    { list: "customers", name: "first page", path: "" },
    {
      list: "customers",
      name: `deep page (${nearEnd(customerCount, 25)})`,
      path: `?page=${nearEnd(customerCount, 25)}`,
    },
    { list: "customers", name: "selective search (one email)", path: `?q=${q(customer.email)}`, shape: "few" },
    { list: "customers", name: "2-character search", path: "?q=an", shape: "full" },
    ...rareScenarios("customers"),
    ...customerStatuses.map((status) => ({
      list: "customers" as const,
      name: `status ${status}`,
      path: `?status=${status}`,
    })),

    { list: "projects", name: "first page", path: "" },
    { list: "projects", name: `deep page (${nearEnd(projectCount, 24)})`, path: `?page=${nearEnd(projectCount, 24)}` },
    { list: "projects", name: "selective search (one name)", path: `?q=${q(project.name)}`, shape: "few" },
    { list: "projects", name: "2-character search", path: "?q=an", shape: "full" },
    ...rareScenarios("projects"),
    ...projectStatuses.map((status) => ({
      list: "projects" as const,
      name: `status ${status}`,
      path: `?status=${status}`,
    })),

    { list: "invoices", name: "first page", path: "" },
    { list: "invoices", name: `deep page (${nearEnd(invoiceCount, 25)})`, path: `?page=${nearEnd(invoiceCount, 25)}` },
    { list: "invoices", name: `middle page (${middle(invoiceCount, 25)})`, path: `?page=${middle(invoiceCount, 25)}` },
    { list: "invoices", name: "selective search (one number)", path: `?q=${q(invoice.number)}`, shape: "few" },
    { list: "invoices", name: "2-character search", path: "?q=an", shape: "full" },
    ...rareScenarios("invoices"),
    ...invoiceStatuses.map((status) => ({
      list: "invoices" as const,
      name: `status ${status}`,
      path: `?status=${status}`,
    })),
    { list: "invoices", name: "type filter (estimates)", path: "?type=estimate" },
  ];
  return list
    .filter((scenario) => !onlyList || scenario.list === onlyList)
    .filter((scenario) => !onlyScenarios || new RegExp(onlyScenarios).test(scenario.name))
    .map((scenario) => ({ ...scenario, path: `${listPath[scenario.list]}${scenario.path}` }));
}

/** "The original product's approach": every row of the table, as JSON. Median of 3. */
async function wholeTables(database: Database) {
  const result: Record<ListName, { rows: number; bytes: number; ms: number }> = {} as never;
  for (const list of listNames) {
    const table = tables[list];
    const times: number[] = [];
    let rows = 0;
    let bytes = 0;
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      const all = await database.db.select().from(table);
      const json = JSON.stringify(all);
      times.push(performance.now() - t);
      rows = all.length;
      bytes = Buffer.byteLength(json);
    }
    result[list] = {
      rows,
      bytes,
      ms: percentile(
        [...times].sort((a, b) => a - b),
        50,
      ),
    };
  }
  return result;
}

// ---------------------------------------------------------------- HTTP

type Measured = Scenario & { page: Timing; data: Timing };

/** The `.data` address of a page (React Router's single fetch): /admin/invoices?x -> /admin/invoices.data?x */
function dataPath(pagePath: string): string {
  const [pathname = "", search] = pagePath.split("?");
  return `${pathname}.data${search ? `?${search}` : ""}`;
}

async function measure(server: TestServer, cookie: string, kind: DatabaseKind, list: Scenario[]) {
  const results: Measured[] = [];
  let counter = 0;
  for (const scenario of list) {
    const n = counter++;
    results.push({
      ...scenario,
      page: await timeRequests(server, scenario.path, {
        cookie,
        runs,
        warmUp,
        prefix: `bench-lists-${kind}-${n}-page`,
      }),
      data: await timeRequests(server, dataPath(scenario.path), {
        cookie,
        runs,
        warmUp,
        prefix: `bench-lists-${kind}-${n}-data`,
      }),
    });
  }
  return results;
}

// ---------------------------------------------------------------- one database

function benchDatabase(kind: DatabaseKind): Promise<{ rows: Row[]; table: Record<string, unknown>[] }> {
  const started = performance.now();
  return withBenchDatabase(
    kind,
    async (database) => ({
      seconds: await seed(database),
      list: await scenarios(database),
      whole: await wholeTables(database),
    }),
    async ({ prepared: { seconds, list, whole }, dataDir, env, start }) => {
      console.warn(`${label[kind]}: generated in ${seconds.toFixed(1)} s; ${list.length} scenarios x ${runs} requests`);
      createAccount(dataDir, adminAccount, { env });
      const server = await start();
      const cookie = await signInCookie(server.url, adminAccount);
      // a fresh server loads its build lazily and its code is not yet optimised: warm it on every list first
      for (let i = 0; i < 10; i++) {
        for (const pathname of Object.values(listPath)) {
          for (const target of [pathname, dataPath(pathname)]) {
            await (await fetch(`${server.url}${target}`, { headers: { Cookie: cookie } })).text();
          }
        }
      }
      const measured = await measure(server, cookie, kind, list);

      const rows: Row[] = [info(area, `seed --scale ${scale} (${label[kind]})`, round(seconds), "s")];
      const table: Record<string, unknown>[] = [];
      for (const m of measured) {
        rows.push(
          under(
            area,
            `${m.list}: ${m.name} p95 (${label[kind]})`,
            m.page.p95,
            "ms",
            budgetMs,
            timingNote(m.page, "HTML"),
          ),
          under(
            area,
            `${m.list}: ${m.name}, data request p95 (${label[kind]})`,
            m.data.p95,
            "ms",
            budgetMs,
            timingNote(m.data, "data"),
          ),
        );
        table.push({
          db: label[kind],
          list: m.list,
          scenario: m.name,
          p50: m.page.p50,
          p95: m.page.p95,
          "data p50": m.data.p50,
          "data p95": m.data.p95,
          queries: m.page.queries.join("/"),
          "db ms": m.page.dbMsP50,
          KB: round(m.page.bytes / 1024),
          "data KB": round(m.data.bytes / 1024),
        });
      }
      for (const name of listNames) {
        const own = measured.filter((m) => m.list === name);
        const first = own[0];
        const full = own.find((m) => m.shape === "full");
        const few = own.find((m) => m.shape === "few");
        // the same queries with a full page and with one row: more queries for more rows is N+1
        const grows = Boolean(full && few && Math.max(...full.page.queries) > Math.max(...few.page.queries));
        rows.push(
          info(
            area,
            `${name}: queries per request (${label[kind]})`,
            Math.max(...own.flatMap((m) => m.page.queries)),
            "queries",
            grows
              ? `GROWS with the rows on the page (N+1): ${full?.page.queries.join("/")} for a full page, ${few?.page.queries.join("/")} for one row`
              : `constant with the rows on the page (${full?.page.queries.join("/")} for a full page, ${few?.page.queries.join("/")} for one row)`,
          ),
        );
        if (grows) console.error(`N+1: ${label[kind]} ${name} runs more queries for more rows`);
        const w = whole[name];
        rows.push(
          info(
            area,
            `${name}: whole table as JSON (${label[kind]})`,
            round(w.ms),
            "ms",
            `${w.rows.toLocaleString("en-US")} rows, ${round(w.bytes / 1024 / 1024)} MB; the list's first page: ${round((first?.page.bytes ?? 0) / 1024)} KB HTML, p50 ${first?.page.p50} ms; its data ${round((first?.data.bytes ?? 0) / 1024)} KB, p50 ${first?.data.p50} ms`,
          ),
        );
      }
      console.warn(`${label[kind]}: done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      return { rows, table };
    },
  );
}

// ---------------------------------------------------------------- main

const build = spawnSync(process.execPath, ["scripts/ensure-build.ts"], { cwd: projectRoot, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const kinds: DatabaseKind[] = (["pglite", "postgres"] as const).filter(
  (kind) => (!only || only === kind) && (kind === "pglite" || process.env.TEST_DATABASE_URL),
);
const allRows: Row[] = [];
const allTable: Record<string, unknown>[] = [];
for (const kind of kinds) {
  const { rows, table } = await benchDatabase(kind);
  allRows.push(...rows);
  allTable.push(...table);
}
writeRows(area, allRows);
console.table(allTable);
console.table(
  allRows
    .filter((row) => row.unit !== "ms" || row.metric.includes("whole table"))
    .map((row) => ({ metric: row.metric, value: row.value, unit: row.unit, note: row.note })),
);
const over = allRows.filter((row) => row.pass === false && row.metric.includes(label.postgres));
if (over.length) {
  console.error(`Over the ${budgetMs} ms p95 budget on PostgreSQL: ${over.map((row) => row.metric).join(", ")}`);
  process.exitCode = 1;
}
