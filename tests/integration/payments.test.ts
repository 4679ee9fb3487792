/**
 * Getting paid on both databases: payment arithmetic in exact cents, statuses that
 * follow the payments, overpayment refused (also under concurrency), overdue derived in SQL
 * agreeing with the domain rule, estimates accepted/declined/converted once, the recurring-fees
 * invoice, the studio's time zone, and the guard on every new action.
 */
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { businessSettings, customers, invoiceLineItems, invoices, payments } from "#app/db/schema.ts";
import { seedBaseline, seedDemo } from "#app/db/seed.server.ts";
import { todayIn } from "#app/domain/dates.ts";
import { lifecycleMessages } from "#app/domain/document-lifecycle.ts";
import type { InvoiceStatus } from "#app/domain/enums.ts";
import { parseInvoiceListQuery } from "#app/domain/invoice-list.ts";
import { invoiceMessages } from "#app/domain/invoice-pages.ts";
import { invoiceSettingsMessages } from "#app/domain/invoice-settings.ts";
import { displayStatus, estimateMessages } from "#app/domain/invoice-status.ts";
import { toCents } from "#app/domain/money.ts";
import { type PaymentForm, paymentMessages } from "#app/domain/payments.ts";
import { projectMessages } from "#app/domain/projects.ts";
import { studioToday } from "#app/models/business-settings.server.ts";
import { getCustomerSummary } from "#app/models/customers.server.ts";
import { acceptEstimate, convertEstimate, declineEstimate } from "#app/models/estimates.server.ts";
import { getInvoiceNumbering } from "#app/models/invoice-settings.server.ts";
import {
  createInvoice,
  createRecurringFeesInvoice,
  DocumentClosedError,
  displayStatusSql,
  getInvoice,
  getPrintableInvoice,
  listInvoices,
  outstandingTotal,
  overdueTotal,
  receivableTotals,
  updateInvoice,
} from "#app/models/invoices.server.ts";
import { deletePayment, listPayments, PaymentRefusedError, recordPayment } from "#app/models/payments.server.ts";
import * as invoiceEditor from "#app/routes/admin/invoice-editor.tsx";
import * as projectDetail from "#app/routes/admin/projects/detail.tsx";
import * as settings from "#app/routes/admin/settings.tsx";
import { databaseKinds, describeEachDatabase } from "../support/database.ts";
import { insertCustomer, insertProject, invoiceForm } from "../support/records.ts";
import { routeHarness } from "../support/routes.ts";

const pay = (amount: string, paidOn = "2026-11-23", method: PaymentForm["method"] = "bank_transfer"): PaymentForm => ({
  paid_on: paidOn,
  amount: toCents(amount) ?? 0,
  method,
  email_receipt: false,
});

async function refusal(promise: Promise<unknown>): Promise<PaymentRefusedError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PaymentRefusedError) return error;
    throw error;
  }
  throw new Error("expected the payment to be refused");
}

