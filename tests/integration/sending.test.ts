/**
 * Getting a document to the client: sending queues one mail with the PDF attached and
 * a client link, and records it; a failed PDF still sends the link; the client link's token
 * security (wrong, malformed, revoked → 404), the first view recorded once (by the view beacon, never
 * by a fetch) and never by the owner's previews; an estimate answered once on its link; reminders queued once even when two
 * runs race; SMTP delivery carries the attachment.
 */

import { desc, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  automationRuns,
  businessSettings,
  invoiceLinks,
  invoiceSends,
  invoices,
  mailAttachments,
  mailOutbox,
  users,
} from "#app/db/schema.ts";
import { addDaysIso, todayIn } from "#app/domain/dates.ts";
import { maxAttachmentAttempts } from "#app/domain/mail.ts";
import { scheduleRuns } from "#app/models/automations.server.ts";
import { revokeInvoiceLinks } from "#app/models/invoice-sends.server.ts";
import * as invoicePrint from "#app/routes/admin/invoice-print-view.tsx";
import * as invoiceSend from "#app/routes/admin/invoice-send.tsx";
import * as clientDocument from "#app/routes/client-document.tsx";
import * as clientPdf from "#app/routes/client-document-pdf.ts";
import * as viewBeacon from "#app/routes/view-beacon.ts";
import { hashToken } from "#app/services/auth/tokens.server.ts";
import { answerEstimate, findClientDocument } from "#app/services/client-documents.server.ts";
import { queueDueReminders, sendDocument } from "#app/services/invoice-sending.server.ts";
import {
  createSmtpTransport,
  deliverDueMail,
  dropExpiredSecrets,
  droppedBody,
  mailKey,
} from "#app/services/mail.server.ts";
import { openText } from "#app/services/sealing.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { pdfText } from "../support/pdf.ts";
import { insertCustomer, insertInvoice } from "../support/records.ts";
import { routeHarness, testConfig } from "../support/routes.ts";
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

const form = { to: "ada@client.test", subject: "Invoice INV-0001 from Studio", message: "Hello Ada,\n\nPlease pay." };

