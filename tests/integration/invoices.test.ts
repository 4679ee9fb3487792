/** Invoices and estimates below HTTP: posted form data → schema → model → what the database holds. */

import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { businessSettings, invoiceLineItems, invoices } from "#app/db/schema.ts";
import { lifecycleMessages } from "#app/domain/document-lifecycle.ts";
import { parseInvoiceListQuery } from "#app/domain/invoice-list.ts";
import {
  createInvoice,
  getInvoice,
  getPrintableInvoice,
  InvoiceInputError,
  listCustomerChoices,
  listInvoices,
  listProjectChoices,
  updateInvoice,
} from "#app/models/invoices.server.ts";
import { databaseKinds, describeEachDatabase } from "../support/database.ts";
import { insertCustomer, insertProject, invoiceForm } from "../support/records.ts";

const threeLines = {
  "items[0].description": "Design",
  "items[0].quantity": "3",
  "items[0].unit_price": "19.99",
  "items[1].description": "Build",
  "items[1].quantity": "1.5",
  "items[1].unit_price": "33.33",
  "items[2].description": "Hosting",
  "items[2].quantity": "10",
  "items[2].unit_price": "125",
  tax_rate: "8.25",
  discount_amount: "25.50",
};

describeEachDatabase("invoices", (database) => {
  const db = () => database().db;

  it("creates an invoice with exact totals, its lines in order, a number and the default due date", async () => {
    const ada = await insertCustomer(db(), {
      name: "Ada Lovelace",
      paymentTerms: 15,
      businessName: "Analytical Engines",
    });
    const site = await insertProject(db(), ada.id);
    const created = await createInvoice(
      db(),
      invoiceForm({
        customer_id: ada.id,
        project_id: site.id,
        issue_date: "2026-11-22",
        ...threeLines,
        intent: "sent",
      }),
      new Date("2026-11-22T10:00:00Z"),
    );
    expect(created.invoiceNumber).toBe("INV-0001");
    const stored = await getInvoice(db(), created.id);
    expect(stored).toMatchObject({
      invoiceType: "invoice",
      projectId: site.id,
      dueDate: "2026-12-07",
      subtotal: "1359.97",
      taxRate: "8.25",
      taxAmount: "112.20",
      discountAmount: "25.50",
      totalAmount: "1446.67",
      balanceDue: "1446.67",
      amountPaid: "0.00",
      status: "sent",
    });
    expect(stored?.sentAt?.toISOString()).toBe("2026-11-22T10:00:00.000Z");
    expect(stored?.lines.map((line) => [line.description, line.quantity, line.unitPrice, line.lineTotal])).toEqual([
      ["Design", "3.00", "19.99", "59.97"],
      ["Build", "1.50", "33.33", "50.00"],
      ["Hosting", "10.00", "125.00", "1250.00"],
    ]);
    const printable = await getPrintableInvoice(db(), created.id);
    expect(printable?.customer).toEqual({
      name: "Ada Lovelace",
      businessName: "Analytical Engines",
      email: "ada@example.test",
      phoneNumber: null,
      billingAddress: null,
    });
  });

  it("ignores totals sent by the browser", async () => {
    const ada = await insertCustomer(db());
    const created = await createInvoice(
      db(),
      invoiceForm({
        customer_id: ada.id,
        issue_date: "2026-11-22",
        "items[0].description": "Design",
        "items[0].quantity": "1",
        "items[0].unit_price": "100",
        subtotal: "0.01",
        tax_amount: "0",
        total_amount: "0.01",
        balance_due: "0.01",
        invoice_number: "INV-9999",
        amount_paid: "100",
      }),
    );
    expect(await getInvoice(db(), created.id)).toMatchObject({
      invoiceNumber: "INV-0001",
      subtotal: "100.00",
      totalAmount: "100.00",
      balanceDue: "100.00",
      amountPaid: "0.00",
    });
  });

  it("numbers estimates on their own with the prefixes from settings", async () => {
    await db()
      .insert(businessSettings)
      .values({ businessName: "S", contactName: "C", email: "s@x.test", invoicePrefix: "F", estimatePrefix: "Q" });
    const ada = await insertCustomer(db());
    const base = { customer_id: ada.id, issue_date: "2026-11-22", "items[0].description": "x" };
    const a = await createInvoice(db(), invoiceForm({ ...base, invoice_type: "estimate" }));
    const b = await createInvoice(db(), invoiceForm({ ...base, invoice_type: "invoice" }));
    const c = await createInvoice(db(), invoiceForm({ ...base, invoice_type: "estimate" }));
    expect([a.invoiceNumber, b.invoiceNumber, c.invoiceNumber]).toEqual(["Q-0001", "F-0001", "Q-0002"]);
    expect(a.invoiceType).toBe("estimate");
  });

  it("a create that fails halfway leaves nothing behind and gives its number back", async () => {
    const ada = await insertCustomer(db());
    const values = invoiceForm({ customer_id: ada.id, issue_date: "2026-11-22", "items[0].description": "x" });
    await expect(
      createInvoice(db(), values, new Date(), {
        afterWrite: async () => {
          throw new Error("disk full");
        },
      }),
    ).rejects.toThrow("disk full");
    expect(await db().select().from(invoices)).toHaveLength(0);
    expect(await db().select().from(invoiceLineItems)).toHaveLength(0);
    expect((await createInvoice(db(), values)).invoiceNumber).toBe("INV-0001");
  });

  it("editing a draft replaces the lines, keeps the number and the type; a sent invoice refuses any edit", async () => {
    const ada = await insertCustomer(db());
    const created = await createInvoice(
      db(),
      invoiceForm({ customer_id: ada.id, issue_date: "2026-11-22", ...threeLines, intent: "draft" }),
    );
    const edit = (intent: "draft" | "sent") =>
      invoiceForm({
        customer_id: ada.id,
        issue_date: "2026-11-23",
        due_date: "2026-12-01",
        "items[0].description": "Only line",
        "items[0].quantity": "2",
        "items[0].unit_price": "250",
        intent,
        invoice_type: "estimate",
      });
    const updated = await updateInvoice(db(), created.id, edit("draft"));
    expect(updated?.invoiceNumber).toBe("INV-0001");
    const stored = await getInvoice(db(), created.id);
    expect(stored).toMatchObject({
      invoiceType: "invoice",
      issueDate: "2026-11-23",
      dueDate: "2026-12-01",
      subtotal: "500.00",
      totalAmount: "500.00",
      amountPaid: "0.00",
      balanceDue: "500.00",
      status: "draft",
      sentAt: null,
    });
    expect(stored?.lines.map((line) => line.description)).toEqual(["Only line"]);
    // Save & Send locks it: the next save, draft or sent, is refused at the model and writes nothing
    await updateInvoice(db(), created.id, edit("sent"));
    const sent = await getInvoice(db(), created.id);
    expect(sent).toMatchObject({ status: "sent", sentAt: expect.any(Date) });
    for (const intent of ["draft", "sent"] as const) {
      await expect(updateInvoice(db(), created.id, edit(intent))).rejects.toThrow(lifecycleMessages.locked("invoice"));
    }
    expect(await getInvoice(db(), created.id)).toEqual(sent);
  });

  it("an edit that fails after the lines were replaced leaves the invoice as it was", async () => {
    const ada = await insertCustomer(db());
    const created = await createInvoice(
      db(),
      invoiceForm({ customer_id: ada.id, issue_date: "2026-11-22", ...threeLines }),
    );
    const before = await getInvoice(db(), created.id);
    await expect(
      updateInvoice(
        db(),
        created.id,
        invoiceForm({ customer_id: ada.id, issue_date: "2026-11-22", "items[0].description": "Replaced" }),
        new Date(),
        {
          afterWrite: async () => {
            throw new Error("connection lost");
          },
        },
      ),
    ).rejects.toThrow("connection lost");
    expect(await getInvoice(db(), created.id)).toEqual(before);
  });

  it("an unknown invoice is null; an unknown customer or another customer's project is refused", async () => {
    const ada = await insertCustomer(db());
    const bob = await insertCustomer(db(), { name: "Bob Builder" });
    const bobsProject = await insertProject(db(), bob.id);
    const missing = "00000000-0000-4000-8000-000000000000";
    const base = { issue_date: "2026-11-22", "items[0].description": "x" };
    expect(await updateInvoice(db(), missing, invoiceForm({ customer_id: ada.id, ...base }))).toBeNull();
    expect(await getInvoice(db(), missing)).toBeNull();
    await expect(createInvoice(db(), invoiceForm({ customer_id: missing, ...base }))).rejects.toBeInstanceOf(
      InvoiceInputError,
    );
    await expect(
      createInvoice(db(), invoiceForm({ customer_id: ada.id, project_id: bobsProject.id, ...base })),
    ).rejects.toMatchObject({ field: "project_id" });
    expect(await db().select().from(invoices)).toHaveLength(0);
  });

  it("the database refuses what the form refuses (tax over 100, negative discount)", async () => {
    const ada = await insertCustomer(db());
    await expect(
      db()
        .insert(invoices)
        .values({ invoiceNumber: "X-1", customerId: ada.id, issueDate: "2026-11-22", taxRate: "100.01" }),
    ).rejects.toThrow();
    await expect(
      db()
        .insert(invoices)
        .values({ invoiceNumber: "X-2", customerId: ada.id, issueDate: "2026-11-22", discountAmount: "-1" }),
    ).rejects.toThrow();
  });

  it("lists newest first with search by number or customer, type and status filters, and pages", async () => {
    const ada = await insertCustomer(db(), { name: "Ada Lovelace" });
    const bob = await insertCustomer(db(), { name: "Bob Builder", businessName: "Builders Ltd" });
    const line = { issue_date: "2026-11-22", "items[0].description": "x", "items[0].unit_price": "10" };
    for (let i = 0; i < 27; i++) {
      await createInvoice(
        db(),
        invoiceForm({ customer_id: i % 3 === 0 ? bob.id : ada.id, ...line, intent: i % 2 ? "sent" : "draft" }),
      );
    }
    await createInvoice(db(), invoiceForm({ customer_id: ada.id, ...line, invoice_type: "estimate" }));
    const all = await listInvoices(db(), parseInvoiceListQuery(new URLSearchParams()));
    expect(all.total).toBe(28);
    expect(all.rows).toHaveLength(25);
    expect(all.pageCount).toBe(2);
    expect(all.rows[0]?.invoiceNumber).toBe("EST-0001");
    const second = await listInvoices(db(), parseInvoiceListQuery(new URLSearchParams("page=9")));
    expect(second.page).toBe(2);
    expect(second.rows).toHaveLength(3);
    expect((await listInvoices(db(), parseInvoiceListQuery(new URLSearchParams("q=builder")))).total).toBe(9);
    expect((await listInvoices(db(), parseInvoiceListQuery(new URLSearchParams("q=builders ltd")))).total).toBe(9);
    const byNumber = await listInvoices(db(), parseInvoiceListQuery(new URLSearchParams("q=inv-0027")));
    expect(byNumber.rows.map((row) => row.invoiceNumber)).toEqual(["INV-0027"]);
    expect((await listInvoices(db(), parseInvoiceListQuery(new URLSearchParams("type=estimate")))).total).toBe(1);
    expect((await listInvoices(db(), parseInvoiceListQuery(new URLSearchParams("status=sent")))).total).toBe(13);
    expect((await listInvoices(db(), parseInvoiceListQuery(new URLSearchParams("q=%25_")))).total).toBe(0);
  });

  it("pickers: customers by name, a customer's projects newest first", async () => {
    const zed = await insertCustomer(db(), { name: "Zed Zebra" });
    const ada = await insertCustomer(db(), { name: "Ada Lovelace", businessName: "Engines" });
    await insertProject(db(), ada.id, { projectName: "Old site" });
    await db().execute(sql`update projects set created_at = now() - interval '1 day'`);
    await insertProject(db(), ada.id, { projectName: "New app" });
    expect((await listCustomerChoices(db())).map((row) => row.name)).toEqual(["Ada Lovelace", "Zed Zebra"]);
    expect((await listProjectChoices(db(), ada.id)).map((row) => row.projectName)).toEqual(["New app", "Old site"]);
    expect(await listProjectChoices(db(), zed.id)).toEqual([]);
  });
});

describeEachDatabase("invoice numbers under concurrent creates", (database) => {
  it(`50 concurrent creates get 50 distinct consecutive numbers${databaseKinds.includes("postgres") ? "" : " (PGlite; PostgreSQL with TEST_DATABASE_URL)"}`, async () => {
    const db = database().db;
    const ada = await insertCustomer(db, { name: "Ada", email: "ada@example.test" });
    if (!ada) throw new Error("no customer");
    const values = invoiceForm({ customer_id: ada.id, issue_date: "2026-11-22", "items[0].description": "x" });
    const created = await Promise.all(Array.from({ length: 50 }, () => createInvoice(db, values)));
    const numbers = created.map((row) => row.invoiceNumber).sort();
    expect(new Set(numbers).size).toBe(50);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `INV-${String(i + 1).padStart(4, "0")}`));
  });
});
