/**
 * Payments reconciled from the provider's state (ADR 0041), end to end: the production build as real
 * processes, the fake provider keeping the state its signed events describe. 12 invoices with payment
 * plans (two partial payments, refunds in full and in part, disputes won and lost), every event twice,
 * shuffled, delivered concurrently; one server killed with SIGKILL in the middle of a batch and started
 * again; then every event resent. Each invoice must end at its plan's figures with no payment or refund
 * doubled. On PGlite one server (a data directory opens in one process); on PostgreSQL (with
 * TEST_DATABASE_URL) two servers on one database, one of them killed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "#app/db/client.server.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { createPostgresDatabase } from "../support/database.ts";
import { type FakeStripe, startFakeStripe } from "../support/fake-stripe.ts";
import {
  deliveryOrder,
  inBatches,
  type PlannedInvoice,
  planMismatches,
  runSeed,
  type SignedEvent,
  seededRandom,
  seedPlannedInvoices,
} from "../support/payment-plans.ts";
import { startServer, type TestServer } from "../support/server.ts";

const invoiceCount = 12;
const batchSize = 6;

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake?.stop();
});

const stripeEnv = () => ({
  STRIPE_SECRET_KEY: fake.secretKey,
  STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
  STRIPE_API_URL: fake.url,
});

/** The invoices and their plans' events, written before any server opens the database. */
async function seedInvoices(database: Database) {
  await migrate(database);
  const seeded = await seedPlannedInvoices(database.db, fake, { count: invoiceCount, prefix: "INV-3" });
  await database.close();
  return seeded;
}

/** Delivers one event; anything but a 2xx (or no answer: the server is gone) is for the provider to retry. */
async function deliver(server: TestServer, event: SignedEvent): Promise<boolean> {
  try {
    return (await fake.deliver(`${server.url}/webhooks/stripe`, event)) === 200;
  } catch {
    return false;
  }
}

/**
 * Delivers `order` in concurrent batches across the live servers; after `killAfter` batches, the server
 * `victim()` is killed with SIGKILL while a batch is in flight. Answers the events not acknowledged.
 */
async function deliverAll(
  order: SignedEvent[],
  servers: () => TestServer[],
  kill?: { afterBatches: number; victim: () => TestServer },
): Promise<SignedEvent[]> {
  const retry: SignedEvent[] = [];
  let turn = 0;
  for (const [index, batch] of inBatches(order, batchSize).entries()) {
    const live = servers();
    const sent = Promise.all(
      batch.map(async (event) => ((await deliver(live[turn++ % live.length] as TestServer, event)) ? null : event)),
    );
    if (kill && index === kill.afterBatches) {
      const victim = kill.victim();
      victim.process.kill("SIGKILL");
      const signal = await new Promise((resolve) =>
        victim.process.signalCode !== null
          ? resolve(victim.process.signalCode)
          : victim.process.once("exit", (_code, exitSignal) => resolve(exitSignal)),
      );
      expect(signal).toBe("SIGKILL");
    }
    for (const failed of await sent) if (failed) retry.push(failed);
  }
  return retry;
}

/** Each invoice's figures and entries, against its plan. */
async function checkPlans(database: Database, planned: PlannedInvoice[], runNumber: number) {
  expect(await planMismatches(database.db, planned), `replay with PAYMENT_SEED=${runNumber}`).toEqual([]);
}

describe("payment events shuffled, concurrent, through a kill -9 [pglite]", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "studio-e2e-payments-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("every invoice ends at its plan, on one server killed and started again, after a resend of everything", async () => {
    const runNumber = runSeed();
    const random = seededRandom(runNumber);
    const { planned, events } = await seedInvoices(await openDatabase({ dataDir }));
    let server = await startServer({ dataDir, env: stripeEnv() });
    const order = deliveryOrder(events, random);
    const killAt = Math.floor(order.length / batchSize / 3);
    let retry = await deliverAll(order.slice(0, (killAt + 1) * batchSize), () => [server], {
      afterBatches: killAt,
      victim: () => server,
    });
    server = await startServer({ dataDir, env: stripeEnv() });
    try {
      retry = await deliverAll([...retry, ...order.slice((killAt + 1) * batchSize)], () => [server]);
      expect(retry, `seed ${runNumber}`).toEqual([]);
      // the provider resends everything
      expect(await deliverAll(deliveryOrder(events, random), () => [server]), `seed ${runNumber}`).toEqual([]);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    const database = await openDatabase({ dataDir });
    try {
      await checkPlans(database, planned, runNumber);
    } finally {
      await database.close();
    }
  });
});

const onPostgres = process.env.TEST_DATABASE_URL ? describe : () => {};
onPostgres("payment events across two servers on one PostgreSQL, one killed with SIGKILL", () => {
  it("every invoice ends at its plan after the kill, a restart and a resend of everything", async () => {
    const runNumber = runSeed();
    const random = seededRandom(runNumber);
    const created = await createPostgresDatabase();
    const servers: TestServer[] = [];
    try {
      const { planned, events } = await seedInvoices(await openDatabase({ databaseUrl: created.url, poolSize: 2 }));
      const env = { ...stripeEnv(), DATABASE_URL: created.url };
      servers.push(...(await Promise.all([startServer({ env }), startServer({ env })])));
      const live = () =>
        servers.filter((server) => server.process.exitCode === null && server.process.signalCode === null);
      const order = deliveryOrder(events, random);
      const killAt = Math.floor(order.length / batchSize / 3);
      const [first] = servers;
      let retry = await deliverAll(order, live, { afterBatches: killAt, victim: () => first as TestServer });
      // the killed one comes back; the provider retries what was not acknowledged, then resends everything
      servers.push(await startServer({ env }));
      retry = await deliverAll(retry, live);
      expect(retry, `seed ${runNumber}`).toEqual([]);
      expect(await deliverAll(deliveryOrder(events, random), live), `seed ${runNumber}`).toEqual([]);
      const database = await openDatabase({ databaseUrl: created.url, poolSize: 2 });
      try {
        await checkPlans(database, planned, runNumber);
      } finally {
        await database.close();
      }
    } finally {
      for (const server of servers)
        if (server.process.exitCode === null && server.process.signalCode === null) await server.stop();
      await created.drop();
    }
  });
});
