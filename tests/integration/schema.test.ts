import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { selectRows } from "#app/db/client.server.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { contactSubmissions, invoiceLineItems, invoices, projects } from "#app/db/schema.ts";
import { describeEachDatabase } from "../support/database.ts";
import { insertCustomer } from "../support/records.ts";

const sampleSubmission = {
  name: "Ada Lovelace",
  email: "ada@example.test",
  projectType: "website" as const,
  message: "Hello",
};

/** The database error behind drizzle's wrapper, with its constraint name and code. */
async function dbError(promise: Promise<unknown>): Promise<{ code?: string; constraint?: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause ?? error;
    return cause as { code?: string; constraint?: string; message: string };
  }
  throw new Error("expected the database to refuse the statement");
}

describeEachDatabase("schema", (database) => {
  it("applies migrations again without changes", async () => {
    await migrate(database());
    const [row] = await database().db.select({ n: count() }).from(contactSubmissions);
    expect(row?.n).toBe(0);
  });

  it("stores a submission with defaults", async () => {
    const [row] = await database().db.insert(contactSubmissions).values(sampleSubmission).returning();
    expect(row?.status).toBe("new");
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect(row?.phoneNumber).toBeNull();
  });

  it("enforces enumerations", async () => {
    const error = await dbError(
      database().db.execute(
        sql`insert into contact_submissions (name, email, project_type, message, status) values ('a', 'b', 'website', 'c', 'done')`,
      ),
    );
    expect(error.code).toBe("22P02"); // invalid input value for enum
  });

  it("enforces field lengths", async () => {
    const tooLong = await dbError(
      database()
        .db.insert(contactSubmissions)
        .values({ ...sampleSubmission, message: "x".repeat(2001) }),
    );
    expect(tooLong.code).toBe("23514");
    expect(tooLong.constraint).toBe("contact_submissions_message_length");

    const varcharLimit = await dbError(
      database()
        .db.insert(contactSubmissions)
        .values({ ...sampleSubmission, email: `${"e".repeat(250)}@x.test` }),
    );
    expect(varcharLimit.code).toBe("22001"); // value too long for type character varying(255)

    const shortPhone = await dbError(
      database()
        .db.insert(contactSubmissions)
        .values({ ...sampleSubmission, phoneNumber: "123456789" }),
    );
    expect(shortPhone.constraint).toBe("contact_submissions_phone_min");

    await database()
      .db.insert(contactSubmissions)
      .values({ ...sampleSubmission, message: "x".repeat(2000), phoneNumber: "1234567890" });
  });

  it("keeps money exact in numeric(12,2) and refuses negatives", async () => {
    const db = database().db;
    const customer = await insertCustomer(db, { name: "C", email: "c@x.test" });
    if (!customer) throw new Error("no customer");
    const [invoice] = await db
      .insert(invoices)
      .values({
        invoiceNumber: "INV-0001",
        customerId: customer.id,
        issueDate: "2026-01-31",
        subtotal: "0.30",
        totalAmount: "9999999999.99",
      })
      .returning();
    expect(invoice?.subtotal).toBe("0.30");
    expect(invoice?.totalAmount).toBe("9999999999.99");
    expect(invoice?.issueDate).toBe("2026-01-31");
    if (!invoice) throw new Error("no invoice");
    const negative = await dbError(
      db.insert(invoiceLineItems).values({ invoiceId: invoice.id, description: "x", unitPrice: "-1.00" }),
    );
    expect(negative.constraint).toBe("invoice_line_items_unit_price_non_negative");
    const taxRate = await dbError(db.update(invoices).set({ taxRate: "100.01" }).where(eq(invoices.id, invoice.id)));
    expect(taxRate.constraint).toBe("invoices_tax_rate_range");
  });

  it("enforces foreign keys", async () => {
    const error = await dbError(
      database().db.insert(projects).values({ customerId: "00000000-0000-4000-8000-000000000000", projectName: "P" }),
    );
    expect(error.code).toBe("23503");
  });

  it("has trigram indexes for searched text", async () => {
    const rows = await selectRows<{ indexname: string }>(
      database().db,
      sql`select indexname from pg_indexes where indexdef like '%gin_trgm_ops%' order by indexname`,
    );
    expect(rows.map((row) => row.indexname)).toEqual(
      expect.arrayContaining([
        "contact_submissions_search_trgm",
        "customers_search_trgm",
        "customers_name_trgm",
        "invoices_invoice_number_trgm",
        "projects_project_name_trgm",
      ]),
    );
  });

  it("answers a case-insensitive substring search", async () => {
    const db = database().db;
    await db
      .insert(contactSubmissions)
      .values([sampleSubmission, { ...sampleSubmission, name: "Grace Hopper", email: "grace@navy.test" }]);
    const rows = await db
      .select({ name: contactSubmissions.name })
      .from(contactSubmissions)
      .where(sql`${contactSubmissions.name} ilike ${"%HOPP%"}`);
    expect(rows).toEqual([{ name: "Grace Hopper" }]);
  });
});

describe("schema module", () => {
  it("exports a table per spec entity", async () => {
    const schema = await import("#app/db/schema.ts");
    for (const name of [
      "contactSubmissions",
      "customers",
      "customerInteractions",
      "projects",
      "invoices",
      "invoiceLineItems",
      "businessSettings",
      "userRoles",
      "users",
      "sessions",
    ]) {
      expect(schema, name).toHaveProperty(name);
    }
  });
});
