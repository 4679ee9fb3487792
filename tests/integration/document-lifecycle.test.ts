/**
 * The document lifecycle at the model (ADR 0030): locked documents refuse in-place edits whatever page
 * asks, an answer survives every save, delete/void/revise/credit/duplicate with their numbering and
 * arithmetic, also when several arrive at once.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, documentRevisions, invoiceLinks, invoices } from "#app/db/schema.ts";
import { customerTotals } from "#app/domain/customers.ts";
import { lifecycleMessages } from "#app/domain/document-lifecycle.ts";
import { toCents } from "#app/domain/money.ts";
import { getCustomerSummary } from "#app/models/customers.server.ts";
import {
  deleteDraft,
  duplicateDocument,
  issueCreditNote,
  listCreditNotes,
  listRevisions,
  reviseDocument,
  voidDocument,
} from "#app/models/document-lifecycle.server.ts";
import { acceptEstimate } from "#app/models/estimates.server.ts";
import { createInvoice, getInvoice, receivableTotals, updateInvoice } from "#app/models/invoices.server.ts";
import { recordPayment } from "#app/models/payments.server.ts";
import * as invoiceEditor from "#app/routes/admin/invoice-editor.tsx";
import { findClientDocument } from "#app/services/client-documents.server.ts";
import { newClientToken } from "#app/services/client-links.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { insertCustomer, invoiceForm } from "../support/records.ts";
import { routeHarness } from "../support/routes.ts";

describeEachDatabase("document lifecycle", (database) => {
  const db = () => database().db;

  async function document(
    customerId: string,
    { price = "100.00", intent = "sent", type = "invoice" }: { price?: string; intent?: string; type?: string } = {},
  ) {
    return createInvoice(
      db(),
      invoiceForm({
        invoice_type: type,
        customer_id: customerId,
        issue_date: "2026-11-02",
        due_date: "2026-12-02",
        "items[0].description": "Design",
        "items[0].quantity": "1",
        "items[0].unit_price": price,
        intent,
      }),
    );
  }
  const edit = (customerId: string, intent: "draft" | "sent", price = "999.00") =>
    invoiceForm({
      customer_id: customerId,
      issue_date: "2026-11-03",
      "items[0].description": "Rewritten",
      "items[0].quantity": "1",
      "items[0].unit_price": price,
      intent,
      invoice_type: "estimate",
    });
  const row = async (id: string) => {
    const [found] = await db().select().from(invoices).where(eq(invoices.id, id));
    if (!found) throw new Error("no row");
    return found;
  };
  const numbers = async () => (await db().select({ n: invoices.invoiceNumber }).from(invoices)).map((r) => r.n).sort();

  it("an accepted estimate keeps its answer through every save, and a revision keeps it in the history", async () => {
    const ada = await insertCustomer(db());
    const estimate = await document(ada.id, { type: "estimate" });
    await acceptEstimate(db(), estimate.id, { name: "Ada Lovelace" });
    const accepted = await getInvoice(db(), estimate.id);
    for (const intent of ["draft", "sent"] as const) {
      await expect(updateInvoice(db(), estimate.id, edit(ada.id, intent))).rejects.toThrow(
        lifecycleMessages.estimateClosed,
      );
    }
    expect(await getInvoice(db(), estimate.id)).toEqual(accepted);
    expect(accepted).toMatchObject({ status: "accepted", acceptedByName: "Ada Lovelace" });

    const revised = await reviseDocument(db(), estimate.id, { reason: "Client asked for hosting", createdBy: null });
    expect(revised).toEqual({ ok: true, invoiceNumber: "EST-0001", revision: 2 });
    expect(await row(estimate.id)).toMatchObject({
      status: "draft",
      revision: 2,
      acceptedByName: null,
      acceptedAt: null,
      invoiceNumber: "EST-0001",
    });
    const [history] = await listRevisions(db(), estimate.id);
    expect(history).toMatchObject({
      revision: 1,
      reason: "Client asked for hosting",
      snapshot: { status: "accepted", acceptedByName: "Ada Lovelace", totalAmount: "100.00" },
    });
    expect(history?.snapshot.acceptedAt).toBe(accepted?.acceptedAt?.toISOString());
    expect(history?.snapshot.lines).toEqual([
      { description: "Design", quantity: "1.00", unitPrice: "100.00", lineTotal: "100.00" },
    ]);
    // the new version is a draft again: edited in place, never deletable (it was sent once)
    await updateInvoice(db(), estimate.id, edit(ada.id, "draft", "150.00"));
    expect(await row(estimate.id)).toMatchObject({ totalAmount: "150.00", revision: 2, sentAt: expect.any(Date) });
    expect(await deleteDraft(db(), estimate.id)).toEqual({ ok: false, message: lifecycleMessages.deleteOnlyDraft });
  });

  it("a client link to a document being revised shows nothing of the draft until it is sent again", async () => {
    const ada = await insertCustomer(db());
    const sent = await document(ada.id);
    const { token, hash } = newClientToken();
    await db().insert(invoiceLinks).values({ invoiceId: sent.id, tokenHash: hash });
    expect((await findClientDocument(db(), token, "203.0.113.9")).ok).toBe(true);
    await reviseDocument(db(), sent.id, { reason: "New scope", createdBy: null });
    expect(await findClientDocument(db(), token, "203.0.113.9")).toEqual({ ok: false, reason: "revising" });
    await updateInvoice(db(), sent.id, edit(ada.id, "sent"));
    expect((await findClientDocument(db(), token, "203.0.113.9")).ok).toBe(true);
  });

  it("deletes only the newest draft, giving its number back; an older draft is voided and keeps its number", async () => {
    const ada = await insertCustomer(db());
    const first = await document(ada.id, { intent: "draft" });
    const second = await document(ada.id, { intent: "draft" });
    expect(await deleteDraft(db(), first.id)).toEqual({
      ok: false,
      message: lifecycleMessages.deleteOnlyNewest("invoice"),
    });
    expect(await deleteDraft(db(), second.id)).toEqual({ ok: true, invoiceNumber: "INV-0002" });
    const third = await document(ada.id, { intent: "draft" });
    expect(third.invoiceNumber).toBe("INV-0002");
    expect(await voidDocument(db(), first.id, "Made by mistake")).toEqual({
      ok: true,
      invoiceNumber: "INV-0001",
      sent: false,
    });
    expect(await row(first.id)).toMatchObject({
      status: "cancelled",
      voidReason: "Made by mistake",
      voidedAt: expect.any(Date),
    });
    // void is final: no edit, no second void, no delete
    await expect(updateInvoice(db(), first.id, edit(ada.id, "draft"))).rejects.toThrow(
      lifecycleMessages.voided("invoice"),
    );
    expect(await voidDocument(db(), first.id, "again")).toEqual({
      ok: false,
      message: lifecycleMessages.voided("invoice"),
    });
    expect(await numbers()).toEqual(["INV-0001", "INV-0002"]);
    expect(await deleteDraft(db(), "00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("deletes and creates racing keep the numbers without gaps", async () => {
    const ada = await insertCustomer(db());
    const drafts = [];
    for (let i = 0; i < 3; i += 1) drafts.push(await document(ada.id, { intent: "draft" }));
    const newest = drafts[2];
    if (!newest) throw new Error("no draft");
    await Promise.all([
      deleteDraft(db(), newest.id),
      document(ada.id, { intent: "draft" }),
      document(ada.id, { intent: "draft" }),
    ]);
    const stored = await numbers();
    expect(stored).toEqual(stored.map((_, i) => `INV-${String(i + 1).padStart(4, "0")}`));
  });

  it("a sent invoice with a payment cannot be voided or revised; a credit note lowers what is owed", async () => {
    const ada = await insertCustomer(db());
    const sent = await document(ada.id, { price: "100.00" });
    await recordPayment(
      db(),
      sent.id,
      { paid_on: "2026-11-05", amount: 2_500, method: "card", email_receipt: false },
      null,
    );
    expect(await voidDocument(db(), sent.id, "x")).toEqual({ ok: false, message: lifecycleMessages.voidHasMoney });
    expect(await reviseDocument(db(), sent.id, { reason: "x", createdBy: null })).toEqual({
      ok: false,
      message: lifecycleMessages.paidLocked,
    });
    // at most the total less earlier credit notes (ADR 0043: beyond what is owed, the customer's credit)
    expect(await issueCreditNote(db(), sent.id, { amount: 10_001, reason: "too much" })).toEqual({
      ok: false,
      message: lifecycleMessages.creditTooLarge(10_000),
    });
    const credit = await issueCreditNote(db(), sent.id, { amount: 2_000, reason: "Discount agreed" });
    expect(credit).toMatchObject({ ok: true, invoiceNumber: "CN-0001", creditedNumber: "INV-0001" });
    expect(await row(sent.id)).toMatchObject({
      status: "partial",
      amountPaid: "25.00",
      amountCredited: "20.00",
      balanceDue: "55.00",
    });
    // a payment can no longer cover the credited part
    await expect(
      recordPayment(
        db(),
        sent.id,
        { paid_on: "2026-11-06", amount: 5_501, method: "card", email_receipt: false },
        null,
      ),
    ).rejects.toThrow("$55.00");
    await recordPayment(
      db(),
      sent.id,
      { paid_on: "2026-11-06", amount: 5_500, method: "card", email_receipt: false },
      null,
    );
    expect(await row(sent.id)).toMatchObject({ status: "paid", balanceDue: "0.00" });
    expect(await listCreditNotes(db(), sent.id)).toMatchObject([
      { invoiceNumber: "CN-0001", totalAmount: "20.00", reason: "Discount agreed" },
    ]);
    if (!credit?.ok) throw new Error("no credit note");
    expect(await getInvoice(db(), credit.id)).toMatchObject({
      invoiceType: "credit_note",
      creditedInvoiceId: sent.id,
      status: "sent",
      totalAmount: "20.00",
      lines: [{ description: "Credit for INV-0001: Discount agreed", lineTotal: "20.00" }],
    });
    // a credit note is final
    expect(await voidDocument(db(), credit.id, "x")).toEqual({ ok: false, message: lifecycleMessages.creditNoteFinal });
  });

  it("credit notes at once never credit more than is owed and number without gaps", async () => {
    const ada = await insertCustomer(db());
    const one = await document(ada.id, { price: "100.00" });
    const two = await document(ada.id, { price: "50.00" });
    const outcomes = await Promise.all([
      ...Array.from({ length: 4 }, () => issueCreditNote(db(), one.id, { amount: 3_000, reason: "r" })),
      ...Array.from({ length: 2 }, () => issueCreditNote(db(), two.id, { amount: 5_000, reason: "r" })),
    ]);
    const issued = outcomes.filter((outcome) => outcome?.ok);
    // $100 takes three credits of $30 (the fourth would exceed what is owed), $50 takes one of $50
    expect(issued).toHaveLength(4);
    expect(await row(one.id)).toMatchObject({ amountCredited: "90.00", balanceDue: "10.00", status: "sent" });
    expect(await row(two.id)).toMatchObject({ amountCredited: "50.00", balanceDue: "0.00", status: "cancelled" });
    const creditNumbers = (await numbers()).filter((n) => n.startsWith("CN-"));
    expect(creditNumbers).toEqual(["CN-0001", "CN-0002", "CN-0003", "CN-0004"]);
  });

  it("totals: drafts, void invoices and estimates are not billed, credit notes take back, the SQL agrees with the rule", async () => {
    const ada = await insertCustomer(db());
    await document(ada.id, { intent: "draft", price: "1000.00" });
    const toVoid = await document(ada.id, { price: "300.00" });
    await voidDocument(db(), toVoid.id, "Wrong customer");
    await document(ada.id, { type: "estimate", price: "5000.00" });
    const credited = await document(ada.id, { price: "200.00" });
    await issueCreditNote(db(), credited.id, { amount: 20_000, reason: "Cancelled work" });
    const open = await document(ada.id, { price: "80.00" });
    await issueCreditNote(db(), open.id, { amount: 1_000, reason: "Goodwill" });

    const summary = await getCustomerSummary(db(), ada.id, "2026-11-10");
    expect(summary).toMatchObject({ totalBilled: 20_000 - 20_000 + 8_000 - 1_000, outstanding: 7_000 });
    const rows = await db().select().from(invoices).where(eq(invoices.customerId, ada.id));
    expect(
      customerTotals(
        rows.map((r) => ({
          invoiceType: r.invoiceType,
          status: r.status,
          voided: r.voidedAt !== null,
          total: toCents(r.totalAmount) ?? 0,
          balanceDue: toCents(r.balanceDue) ?? 0,
        })),
      ),
    ).toEqual({ totalBilled: summary.totalBilled, outstanding: summary.outstanding });
    expect((await receivableTotals(db(), "2026-11-10", ada.id)).outstanding).toBe(7_000);
  });

  it("duplicates into a new draft with a new number, the original untouched", async () => {
    const ada = await insertCustomer(db());
    const original = await document(ada.id, { price: "123.45" });
    const before = await getInvoice(db(), original.id);
    const copy = await duplicateDocument(db(), original.id, new Date("2026-11-20T12:00:00Z"));
    expect(copy).toMatchObject({ ok: true, invoiceNumber: "INV-0002" });
    if (!copy?.ok) throw new Error("no copy");
    expect(await getInvoice(db(), copy.id)).toMatchObject({
      status: "draft",
      issueDate: "2026-11-20",
      totalAmount: "123.45",
      balanceDue: "123.45",
      sentAt: null,
      lines: [{ description: "Design", unitPrice: "123.45" }],
    });
    expect(await getInvoice(db(), original.id)).toEqual(before);
    expect(await db().select().from(documentRevisions)).toEqual([]);
  });

  describe("on the document page", () => {
    const { call, cookieFor } = routeHarness(database);
    const post = (cookie: string | undefined, id: string, form: Record<string, string>) =>
      call(invoiceEditor.action, `/admin/invoices/${id}`, { cookie, params: { id }, form });

    it("refuses anonymous visitors and non-admins on every lifecycle action, and changes nothing", async () => {
      const ada = await insertCustomer(db());
      const sent = await document(ada.id);
      const draft = await document(ada.id, { intent: "draft" });
      const staff = await cookieFor("staff@studio.test", false);
      const cases: [string, Record<string, string>][] = [
        [sent.id, { intent: "void", reason: "r" }],
        [sent.id, { intent: "revise", reason: "r" }],
        [sent.id, { intent: "credit-note", amount: "10", reason: "r" }],
        [sent.id, { intent: "duplicate" }],
        [draft.id, { intent: "delete-draft" }],
      ];
      for (const [id, form] of cases) {
        expect((await post(undefined, id, form)).status, form.intent).toBe(302);
        expect((await post(staff, id, form)).status, form.intent).toBe(403);
      }
      expect(await numbers()).toEqual(["INV-0001", "INV-0002"]);
      expect(await row(sent.id)).toMatchObject({ status: "sent", voidedAt: null, revision: 1 });
    });

    it("answers each lifecycle action the one way: done 302 with an audit entry, invalid 400, refused 409, gone 404", async () => {
      const ada = await insertCustomer(db());
      const admin = await cookieFor("owner@studio.test", true);
      const sent = await document(ada.id);

      const noReason = await post(admin, sent.id, { intent: "void", reason: "  " });
      expect(noReason.status).toBe(400);
      expect(JSON.stringify(noReason.data)).toContain(lifecycleMessages.voidReasonRequired);

      const tooMuch = await post(admin, sent.id, { intent: "credit-note", amount: "100.01", reason: "r" });
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.data).toMatchObject({
        form: "credit-note",
        result: { error: { amount: [lifecycleMessages.creditTooLarge(10_000)] } },
      });

      const credited = await post(admin, sent.id, { intent: "credit-note", amount: "40", reason: "Scope cut" });
      expect(credited.status).toBe(302);
      expect(credited.location).toBe(`/admin/invoices/${sent.id}`);
      // money moved: void is refused with the rule's message, on the void dialog's form
      const voidRefused = await post(admin, sent.id, { intent: "void", reason: "Mistake" });
      expect(voidRefused.status).toBe(409);
      expect(voidRefused.data).toMatchObject({
        form: "void",
        result: { error: { "": [lifecycleMessages.voidHasMoney] } },
      });

      const copy = await post(admin, sent.id, { intent: "duplicate" });
      expect(copy.status).toBe(302);
      const copyId = copy.location?.split("/").at(-1) ?? "";
      const deleted = await post(admin, copyId, { intent: "delete-draft" });
      expect(deleted.status).toBe(302);
      expect(deleted.location).toBe("/admin/invoices");
      expect((await post(admin, copyId, { intent: "delete-draft" })).status).toBe(404);

      const events = (await db().select({ event: auditLog.event }).from(auditLog)).map((entry) => entry.event).sort();
      expect(events).toEqual(["admin_created", "credit_note_issued", "document_duplicated", "draft_deleted"]);
    });

    it("the editor of a sent document is read-only with the reason; a draft's is not", async () => {
      const ada = await insertCustomer(db());
      const admin = await cookieFor("owner@studio.test", true);
      const sent = await document(ada.id);
      const draft = await document(ada.id, { intent: "draft" });
      const load = (id: string) =>
        call(invoiceEditor.loader, `/admin/invoices/${id}`, { cookie: admin, params: { id } });
      expect((await load(sent.id)).data).toMatchObject({ closed: lifecycleMessages.locked("invoice") });
      expect((await load(draft.id)).data).toMatchObject({ closed: null });
      // and a save posted anyway is refused at the model, 409, nothing written
      const before = await getInvoice(db(), sent.id);
      const save = await post(admin, sent.id, {
        customer_id: ada.id,
        issue_date: "2026-11-03",
        "items[0].description": "Rewritten",
        "items[0].quantity": "1",
        "items[0].unit_price": "1",
        intent: "draft",
      });
      expect(save.status).toBe(409);
      expect(await getInvoice(db(), sent.id)).toEqual(before);
    });
  });
});
