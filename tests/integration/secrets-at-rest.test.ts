/**
 * No usable secret at rest: after a reset mail is queued, and after it is delivered (or kept
 * without SMTP, or expires undelivered), no text column of any table holds the reset token. The
 * same for a document's client link, in its mail's body and in the attached PDF (whose QR code
 * holds the link): sealed while queued, nothing of it kept once handed over (issue 36).
 */
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Queryable, selectRows } from "#app/db/client.server.ts";
import { mailAttachments, mailOutbox } from "#app/db/schema.ts";
import type { AttachmentSource } from "#app/domain/mail.ts";
import { createOrUpdateAccount } from "#app/services/auth/accounts.server.ts";
import { requestPasswordReset } from "#app/services/auth/recovery.server.ts";
import { sendDocument } from "#app/services/invoice-sending.server.ts";
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
import { insertCustomer, insertInvoice } from "../support/records.ts";
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

/** Every column of every table, as one string: bytes (attachments) read as text too. */
async function everythingStored(db: Queryable): Promise<string> {
  const tables = await selectRows<{ tablename: string }>(
    db,
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const dumps = [];
  for (const { tablename } of tables) {
    const rows = await selectRows<Record<string, unknown>>(db, sql.raw(`select * from "public"."${tablename}"`));
    const readable = rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([name, value]) => [
          name,
          value instanceof Uint8Array ? Buffer.from(value).toString("latin1") : value,
        ]),
      ),
    );
    dumps.push(JSON.stringify(readable));
  }
  return dumps.join("\n");
}

/**
 * The PDF, rendered at delivery: a stand-in that holds the client link as text (the real one prints it
 * as a QR code, read back in tests/e2e/attacks.test.ts), so a dump of the tables finds it wherever it rests.
 */
const renderAttachment = async (_db: unknown, source: AttachmentSource) =>
  new TextEncoder().encode(`%PDF-1.7 stand-in: QR code of ${source.kind === "document-pdf" ? source.clientUrl : ""}`);

