import { describe, expect, it } from "vitest";
import {
  customerPageFormSchema,
  customerPageFormToRow,
  interactionFormSchema,
  parsePaymentTerms,
} from "#app/domain/customer-form.ts";
import { customerListHref, parseCustomerListQuery } from "#app/domain/customer-list.ts";
import {
  customerFormDefaults,
  customerTotals,
  joinBillingAddress,
  parseCustomerTab,
  paymentTermsLabel,
  splitBillingAddress,
} from "#app/domain/customers.ts";

describe("billing address", () => {
  it("joins street, city, state and zip with line breaks", () => {
    expect(joinBillingAddress({ street: "12 Main St", city: "Austin", state: "TX", zip: "78701" })).toBe(
      "12 Main St\nAustin\nTX\n78701",
    );
  });
  it("keeps each part on its own line, drops trailing blanks, and is null when all are blank", () => {
    expect(joinBillingAddress({ street: "", city: "Austin", state: "", zip: "78701" })).toBe("\nAustin\n\n78701");
    expect(joinBillingAddress({ street: "12 Main St", city: " ", state: "", zip: "" })).toBe("12 Main St");
    expect(joinBillingAddress({ street: " ", city: "", state: "", zip: "" })).toBeNull();
    expect(joinBillingAddress({})).toBeNull();
  });
  it("turns line breaks inside a part into commas so the address splits back", () => {
    expect(joinBillingAddress({ street: "12 Main St\r\nSuite 4", city: "Austin" })).toBe("12 Main St, Suite 4\nAustin");
  });
  it("splits back into the same parts", () => {
    for (const parts of [
      { street: "12 Main St", city: "Austin", state: "TX", zip: "78701" },
      { street: "", city: "Austin", state: "", zip: "78701" },
      { street: "12 Main St", city: "", state: "", zip: "" },
    ]) {
      expect(splitBillingAddress(joinBillingAddress(parts))).toEqual(parts);
    }
    expect(splitBillingAddress(null)).toEqual({ street: "", city: "", state: "", zip: "" });
    expect(splitBillingAddress("1 A St\r\nB")).toEqual({ street: "1 A St", city: "B", state: "", zip: "" });
  });
  it("keeps a longer free-text address whole: extra lines go to the street", () => {
    expect(splitBillingAddress("Unit 4\n12 Main St\nAustin\nTX\n78701")).toEqual({
      street: "Unit 4, 12 Main St",
      city: "Austin",
      state: "TX",
      zip: "78701",
    });
  });
});

describe("payment terms", () => {
  it("parses an integer number of days, 30 when blank or unparsable, never negative", () => {
    expect(parsePaymentTerms("0")).toBe(0);
    expect(parsePaymentTerms("45")).toBe(45);
    expect(parsePaymentTerms(" 60 ")).toBe(60);
    expect(parsePaymentTerms("abc")).toBe(30);
    expect(parsePaymentTerms("-1")).toBe(30);
    expect(parsePaymentTerms(null)).toBe(30);
  });
  it("reads as 'Net N days'", () => {
    expect(paymentTermsLabel(30)).toBe("Net 30 days");
    expect(paymentTermsLabel(1)).toBe("Net 1 day");
    expect(paymentTermsLabel(0)).toBe("Net 0 days");
  });
});

describe("customer form", () => {
  const valid = { name: "Ada", email: "ada@example.test" };
  it("requires name and email with the spec's message", () => {
    const result = customerPageFormSchema.safeParse({ name: "", email: " " });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Name and email are required",
      "Name and email are required",
    ]);
  });
  it("accepts only http(s) websites, adding https:// to a bare domain", () => {
    expect(customerPageFormSchema.parse({ ...valid, website_url: "bakery.example" }).website_url).toBe(
      "https://bakery.example",
    );
    expect(customerPageFormSchema.parse({ ...valid, website_url: "http://a.example/x" }).website_url).toBe(
      "http://a.example/x",
    );
    for (const bad of ["javascript:alert(1)", "ftp://a.example", "not a url"]) {
      expect(customerPageFormSchema.safeParse({ ...valid, website_url: bad }).success, bad).toBe(false);
    }
  });
  it("checks lengths and the status enumeration", () => {
    expect(customerPageFormSchema.safeParse({ ...valid, name: "x".repeat(201) }).success).toBe(false);
    expect(customerPageFormSchema.safeParse({ ...valid, email: "not-an-email" }).success).toBe(false);
    expect(customerPageFormSchema.safeParse({ ...valid, billing_zip: "1".repeat(21) }).success).toBe(false);
    expect(customerPageFormSchema.parse({ ...valid, status: "deleted" }).status).toBe("prospect");
    expect(customerPageFormSchema.parse({ ...valid, status: "active" }).status).toBe("active");
  });
  it("stores the joined address and ignores fields it does not own", () => {
    const form = customerPageFormSchema.parse({
      ...valid,
      billing_street: "12 Main St",
      billing_city: "Austin",
      billing_state: "TX",
      billing_zip: "78701",
      payment_terms: "15",
      id: "00000000-0000-4000-8000-000000000000",
      contact_submission_id: "00000000-0000-4000-8000-000000000001",
      created_at: "2020-01-01",
    });
    const row = customerPageFormToRow(form);
    expect(row).toEqual({
      name: "Ada",
      email: "ada@example.test",
      phoneNumber: null,
      businessName: null,
      websiteUrl: null,
      billingAddress: "12 Main St\nAustin\nTX\n78701",
      taxId: null,
      paymentTerms: 15,
      status: "prospect",
      notes: null,
    });
  });
  it("prefills the edit form with the address split back", () => {
    const defaults = customerFormDefaults({
      name: "Ada",
      email: "ada@example.test",
      phoneNumber: null,
      businessName: "Engines",
      websiteUrl: null,
      billingAddress: "12 Main St\nAustin\nTX\n78701",
      taxId: null,
      paymentTerms: 45,
      status: "active",
      notes: null,
    });
    expect(defaults).toMatchObject({
      billing_street: "12 Main St",
      billing_city: "Austin",
      billing_state: "TX",
      billing_zip: "78701",
      payment_terms: "45",
      status: "active",
    });
    expect(customerFormDefaults().payment_terms).toBe("30");
  });
});

