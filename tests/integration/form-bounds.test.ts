/**
 * Numbers beyond what the database holds, posted to the real route actions of every back-office
 * form with a number field: each answers 400 with the field's message (or 404 for an id that
 * cannot exist), never a failed query (500) and never a silent 0. Also the document-number
 * collisions that prefix settings could cause: refused in settings, on both databases.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  contactSubmissions,
  customers,
  invoiceLinks,
  invoices,
  payments,
  projects,
  proposalSettings,
  proposals,
} from "#app/db/schema.ts";
import { invoiceSettingsMessages } from "#app/domain/invoice-settings.ts";
import { ambiguousSeparatorMessage } from "#app/domain/money.ts";
import * as customerForm from "#app/routes/admin/customers/form.tsx";
import * as inbox from "#app/routes/admin/inbox.tsx";
import * as invoiceEditor from "#app/routes/admin/invoice-editor.tsx";
import * as projectDetail from "#app/routes/admin/projects/detail.tsx";
import * as projectForm from "#app/routes/admin/projects/form.tsx";
import * as proposalEditor from "#app/routes/admin/proposal-editor.tsx";
import * as settings from "#app/routes/admin/settings.tsx";
import * as portfolio from "#app/routes/admin/site-portfolio.tsx";
import * as pricing from "#app/routes/admin/site-pricing.tsx";
import * as clientDocument from "#app/routes/client-document.tsx";
import { hashToken, newToken } from "#app/services/auth/tokens.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { insertCustomer, insertInvoice } from "../support/records.ts";
import { routeHarness } from "../support/routes.ts";

const tooLarge = "Must be at most 9,999,999,999.99";
const totalTooLarge = "The total must be at most 9,999,999,999.99";
/** too large to count exactly, in exponent notation, and one that rounds up past the column */
const hugeValues = ["99999999999999999999999", "1e30", "9999999999.999"];

type Errors = Record<string, string[]>;
const errorsOf = (data: unknown): Errors => (data as { result: { error: Errors } }).result.error;

