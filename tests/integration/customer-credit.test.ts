/**
 * Credit that outlives the invoice (ADR 0043), on both databases: a paid invoice offers a credit note,
 * up to its total less earlier credits; what it credits beyond what was owed is the customer's credit,
 * a ledger the owner refunds (with a method and a date) or applies to a later invoice (a payment of
 * "Customer credit"); the balance never goes below 0, also with two applications at once.
 */
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { auditLog, customerCreditEntries, invoices, payments } from "#app/db/schema.ts";
import { creditMessages } from "#app/domain/customer-credit.ts";
import { lifecycleMessages } from "#app/domain/document-lifecycle.ts";
import { paymentMessages } from "#app/domain/payments.ts";
import { applyCredit } from "#app/models/credit-payments.server.ts";
import { creditBalanceOf, listCreditEntries, refundCredit } from "#app/models/customer-credit.server.ts";
import { issueCreditNote, voidDocument } from "#app/models/document-lifecycle.server.ts";
import { createInvoice, deductionMessages } from "#app/models/invoices.server.ts";
import { deletePayment, PaymentRefusedError, recordPayment } from "#app/models/payments.server.ts";
import * as customerPage from "#app/routes/admin/customers/detail.tsx";
import * as invoiceEditor from "#app/routes/admin/invoice-editor.tsx";
import { loadPortal } from "#app/services/portal.server.ts";
import { csvLoader } from "../support/csv-exports.ts";
import { describeEachDatabase } from "../support/database.ts";
import { insertCustomer, invoiceForm } from "../support/records.ts";
import { routeHarness } from "../support/routes.ts";