describeEachDatabase("sending documents", (database) => {
  const { call, callRequest, cookieFor, respond } = routeHarness(database);
  let admin = "";
  let actor = { userId: "", email: "owner@studio.test" };
  let invoiceId = "";
  let estimateId = "";

  beforeEach(async () => {
    const db = database().db;
    admin = await cookieFor("owner@studio.test", true);
    const customer = await insertCustomer(db, { name: "Ada", email: "ada@client.test" });
    const invoice = await insertInvoice(db, {
      invoiceNumber: "INV-0001",
      customerId: customer.id,
      issueDate: "2026-11-01",
      dueDate: "2026-12-01",
      totalAmount: "100.00",
      balanceDue: "100.00",
    });
    const estimate = await insertInvoice(db, {
      invoiceNumber: "EST-0001",
      invoiceType: "estimate",
      customerId: customer.id,
      issueDate: "2026-11-01",
      totalAmount: "500.00",
      balanceDue: "500.00",
      terms: "Half up front.",
    });
    invoiceId = invoice.id;
    estimateId = estimate.id;
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, "owner@studio.test"));
    actor = { userId: owner?.id ?? "", email: "owner@studio.test" };
  });

  async function sendAndGetToken(id: string) {
    const db = database().db;
    const result = await sendDocument(
      { db, config: testConfig, logger },
      { invoiceId: id, form, actor: { userId: actor.userId, email: actor.email }, ip: "127.0.0.1" },
    );
    expect(result.ok).toBe(true);
    const [row] = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(1);
    const text = openText(mailKey(testConfig.sessionSecret), row?.text ?? "") ?? "";
    const token = /\/i\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? "";
    expect(token).toHaveLength(43);
    return { token, mail: row && { ...row, text } };
  }

  it("the outbox never holds a usable client link: sealed when queued, dropped once delivered or expired", async () => {
    const db = database().db;
    const { token } = await sendAndGetToken(invoiceId);
    const stored = async () => (await db.select().from(mailOutbox)).map((row) => row.text).join("\n");
    expect(await stored()).not.toContain(token);
    expect(await stored()).not.toContain("/i/");
    const key = mailKey(testConfig.sessionSecret);
    await deliverDueMail(db, { transport: null, from: "Studio <no-reply@studio.test>", logger, key });
    expect(await stored()).toBe(droppedBody);
  });

  it("queues one mail with the PDF to attach and the client link, marks the draft sent and records it", async () => {
    const db = database().db;
    const { token, mail } = await sendAndGetToken(invoiceId);
    expect(mail).toMatchObject({ to: "ada@client.test", subject: form.subject, status: "pending" });
    expect(mail?.text).toContain("Hello Ada,\n\nPlease pay.\n\nView the invoice online:\nhttp");
    // nothing is rendered in the transaction: the attachment names the document, its QR code's link sealed
    const attachments = await db.select().from(mailAttachments);
    expect(attachments).toHaveLength(1);
    expect(attachments[0]).toMatchObject({ filename: "INV-0001.pdf", contentType: "application/pdf", content: null });
    expect(attachments[0]?.source?.startsWith("sealed:v1:")).toBe(true);
    expect(JSON.parse(openText(mailKey(testConfig.sessionSecret), attachments[0]?.source ?? "") ?? "")).toEqual({
      kind: "document-pdf",
      invoiceId,
      clientUrl: `${testConfig.publicUrl}/i/${token}`,
    });
    const [stored] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(stored?.status).toBe("sent");
    expect(stored?.sentAt).not.toBeNull();
    const [history] = await db.select().from(invoiceSends);
    expect(history).toMatchObject({
      kind: "send",
      recipient: "ada@client.test",
      pdfAttached: true,
      pdfError: null,
      mailId: mail?.id,
    });
    // only the token's hash is stored
    const links = await db.select().from(invoiceLinks);
    expect(links).toHaveLength(1);
    expect(links[0]?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(links)).not.toContain(token);
    const audit = await db.select().from(auditLog).where(eq(auditLog.event, "invoice_sent"));
    expect(audit).toHaveLength(1);
  });

  it("a PDF that cannot be made at delivery is retried; after the last try the mail goes with the link only, and the history says why", async () => {
    const db = database().db;
    await sendAndGetToken(invoiceId);
    const transport = await createSmtpTransport(sink.url);
    const key = mailKey(testConfig.sessionSecret);
    const failing = async () => {
      throw new Error("font missing");
    };
    const before = sink.received.length;
    let now = Date.now();
    for (let attempt = 1; attempt < maxAttachmentAttempts; attempt++) {
      expect(
        await deliverDueMail(db, {
          transport,
          from: "s@studio.test",
          logger,
          key,
          renderAttachment: failing,
          now: new Date(now),
        }),
      ).toBe(1);
      const [row] = await db.select().from(mailOutbox);
      expect(row).toMatchObject({ status: "pending", attempts: attempt, lastError: "attachment: font missing" });
      expect(sink.received.length).toBe(before);
      now = (row?.nextAttemptAt.getTime() ?? now) + 1000;
    }
    expect(
      await deliverDueMail(db, {
        transport,
        from: "s@studio.test",
        logger,
        key,
        renderAttachment: failing,
        now: new Date(now),
      }),
    ).toBe(1);
    const raw = sink.received.slice(before)[0]?.raw ?? "";
    expect(raw).toContain("View the invoice online");
    expect(raw).not.toContain("application/pdf");
    expect((await db.select().from(mailOutbox))[0]?.status).toBe("sent");
    const [history] = await db.select().from(invoiceSends);
    expect(history).toMatchObject({ pdfAttached: false, pdfError: "font missing" });
    expect(await db.select().from(mailAttachments)).toHaveLength(0);
  });

  it("delivers the PDF over SMTP, rendered then in the document's state (Sent), with an HTML part; no copy is kept", async () => {
    const db = database().db;
    await sendAndGetToken(invoiceId);
    const before = sink.received.length;
    const transport = await createSmtpTransport(sink.url);
    expect(
      await deliverDueMail(db, {
        transport,
        from: "Studio <no-reply@studio.test>",
        logger,
        key: mailKey(testConfig.sessionSecret),
      }),
    ).toBe(1);
    const raw = sink.received.slice(before)[0]?.raw ?? "";
    expect(raw).toContain("Content-Type: text/plain");
    expect(raw).toContain("Content-Type: text/html");
    expect(raw).toContain("Content-Type: application/pdf");
    expect(raw).toMatch(/filename="?INV-0001\.pdf/);
    const pdf = /Content-Type: application\/pdf[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw)?.[1] ?? "";
    const bytes = Buffer.from(pdf.replace(/\s/g, ""), "base64");
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await pdfText(bytes)).toMatch(/Status: Sent/);
    expect(await db.select().from(mailAttachments)).toHaveLength(0);
  });

  describe("the client link", () => {
    const open = (token: string) => call(clientDocument.loader, `/i/${token}`, { params: { token } });

    it("answers 404 for a wrong, malformed or revoked token", async () => {
      const { token } = await sendAndGetToken(invoiceId);
      expect((await open("A".repeat(43))).status).toBe(404);
      expect((await open("../../etc/passwd")).status).toBe(404);
      expect((await open(`${token}x`)).status).toBe(404);
      expect(
        (await call(clientPdf.loader, `/i/${"B".repeat(43)}/pdf`, { params: { token: "B".repeat(43) } })).status,
      ).toBe(404);
      expect((await open(token)).status).toBe(200);
      const revoke = await call(invoiceSend.action, `/admin/invoices/${invoiceId}/send`, {
        cookie: admin,
        params: { id: invoiceId },
        form: { intent: "revoke" },
      });
      expect(revoke.status).toBe(302);
      expect((await open(token)).status).toBe(404);
    });

    it("sets viewed once on the client's first view (the view beacon), never on a fetch or the owner's previews", async () => {
      const db = database().db;
      const { token } = await sendAndGetToken(invoiceId);
      const preview = await call(invoicePrint.loader, `/admin/invoices/${invoiceId}/pdf`, {
        cookie: admin,
        params: { id: invoiceId },
      });
      expect(preview.status).toBe(200);
      let [stored] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
      expect(stored).toMatchObject({ status: "sent", viewedAt: null });
      const page = await open(token);
      expect(page.status).toBe(200);
      [stored] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
      expect(stored).toMatchObject({ status: "sent", viewedAt: null });
      // what the page's script posts: the page's kind, token and stamp, from the page's own origin
      const { stamp } = (page.data as { beacon: { stamp: string } }).beacon;
      const beacon = () =>
        callRequest(
          viewBeacon.action,
          new Request(`${testConfig.publicUrl}/viewed`, {
            method: "POST",
            headers: {
              "Content-Type": "application/x-www-form-urlencoded",
              Origin: testConfig.publicUrl,
              "User-Agent":
                "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
            },
            body: new URLSearchParams({ kind: "document", token, stamp }).toString(),
          }),
        );
      expect((await beacon()).status).toBe(204);
      [stored] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
      expect(stored?.status).toBe("viewed");
      const firstView = stored?.viewedAt;
      expect(firstView).not.toBeNull();
      await beacon();
      [stored] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
      expect(stored?.viewedAt?.getTime()).toBe(firstView?.getTime());
    });

    it("serves the PDF without an account", async () => {
      const { token } = await sendAndGetToken(invoiceId);
      const response = await respond(clientPdf.loader, `/i/${token}/pdf`, { params: { token } });
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(
        Buffer.from(await response.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    });

    it("lets the client accept an estimate once, signed with their name, and tells the owner", async () => {
      const db = database().db;
      const { token } = await sendAndGetToken(estimateId);
      const answer = (fields: Record<string, string>) =>
        call(clientDocument.action, `/i/${token}`, { params: { token }, form: fields });
      expect((await answer({ intent: "accept", name: "" })).status).toBe(400);
      const accepted = await answer({ intent: "accept", name: "Ada Lovelace" });
      expect(accepted.status).toBe(303);
      const [stored] = await db.select().from(invoices).where(eq(invoices.id, estimateId));
      expect(stored).toMatchObject({ status: "accepted", acceptedByName: "Ada Lovelace" });
      expect(stored?.acceptedAt).not.toBeNull();
      expect((await answer({ intent: "decline" })).status).toBe(409);
      const owner = await db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.subject, "Estimate EST-0001 was accepted by Ada"));
      expect(owner).toHaveLength(1);
      expect(owner[0]?.text).toContain("Signed as: Ada Lovelace");
    });

    it("a link revoked after the page was opened answers nothing: the link is checked in the answer's transaction", async () => {
      const db = database().db;
      const { token } = await sendAndGetToken(estimateId);
      const opened = await findClientDocument(db, token, "198.51.100.9");
      expect(opened.ok).toBe(true);
      await revokeInvoiceLinks(db, estimateId);
      const estimate = { id: estimateId, invoiceNumber: "EST-0001", customerName: "Ada", token };
      const deps = { db, publicUrl: testConfig.publicUrl, ip: "198.51.100.9" };
      expect(await answerEstimate(deps, estimate, { intent: "accept", name: "Ada Lovelace" })).toEqual({
        ok: false,
        reason: "revoked",
      });
      expect(await answerEstimate(deps, estimate, { intent: "decline", name: "" })).toEqual({
        ok: false,
        reason: "revoked",
      });
      const [stored] = await db.select().from(invoices).where(eq(invoices.id, estimateId));
      expect(stored).toMatchObject({ status: "sent", acceptedByName: null, acceptedAt: null });
      expect(
        await db.select().from(mailOutbox).where(eq(mailOutbox.subject, "Estimate EST-0001 was accepted by Ada")),
      ).toHaveLength(0);
    });

    it("does not let an invoice be 'accepted'", async () => {
      const { token } = await sendAndGetToken(invoiceId);
      const result = await call(clientDocument.action, `/i/${token}`, {
        params: { token },
        form: { intent: "accept", name: "Ada" },
      });
      expect(result.status).toBe(404);
    });
  });

  describe("payment reminders", () => {
    async function dueIn(days: number) {
      const db = database().db;
      const today = todayIn("America/New_York");
      await db
        .update(invoices)
        .set({ status: "sent", sentAt: new Date(Date.now() - 30 * 86_400_000), dueDate: addDaysIso(today, days) })
        .where(eq(invoices.id, invoiceId));
    }

    it("queues the reminder of the day once, even when two runs race", async () => {
      const db = database().db;
      await dueIn(3); // 3 days before the due date: the -3 reminder
      const deps = { db, config: testConfig, logger };
      const counts = await Promise.all([queueDueReminders(deps), queueDueReminders(deps)]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await queueDueReminders(deps)).toBe(0);
      const reminders = await db.select().from(invoiceSends).where(eq(invoiceSends.kind, "reminder"));
      expect(reminders).toHaveLength(1);
      expect(reminders[0]?.reminderOffset).toBe(-3);
      // the run of the automations engine the owner sees (ADR 0063): one, sent
      const runs = await db.select().from(automationRuns);
      expect(runs.map((run) => [run.rule, run.status, run.attempts])).toEqual([["payment-reminder", "sent", 1]]);
      expect(runs[0]?.subjectLabel).toMatch(/^INV-0001 · .+ \(3 days before the due date\)$/);
      const mails = await db.select().from(mailOutbox);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toMatch(/^Reminder: invoice INV-0001 from .+ is due soon$/);
      expect(openText(mailKey(testConfig.sessionSecret), mails[0]?.text ?? "")).toContain("/i/");
      // sealed at rest, and dropped after the sealed lifetime even if never delivered
      expect(mails[0]?.text).not.toContain("/i/");
      await dropExpiredSecrets(db, new Date(Date.now() + 3 * 3600_000));
      expect((await db.select().from(mailOutbox))[0]?.text).toBe(droppedBody);
    });

    it("a day of many reminders: one short transaction each, once each however many runs race; a shutdown postpones the rest (fault tests 2 and 4)", async () => {
      const db = database().db;
      const deps = { db, config: testConfig, logger };
      const today = todayIn("America/New_York");
      const customer = await insertCustomer(db, { name: "Bulk", email: "bulk@client.test" });
      for (let index = 0; index < 24; index++) {
        await insertInvoice(db, {
          invoiceNumber: `INV-1${String(index).padStart(3, "0")}`,
          customerId: customer.id,
          status: "sent",
          sentAt: new Date(Date.now() - 30 * 86_400_000),
          issueDate: addDaysIso(today, -30),
          dueDate: addDaysIso(today, 3),
          totalAmount: "100.00",
          balanceDue: "100.00",
        });
      }
      const shutdown = new AbortController();
      let postponed = 0;
      const first = queueDueReminders(deps, new Date(), {
        signal: shutdown.signal,
        onPostponed: () => {
          postponed++;
        },
      });
      // a query of someone else's is answered between two of its transactions, then the shutdown comes
      await until(async () => (await db.select().from(invoiceSends)).length >= 3, { intervalMs: 1 });
      shutdown.abort();
      const queued = await first;
      expect(postponed).toBe(1);
      expect(queued).toBeGreaterThanOrEqual(3);
      expect(queued).toBeLessThan(24);
      expect(await db.select().from(invoiceSends)).toHaveLength(queued);
      // the next runs (two instances at once) queue the rest, each once
      const rest = await Promise.all([queueDueReminders(deps), queueDueReminders(deps)]);
      expect(queued + rest[0] + rest[1]).toBe(24);
      const reminders = await db.select().from(invoiceSends).where(eq(invoiceSends.kind, "reminder"));
      expect(new Set(reminders.map((row) => row.invoiceId)).size).toBe(24);
      expect(await db.select().from(mailOutbox)).toHaveLength(24);
    });

    it("a reminder run due before the invoice was paid is skipped when it comes round, not sent (a retry, a pass mid-payment)", async () => {
      const db = database().db;
      const deps = { db, config: testConfig, logger };
      await dueIn(3);
      const today = todayIn("America/New_York");
      // the run scheduled (as a pass would, or left from a failed try), then the client pays before it is done
      await scheduleRuns(
        db,
        "payment-reminder",
        [
          {
            subjectType: "invoice",
            subjectId: `${invoiceId}:-3`,
            subjectLabel: "INV-0001",
            dueAt: new Date(`${today}T00:00:00Z`),
          },
        ],
        new Date(),
      );
      await db.update(invoices).set({ status: "paid", balanceDue: "0" }).where(eq(invoices.id, invoiceId));
      expect(await queueDueReminders(deps)).toBe(0);
      expect(await queueDueReminders(deps)).toBe(0);
      const runs = await db.select().from(automationRuns);
      expect(runs.map((run) => [run.status, run.reason])).toEqual([
        ["skipped", "The invoice was paid, cancelled or its reminders turned off"],
      ]);
      expect(await db.select().from(invoiceSends).where(eq(invoiceSends.kind, "reminder"))).toHaveLength(0);
      expect(await db.select().from(mailOutbox)).toHaveLength(0);
    });

    it("sends none for paid, draft or reminders-off invoices, and follows the schedule in Settings", async () => {
      const db = database().db;
      const deps = { db, config: testConfig, logger };
      await dueIn(-7);
      await db.update(invoices).set({ remindersEnabled: false }).where(eq(invoices.id, invoiceId));
      expect(await queueDueReminders(deps)).toBe(0);
      await db
        .update(invoices)
        .set({ remindersEnabled: true, status: "paid", balanceDue: "0" })
        .where(eq(invoices.id, invoiceId));
      expect(await queueDueReminders(deps)).toBe(0);
      await db.update(invoices).set({ status: "partial", balanceDue: "40.00" }).where(eq(invoices.id, invoiceId));
      await db
        .insert(businessSettings)
        .values({ businessName: "Studio", contactName: "O", email: "o@s.test", reminderOffsets: [10] });
      expect(await queueDueReminders(deps)).toBe(0);
      await db.update(businessSettings).set({ reminderOffsets: [0, 7] });
      expect(await queueDueReminders(deps)).toBe(1);
      const [reminder] = await db.select().from(invoiceSends);
      expect(reminder?.reminderOffset).toBe(7);
    });
  });

  it("the send page refuses anonymous and non-admin requests", async () => {
    const staff = await cookieFor("staff@studio.test", false);
    for (const cookie of ["", staff]) {
      const page = await call(invoiceSend.loader, `/admin/invoices/${invoiceId}/send`, {
        cookie,
        params: { id: invoiceId },
      });
      expect([302, 403]).toContain(page.status);
      const post = await call(invoiceSend.action, `/admin/invoices/${invoiceId}/send`, {
        cookie,
        params: { id: invoiceId },
        form,
      });
      expect([302, 403]).toContain(post.status);
    }
    expect(await database().db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("validates the send form and keeps what was typed", async () => {
    const result = await call(invoiceSend.action, `/admin/invoices/${invoiceId}/send`, {
      cookie: admin,
      params: { id: invoiceId },
      form: { intent: "send", to: "not-an-email", subject: "", message: "Keep me" },
    });
    expect(result.status).toBe(400);
    expect(JSON.stringify(result.data)).toContain("Keep me");
    expect(JSON.stringify(result.data)).toContain("Please enter a subject");
  });
});
