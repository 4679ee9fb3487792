/** Customers, projects, activity notes and business settings against real databases. */
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { businessSettings, invoices, projects } from "#app/db/schema.ts";
import { businessSettingsSchema, toBusinessSettingsRow } from "#app/domain/business-settings.ts";
import { customerPageFormSchema, customerPageFormToRow } from "#app/domain/customer-form.ts";
import { parseCustomerListQuery } from "#app/domain/customer-list.ts";
import { customerTotals } from "#app/domain/customers.ts";
import { type InvoiceStatus, invoiceStatuses } from "#app/domain/enums.ts";
import { toCents } from "#app/domain/money.ts";
import { projectFormSchema, toProjectRow } from "#app/domain/project-form.ts";
import { parseProjectListQuery } from "#app/domain/project-list.ts";
import { projectValue } from "#app/domain/projects.ts";
import { getBusinessSettings, getStudioIdentity, saveBusinessSettings } from "#app/models/business-settings.server.ts";
import { addCustomerNote, listCustomerNotes } from "#app/models/customer-interactions.server.ts";
import {
  createCustomer,
  getCustomer,
  getCustomerSummary,
  listCustomerInvoices,
  listCustomerOptions,
  listCustomers,
  updateCustomer,
} from "#app/models/customers.server.ts";
import {
  createProject,
  getProject,
  listCustomerProjects,
  listProjectInvoices,
  listProjects,
  MissingCustomerError,
  updateProject,
} from "#app/models/projects.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { insertCustomers } from "../support/records.ts";

const customerRow = (values: Record<string, string>) =>
  customerPageFormToRow(customerPageFormSchema.parse({ email: "someone@example.test", ...values }));