/** Sends an invoice as the editor does. */
async function sendInvoice(db: Queryable & Parameters<typeof sendDocument>[0]["db"], invoiceNumber = "INV-0001") {
  const customer = await insertCustomer(db, { name: "Ada Lovelace", email: `${invoiceNumber}@client.test` });
  const invoice = await insertInvoice(db, {
    invoiceNumber,
    customerId: customer.id,
    subtotal: "100.00",
    totalAmount: "100.00",
    balanceDue: "100.00",
  });
  const sent = await sendDocument(
    { db, config: site, logger },
    {
      invoiceId: invoice.id,
      form: { to: "ada@client.test", subject: "Invoice INV-0001", message: "Please pay." },
      actor: null,
      ip: null,
    },
  );
  expect(sent.ok).toBe(true);
  const [row] = await db.select().from(mailOutbox);
  const token = /\/i\/([\w-]{43})/.exec(openText(key, row?.text ?? "") ?? "")?.[1];
  if (!token) throw new Error("no client link in the sealed mail");
  return token;
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
    await deliverDueMail(db, {
      transport: await createSmtpTransport(sink.url),
      from: "s@studio.test",
      logger,
      key,
      renderAttachment,
    });
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
    await deliverDueMail(db, { transport: null, from: "s@studio.test", logger, key, renderAttachment });
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
    // the outbox as it was then: an html column (dropped since the HTML part is rendered at delivery, ADR 0049)
    await db.execute(sql`alter table mail_outbox add column html text`);
    await db.insert(mailOutbox).values([
      { to: "a@client.test", subject: "sent", text: body(token), status: "sent" },
      { to: "b@client.test", subject: "kept", text: body(token), status: "kept" },
      { to: "c@client.test", subject: "pending", text: body("P".repeat(43)), status: "pending" },
    ]);
    await db.execute(sql`update mail_outbox set html = ${`<a href="/i/${token}">x</a>`} where subject = 'kept'`);
    const migration = readFileSync(
      new URL("../../drizzle/0015_drop_client_links_at_rest.sql", import.meta.url),
      "utf8",
    );
    await db.execute(sql.raw(migration));
    const html = await db.execute<{ html: string | null }>(sql`select html from mail_outbox`);
    await db.execute(sql`alter table mail_outbox drop column html`);
    const rows = await db.select().from(mailOutbox);
    const handedOver = rows.filter((row) => row.status !== "pending");
    expect(handedOver.map((row) => row.text).join("")).not.toContain(token);
    expect(JSON.stringify(html)).not.toContain(token);
    expect(JSON.stringify(html)).toContain("/i/(removed)");
    expect(handedOver[0]?.text).toContain("/i/(removed)");
    expect(rows.find((row) => row.status === "pending")?.text).toContain("P".repeat(43));
  });
  it("a document's PDF (its QR code opens the client page) is sealed while queued and not kept once sent", async () => {
    const db = database().db;
    const token = await sendInvoice(db);
    expect(await db.select().from(mailAttachments)).toHaveLength(1);
    expect(await everythingStored(db)).not.toContain(token);
    const before = sink.received.length;
    await deliverDueMail(db, {
      transport: await createSmtpTransport(sink.url),
      from: "s@studio.test",
      logger,
      key,
      renderAttachment,
    });
    // the client still gets the PDF with the link in it
    const delivered = sink.received
      .slice(before)
      .map((mail) => mail.raw)
      .join("");
    const pdf = /Content-Type: application\/pdf[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(delivered)?.[1] ?? "";
    expect(Buffer.from(pdf.replace(/\s/g, ""), "base64").toString("latin1")).toContain(`/i/${token}`);
    expect(await db.select().from(mailAttachments)).toEqual([]);
    expect(await everythingStored(db)).not.toContain(token);
  });

  it("kept without SMTP, failed for good or expired undelivered: the attachment goes with the body", async () => {
    const db = database().db;
    const kept = await sendInvoice(db);
    await deliverDueMail(db, { transport: null, from: "s@studio.test", logger, key, renderAttachment });
    expect(await db.select().from(mailAttachments)).toEqual([]);
    expect(await everythingStored(db)).not.toContain(kept);

    await db.delete(mailOutbox);
    const expired = await sendInvoice(db, "INV-0002");
    await dropExpiredSecrets(db, new Date(Date.now() + sealedBodyLifetimeMs - 60_000));
    expect(await db.select().from(mailAttachments)).toHaveLength(1);
    await dropExpiredSecrets(db, new Date(Date.now() + sealedBodyLifetimeMs + 60_000));
    expect((await db.select().from(mailOutbox))[0]?.status).toBe("failed");
    expect(await db.select().from(mailAttachments)).toEqual([]);
    expect(await everythingStored(db)).not.toContain(expired);
  });

  it("attachments left from before (unsealed, their mail handed over) are dropped by the maintenance run; pending ones stay", async () => {
    const db = database().db;
    const link = (id: string) => new TextEncoder().encode(`%PDF-1.7 QR of https://studio.test/i/${id}`);
    const [sent, pending] = await db
      .insert(mailOutbox)
      .values([
        { to: "a@client.test", subject: "sent", text: droppedBody, status: "sent" },
        { to: "b@client.test", subject: "pending", text: "Pay here", status: "pending" },
      ])
      .returning();
    await db.insert(mailAttachments).values([
      {
        mailId: sent?.id ?? "",
        filename: "INV-0001.pdf",
        contentType: "application/pdf",
        content: link("S".repeat(43)),
      },
      {
        mailId: pending?.id ?? "",
        filename: "INV-0002.pdf",
        contentType: "application/pdf",
        content: link("P".repeat(43)),
      },
    ]);
    await dropExpiredSecrets(db);
    const left = await db.select().from(mailAttachments);
    expect(left.map((row) => row.mailId)).toEqual([pending?.id]);
    expect(await everythingStored(db)).not.toContain("S".repeat(43));
  });
});
