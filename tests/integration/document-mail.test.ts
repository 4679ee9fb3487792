/**
 * Statuses follow the money, and the mails they cause go through the one sending path (issue 35):
 * the customer becomes Active when a proposal is signed, an estimate accepted or an invoice paid in full
 * (audited; only a Prospect moves); a manual payment mails a receipt unless the owner unticks it; voiding
 * a sent invoice mails the client a notice with the VOID PDF (a draft never sent mails nobody); a
 * revision's mail says it is revised and what changed; the deposit invoice mailed on signing names its PDF.
 */
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { expect, it } from "vitest";
import {
  auditLog,
  customers,
  invoiceLineItems,
  invoiceSends,
  invoices,
  mailAttachments,
  mailOutbox,
  users,
} from "#app/db/schema.ts";
import { todayIn } from "#app/domain/dates.ts";
import { parseAttachmentSource } from "#app/domain/mail.ts";
import * as invoiceEditor from "#app/routes/admin/invoice-editor.tsx";
import { answerEstimate } from "#app/services/client-documents.server.ts";
import { sendDocument } from "#app/services/invoice-sending.server.ts";
import { mailKey } from "#app/services/mail.server.ts";
import { renderAttachment } from "#app/services/mail-parts.server.ts";
import { findClientProposal, signProposal } from "#app/services/proposals.server.ts";
import { openText } from "#app/services/sealing.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { pdfText } from "../support/pdf.ts";
import { createSentProposal } from "../support/proposals.ts";
import { insertCustomer, insertInvoice } from "../support/records.ts";
import { routeHarness, testConfig } from "../support/routes.ts";

const logger = pino({ level: "silent" });
const key = mailKey(testConfig.sessionSecret);

