/**
 * The pages a client opens from an email, over HTTP, at the scale data set (`db:seed --scale`
 * after the demo content): an invoice's client page `/i/{token}` (the busiest customer's invoice
 * with the most lines), a proposal's `/p/{token}` (the demo proposal, sent) and the portal
 * `/portal/{token}` of the customer with the most documents. Each page 3 warm-up and `--runs`
 * timed requests (loopback, so the time is the server's), with the queries each ran. The pages'
 * per-address rate limit (120 opens in 10 minutes per kind of link) holds these few requests.
 *
 * PGlite always (a data directory), PostgreSQL when TEST_DATABASE_URL is set (a database of its
 * own, dropped at the end). Goal: p95 under 50 ms.
 *
 *   node bench/client-pages.ts [--runs 60] [--scale 1]
 */
import { spawnSync } from "node:child_process";
import { sql } from "drizzle-orm";
import { type Database, type DatabaseKind, selectRows } from "#app/db/client.server.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { seedBaseline, seedDemo } from "#app/db/seed.server.ts";
import { seedScale } from "#app/db/seed-scale.server.ts";
import { portalLinkExpiry, portalLinkPath } from "#app/domain/portal.ts";
import { clientLinkPath } from "#app/domain/sending.ts";
import { insertInvoiceLink } from "#app/models/invoice-sends.server.ts";
import { insertPortalLink } from "#app/models/portal.server.ts";
import { insertProposalLink, markProposalSent } from "#app/models/proposals.server.ts";
import { newClientToken } from "#app/services/client-links.server.ts";
import { proposalLinkPath } from "#app/services/proposals.server.ts";
import { projectRoot } from "../tests/support/server.ts";
import { numberArg } from "./lib/args.ts";
import { withBenchDatabase } from "./lib/bench-database.ts";
import { info, type Row, under, writeRows } from "./lib/report.ts";
import { timeRequests, timingNote } from "./lib/timing.ts";

const runs = numberArg("runs", 60);
const warmUp = 3;
const scale = numberArg("scale", 1);
const budgetMs = 50;
const area = "client pages";
const label: Record<DatabaseKind, string> = { pglite: "PGlite", postgres: "PostgreSQL" };

type Page = { name: string; path: string; note: string };

/** Links to the three pages, stored as the app stores them (hashes only); their addresses. */
async function links(database: Database): Promise<Page[]> {
  const db = database.db;
  const one = async <T>(query: ReturnType<typeof sql>) => {
    const [row] = await selectRows<T>(db, query);
    if (!row) throw new Error("no target row");
    return row;
  };
  const customer = await one<{ id: string; documents: number }>(
    sql`select customer_id as id, count(*)::int as documents from invoices where status <> 'draft'
      group by customer_id order by count(*) desc, customer_id limit 1`,
  );
  const invoice = await one<{ id: string; number: string; lines: number }>(
    sql`select i.id, i.invoice_number as number, count(l.id)::int as lines from invoices i
      join invoice_line_items l on l.invoice_id = i.id
      where i.customer_id = ${customer.id} and i.status <> 'draft'
      group by i.id order by count(l.id) desc, i.id limit 1`,
  );
  const proposal = await one<{ id: string; number: string }>(
    sql`select id, proposal_number as number from proposals order by created_at limit 1`,
  );
  const invoiceToken = newClientToken();
  const proposalToken = newClientToken();
  const portalToken = newClientToken();
  const now = new Date();
  await db.transaction(async (tx) => {
    await insertInvoiceLink(tx, invoice.id, invoiceToken.hash);
    const sent = await markProposalSent(tx, proposal.id);
    if (!sent.ok) throw new Error(`the demo proposal could not be marked sent: ${JSON.stringify(sent)}`);
    await insertProposalLink(tx, proposal.id, proposalToken.hash);
    await insertPortalLink(tx, {
      customerId: customer.id,
      tokenHash: portalToken.hash,
      createdAt: now,
      expiresAt: portalLinkExpiry(now),
    });
  });
  return [
    {
      name: "invoice /i/{token}",
      path: clientLinkPath(invoiceToken.token),
      note: `${invoice.number}, ${invoice.lines} lines`,
    },
    { name: "proposal /p/{token}", path: proposalLinkPath(proposalToken.token), note: proposal.number },
    {
      name: "portal /portal/{token}",
      path: portalLinkPath(portalToken.token),
      note: `a customer with ${customer.documents} documents`,
    },
  ];
}

function benchDatabase(kind: DatabaseKind): Promise<Row[]> {
  return withBenchDatabase(
    kind,
    async (database) => {
      await migrate(database, () => seedBaseline(database.db));
      await seedDemo(database.db);
      await seedScale(database, { scale });
      return links(database);
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