describeEachDatabase("customer credit", (database) => {
  const db = () => database().db;

  const sentInvoice = (customerId: string, price: string) =>
    createInvoice(
      db(),
      invoiceForm({
        invoice_type: "invoice",
        customer_id: customerId,
        issue_date: "2026-11-02",
        "items[0].description": "Website",
        "items[0].quantity": "1",
        "items[0].unit_price": price,
        intent: "sent",
      }),
    );
  const paid = async (customerId: string, price: string) => {
    const invoice = await sentInvoice(customerId, price);
    const amount = Math.round(Number(price) * 100);
    await recordPayment(
      db(),
      invoice.id,
      { paid_on: "2026-11-03", amount, method: "card", email_receipt: false },
      null,
    );
    return invoice;
  };
  const row = async (id: string) => {
    const [found] = await db().select().from(invoices).where(eq(invoices.id, id));
    if (!found) throw new Error("no invoice");
    return found;
  };

  it("a paid invoice offers a credit note and takes it: what goes beyond what was owed is the customer's credit", async () => {
    const ada = await insertCustomer(db());
    const invoice = await paid(ada.id, "1000");
    const { call, cookieFor } = routeHarness(database);
    const cookie = await cookieFor("owner@studio.test", true);

    // the defect: the page offered only Duplicate ("Closed: nothing more changes it")
    const page = await call(invoiceEditor.loader, `/admin/invoices/${invoice.id}`, {
      cookie,
      params: { id: invoice.id },
    });
    const lifecycle = (page.data as { documentActions: { lifecycle: { allowed: string[]; creditable: number } } })
      .documentActions.lifecycle;
    expect(lifecycle.allowed).toContain("credit");
    expect(lifecycle.creditable).toBe(100_000);

    // at most the total less earlier credits
    const tooMuch = await call(invoiceEditor.action, `/admin/invoices/${invoice.id}`, {
      cookie,
      params: { id: invoice.id },
      form: { intent: "credit-note", amount: "1000.01", reason: "Too much" },
    });
    expect(tooMuch.status).toBe(400);
    expect(JSON.stringify(tooMuch.data)).toContain(lifecycleMessages.creditTooLarge(100_000).replaceAll('"', '\\"'));

    const credited = await call(invoiceEditor.action, `/admin/invoices/${invoice.id}`, {
      cookie,
      params: { id: invoice.id },
      form: { intent: "credit-note", amount: "300", reason: "Two pages dropped" },
    });
    expect(credited.status).toBe(302);
    expect(await row(invoice.id)).toMatchObject({
      status: "paid",
      amountPaid: "1000.00",
      amountCredited: "300.00",
      balanceDue: "0.00",
    });
    expect(await creditBalanceOf(db(), ada.id)).toBe(30_000);
    const [entry] = await listCreditEntries(db(), ada.id);
    expect(entry).toMatchObject({ kind: "credit_note", amount: 30_000, documentNumber: "CN-0001" });
    const audit = await db().select().from(auditLog).where(eq(auditLog.event, "credit_note_issued"));
    expect(audit[0]?.detail).toMatchObject({ customerCredit: "$300.00" });

    // a second one: at most what is left of the total
    expect(await issueCreditNote(db(), invoice.id, { amount: 70_001, reason: "More" })).toEqual({
      ok: false,
      message: lifecycleMessages.creditTooLarge(70_000),
    });
  });

  it("a credit note on a partly paid invoice lowers what is owed first; only the rest becomes credit", async () => {
    const ada = await insertCustomer(db());
    const invoice = await sentInvoice(ada.id, "100");
    await recordPayment(
      db(),
      invoice.id,
      { paid_on: "2026-11-03", amount: 2_500, method: "cash", email_receipt: false },
      null,
    );
    const credit = await issueCreditNote(db(), invoice.id, { amount: 8_000, reason: "Cut" });
    expect(credit).toMatchObject({ ok: true, customerCredit: 500 });
    expect(await row(invoice.id)).toMatchObject({ status: "paid", balanceDue: "0.00" });
    expect(await creditBalanceOf(db(), ada.id)).toBe(500);
  });

  it("applies the credit to a later invoice as a payment of customer credit; deleting it gives the credit back", async () => {
    const ada = await insertCustomer(db());
    const first = await paid(ada.id, "1000");
    await issueCreditNote(db(), first.id, { amount: 30_000, reason: "Refund part" });
    const next = await sentInvoice(ada.id, "500");

    const tooMuch = await applyCredit(db(), { invoiceId: next.id, amount: 30_001, createdBy: null });
    expect(tooMuch).toEqual({ ok: false, message: creditMessages.tooMuch(30_000), field: "amount" });
    const applied = await applyCredit(db(), { invoiceId: next.id, amount: 20_000, createdBy: null });
    expect(applied).toMatchObject({ ok: true, balanceDue: 30_000 });
    expect(await row(next.id)).toMatchObject({ status: "partial", amountPaid: "200.00", balanceDue: "300.00" });
    const [payment] = await db().select().from(payments).where(eq(payments.invoiceId, next.id));
    expect(payment).toMatchObject({ method: "customer_credit", amount: "200.00" });
    expect(await creditBalanceOf(db(), ada.id)).toBe(10_000);

    // the payment of credit deleted: its ledger entry goes with it
    await deletePayment(db(), next.id, payment?.id ?? "");
    expect(await creditBalanceOf(db(), ada.id)).toBe(30_000);
    expect(await row(next.id)).toMatchObject({ balanceDue: "500.00" });

    // the paid invoice's payment cannot be deleted while its credit note's credit stands on it
    const [firstPayment] = await db().select().from(payments).where(eq(payments.invoiceId, first.id));
    await expect(deletePayment(db(), first.id, firstPayment?.id ?? "")).rejects.toThrow(PaymentRefusedError);
    await expect(deletePayment(db(), first.id, firstPayment?.id ?? "")).rejects.toThrow(
      paymentMessages.creditGiven(30_000),
    );
  });

  it("refunds the credit with a method and a date, never below 0, from the customer page", async () => {
    const ada = await insertCustomer(db());
    const first = await paid(ada.id, "400");
    await issueCreditNote(db(), first.id, { amount: 40_000, reason: "Cancelled" });
    const { call, cookieFor } = routeHarness(database);
    const cookie = await cookieFor("owner@studio.test", true);
    const post = (form: Record<string, string>) =>
      call(customerPage.action, `/admin/customers/${ada.id}`, { cookie, params: { id: ada.id }, form });

    const tooMuch = await post({
      intent: "refund-credit",
      amount: "400.01",
      method: "bank_transfer",
      refunded_on: "2026-11-10",
    });
    expect(tooMuch.status).toBe(400);
    expect(JSON.stringify(tooMuch.data)).toContain("at most that");
    const noMethod = await post({ intent: "refund-credit", amount: "100", refunded_on: "2026-11-10" });
    expect(noMethod.status).toBe(400);

    const refunded = await post({
      intent: "refund-credit",
      amount: "150",
      method: "bank_transfer",
      refunded_on: "2026-11-10",
      note: "Wire to the client's account",
    });
    expect(refunded.status).toBe(302);
    expect(await creditBalanceOf(db(), ada.id)).toBe(25_000);
    const entry = (await listCreditEntries(db(), ada.id)).find((found) => found.kind === "refunded");
    expect(entry).toMatchObject({
      amount: -15_000,
      method: "bank_transfer",
      entryDate: "2026-11-10",
    });
    expect((await db().select().from(auditLog).where(eq(auditLog.event, "credit_refunded"))).length).toBe(1);

    const loaded = await call(customerPage.loader, `/admin/customers/${ada.id}`, { cookie, params: { id: ada.id } });
    expect((loaded.data as { credit: { balance: number } }).credit.balance).toBe(25_000);
  });

  it("the portal's statement and the customers and invoices CSV show the credit", async () => {
    const ada = await insertCustomer(db());
    const invoice = await paid(ada.id, "500");
    await issueCreditNote(db(), invoice.id, { amount: 12_345, reason: "Cut" });
    const portal = await loadPortal(db(), ada.id);
    expect(portal?.credit).toBe(12_345);
    const { respond, cookieFor } = routeHarness(database);
    const cookie = await cookieFor("owner@studio.test", true);
    const csv = async (path: string) => {
      const response = await respond(csvLoader(path), path, { cookie });
      // no cell here holds a comma or a quote: a line is its cells
      return (await response.text())
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n")
        .map((line) => line.split(","));
    };
    const customersCsv = await csv("/admin/customers/export.csv");
    const credit = customersCsv[0]?.indexOf("Credit Balance") ?? -1;
    expect(customersCsv[1]?.[credit]).toBe("123.45");
    const invoicesCsv = await csv("/admin/invoices/export.csv");
    const credited = invoicesCsv[0]?.indexOf("Credited") ?? -1;
    const row = invoicesCsv.find((cells) => cells[0] === "INV-0001");
    expect(row?.[credited]).toBe("123.45");
  });

  it("a deduction line that takes off a credit note draws on the credit it gave, never beyond the balance", async () => {
    const ada = await insertCustomer(db());
    const first = await paid(ada.id, "1000");
    const credited = await issueCreditNote(db(), first.id, { amount: 30_000, reason: "Cut" });
    if (!credited?.ok) throw new Error("no credit note");
    const unpaid = await sentInvoice(ada.id, "100");
    const lowered = await issueCreditNote(db(), unpaid.id, { amount: 5_000, reason: "Discount" });
    if (!lowered?.ok) throw new Error("no credit note");
    const withDeduction = (creditNoteId: string, amount: string) =>
      invoiceForm({
        invoice_type: "invoice",
        customer_id: ada.id,
        issue_date: "2026-11-20",
        "items[0].description": "Second phase",
        "items[0].quantity": "1",
        "items[0].unit_price": "800",
        "items[1].description": "Less credit note",
        "items[1].kind": "deduction",
        "items[1].deducted_id": creditNoteId,
        "items[1].unit_price": amount,
        intent: "draft",
      });
    const draft = await createInvoice(db(), withDeduction(credited.id, "200"));
    expect(await row(draft.id)).toMatchObject({ totalAmount: "600.00" });
    expect(await creditBalanceOf(db(), ada.id)).toBe(10_000);
    expect((await listCreditEntries(db(), ada.id)).map((entry) => [entry.kind, entry.amount])).toEqual(
      expect.arrayContaining([
        ["credit_note", 30_000],
        ["deducted", -20_000],
      ]),
    );
    // what is left of the credit cannot be refunded twice over, nor deducted beyond the balance
    await refundCredit(db(), {
      customerId: ada.id,
      form: { intent: "refund-credit", amount: 5_000, method: "cash", refunded_on: "2026-11-21" },
      createdBy: null,
    });
    await expect(createInvoice(db(), withDeduction(credited.id, "100"))).rejects.toThrow(
      deductionMessages.creditSpent(5_000),
    );
    // a credit note that only lowered its own invoice gave nothing to deduct
    await expect(createInvoice(db(), withDeduction(lowered.id, "10"))).rejects.toThrow(
      deductionMessages.noCredit(lowered.invoiceNumber),
    );
    // the deducting draft voided: its credit comes back
    await voidDocument(db(), draft.id, "Not needed");
    expect(await creditBalanceOf(db(), ada.id)).toBe(25_000);
  });

  it("two applications at once never take the credit below 0", async () => {
    const ada = await insertCustomer(db());
    const first = await paid(ada.id, "300");
    await issueCreditNote(db(), first.id, { amount: 30_000, reason: "Cancelled" });
    const a = await sentInvoice(ada.id, "250");
    const b = await sentInvoice(ada.id, "250");
    const results = await Promise.all([
      applyCredit(db(), { invoiceId: a.id, amount: 20_000, createdBy: null }),
      applyCredit(db(), { invoiceId: b.id, amount: 20_000, createdBy: null }),
      refundCredit(db(), {
        customerId: ada.id,
        form: { intent: "refund-credit", amount: 20_000, method: "cash", refunded_on: "2026-11-10" },
        createdBy: null,
      }),
    ]);
    expect(results.filter((result) => result?.ok)).toHaveLength(1);
    expect(await creditBalanceOf(db(), ada.id)).toBe(10_000);
    const entries = await db().select().from(customerCreditEntries).where(eq(customerCreditEntries.customerId, ada.id));
    expect(entries).toHaveLength(2);
  });
});