describeEachDatabase("CRM", (database) => {
  const db = () => database().db;

  async function seedCustomers(count: number, base: { status?: "prospect" | "active" | "archived"; name?: string }) {
    const t0 = Date.UTC(2026, 0, 1);
    await insertCustomers(
      db(),
      Array.from({ length: count }, (_, i) => ({
        name: `${base.name ?? "Customer"} ${i}`,
        email: `c${i}.${base.status ?? "prospect"}@example.test`,
        businessName: i % 2 ? `Biz ${i} LLC` : null,
        status: base.status ?? "prospect",
        createdAt: new Date(t0 + i * 60_000),
      })),
    );
  }

  it("creates a customer with its address joined, updates it, and reads it back split", async () => {
    const created = await createCustomer(
      db(),
      customerRow({
        name: "Maria Alvarez",
        billing_street: "12 Market St",
        billing_city: "Springfield",
        billing_state: "IL",
        billing_zip: "62701",
        payment_terms: "abc",
        website_url: "alvarez.test",
      }),
    );
    expect(created).toMatchObject({
      name: "Maria Alvarez",
      billingAddress: "12 Market St\nSpringfield\nIL\n62701",
      paymentTerms: 30,
      websiteUrl: "https://alvarez.test",
      status: "prospect",
    });
    const updated = await updateCustomer(
      db(),
      created.id,
      customerRow({ name: "Maria A.", status: "active", payment_terms: "15", billing_city: "Austin" }),
    );
    expect(updated).toMatchObject({ name: "Maria A.", status: "active", paymentTerms: 15, billingAddress: "\nAustin" });
    expect((await getCustomer(db(), created.id))?.source).toBeNull();
    expect(await updateCustomer(db(), "00000000-0000-4000-8000-000000000000", customerRow({ name: "x" }))).toBeNull();
    expect(await getCustomer(db(), "00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("lists customers newest first, 25 a page, filtered by status and searched by name, email or business", async () => {
    await seedCustomers(30, { status: "active", name: "Active" });
    await seedCustomers(3, { status: "archived", name: "Old" });
    const first = await listCustomers(db(), parseCustomerListQuery(new URLSearchParams()));
    expect(first.total).toBe(33);
    expect(first.rows).toHaveLength(25);
    const times = first.rows.map((row) => row.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = await listCustomers(db(), parseCustomerListQuery(new URLSearchParams("page=2")));
    expect(second.rows).toHaveLength(8);
    expect((await listCustomers(db(), parseCustomerListQuery(new URLSearchParams("page=99")))).page).toBe(2);
    expect((await listCustomers(db(), parseCustomerListQuery(new URLSearchParams("status=archived")))).total).toBe(3);
    const search = async (q: string) =>
      (await listCustomers(db(), parseCustomerListQuery(new URLSearchParams({ q })))).rows.map((row) => row.name);
    expect(await search("old 2")).toEqual(["Old 2"]);
    expect(await search("C7.ACTIVE@")).toEqual(["Active 7"]);
    expect(await search("biz 29 llc")).toEqual(["Active 29"]);
    expect(await search("100%")).toEqual([]);
    expect(await listCustomerOptions(db())).toHaveLength(33);
  });

  it("totals invoices in every status in exact cents; drafts and estimates are not billed", async () => {
    const customer = await createCustomer(db(), customerRow({ name: "Totals" }));
    const other = await createCustomer(db(), customerRow({ name: "Other" }));
    const documents = invoiceStatuses.map((status, i) => ({
      invoiceType: "invoice" as const,
      status,
      total: 10_000 + i * 1_001 + 1, // cents, with odd values
      balanceDue: status === "paid" ? 0 : status === "partial" ? 3_333 : 10_000 + i * 1_001 + 1,
    }));
    documents.push({ invoiceType: "estimate" as never, status: "sent", total: 99_999_99, balanceDue: 99_999_99 });
    let n = 0;
    const rows = [
      ...documents,
      { invoiceType: "invoice" as const, status: "sent" as InvoiceStatus, total: 50, balanceDue: 50 },
    ];
    for (const [index, document] of rows.entries()) {
      n += 1;
      await db()
        .insert(invoices)
        .values({
          invoiceNumber: `T-${n}`,
          customerId: index === rows.length - 1 ? other.id : customer.id,
          invoiceType: document.invoiceType,
          status: document.status,
          issueDate: "2026-11-01",
          totalAmount: (document.total / 100).toFixed(2),
          balanceDue: (document.balanceDue / 100).toFixed(2),
        });
    }
    // 0.1 + 0.2 style sums: three invoices of $0.10, $0.20 and $0.30 more
    for (const [i, amount] of ["0.10", "0.20", "0.30"].entries()) {
      await db()
        .insert(invoices)
        .values({
          invoiceNumber: `F-${i}`,
          customerId: customer.id,
          status: "sent",
          issueDate: "2026-11-02",
          totalAmount: amount,
          balanceDue: amount,
        });
    }
    const expected = customerTotals([
      ...documents,
      ...["0.10", "0.20", "0.30"].map((amount) => ({
        invoiceType: "invoice" as const,
        status: "sent" as const,
        total: toCents(amount) ?? 0,
        balanceDue: toCents(amount) ?? 0,
      })),
    ]);
    const summary = await getCustomerSummary(db(), customer.id);
    expect(summary).toEqual({
      ...expected,
      overdue: expect.any(Number),
      invoiceCount: documents.length + 3,
      projectCount: 0,
    });
    // every invoice sent once (a draft is not billed yet; none here is void)
    expect(summary.totalBilled).toBe(
      invoiceStatuses.reduce((sum, status, i) => (status === "draft" ? sum : sum + 10_000 + i * 1_001 + 1), 0) + 60,
    );
    expect(await getCustomerSummary(db(), other.id)).toMatchObject({
      totalBilled: 50,
      outstanding: 50,
      invoiceCount: 1,
    });
    expect(await getCustomerSummary(db(), "00000000-0000-4000-8000-000000000000")).toEqual({
      totalBilled: 0,
      outstanding: 0,
      overdue: 0,
      invoiceCount: 0,
      projectCount: 0,
    });
    expect(await listCustomerInvoices(db(), customer.id)).toHaveLength(documents.length + 3);
  });

  it("creates and updates phased, hourly and fixed projects; value and stored sum agree", async () => {
    const customer = await createCustomer(db(), customerRow({ name: "Bakery" }));
    const phased = await createProject(
      db(),
      toProjectRow(
        projectFormSchema.parse({
          customer_id: customer.id,
          project_name: "Redesign",
          pricing_type: "phased",
          phases: [
            { name: "Discovery", price: "1200.10" },
            { name: "", price: "1800.20" },
            { name: "Launch", price: "" },
          ],
          recurring_fees: [{ name: "Hosting", amount: "49" }],
          start_date: "2026-01-05",
          end_date: "2026-03-01",
        }),
      ),
    );
    expect(phased).toMatchObject({ fixedPrice: "3000.30", status: "quoted", startDate: "2026-01-05" });
    expect(phased.pricingDetails?.phases.map((phase) => phase.name)).toEqual(["Discovery", "Phase 2", "Launch"]);
    expect(projectValue(phased)).toBe(300_030);

    const hourly = await updateProject(
      db(),
      phased.id,
      toProjectRow(
        projectFormSchema.parse({
          customer_id: customer.id,
          project_name: "Redesign (hourly)",
          pricing_type: "hourly",
          hourly_rate: "85",
          estimated_hours: "12.5",
          status: "in_progress",
        }),
      ),
    );
    expect(hourly).toMatchObject({
      fixedPrice: null,
      hourlyRate: "85.00",
      estimatedHours: "12.50",
      status: "in_progress",
    });
    expect(hourly && projectValue(hourly)).toBe(106_250);
    const read = await getProject(db(), phased.id);
    expect(read?.customer?.name).toBe("Bakery");
    expect(await listCustomerProjects(db(), customer.id)).toHaveLength(1);
    expect((await getCustomerSummary(db(), customer.id)).projectCount).toBe(1);
    expect(await listProjectInvoices(db(), phased.id)).toEqual([]);
    expect(await getProject(db(), "00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("refuses a project for a customer that does not exist, and keeps nothing", async () => {
    const row = toProjectRow(
      projectFormSchema.parse({ customer_id: "00000000-0000-4000-8000-000000000000", project_name: "Ghost" }),
    );
    await expect(createProject(db(), row)).rejects.toBeInstanceOf(MissingCustomerError);
    expect(await db().select().from(projects)).toEqual([]);
  });

  it("lists projects newest first, filtered by status, searched by project or customer name", async () => {
    const bakery = await createCustomer(db(), customerRow({ name: "Maria Bakery" }));
    const plumber = await createCustomer(db(), customerRow({ name: "Devon Plumbing" }));
    for (let i = 0; i < 30; i++) {
      await createProject(
        db(),
        toProjectRow(
          projectFormSchema.parse({
            customer_id: i % 3 === 0 ? plumber.id : bakery.id,
            project_name: `Site ${i}`,
            status: i % 5 === 0 ? "completed" : "quoted",
          }),
        ),
      );
    }
    const first = await listProjects(db(), parseProjectListQuery(new URLSearchParams()));
    expect(first.total).toBe(30);
    expect(first.rows).toHaveLength(24);
    expect(first.rows[0]?.projectName).toBe("Site 29");
    expect(first.rows[0]?.customerName).toBe("Maria Bakery");
    expect((await listProjects(db(), parseProjectListQuery(new URLSearchParams("status=completed")))).total).toBe(6);
    expect((await listProjects(db(), parseProjectListQuery(new URLSearchParams("q=plumbing")))).total).toBe(10);
    expect(
      (await listProjects(db(), parseProjectListQuery(new URLSearchParams("q=site 1")))).rows.map(
        (row) => row.projectName,
      ),
    ).toEqual([
      "Site 19",
      "Site 18",
      "Site 17",
      "Site 16",
      "Site 15",
      "Site 14",
      "Site 13",
      "Site 12",
      "Site 11",
      "Site 10",
      "Site 1",
    ]);
    expect(
      (await listProjects(db(), parseProjectListQuery(new URLSearchParams("q=plumbing&status=completed")))).total,
    ).toBe(2); // i = 0 and 15
  });

  it("adds activity notes, newest first; a missing customer gets none", async () => {
    const customer = await createCustomer(db(), customerRow({ name: "Notes" }));
    await addCustomerNote(db(), customer.id, { subject: "First call", description: "Talked\nabout scope" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await addCustomerNote(db(), customer.id, { subject: "Meeting" });
    const notes = await listCustomerNotes(db(), customer.id);
    expect(notes.map((note) => [note.subject, note.description])).toEqual([
      ["Meeting", null],
      ["First call", "Talked\nabout scope"],
    ]);
    expect(await addCustomerNote(db(), "00000000-0000-4000-8000-000000000000", { subject: "x" })).toBeNull();
  });

  it("business settings: the first save inserts, later saves update, and the public identity follows", async () => {
    expect(await getBusinessSettings(db())).toBeNull();
    expect((await getStudioIdentity(db())).email).toBe("hello@studio.test");
    const form = (email: string) =>
      toBusinessSettingsRow(
        businessSettingsSchema.parse({
          business_name: "Acme Studio",
          contact_name: "Ann",
          email,
          phone_number: "555 010 9999",
        }),
      );
    const first = await saveBusinessSettings(db(), form("first@acme.test"));
    expect(first.inserted).toBe(true);
    const second = await saveBusinessSettings(db(), form("second@acme.test"));
    expect(second.inserted).toBe(false);
    expect(second.saved?.id).toBe(first.saved?.id);
    expect(await db().select().from(businessSettings)).toHaveLength(1);
    expect(await getStudioIdentity(db())).toMatchObject({
      businessName: "Acme Studio",
      shortName: "Acme",
      email: "second@acme.test",
      phoneNumber: "555 010 9999",
    });
    // invoice numbering (another section's columns) is left alone
    await db()
      .update(businessSettings)
      .set({ invoicePrefix: "ACME" })
      .where(eq(businessSettings.id, first.saved?.id ?? ""));
    await saveBusinessSettings(db(), form("third@acme.test"));
    expect((await getBusinessSettings(db()))?.invoicePrefix).toBe("ACME");
  });

  it("two first saves at once still make one record", async () => {
    const row = toBusinessSettingsRow(
      businessSettingsSchema.parse({ business_name: "Race", contact_name: "R", email: "r@race.test" }),
    );
    await Promise.all([saveBusinessSettings(db(), row), saveBusinessSettings(db(), row)]);
    expect(await db().select().from(businessSettings)).toHaveLength(1);
  });
});