describe("list URL state", () => {
  it("parses status, search and page, falling back on anything unknown", () => {
    expect(parseCustomerListQuery(new URLSearchParams())).toEqual({ status: "all", q: "", page: 1 });
    expect(parseCustomerListQuery(new URLSearchParams("status=active&q=%20ada%20&page=3"))).toEqual({
      status: "active",
      q: "ada",
      page: 3,
    });
    expect(parseCustomerListQuery(new URLSearchParams(`status=deleted&page=-1&q=${"x".repeat(200)}`))).toEqual({
      status: "all",
      q: "",
      page: 1,
    });
  });
  it("builds short links", () => {
    expect(customerListHref({ status: "all", q: "", page: 1 })).toBe("/admin/customers");
    expect(customerListHref({ status: "archived", q: "a b", page: 2 })).toBe(
      "/admin/customers?status=archived&q=a+b&page=2",
    );
  });
  it("reads the tab safely", () => {
    expect(parseCustomerTab("activity")).toBe("activity");
    expect(parseCustomerTab("x")).toBe("overview");
  });
});

describe("activity note", () => {
  it("needs a subject; the description is optional", () => {
    expect(interactionFormSchema.safeParse({ subject: " " }).error?.issues[0]?.message).toBe("Subject is required");
    expect(interactionFormSchema.parse({ subject: " Call ", description: "a\r\nb" })).toEqual({
      subject: "Call",
      description: "a\nb",
    });
    expect(interactionFormSchema.parse({ subject: "Call", description: "  " })).toEqual({ subject: "Call" });
  });
});

describe("customer totals", () => {
  it("bills invoices sent (not drafts, not void) less credit notes, owes the balance of those neither paid nor cancelled, ignores estimates", () => {
    const invoice = (status: Parameters<typeof customerTotals>[0][number]["status"], total: number, balance: number) =>
      ({ invoiceType: "invoice", status, total, balanceDue: balance }) as const;
    const totals = customerTotals([
      invoice("draft", 10_001, 10_001),
      invoice("sent", 20_010, 20_010),
      invoice("viewed", 30, 30),
      invoice("paid", 50_000, 0),
      invoice("partial", 40_000, 15_000),
      invoice("overdue", 99, 99),
      // fully credited: billed, then taken back by its credit note
      invoice("cancelled", 7_000, 0),
      { invoiceType: "credit_note", status: "sent", total: 7_000, balanceDue: 0 },
      // voided: never billed
      { invoiceType: "invoice", status: "cancelled", voided: true, total: 3_000, balanceDue: 3_000 },
      { invoiceType: "estimate", status: "sent", total: 1_000_000, balanceDue: 1_000_000 },
    ]);
    expect(totals).toEqual({
      totalBilled: 20_010 + 30 + 50_000 + 40_000 + 99 + 7_000 - 7_000,
      outstanding: 20_010 + 30 + 15_000 + 99,
    });
    expect(customerTotals([])).toEqual({ totalBilled: 0, outstanding: 0 });
  });
  it("adds cents exactly (no float drift)", () => {
    const many = Array.from({ length: 1000 }, () => ({
      invoiceType: "invoice" as const,
      status: "sent" as const,
      total: 10,
      balanceDue: 20,
    }));
    expect(customerTotals(many)).toEqual({ totalBilled: 10_000, outstanding: 20_000 });
  });
});