describeEachDatabase("getting paid", (database) => {
  const db = () => database().db;
  let customerId = "";

  beforeEach(async () => {
    customerId = (await insertCustomer(db(), { paymentTerms: 30 })).id;
  });

  /** An invoice of `total` dollars (one line), sent unless told otherwise. */
  async function invoice(
    total: string,
    options: { type?: "invoice" | "estimate"; intent?: "draft" | "sent"; due?: string; issue?: string } = {},
  ) {
    const created = await createInvoice(
      db(),
      invoiceForm({
        invoice_type: options.type ?? "invoice",
        customer_id: customerId,
        issue_date: options.issue ?? "2026-11-01",
        due_date: options.due ?? "2026-12-01",
        "items[0].description": "Work",
        "items[0].quantity": "1",
        "items[0].unit_price": total,
        tax_rate: "0",
        discount_amount: "0",
        intent: options.intent ?? "sent",
      }),
    );
    return created;
  }
  async function stored(id: string) {
    const [row] = await db().select().from(invoices).where(eq(invoices.id, id));
    if (!row) throw new Error("no invoice");
    return row;
  }

  describe("payments", () => {
    it("adds cents exactly: 0.10 + 0.20 is 0.30, then the rest pays it off", async () => {
      const { id } = await invoice("1446.67");
      await recordPayment(db(), id, pay("0.10"), null);
      const second = await recordPayment(db(), id, pay("0.20", "2026-11-24", "card"), null);
      expect(second).toMatchObject({ amountPaid: 30, balanceDue: 144_637, status: "partial" });
      expect(await stored(id)).toMatchObject({ amountPaid: "0.30", balanceDue: "1446.37", status: "partial" });
      const last = await recordPayment(db(), id, pay("1446.37"), null);
      expect(last).toMatchObject({ amountPaid: 144_667, balanceDue: 0, status: "paid" });
      expect(await stored(id)).toMatchObject({ amountPaid: "1446.67", balanceDue: "0.00", status: "paid" });
      expect((await listPayments(db(), id)).map((p) => [p.amount, p.method])).toEqual([
        ["0.10", "bank_transfer"],
        ["1446.37", "bank_transfer"],
        ["0.20", "card"],
      ]);
    });

    it("goes partial → paid → (delete) partial → (delete all) back to sent", async () => {
      const { id } = await invoice("100.00");
      const first = await recordPayment(db(), id, pay("40.00"), null);
      expect((await stored(id)).status).toBe("partial");
      const second = await recordPayment(db(), id, pay("60.00"), null);
      expect((await stored(id)).status).toBe("paid");
      const deleted = await deletePayment(db(), id, second.paymentId);
      expect(deleted).toMatchObject({ amountPaid: 4_000, balanceDue: 6_000, status: "partial" });
      expect(await stored(id)).toMatchObject({ status: "partial", amountPaid: "40.00", balanceDue: "60.00" });
      await deletePayment(db(), id, first.paymentId);
      expect(await stored(id)).toMatchObject({ status: "sent", amountPaid: "0.00", balanceDue: "100.00" });
      // a payment of another invoice, or one already deleted, is not found
      expect(await deletePayment(db(), id, first.paymentId)).toBeNull();
    });

    it("goes back to viewed when the client had seen it", async () => {
      const { id } = await invoice("50.00");
      await db().update(invoices).set({ status: "viewed", viewedAt: new Date() }).where(eq(invoices.id, id));
      const paid = await recordPayment(db(), id, pay("50.00"), null);
      expect(paid.status).toBe("paid");
      await deletePayment(db(), id, paid.paymentId);
      expect((await stored(id)).status).toBe("viewed");
    });

    it("refuses an overpayment with the balance in the message, and stores nothing", async () => {
      const { id } = await invoice("100.00");
      await recordPayment(db(), id, pay("99.99"), null);
      const refused = await refusal(recordPayment(db(), id, pay("0.02"), null));
      expect(refused.reason).toBe("overpayment");
      expect(refused.field).toBe("amount");
      expect(refused.message).toBe("The payment is more than the balance due ($0.01)");
      expect(await listPayments(db(), id)).toHaveLength(1);
      expect(await stored(id)).toMatchObject({ amountPaid: "99.99", balanceDue: "0.01" });
    });

    it("refuses payments on drafts, cancelled invoices and estimates", async () => {
      const draft = await invoice("10.00", { intent: "draft" });
      expect((await refusal(recordPayment(db(), draft.id, pay("1.00"), null))).reason).toBe("not_payable");
      const cancelled = await invoice("10.00");
      await db().update(invoices).set({ status: "cancelled" }).where(eq(invoices.id, cancelled.id));
      expect((await refusal(recordPayment(db(), cancelled.id, pay("1.00"), null))).reason).toBe("not_payable");
      const estimate = await invoice("10.00", { type: "estimate" });
      const refused = await refusal(recordPayment(db(), estimate.id, pay("1.00"), null));
      expect(refused.reason).toBe("estimate");
      expect(refused.message).toBe(paymentMessages.estimate);
      const rows = await db().select().from(payments);
      expect(rows).toHaveLength(0);
    });

    it("the database refuses a payment of 0 and an unknown method", async () => {
      const { id } = await invoice("10.00");
      await expect(
        db().insert(payments).values({ invoiceId: id, paidOn: "2026-11-23", amount: "0", method: "cash" }),
      ).rejects.toThrow();
      await expect(
        db().insert(payments).values({ invoiceId: id, paidOn: "2026-11-23", amount: "1", method: "barter" }),
      ).rejects.toThrow();
    });

    it("payments at the same time cannot overpay (the invoice row is locked)", async () => {
      const { id } = await invoice("100.00");
      const results = await Promise.allSettled(
        Array.from({ length: 5 }, () => recordPayment(db(), id, pay("30.00"), null)),
      );
      const accepted = results.filter((result) => result.status === "fulfilled");
      const refused = results.filter(
        (result) => result.status === "rejected" && result.reason instanceof PaymentRefusedError,
      );
      expect(accepted).toHaveLength(3);
      expect(refused).toHaveLength(2);
      expect(await stored(id)).toMatchObject({ amountPaid: "90.00", balanceDue: "10.00", status: "partial" });
      const [sum] = await db()
        .select({ paid: sql<string>`sum(${payments.amount})` })
        .from(payments)
        .where(eq(payments.invoiceId, id));
      expect(sum?.paid).toBe("90.00");
    });

    it("an invoice with payments is locked: an edit is refused at the model and nothing changes", async () => {
      const { id } = await invoice("100.00");
      await recordPayment(db(), id, pay("40.00"), null);
      const edit = (price: string, intent: "draft" | "sent") =>
        invoiceForm({
          customer_id: customerId,
          issue_date: "2026-11-01",
          due_date: "2026-12-01",
          "items[0].description": "Work",
          "items[0].quantity": "1",
          "items[0].unit_price": price,
          intent,
        });
      const before = await stored(id);
      await expect(updateInvoice(db(), id, edit("120.00", "draft"))).rejects.toThrow(lifecycleMessages.paidLocked);
      await expect(updateInvoice(db(), id, edit("40.00", "sent"))).rejects.toBeInstanceOf(DocumentClosedError);
      expect(await stored(id)).toEqual(before);
    });
  });

  it("the demo data keeps amount_paid equal to the sum of each invoice's payments", async () => {
    await db().delete(customers); // the demo data goes into an empty CRM only
    await seedBaseline(db());
    expect(await seedDemo(db())).toBe(true);
    const rows = await db().execute(
      sql`select i.invoice_number, i.amount_paid, coalesce((select sum(p.amount) from payments p where p.invoice_id = i.id), 0) as paid from invoices i`,
    );
    const list = (rows as unknown as { rows: { amount_paid: string; paid: string }[] }).rows;
    expect(list.length).toBeGreaterThan(0);
    expect(list.some((row) => toCents(row.amount_paid) !== 0)).toBe(true);
    for (const row of list) expect(toCents(row.paid)).toBe(toCents(row.amount_paid));
  });

  describe("overdue (ADR 0014)", () => {
    const statuses: InvoiceStatus[] = ["draft", "sent", "viewed", "partial", "paid", "cancelled"];
    const dueDates = [null, "2026-03-06", "2026-03-07", "2026-03-08"];

    async function matrix() {
      for (const status of statuses) {
        for (const due of dueDates) {
          for (const type of ["invoice", "estimate"] as const) {
            const created = await invoice("25.00", { type, due: due ?? undefined, issue: "2026-01-01" });
            await db()
              .update(invoices)
              .set({ status, dueDate: due, balanceDue: status === "paid" ? "0.00" : "25.00" })
              .where(eq(invoices.id, created.id));
          }
        }
      }
    }

    it("the SQL expression and the domain rule agree on every row and day", async () => {
      await matrix();
      for (const today of ["2026-03-07", "2026-03-08", "2026-03-09"]) {
        const rows = await db()
          .select({
            invoiceType: invoices.invoiceType,
            status: invoices.status,
            balanceDue: invoices.balanceDue,
            dueDate: invoices.dueDate,
            shown: displayStatusSql(today),
          })
          .from(invoices);
        expect(rows.length).toBe(statuses.length * dueDates.length * 2);
        for (const row of rows) {
          const expected = displayStatus({ ...row, balanceDue: toCents(row.balanceDue) ?? 0 }, today);
          expect(row.shown, JSON.stringify({ ...row, today })).toBe(expected);
        }
        expect(rows.filter((row) => row.shown === "overdue").length).toBeGreaterThan(0);
      }
    });

    it("the list filter, the counts, the customer summary and the totals show the same overdue invoices", async () => {
      await matrix();
      const today = "2026-03-08";
      const overdue = await listInvoices(db(), parseInvoiceListQuery(new URLSearchParams("status=overdue")), { today });
      // sent, viewed, partial × due 03-06 and 03-07 (before today), invoices only
      expect(overdue.total).toBe(6);
      expect(overdue.rows.every((row) => row.status === "overdue" && row.invoiceType === "invoice")).toBe(true);
      const sent = await listInvoices(db(), parseInvoiceListQuery(new URLSearchParams("status=sent")), { today });
      expect(sent.rows.every((row) => row.status === "sent")).toBe(true);
      // sent invoices not overdue (due null, today) and sent estimates (4)
      expect(sent.total).toBe(2 + 4);
      const totals = await receivableTotals(db(), today);
      expect(totals.overdueCount).toBe(6);
      expect(totals.overdue).toBe(6 * 2_500);
      // outstanding: invoices sent and neither paid nor cancelled (a draft is not owed yet)
      expect(totals.outstandingCount).toBe(3 * dueDates.length);
      expect(totals.outstanding).toBe(3 * dueDates.length * 2_500);
      const summary = await getCustomerSummary(db(), customerId, today);
      expect(summary.overdue).toBe(totals.overdue);
      expect(summary.outstanding).toBe(totals.outstanding);
      expect(await overdueTotal(db(), today)).toBe(totals.overdue);
      expect(await outstandingTotal(db(), today)).toBe(totals.outstanding);
    });

    it("the print view and PDF read the status as shown: overdue, then paid", async () => {
      const { id } = await invoice("10.00", { issue: "2020-01-01", due: "2020-01-31" });
      expect((await getPrintableInvoice(db(), id))?.status).toBe("overdue");
      expect((await stored(id)).status).toBe("sent");
      await recordPayment(db(), id, pay("10.00"), null);
      expect((await getPrintableInvoice(db(), id))?.status).toBe("paid");
    });

    it("today is the studio's date in its time zone (Settings)", async () => {
      const instant = new Date("2026-06-15T00:30:00Z");
      expect(await studioToday(db(), instant)).toBe("2026-06-14"); // New York by default
      await db()
        .insert(businessSettings)
        .values({ businessName: "S", contactName: "C", email: "s@x.test", timeZone: "Pacific/Kiritimati" });
      expect(await studioToday(db(), instant)).toBe("2026-06-15");
      const { id } = await invoice("10.00", { due: "2026-06-14", issue: "2026-06-01" });
      const today = await studioToday(db(), instant);
      const list = await listInvoices(db(), parseInvoiceListQuery(new URLSearchParams()), { today });
      expect(list.rows.find((row) => row.id === id)?.status).toBe("overdue");
      await db().update(businessSettings).set({ timeZone: "Pacific/Pago_Pago" });
      const pago = await listInvoices(db(), parseInvoiceListQuery(new URLSearchParams()), {
        today: await studioToday(db(), instant),
      });
      expect(pago.rows.find((row) => row.id === id)?.status).toBe("sent");
    });
  });

  describe("estimates (ADR 0015)", () => {
    it("accepts with the client's signature, converts once with a new number and the lines copied", async () => {
      const estimate = await createInvoice(
        db(),
        invoiceForm({
          invoice_type: "estimate",
          customer_id: customerId,
          issue_date: "2026-11-01",
          "items[0].description": "Design",
          "items[0].quantity": "3",
          "items[0].unit_price": "19.99",
          "items[1].description": "Build",
          "items[1].quantity": "1.5",
          "items[1].unit_price": "33.33",
          tax_rate: "8.25",
          discount_amount: "5",
          notes: "Thanks",
          terms: "Half up front",
          intent: "draft",
        }),
      );
      // a draft can be neither accepted nor converted
      expect(await acceptEstimate(db(), estimate.id, { name: "Ada" })).toEqual({ ok: false, reason: "not_allowed" });
      expect(await convertEstimate(db(), estimate.id)).toEqual({ ok: false, reason: "not_allowed" });
      await db().update(invoices).set({ status: "sent" }).where(eq(invoices.id, estimate.id));
      const accepted = await acceptEstimate(db(), estimate.id, { name: "  Ada   Lovelace " });
      expect(accepted.ok).toBe(true);
      expect(await stored(estimate.id)).toMatchObject({ status: "accepted", acceptedByName: "Ada Lovelace" });
      // answered already: no second answer
      expect(await declineEstimate(db(), estimate.id)).toEqual({ ok: false, reason: "not_allowed" });

      const [first, second] = await Promise.all([
        convertEstimate(db(), estimate.id),
        convertEstimate(db(), estimate.id),
      ]);
      if (!first?.ok || !second?.ok) throw new Error("conversion failed");
      expect(first.value.id).toBe(second.value.id);
      expect([first.value.created, second.value.created].sort()).toEqual([false, true]);
      expect(first.value.invoiceNumber).toBe("INV-0001");
      const again = await convertEstimate(db(), estimate.id);
      expect(again).toEqual({ ok: true, value: { ...first.value, created: false } });

      const made = await getInvoice(db(), first.value.id);
      const original = await getInvoice(db(), estimate.id);
      expect(made).toMatchObject({
        invoiceType: "invoice",
        status: "draft",
        customerId,
        sourceEstimateId: estimate.id,
        taxRate: original?.taxRate,
        discountAmount: original?.discountAmount,
        totalAmount: original?.totalAmount,
        balanceDue: original?.totalAmount,
        notes: "Thanks",
        terms: "Half up front",
      });
      expect(made?.lines.map((line) => [line.description, line.quantity, line.unitPrice, line.lineTotal])).toEqual(
        original?.lines.map((line) => [line.description, line.quantity, line.unitPrice, line.lineTotal]),
      );
      const all = await db().select().from(invoices).where(eq(invoices.sourceEstimateId, estimate.id));
      expect(all).toHaveLength(1);
    });

    it("an answered or converted estimate is closed: no save rewrites it, and no old answer path reopens it", async () => {
      const estimate = await invoice("10.00", { type: "estimate" });
      const edit = (intent: "draft" | "sent") =>
        invoiceForm({
          invoice_type: "estimate",
          customer_id: customerId,
          issue_date: "2026-11-01",
          "items[0].description": "Changed",
          "items[0].quantity": "1",
          "items[0].unit_price": "99.00",
          intent,
        });
      await db().update(invoices).set({ status: "sent" }).where(eq(invoices.id, estimate.id));
      expect((await acceptEstimate(db(), estimate.id, { name: "Ada Lovelace" })).ok).toBe(true);
      const signed = await stored(estimate.id);
      for (const intent of ["draft", "sent"] as const) {
        await expect(updateInvoice(db(), estimate.id, edit(intent))).rejects.toBeInstanceOf(DocumentClosedError);
      }
      expect(await stored(estimate.id)).toEqual(signed);
      expect((await getInvoice(db(), estimate.id))?.lines.map((line) => line.description)).not.toContain("Changed");

      const converted = await convertEstimate(db(), estimate.id);
      expect(converted.ok).toBe(true);
      // an estimate converted before this rule could have been saved back to sent: still closed
      await db().update(invoices).set({ status: "sent", acceptedAt: null }).where(eq(invoices.id, estimate.id));
      expect(await declineEstimate(db(), estimate.id)).toEqual({ ok: false, reason: "not_allowed" });
      expect(await acceptEstimate(db(), estimate.id, { name: "Eve" })).toEqual({ ok: false, reason: "not_allowed" });
      await expect(updateInvoice(db(), estimate.id, edit("draft"))).rejects.toBeInstanceOf(DocumentClosedError);

      const declined = await invoice("10.00", { type: "estimate" });
      await db().update(invoices).set({ status: "viewed" }).where(eq(invoices.id, declined.id));
      expect((await declineEstimate(db(), declined.id)).ok).toBe(true);
      await expect(updateInvoice(db(), declined.id, edit("sent"))).rejects.toBeInstanceOf(DocumentClosedError);
      expect((await stored(declined.id)).status).toBe("declined");
    });

    it("declines a viewed estimate; a declined one does not convert", async () => {
      const estimate = await invoice("10.00", { type: "estimate" });
      await db().update(invoices).set({ status: "viewed" }).where(eq(invoices.id, estimate.id));
      expect((await declineEstimate(db(), estimate.id)).ok).toBe(true);
      expect((await stored(estimate.id)).status).toBe("declined");
      expect(await convertEstimate(db(), estimate.id)).toEqual({ ok: false, reason: "not_allowed" });
      const plain = await invoice("10.00");
      expect(await acceptEstimate(db(), plain.id, { name: null })).toEqual({ ok: false, reason: "not_found" });
    });
  });

  describe("recurring fees", () => {
    it("makes a draft invoice with one line per recurring fee; none without fees", async () => {
      const project = await insertProject(db(), customerId, {
        projectName: "Site",
        pricingDetails: {
          type: "fixed",
          phases: [],
          recurring_fees: [
            { id: "a", name: "Hosting (monthly)", amount: 49 },
            { id: "b", name: "Care plan", amount: 120.5 },
          ],
        },
      });
      const created = await createRecurringFeesInvoice(db(), project?.id ?? "");
      if (!created) throw new Error("no invoice");
      const made = await getInvoice(db(), created.id);
      expect(made).toMatchObject({
        invoiceType: "invoice",
        status: "draft",
        customerId,
        projectId: project?.id,
        totalAmount: "169.50",
      });
      expect(made?.lines.map((line) => [line.description, line.quantity, line.unitPrice])).toEqual([
        ["Hosting (monthly)", "1.00", "49.00"],
        ["Care plan", "1.00", "120.50"],
      ]);
      const bare = await insertProject(db(), customerId, {
        projectName: "Bare",
        pricingDetails: { type: "fixed", phases: [], recurring_fees: [] },
      });
      expect(await createRecurringFeesInvoice(db(), bare?.id ?? "")).toBeNull();
      const lines = await db().select().from(invoiceLineItems);
      expect(lines).toHaveLength(2);
    });
  });

  describe("routes", () => {
    const { call, cookieFor } = routeHarness(database);
    let admin = "";
    let staff = "";
    beforeEach(async () => {
      admin = await cookieFor("owner@studio.test", true);
      staff = await cookieFor("staff@studio.test", false);
    });

    it("a new invoice is dated today where the studio is, not where the server runs", async () => {
      await db()
        .insert(businessSettings)
        .values({ businessName: "S", contactName: "C", email: "s@x.test", timeZone: "Pacific/Kiritimati" });
      const serverDate = new Date().toISOString().slice(0, 10);
      const dated: string[] = [];
      // +14 h and -11 h: at any instant one of them is on another date than UTC
      for (const zone of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
        await db().update(businessSettings).set({ timeZone: zone });
        const page = await call(invoiceEditor.loader, "/admin/invoices/new", { cookie: admin, params: { id: "new" } });
        const issueDate = (page.data as { defaultValue: { issue_date: string } }).defaultValue.issue_date;
        expect(issueDate).toBe(todayIn(zone));
        dated.push(issueDate);
      }
      expect(dated.some((date) => date !== serverDate)).toBe(true);
    });

    it("refuses anonymous visitors and non-admins on every new action, and changes nothing", async () => {
      const { id } = await invoice("10.00");
      const estimate = await invoice("10.00", { type: "estimate" });
      const project = await insertProject(db(), customerId, {
        projectName: "Site",
        pricingDetails: { type: "fixed", phases: [], recurring_fees: [{ id: "a", name: "Hosting", amount: 10 }] },
      });
      const cases: { fn: (args: never) => unknown; id: string; form: Record<string, string>; project?: boolean }[] = [
        {
          fn: invoiceEditor.action,
          id,
          form: { intent: "record-payment", paid_on: "2026-11-23", amount: "5", method: "cash" },
        },
        { fn: invoiceEditor.action, id, form: { intent: "delete-payment", payment_id: id } },
        { fn: invoiceEditor.action, id: estimate.id, form: { intent: "accept-estimate" } },
        { fn: invoiceEditor.action, id: estimate.id, form: { intent: "decline-estimate" } },
        { fn: invoiceEditor.action, id: estimate.id, form: { intent: "convert-estimate" } },
        { fn: projectDetail.action, id: project?.id ?? "", form: { intent: "recurring-invoice" }, project: true },
      ];
      for (const item of cases) {
        const path = `/admin/${item.project ? "projects" : "invoices"}/${item.id}`;
        const options = { params: { id: item.id }, form: item.form };
        const anonymous = await call(item.fn, path, options);
        expect(anonymous.status, item.form.intent).toBe(302);
        expect(anonymous.location).toBe(`/admin/login?redirectTo=${encodeURIComponent(path)}`);
        const refused = await call(item.fn, path, { ...options, cookie: staff });
        expect(refused.status, item.form.intent).toBe(403);
      }
      expect(await db().select().from(payments)).toHaveLength(0);
      expect((await stored(estimate.id)).status).toBe("sent");
      expect(await db().select().from(invoices)).toHaveLength(2);
    });

    it("records a payment from the invoice page, shows it, refuses an overpayment on the amount field", async () => {
      const { id } = await invoice("100.00");
      const path = `/admin/invoices/${id}`;
      const recorded = await call(invoiceEditor.action, path, {
        cookie: admin,
        params: { id },
        form: { intent: "record-payment", paid_on: "2026-11-23", amount: "25.50", method: "check", note: "#1042" },
      });
      expect(recorded.status).toBe(302);
      expect(recorded.location).toBe(path);
      const over = await call(invoiceEditor.action, path, {
        cookie: admin,
        params: { id },
        form: { intent: "record-payment", paid_on: "2026-11-23", amount: "74.51", method: "check" },
      });
      expect(over.status).toBe(400);
      expect(over.data).toMatchObject({
        form: "payment",
        result: { error: { amount: ["The payment is more than the balance due ($74.50)"] } },
      });
      const page = await call(invoiceEditor.loader, path, { cookie: admin, params: { id } });
      expect(page.data).toMatchObject({
        documentActions: {
          status: "partial",
          amountPaid: 2_550,
          balanceDue: 7_450,
          payments: [{ amount: 2_550, method: "check", note: "#1042" }],
          paymentBlocked: null,
        },
      });
      const paymentId =
        (page.data as { documentActions: { payments: { id: string }[] } }).documentActions.payments[0]?.id ?? "";
      const confirm = await call(invoiceEditor.loader, `${path}?delete-payment=${paymentId}`, {
        cookie: admin,
        params: { id },
      });
      expect(confirm.data).toMatchObject({ documentActions: { deletingPayment: { id: paymentId, amount: 2_550 } } });
      const deleted = await call(invoiceEditor.action, path, {
        cookie: admin,
        params: { id },
        form: { intent: "delete-payment", payment_id: paymentId },
      });
      expect(deleted.status).toBe(302);
      expect(await stored(id)).toMatchObject({ status: "sent", amountPaid: "0.00" });
      const audit = await db().execute(
        sql`select event from audit_log where event like 'payment_%' order by created_at, id`,
      );
      const events = (audit as unknown as { rows: { event: string }[] }).rows.map((row) => row.event);
      expect(events).toEqual(["payment_recorded", "payment_deleted"]);
    });

    it("marks an estimate accepted, converts it, and converting again opens the same invoice", async () => {
      const estimate = await invoice("10.00", { type: "estimate" });
      const path = `/admin/invoices/${estimate.id}`;
      const accepted = await call(invoiceEditor.action, path, {
        cookie: admin,
        params: { id: estimate.id },
        form: { intent: "accept-estimate" },
      });
      expect(accepted.status).toBe(302);
      expect(await stored(estimate.id)).toMatchObject({ status: "accepted", acceptedByName: null });
      const converted = await call(invoiceEditor.action, path, {
        cookie: admin,
        params: { id: estimate.id },
        form: { intent: "convert-estimate" },
      });
      const [made] = await db().select().from(invoices).where(eq(invoices.sourceEstimateId, estimate.id));
      expect(converted.location).toBe(`/admin/invoices/${made?.id}`);
      const twice = await call(invoiceEditor.action, path, {
        cookie: admin,
        params: { id: estimate.id },
        form: { intent: "convert-estimate" },
      });
      expect(twice.location).toBe(`/admin/invoices/${made?.id}`);
      const estimatePage = await call(invoiceEditor.loader, path, { cookie: admin, params: { id: estimate.id } });
      expect(estimatePage.data).toMatchObject({
        documentActions: { estimate: { convertedTo: { id: made?.id, invoiceNumber: made?.invoiceNumber } } },
      });
      const invoicePage = await call(invoiceEditor.loader, `/admin/invoices/${made?.id}`, {
        cookie: admin,
        params: { id: made?.id ?? "" },
      });
      expect(invoicePage.data).toMatchObject({
        documentActions: { sourceEstimate: { id: estimate.id }, paymentBlocked: paymentMessages.notPayable },
      });
    });

    it("creates the recurring-fees invoice from the project page and opens it in the editor", async () => {
      const project = await insertProject(db(), customerId, {
        projectName: "Site",
        pricingDetails: { type: "fixed", phases: [], recurring_fees: [{ id: "a", name: "Hosting", amount: 10 }] },
      });
      const path = `/admin/projects/${project?.id}`;
      const created = await call(projectDetail.action, path, {
        cookie: admin,
        params: { id: project?.id ?? "" },
        form: { intent: "recurring-invoice" },
      });
      const [made] = await db().select().from(invoices);
      expect(created.location).toBe(`/admin/invoices/${made?.id}`);
    });

    it("answers the invoice page's refusals with their status and the message on the form that asked", async () => {
      const missing = "00000000-0000-4000-8000-000000000000";
      const post = (id: string, form: Record<string, string>) =>
        call(invoiceEditor.action, `/admin/invoices/${id}`, { cookie: admin, params: { id }, form });
      const payment = { intent: "record-payment", paid_on: "2026-11-23", amount: "5", method: "cash" };

      const draft = await invoice("10.00", { intent: "draft" });
      const notPayable = await post(draft.id, payment);
      expect(notPayable.status).toBe(409);
      expect(notPayable.data).toMatchObject({
        form: "payment",
        result: { error: { "": [paymentMessages.notPayable] } },
      });
      const estimate = await invoice("10.00", { type: "estimate", intent: "draft" });
      const onEstimate = await post(estimate.id, payment);
      expect(onEstimate.status).toBe(409);
      expect(onEstimate.data).toMatchObject({ form: "payment", result: { error: { "": [paymentMessages.estimate] } } });
      const gone = await post(missing, payment);
      expect(gone.status).toBe(404);
      expect(gone.data).toMatchObject({ form: "payment" });

      const { id } = await invoice("10.00");
      for (const paymentId of [missing, "not-an-id"]) {
        const noPayment = await post(id, { intent: "delete-payment", payment_id: paymentId });
        expect(noPayment.status).toBe(404);
        expect(noPayment.data).toMatchObject({
          form: "delete-payment",
          result: { error: { "": [paymentMessages.notFound] } },
          toast: { type: "error", message: paymentMessages.notFound },
        });
      }

      // a draft estimate cannot be answered or converted; an invoice is no estimate
      for (const intent of ["accept-estimate", "decline-estimate"]) {
        const early = await post(estimate.id, { intent });
        expect(early.status, intent).toBe(409);
        expect(early.data).toMatchObject({
          form: "estimate",
          result: { error: { "": [estimateMessages.cannotAccept] } },
        });
      }
      const notAccepted = await post(estimate.id, { intent: "convert-estimate" });
      expect(notAccepted.status).toBe(409);
      expect(notAccepted.data).toMatchObject({
        form: "estimate",
        result: { error: { "": [estimateMessages.cannotConvert] } },
      });
      const noEstimate = await post(id, { intent: "accept-estimate" });
      expect(noEstimate.status).toBe(404);
      expect(noEstimate.data).toMatchObject({
        form: "estimate",
        result: { error: { "": [estimateMessages.notFound] } },
      });
      expect((await stored(estimate.id)).status).toBe("draft");

      // the editor's save of an invoice deleted meanwhile: 404 on the editor's form, what was typed kept
      const save = await post(missing, {
        invoice_type: "invoice",
        customer_id: customerId,
        issue_date: "2026-11-01",
        "items[0].description": "Work",
        "items[0].quantity": "1",
        "items[0].unit_price": "10",
        tax_rate: "0",
        discount_amount: "0",
        intent: "draft",
      });
      expect(save.status).toBe(404);
      expect(save.data).toMatchObject({
        result: { error: { "": [invoiceMessages.notFound] }, initialValue: { items: [{ description: "Work" }] } },
        toast: { type: "error", message: invoiceMessages.errorTitle, description: invoiceMessages.notFound },
      });
      expect((save.data as { form?: string }).form).toBeUndefined();
    });

    it("refuses the recurring-fees invoice on the project page: 409 without fees, 404 for a project gone", async () => {
      const bare = await insertProject(db(), customerId, { projectName: "Bare" });
      const post = (id: string, form: Record<string, string> = { intent: "recurring-invoice" }) =>
        call(projectDetail.action, `/admin/projects/${id}`, { cookie: admin, params: { id }, form });
      const noFees = await post(bare?.id ?? "");
      expect(noFees.status).toBe(409);
      expect(noFees.data).toMatchObject({
        form: "recurring-invoice",
        result: { error: { "": [projectMessages.noRecurringFees] } },
      });
      for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
        const gone = await post(id);
        expect(gone.status).toBe(404);
        expect(gone.data).toMatchObject({
          form: "recurring-invoice",
          result: { error: { "": [projectMessages.notFound] } },
        });
      }
      expect((await post(bare?.id ?? "", { intent: "other" })).status).toBe(400);
      expect(await db().select().from(invoices)).toHaveLength(0);
    });

    it("saves the studio's time zone from Settings and refuses a zone not in the list", async () => {
      const bad = await call(settings.action, "/admin/settings", {
        cookie: admin,
        form: { intent: "time-zone", time_zone: "Mars/Olympus_Mons" },
      });
      expect(bad.status).toBe(400);
      expect(bad.data).toMatchObject({ result: { error: { time_zone: [invoiceSettingsMessages.timeZone] } } });
      const good = await call(settings.action, "/admin/settings", {
        cookie: admin,
        form: { intent: "time-zone", time_zone: "Pacific/Kiritimati" },
      });
      expect(good.status).toBe(302);
      expect((await getInvoiceNumbering(db())).timeZone).toBe("Pacific/Kiritimati");
    });

    it("Save Numbering leaves the time zone alone, and saving the time zone leaves the numbering alone", async () => {
      const zone = await call(settings.action, "/admin/settings", {
        cookie: admin,
        form: { intent: "time-zone", time_zone: "Europe/Berlin" },
      });
      expect(zone.status).toBe(302);
      const numbering = {
        intent: "invoice-settings",
        invoice_prefix: "FAC",
        estimate_prefix: "QT",
        next_invoice_number: "50",
        next_estimate_number: "7",
        payment_reminders: "-1, 3",
      };
      // a numbering post carrying a zone (an old page, a crafted form) does not change it either
      const saved = await call(settings.action, "/admin/settings", {
        cookie: admin,
        form: { ...numbering, time_zone: "Pacific/Kiritimati" },
      });
      expect(saved.status).toBe(302);
      const afterNumbering = await getInvoiceNumbering(db());
      expect(afterNumbering).toMatchObject({
        invoicePrefix: "FAC",
        estimatePrefix: "QT",
        nextInvoiceNumber: 50,
        nextEstimateNumber: 7,
        reminderOffsets: [-1, 3],
        timeZone: "Europe/Berlin",
      });
      const again = await call(settings.action, "/admin/settings", {
        cookie: admin,
        form: { intent: "time-zone", time_zone: "Asia/Tokyo" },
      });
      expect(again.status).toBe(302);
      expect(await getInvoiceNumbering(db())).toEqual({ ...afterNumbering, timeZone: "Asia/Tokyo" });
      // the time zone form refuses a non-admin like every settings form
      const refused = await call(settings.action, "/admin/settings", {
        cookie: staff,
        form: { intent: "time-zone", time_zone: "Europe/Paris" },
      });
      expect(refused.status).toBe(403);
      expect((await getInvoiceNumbering(db())).timeZone).toBe("Asia/Tokyo");
    });
  });
});

it("runs on the configured databases", () => {
  expect(databaseKinds).toContain("pglite");
});