describeEachDatabase("document mails and statuses that follow the money", (database) => {
  const db = () => database().db;
  const deps = () => ({ db: db(), config: testConfig, logger });
  const { call, cookieFor } = routeHarness(database);
  const post = (cookie: string, id: string, form: Record<string, string>) =>
    call(invoiceEditor.action, `/admin/invoices/${id}`, { cookie, params: { id }, form });

  async function sentInvoice(customerId: string, number = "INV-0001") {
    const invoice = await insertInvoice(db(), {
      invoiceNumber: number,
      customerId,
      dueDate: "2026-12-01",
      subtotal: "1000.00",
      totalAmount: "1000.00",
      balanceDue: "1000.00",
    });
    await db().insert(invoiceLineItems).values({
      invoiceId: invoice.id,
      description: "Website",
      quantity: "1",
      unitPrice: "1000.00",
      lineTotal: "1000.00",
    });
    const sent = await sendDocument(deps(), { invoiceId: invoice.id, actor: null, ip: null });
    expect(sent.ok).toBe(true);
    return invoice;
  }
  const mails = async () =>
    (await db().select().from(mailOutbox)).map((row) => ({ ...row, text: openText(key, row.text) ?? "" }));
  const statusOf = async (id: string) =>
    (await db().select({ status: customers.status }).from(customers).where(eq(customers.id, id)))[0]?.status;
  const sourcesOf = async (mailId: string) =>
    (await db().select().from(mailAttachments).where(eq(mailAttachments.mailId, mailId))).map((row) =>
      parseAttachmentSource(openText(key, row.source ?? "") ?? ""),
    );

  it("a manual payment mails a receipt with the invoice's PDF as it stands; unticked, it mails nothing; paid in full, the customer is Active", async () => {
    const admin = await cookieFor("owner@studio.test", true);
    const ada = await insertCustomer(db(), { name: "Ada", email: "ada@client.test" });
    const invoice = await sentInvoice(ada.id);
    const before = (await mails()).length;
    const paidOn = todayIn("America/New_York");
    const pay = (amount: string, receipt: boolean) =>
      post(admin, invoice.id, {
        intent: "record-payment",
        paid_on: paidOn,
        amount,
        method: "bank_transfer",
        ...(receipt ? { email_receipt: "on" } : {}),
      });
    expect((await pay("400.00", true)).status).toBe(302);
    const receipts = (await mails()).slice(before);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({
      to: "ada@client.test",
      subject: "Receipt for invoice INV-0001 from Studio Web Development",
    });
    expect(receipts[0]?.text).toContain(
      `We received your payment of $400.00 for invoice INV-0001 on ${paidOn.slice(5, 7)}/${paidOn.slice(8, 10)}/${paidOn.slice(0, 4)}.`,
    );
    expect(receipts[0]?.text).toContain("The balance due is now $600.00.");
    expect(receipts[0]?.text).toContain("/i/");
    const [source] = await sourcesOf(receipts[0]?.id ?? "");
    expect(source).toMatchObject({ kind: "document-pdf", invoiceId: invoice.id });
    if (source) expect(await pdfText(await renderAttachment(db(), source))).toContain("Status: Partial");
    const history = await db().select().from(invoiceSends).where(eq(invoiceSends.kind, "receipt"));
    expect(history).toHaveLength(1);
    expect(await statusOf(ada.id)).toBe("prospect");

    // the owner unticks the box: no mail; the payment settles the invoice and the customer is Active
    expect((await pay("600.00", false)).status).toBe(302);
    expect((await mails()).length).toBe(before + 1);
    expect(await statusOf(ada.id)).toBe("active");
    const activated = await db().select().from(auditLog).where(eq(auditLog.event, "customer_activated"));
    expect(activated.map((entry) => entry.detail)).toEqual([
      { customer: "Ada", because: "invoice paid", invoice: "INV-0001" },
    ]);
  });

  it("voiding a sent invoice mails the client a notice with the VOID PDF and no link; a draft never sent mails nobody", async () => {
    const admin = await cookieFor("owner@studio.test", true);
    const ada = await insertCustomer(db(), { name: "Ada", email: "ada@client.test" });
    const invoice = await sentInvoice(ada.id);
    const draft = await insertInvoice(db(), { invoiceNumber: "INV-0002", customerId: ada.id, totalAmount: "5.00" });
    const before = (await mails()).length;
    expect((await post(admin, draft.id, { intent: "void", reason: "Typo" })).status).toBe(302);
    expect((await mails()).length).toBe(before);
    expect((await post(admin, invoice.id, { intent: "void", reason: "Billed twice" })).status).toBe(302);
    const notices = (await mails()).slice(before);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe("Void: invoice INV-0001 from Studio Web Development");
    expect(notices[0]?.text).toContain("We have voided invoice INV-0001 ($1,000.00): nothing is owed on it any more.");
    expect(notices[0]?.text).not.toContain("/i/");
    const [source] = await sourcesOf(notices[0]?.id ?? "");
    expect(source).toEqual({ kind: "document-pdf", invoiceId: invoice.id, clientUrl: null });
    if (source) expect(await pdfText(await renderAttachment(db(), source))).toMatch(/V ?O ?I ?D ?:.*Status: Void/);
    expect(await db().select().from(invoiceSends).where(eq(invoiceSends.kind, "void"))).toHaveLength(1);
    // both voids audited; the notice's recipient with the one that mailed it
    const audits = await db().select().from(auditLog).where(eq(auditLog.event, "document_voided"));
    expect(audits.map((entry) => [entry.detail?.document, entry.detail?.notice]).sort()).toEqual([
      ["INV-0001", "ada@client.test"],
      ["INV-0002", null],
    ]);
  });

  it("a revision's mail says it is revised and what changed, in the send page's defaults and in Save & Send", async () => {
    const admin = await cookieFor("owner@studio.test", true);
    const ada = await insertCustomer(db(), { name: "Ada", email: "ada@client.test" });
    const invoice = await sentInvoice(ada.id);
    expect((await post(admin, invoice.id, { intent: "revise", reason: "More pages" })).status).toBe(302);
    await db()
      .update(invoices)
      .set({ totalAmount: "1200.00", balanceDue: "1200.00" })
      .where(eq(invoices.id, invoice.id));
    await db()
      .update(invoiceLineItems)
      .set({ unitPrice: "1200.00", lineTotal: "1200.00" })
      .where(eq(invoiceLineItems.invoiceId, invoice.id));
    const before = (await mails()).length;
    expect((await sendDocument(deps(), { invoiceId: invoice.id, actor: null, ip: null })).ok).toBe(true);
    const [mail] = (await mails()).slice(before);
    expect(mail?.subject).toBe("Revised invoice INV-0001 from Studio Web Development");
    expect(mail?.text).toContain("We have revised invoice INV-0001, now $1,200.00.");
    expect(mail?.text).toContain("What changed:\n- Total $1,000.00 → $1,200.00\n- Line items");
    const [history] = await db().select().from(invoiceSends).where(eq(invoiceSends.kind, "revision"));
    expect(history).toMatchObject({ subject: "Revised invoice INV-0001 from Studio Web Development" });
  });

  it("a customer becomes Active when a proposal is signed or an estimate accepted; an owner's Inactive stays", async () => {
    const ada = await insertCustomer(db(), { name: "Ada", email: "ada@client.test" });
    const proposal = await createSentProposal(db(), {
      customerId: ada.id,
      expiresOn: "2099-12-31",
      actor: { userId: await ownerId(), email: "owner@studio.test" },
    });
    const found = await findClientProposal(db(), proposal.token, "198.51.100.7");
    if (!found.ok) throw new Error(found.reason);
    const signed = await signProposal(deps(), {
      token: proposal.token,
      form: {
        intent: "sign",
        tier: "t2",
        addons: ["a1"],
        signer_name: "Ada",
        agree: true,
        content_hash: found.contentHash,
      },
      ip: null,
      userAgent: null,
    });
    expect(signed.ok).toBe(true);
    expect(await statusOf(ada.id)).toBe("active");
    // the deposit invoice's mail names its PDF (the mail said "attached" and had none)
    const deposit = (await mails()).find((mail) => mail.subject.startsWith("Invoice INV-"));
    const sources = await sourcesOf(deposit?.id ?? "");
    expect(sources).toEqual([
      {
        kind: "document-pdf",
        invoiceId: signed.ok ? signed.depositInvoiceId : "",
        clientUrl: expect.stringContaining("/i/"),
      },
    ]);

    const grace = await insertCustomer(db(), { name: "Grace", email: "grace@client.test" });
    const lin = await insertCustomer(db(), { name: "Lin", email: "lin@client.test", status: "inactive" });
    for (const [customer, number] of [
      [grace, "EST-0001"],
      [lin, "EST-0002"],
    ] as const) {
      const estimate = await insertInvoice(db(), {
        invoiceNumber: number,
        invoiceType: "estimate",
        customerId: customer.id,
        status: "sent",
        sentAt: new Date(),
        totalAmount: "10.00",
      });
      const answered = await answerEstimate(
        { db: db(), publicUrl: testConfig.publicUrl, ip: "198.51.100.7" },
        { id: estimate.id, invoiceNumber: number, customerName: customer.name, token: await linkOf(estimate.id) },
        { intent: "accept", name: customer.name },
      );
      expect(answered).toEqual({ ok: true });
    }
    expect(await statusOf(grace.id)).toBe("active");
    expect(await statusOf(lin.id)).toBe("inactive");
    const activated = await db().select().from(auditLog).where(eq(auditLog.event, "customer_activated"));
    expect(activated.map((entry) => [entry.detail?.customer, entry.detail?.because]).sort()).toEqual([
      ["Ada", "proposal signed"],
      ["Grace", "estimate accepted"],
    ]);
  });

  async function ownerId(): Promise<string> {
    await cookieFor("owner@studio.test", true);
    const [owner] = await db().select({ id: users.id }).from(users).where(eq(users.email, "owner@studio.test"));
    return owner?.id ?? "";
  }

  /** A live client link to the document (as its mail carries). */
  async function linkOf(invoiceId: string): Promise<string> {
    const { issueClientLink } = await import("#app/services/client-links.server.ts");
    const link = await issueClientLink(db(), testConfig.publicUrl, invoiceId);
    return link.split("/").pop() ?? "";
  }
});
