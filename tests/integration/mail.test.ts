import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { mailOutbox } from "#app/db/schema.ts";
import {
  createSmtpTransport,
  deliverDueMail,
  enqueueMail,
  maxMailAttempts,
  retryDelayMs,
  startMailWorker,
} from "#app/services/mail.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { startSmtpSink } from "../support/smtp.ts";
import { until } from "../support/wait.ts";

const logger = pino({ level: "silent" });
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.stop();
});

it("backs off 1, 2, 4 ... minutes, up to an hour", () => {
  expect([1, 2, 3, 4, 7, 8].map(retryDelayMs)).toEqual([1, 2, 4, 8, 60, 60].map((m) => m * 60_000));
});

describeEachDatabase("mail outbox", (database) => {
  it("wakes the worker once for a burst of kicks and delivers the whole batch", async () => {
    const db = database().db;
    const transport = await createSmtpTransport(sink.url);
    let runs = 0;
    const worker = startMailWorker(db, {
      transport,
      from: "Studio <no-reply@studio.test>",
      logger,
      intervalMs: 60_000,
      kickDelayMs: 100,
      onIdle: async () => {
        runs++;
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 200)); // the run at start
    const before = sink.received.length;
    runs = 0;
    for (let i = 0; i < 40; i++) {
      await enqueueMail(db, { to: "owner@studio.test", subject: `Burst ${i}`, text: "t" });
      worker.kick();
    }
    await until(() => sink.received.length - before >= 40 && runs > 0, { timeoutMs: 20_000 });
    await worker.stop();
    // a wake-up per burst, not per message (the run delivers batch after batch until nothing is due)
    expect(runs).toBeLessThanOrEqual(2);
    expect(sink.received.length - before).toBe(40);
  });

  it("delivers queued mail over SMTP once", async () => {
    const db = database().db;
    const before = sink.received.length;
    await enqueueMail(db, { to: "owner@studio.test", subject: "New inquiry from Ada", text: "Hello\nthere" });
    const transport = await createSmtpTransport(sink.url);
    expect(await deliverDueMail(db, { transport, from: "Studio <no-reply@studio.test>", logger })).toBe(1);
    expect(await deliverDueMail(db, { transport, from: "Studio <no-reply@studio.test>", logger })).toBe(0);
    const got = sink.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]?.to).toEqual(["owner@studio.test"]);
    expect(got[0]?.raw).toContain("Subject: New inquiry from Ada");
    const [row] = await db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });

  it("keeps mail whose transaction rolled back out of the outbox", async () => {
    const db = database().db;
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, { to: "a@b.test", subject: "s", text: "t" });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await db.select().from(mailOutbox)).toEqual([]);
  });

  it("keeps the message when SMTP is down and delivers it on a later retry", async () => {
    const db = database().db;
    await enqueueMail(db, { to: "owner@studio.test", subject: "Retry me", text: "t" });
    const down = await createSmtpTransport("smtp://127.0.0.1:1");
    // the queued time is the database's now(), to the microsecond; a JavaScript date of the same millisecond
    // is earlier than it (its microseconds cut off), so the mail is due from the next millisecond on
    const t0 = new Date(Date.now() + 1);
    expect(await deliverDueMail(db, { transport: down, from: "s@studio.test", logger, now: t0 })).toBe(1);
    let [row] = await db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row?.nextAttemptAt.getTime()).toBe(t0.getTime() + 60_000);

    // not due yet
    expect(await deliverDueMail(db, { transport: down, from: "s@studio.test", logger, now: t0 })).toBe(0);
    const before = sink.received.length;
    const up = await createSmtpTransport(sink.url);
    const later = new Date(t0.getTime() + 61_000);
    expect(await deliverDueMail(db, { transport: up, from: "s@studio.test", logger, now: later })).toBe(1);
    [row] = await db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
    expect(sink.received.length).toBe(before + 1);
  });

  it("gives up after the last attempt", async () => {
    const db = database().db;
    const id = await enqueueMail(db, { to: "x@y.test", subject: "s", text: "t" });
    await db
      .update(mailOutbox)
      .set({ attempts: maxMailAttempts - 1 })
      .where(eq(mailOutbox.id, id));
    const down = await createSmtpTransport("smtp://127.0.0.1:1");
    await deliverDueMail(db, { transport: down, from: "s@studio.test", logger });
    const [row] = await db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: "failed", attempts: maxMailAttempts });
  });

  it("keeps and logs mail when no SMTP is configured", async () => {
    const db = database().db;
    const lines: string[] = [];
    const capture = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
    await enqueueMail(db, { to: "owner@studio.test", subject: "Reset your password", text: "Open http://x/reset#t" });
    expect(await deliverDueMail(db, { transport: null, from: "s@studio.test", logger: capture })).toBe(1);
    const [row] = await db.select().from(mailOutbox);
    expect(row?.status).toBe("kept");
    expect(lines.join("")).toContain("Open http://x/reset#t");
  });

  it("hands each message to one of several concurrent workers", async () => {
    const db = database().db;
    for (let i = 0; i < 6; i++) await enqueueMail(db, { to: `p${i}@x.test`, subject: `m${i}`, text: "t" });
    const handled = await Promise.all(
      [1, 2, 3].map(() => deliverDueMail(db, { transport: null, from: "s@studio.test", logger })),
    );
    expect(handled.reduce((a, b) => a + b, 0)).toBe(6);
  });
});
