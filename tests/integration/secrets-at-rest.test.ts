/**
 * No usable secret at rest: after a reset mail is queued, and after it is delivered (or kept
 * without SMTP, or expires undelivered), no text column of any table holds the reset token.
 */
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Queryable, selectRows } from "#app/db/client.server.ts";
import { mailOutbox } from "#app/db/schema.ts";
import { createOrUpdateAccount } from "#app/services/auth/accounts.server.ts";
import { requestPasswordReset } from "#app/services/auth/recovery.server.ts";
import {
  createSmtpTransport,
  deliverDueMail,
  dropExpiredSecrets,
  droppedBody,
  mailKey,
  sealedBodyLifetimeMs,
} from "#app/services/mail.server.ts";
import { openText } from "#app/services/sealing.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { startSmtpSink } from "../support/smtp.ts";

const logger = pino({ level: "silent" });
const site = { publicUrl: "https://studio.test", sessionSecret: "secret-at-rest-test-0123456789abcdef" };
const key = mailKey(site.sessionSecret);
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.stop();
});

/** Every text-like column of every table, as one string. */
async function everythingStored(db: Queryable): Promise<string> {
  const tables = await selectRows<{ tablename: string }>(
    db,
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const dumps = [];
  for (const { tablename } of tables) {
    dumps.push(JSON.stringify(await selectRows(db, sql.raw(`select * from "public"."${tablename}"`))));
  }
  return dumps.join("\n");
}

async function queueReset(db: Queryable) {
  await createOrUpdateAccount(db, { email: "owner@studio.test", password: "plum tree orbit", admin: true });
  await requestPasswordReset(db, { email: "owner@studio.test", ...site, ip: "203.0.113.9" }, { floorMs: 0 });
  const [row] = await db.select().from(mailOutbox);
  const text = openText(key, row?.text ?? "") ?? "";
  const token = /token=([\w-]{43})/.exec(text)?.[1];
  if (!token) throw new Error("no token in the sealed mail");
  return token;
}

describeEachDatabase("secrets at rest", (database) => {
  it("the queued reset mail is sealed, and its body is dropped once delivered over SMTP", async () => {
    const db = database().db;
    const token = await queueReset(db);
    expect(await everythingStored(db)).not.toContain(token);
    const before = sink.received.length;
    await deliverDueMail(db, { transport: await createSmtpTransport(sink.url), from: "s@studio.test", logger, key });
    // the person still gets the link
    expect(
      sink.received
        .slice(before)
        .map((mail) => mail.raw.replace(/=\r?\n/g, ""))
        .join(""),
    ).toContain(token);
    expect(await everythingStored(db)).not.toContain(token);
    const [row] = await db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: "sent", text: droppedBody });
  });

  it("kept without SMTP: dropped after it is handed to the log", async () => {
    const db = database().db;
    const token = await queueReset(db);
    await deliverDueMail(db, { transport: null, from: "s@studio.test", logger, key });
    expect(await everythingStored(db)).not.toContain(token);
    const [row] = await db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: "kept", text: droppedBody });
  });

  it("undelivered: the sealed body is dropped once the link has expired", async () => {
    const db = database().db;
    await queueReset(db);
    await dropExpiredSecrets(db, new Date(Date.now() + sealedBodyLifetimeMs - 60_000));
    expect((await db.select().from(mailOutbox))[0]?.status).toBe("pending");
    await dropExpiredSecrets(db, new Date(Date.now() + sealedBodyLifetimeMs + 60_000));
    expect((await db.select().from(mailOutbox))[0]).toMatchObject({ status: "failed", text: droppedBody });
  });

  it("client links queued before they were sealed lose their token once handed over (migration 0015)", async () => {
    const db = database().db;
    const token = "T".repeat(43);
    const body = (id: string) => `View the invoice online:\nhttps://studio.test/i/${id}\n`;
    await db.insert(mailOutbox).values([
      { to: "a@client.test", subject: "sent", text: body(token), html: null, status: "sent" },
      { to: "b@client.test", subject: "kept", text: body(token), html: `<a href="/i/${token}">x</a>`, status: "kept" },
      { to: "c@client.test", subject: "pending", text: body("P".repeat(43)), html: null, status: "pending" },
    ]);
    const migration = readFileSync(
      new URL("../../drizzle/0015_drop_client_links_at_rest.sql", import.meta.url),
      "utf8",
    );
    await db.execute(sql.raw(migration));
    const rows = await db.select().from(mailOutbox);
    const handedOver = rows.filter((row) => row.status !== "pending");
    expect(handedOver.map((row) => `${row.text}${row.html ?? ""}`).join("")).not.toContain(token);
    expect(handedOver[0]?.text).toContain("/i/(removed)");
    expect(rows.find((row) => row.status === "pending")?.text).toContain("P".repeat(43));
  });
});