describeEachDatabase("form bounds", (database) => {
  const { call, cookieFor } = routeHarness(database);
  let admin = "";
  let customerId = "";

  beforeEach(async () => {
    admin = await cookieFor("owner@studio.test", true);
    customerId = (await insertCustomer(database().db, { name: "Maria Alvarez", email: "maria@bakery.test" })).id;
  });

  const post = (
    fn: (args: never) => unknown,
    path: string,
    form: Record<string, string> | [string, string][],
    params: Record<string, string> = {},
  ) => call(fn, path, { cookie: admin, form, params });

  describe("the invoice editor", () => {
    const invoiceForm = (overrides: Record<string, string>) => ({
      customer_id: customerId,
      issue_date: "2026-11-22",
      "items[0].description": "Design",
      "items[0].quantity": "1",
      "items[0].unit_price": "100",
      tax_rate: "0",
      discount_amount: "0",
      ...overrides,
    });

    it("refuses a quantity, price or discount too large to hold, instead of storing 0", async () => {
      for (const huge of hugeValues) {
        for (const field of ["items[0].quantity", "items[0].unit_price", "discount_amount"]) {
          const result = await post(invoiceEditor.action, "/admin/invoices/new", invoiceForm({ [field]: huge }), {
            id: "new",
          });
          expect(result.status, `${field}=${huge}`).toBe(400);
          expect(errorsOf(result.data)[field]?.[0], `${field}=${huge}`).toBe(tooLarge);
        }
      }
      expect(await database().db.select().from(invoices)).toEqual([]);
    });

    it("refuses lines whose total would not fit", async () => {
      const result = await post(
        invoiceEditor.action,
        "/admin/invoices/new",
        invoiceForm({ "items[0].quantity": "100000", "items[0].unit_price": "100000000" }),
        { id: "new" },
      );
      expect(result.status).toBe(400);
      expect(errorsOf(result.data).items).toEqual([totalTooLarge]);
    });

    it("refuses a payment too large to hold with the amount's message", async () => {
      const [invoice] = await database()
        .db.insert(invoices)
        .values({
          invoiceNumber: "INV-0001",
          customerId,
          issueDate: "2026-11-01",
          status: "sent",
          totalAmount: "100.00",
          balanceDue: "100.00",
        })
        .returning();
      const id = invoice?.id ?? "";
      for (const huge of hugeValues) {
        const result = await post(
          invoiceEditor.action,
          `/admin/invoices/${id}`,
          { intent: "record-payment", paid_on: "2026-11-23", amount: huge, method: "cash" },
          { id },
        );
        expect(result.status, huge).toBe(400);
        expect(errorsOf(result.data).amount, huge).toEqual([tooLarge]);
      }
    });
  });

  describe("projects", () => {
    const base: [string, string][] = [];
    beforeEach(() => {
      base.splice(0, base.length, ["customer_id", customerId], ["project_name", "Bakery site"]);
    });

    it("refuses each amount beyond its column, and totals computed from them", async () => {
      const cases: { form: [string, string][]; field: string; message: string }[] = [
        { form: [["fixed_price", "9999999999.999"]], field: "fixed_price", message: tooLarge },
        { form: [["hourly_rate", "99999999999999999999999"]], field: "hourly_rate", message: tooLarge },
        {
          form: [
            ["pricing_type", "hourly"],
            ["estimated_hours", "100000000"],
          ],
          field: "estimated_hours",
          message: "Must be at most 99,999,999.99",
        },
        {
          form: [
            ["pricing_type", "hourly"],
            ["hourly_rate", "9999999999"],
            ["estimated_hours", "99999999"],
          ],
          field: "estimated_hours",
          message: totalTooLarge,
        },
        {
          form: [
            ["pricing_type", "phased"],
            ...Array.from({ length: 50 }, (_, i): [string, string] => [`phases[${i}].price`, "9999999999"]),
          ],
          field: "phases",
          message: totalTooLarge,
        },
        {
          form: Array.from({ length: 20 }, (_, i): [string, string][] => [
            [`recurring_fees[${i}].name`, `Fee ${i}`],
            [`recurring_fees[${i}].amount`, "9999999999"],
          ]).flat(),
          field: "recurring_fees",
          message: totalTooLarge,
        },
      ];
      for (const { form, field, message } of cases) {
        const result = await post(projectForm.action, "/admin/projects/new", [...base, ...form]);
        expect(result.status, field).toBe(400);
        expect(errorsOf(result.data)[field], field).toEqual([message]);
      }
      expect(await database().db.select().from(projects)).toEqual([]);
    });

    it("refuses to invoice recurring fees stored before their sum was bounded, with a message", async () => {
      const fees = [1, 2].map((n) => ({ id: `fee-${n}`, name: `Fee ${n}`, amount: 9_999_999_999 }));
      const [project] = await database()
        .db.insert(projects)
        .values({ customerId, projectName: "Old", pricingDetails: { type: "fixed", phases: [], recurring_fees: fees } })
        .returning();
      const id = project?.id ?? "";
      const result = await post(projectDetail.action, `/admin/projects/${id}`, { intent: "recurring-invoice" }, { id });
      expect(result.status).toBe(409);
      expect(result.data).toMatchObject({
        form: "recurring-invoice",
        result: { error: { "": [totalTooLarge] } },
        toast: { type: "error", message: totalTooLarge },
      });
      expect(await database().db.select().from(invoices)).toEqual([]);
    });
  });

  it("customers: payment terms beyond ten years are refused, in the form and in Convert to Customer", async () => {
    const [submission] = await database()
      .db.insert(contactSubmissions)
      .values({ name: "Devon", email: "devon@x.test", projectType: "quote", message: "A site" })
      .returning();
    for (const terms of ["3651", "99999999999999999999999"]) {
      const form = { name: "Devon", email: "devon@x.test", payment_terms: terms };
      const created = await post(customerForm.action, "/admin/customers/new", form);
      expect(created.status, terms).toBe(400);
      expect(errorsOf(created.data).payment_terms, terms).toEqual(["Payment terms must be at most 3650 days"]);
      const converted = await post(inbox.action, "/admin/dashboard", {
        ...form,
        intent: "convert",
        id: submission?.id ?? "",
      });
      expect(converted.status, terms).toBe(400);
      expect(errorsOf(converted.data).payment_terms, terms).toEqual(["Payment terms must be at most 3650 days"]);
    }
    expect(await database().db.select().from(customers).where(eq(customers.email, "devon@x.test"))).toEqual([]);
  });

  describe("settings", () => {
    const numbering = {
      intent: "invoice-settings",
      invoice_prefix: "INV",
      estimate_prefix: "EST",
      next_invoice_number: "1",
      next_estimate_number: "1",
    };

    it("refuses next numbers beyond their bound and equal prefixes (trimmed, any case)", async () => {
      for (const next of ["100000000", "99999999999999999999999", "1e30"]) {
        const result = await post(settings.action, "/admin/settings", { ...numbering, next_estimate_number: next });
        expect(result.status, next).toBe(400);
        expect(errorsOf(result.data).next_estimate_number, next).toEqual([invoiceSettingsMessages.nextNumber]);
      }
      const same = await post(settings.action, "/admin/settings", {
        ...numbering,
        invoice_prefix: " inv",
        estimate_prefix: "INV ",
      });
      expect(same.status).toBe(400);
      expect(errorsOf(same.data).estimate_prefix).toEqual([invoiceSettingsMessages.samePrefix]);
    });

    it("refuses a prefix the other type's documents already carry, so new documents never repeat a number", async () => {
      const issue = (type: "invoice" | "estimate") =>
        post(
          invoiceEditor.action,
          "/admin/invoices/new",
          {
            invoice_type: type,
            customer_id: customerId,
            issue_date: "2026-11-22",
            "items[0].description": "Design",
            "items[0].quantity": "1",
            "items[0].unit_price": "100",
          },
          { id: "new" },
        );
      expect((await issue("invoice")).status).toBe(302);
      expect((await issue("estimate")).status).toBe(302);
      // swapping the prefixes: the next estimate would be INV-0002, and the next invoice EST-0002
      const swapped = await post(settings.action, "/admin/settings", {
        ...numbering,
        invoice_prefix: "est",
        estimate_prefix: "INV",
        next_invoice_number: "2",
        next_estimate_number: "2",
      });
      expect(swapped.status).toBe(400);
      expect(errorsOf(swapped.data)).toEqual({
        invoice_prefix: [invoiceSettingsMessages.prefixInUse("estimate", "EST")],
      });
      const estimatesAsInvoices = await post(settings.action, "/admin/settings", {
        ...numbering,
        estimate_prefix: "INV",
        invoice_prefix: "FAC",
        next_invoice_number: "2",
        next_estimate_number: "2",
      });
      expect(estimatesAsInvoices.status).toBe(400);
      expect(errorsOf(estimatesAsInvoices.data)).toEqual({
        estimate_prefix: [invoiceSettingsMessages.prefixInUse("invoice", "INV")],
      });
      // both documents can still be created with the settings as they are
      expect((await issue("estimate")).status).toBe(302);
      expect((await database().db.select().from(invoices)).map((row) => row.invoiceNumber).sort()).toEqual([
        "EST-0001",
        "EST-0002",
        "INV-0001",
      ]);
      // a new prefix for one type is fine
      const renamed = await post(settings.action, "/admin/settings", {
        ...numbering,
        invoice_prefix: "FAC",
        next_invoice_number: "2",
        next_estimate_number: "3",
      });
      expect(renamed.status).toBe(302);
    });
  });

  it("the site's pricing packages and portfolio items: an id beyond a serial column is a 404 or 400, never 500", async () => {
    for (const id of ["2147483648", "3000000000"]) {
      const saved = await post(pricing.action, "/admin/site/pricing", {
        intent: "save-package",
        id,
        name: "Starter",
        price: "$500",
        description: "A site",
        features: "One page",
        cta_label: "Start",
      });
      expect(saved.status, id).toBe(400);
      expect((await post(pricing.action, "/admin/site/pricing", { intent: "remove-package", id })).status, id).toBe(
        404,
      );
      for (const intent of ["publish", "unpublish", "move-up", "delete"]) {
        expect((await post(portfolio.action, "/admin/site/portfolio", { intent, id })).status, `${intent} ${id}`).toBe(
          404,
        );
      }
    }
  });
  describe("an amount whose comma could be the cents (10,00 is not $1,000.00)", () => {
    /** a comma or dot that could separate the cents: each refused with the message, nothing stored */
    const ambiguous = ["10,00", "12,5", "1.000,50", "1,0000"];
    const refusedWith = (result: { status: number; data: unknown }, field: string, what: string) => {
      expect(result.status, what).toBe(400);
      expect(errorsOf(result.data)[field], what).toEqual([ambiguousSeparatorMessage]);
    };
    const invoiceForm = (overrides: Record<string, string>) => ({
      customer_id: customerId,
      issue_date: "2026-11-22",
      "items[0].description": "Design",
      "items[0].quantity": "1",
      "items[0].unit_price": "100",
      tax_rate: "0",
      discount_amount: "0",
      ...overrides,
    });
    const sentInvoice = async (total: string) =>
      insertInvoice(database().db, {
        invoiceNumber: "INV-0001",
        customerId,
        status: "sent",
        subtotal: total,
        totalAmount: total,
        balanceDue: total,
      });

    it("line items, tax and discount in the invoice editor; 1,000.00 stays one thousand", async () => {
      for (const typed of ambiguous) {
        for (const field of ["items[0].quantity", "items[0].unit_price", "discount_amount", "tax_rate"]) {
          const result = await post(invoiceEditor.action, "/admin/invoices/new", invoiceForm({ [field]: typed }), {
            id: "new",
          });
          refusedWith(result, field, `${field}=${typed}`);
        }
      }
      expect(await database().db.select().from(invoices)).toEqual([]);
      const saved = await post(
        invoiceEditor.action,
        "/admin/invoices/new",
        invoiceForm({ "items[0].unit_price": "1,000.00" }),
        { id: "new" },
      );
      expect(saved.status).toBe(302);
      expect((await database().db.select().from(invoices))[0]?.totalAmount).toBe("1000.00");
    });

    it("a payment and a credit note on a sent invoice", async () => {
      const { id } = await sentInvoice("2000.00");
      for (const typed of ambiguous) {
        const payment = await post(
          invoiceEditor.action,
          `/admin/invoices/${id}`,
          { intent: "record-payment", paid_on: "2026-11-23", amount: typed, method: "cash" },
          { id },
        );
        refusedWith(payment, "amount", `payment ${typed}`);
        const credit = await post(
          invoiceEditor.action,
          `/admin/invoices/${id}`,
          { intent: "credit-note", amount: typed, reason: "Discount agreed" },
          { id },
        );
        refusedWith(credit, "amount", `credit ${typed}`);
      }
      expect(await database().db.select().from(payments)).toEqual([]);
      const paid = await post(
        invoiceEditor.action,
        `/admin/invoices/${id}`,
        { intent: "record-payment", paid_on: "2026-11-23", amount: "1,000.00", method: "cash" },
        { id },
      );
      expect(paid.status).toBe(302);
      expect((await database().db.select().from(payments))[0]?.amount).toBe("1000.00");
    });

    it("the client's Pay form on the invoice's link", async () => {
      const { id } = await sentInvoice("2000.00");
      const token = newToken();
      await database()
        .db.insert(invoiceLinks)
        .values({ invoiceId: id, tokenHash: hashToken(token) });
      for (const typed of ambiguous) {
        const result = await call(clientDocument.action, `/i/${token}/pay`, {
          form: { amount: typed },
          params: { token },
        });
        refusedWith(result, "amount", typed);
        expect(result.data, typed).toMatchObject({ form: "pay" });
      }
    });

    it("projects, proposals and the proposal settings", async () => {
      for (const typed of ambiguous) {
        for (const field of ["fixed_price", "hourly_rate", "estimated_hours"]) {
          const result = await post(projectForm.action, "/admin/projects/new", {
            customer_id: customerId,
            project_name: "Bakery site",
            [field]: typed,
          });
          refusedWith(result, field, `${field}=${typed}`);
        }
        for (const field of ["tax_rate", "deposit_value", "tiers[0].lines[0].unit_price"]) {
          const result = await post(
            proposalEditor.action,
            "/admin/proposals/new",
            {
              customer_id: customerId,
              title: "A new website",
              "tiers[0].name": "Starter",
              "tiers[0].lines[0].description": "One page",
              "tiers[0].lines[0].quantity": "1",
              "tiers[0].lines[0].unit_price": "1000",
              agreement: "We build, you pay.",
              expires_on: "2099-01-01",
              deposit_kind: "amount",
              deposit_value: "0",
              [field]: typed,
            },
            { id: "new" },
          );
          refusedWith(result, field, `${field}=${typed}`);
        }
        const saved = await post(settings.action, "/admin/settings", {
          intent: "proposal-settings",
          agreement_template: "We build, you pay.",
          deposit_percent: typed,
          valid_days: "30",
        });
        refusedWith(saved, "deposit_percent", `deposit_percent=${typed}`);
      }
      expect(await database().db.select().from(projects)).toEqual([]);
      expect(await database().db.select().from(proposals)).toEqual([]);
      expect(await database().db.select().from(proposalSettings)).toEqual([]);
    });
  });
});
