/**
 * The CSV exports below HTTP: the guard, the list page's filters, every row of a list longer than
 * one batch exactly once and in the list's order, RFC 4180 quoting and formula neutralising end to
 * end, amounts with two decimals, and no formula for a spreadsheet that splits on `;` (or ignores quotes).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { contactSubmissions, invoices } from "#app/db/schema.ts";
import { csvLoader } from "../support/csv-exports.ts";
import { describeEachDatabase } from "../support/database.ts";
import { insertCustomer } from "../support/records.ts";
import { routeHarness } from "../support/routes.ts";
import { formulaCells, spreadsheetCells } from "../support/spreadsheet.ts";

/** A small RFC 4180 reader for the tests: rows of cells, quotes undone. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += char;
  }
  if (cell || row.length) throw new Error(`unterminated row: ${JSON.stringify(row)}`);
  return rows;
}

describeEachDatabase("CSV exports", (database) => {
  const { call, cookieFor, respond } = routeHarness(database);
  let admin = "";
  let customerId = "";

  beforeEach(async () => {
    admin = await cookieFor("owner@studio.test", true);
    const customer = await insertCustomer(database().db, {
      name: '=HYPERLINK("http://evil.test","x")',
      email: "maria@bakery.test",
      businessName: 'Smith, "Jones"',
    });
    customerId = customer?.id ?? "";
  });

  async function download(path: string, cookie = admin) {
    return call(csvLoader(path), path, { cookie });
  }

  async function csvOf(path: string) {
    const response = await respond(csvLoader(path), path, { cookie: admin });
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // UTF-8 with a byte-order mark, for Excel
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return { headers: response.headers, rows: parseCsv(new TextDecoder().decode(bytes)) };
  }

  describe("the guard", () => {
    for (const path of ["/admin/invoices/export.csv", "/admin/customers/export.csv", "/admin/dashboard/export.csv"]) {
      it(`${path} refuses anonymous and non-admin requests`, async () => {
        const staff = await cookieFor("staff@studio.test", false);
        const anonymous = await download(path, "");
        expect(anonymous.status).toBe(302);
        expect(anonymous.location).toContain("/admin/login");
        expect((await download(path, staff)).status).toBe(403);
      });
    }
  });

  it("exports every invoice of a long list once, newest first, across batches", async () => {
    const db = database().db;
    const values = Array.from({ length: 1200 }, (_, i) => ({
      invoiceNumber: `INV-${String(i + 1).padStart(5, "0")}`,
      customerId,
      issueDate: "2026-11-01",
      totalAmount: "100.50",
      amountPaid: "0.5",
      balanceDue: "100.00",
      status: "sent" as const,
      // two rows share each timestamp: the id breaks the tie
      createdAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 2) * 1000),
    }));
    for (let i = 0; i < values.length; i += 400) await db.insert(invoices).values(values.slice(i, i + 400));
    const { headers, rows } = await csvOf("/admin/invoices/export.csv");
    expect(headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(headers.get("content-disposition")).toMatch(/^attachment; filename="invoices-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(headers.get("cache-control")).toBe("no-store");
    const [header, ...data] = rows;
    expect(header).toEqual([
      "Number",
      "Type",
      "Customer",
      "Business",
      "Issue Date",
      "Due Date",
      "Deducted",
      "Total",
      "Paid",
      "Credited",
      "Balance",
      "Status",
    ]);
    expect(data).toHaveLength(1200);
    const numbers = data.map((row) => row[0]);
    expect(new Set(numbers).size).toBe(1200);
    // newest first: the last two created come first
    expect(numbers.slice(0, 2).sort()).toEqual(["INV-01199", "INV-01200"]);
    expect(data[0]?.slice(1)).toEqual([
      "Invoice",
      `'=HYPERLINK("http://evil.test","x")`,
      'Smith, "Jones"',
      "2026-11-01",
      "",
      "0.00",
      "100.50",
      "0.50",
      "0.00",
      "100.00",
      "Sent",
    ]);
  });

  it("respects the list's filters (type, status, search) and ignores the page", async () => {
    const db = database().db;
    const other = await insertCustomer(db, { name: "Ben Ortiz", email: "ben@ortiz.test" });
    await db.insert(invoices).values([
      {
        invoiceNumber: "INV-1",
        customerId,
        issueDate: "2026-10-01",
        status: "paid",
        totalAmount: "10",
        amountPaid: "10",
      },
      {
        invoiceNumber: "INV-2",
        customerId: other?.id ?? "",
        issueDate: "2026-10-02",
        status: "paid",
        totalAmount: "20",
      },
      {
        invoiceNumber: "INV-3",
        customerId: other?.id ?? "",
        issueDate: "2026-10-03",
        status: "draft",
        totalAmount: "30",
      },
      {
        invoiceNumber: "EST-1",
        customerId: other?.id ?? "",
        issueDate: "2026-10-04",
        invoiceType: "estimate",
        status: "paid",
      },
    ]);
    const paidInvoices = await csvOf("/admin/invoices/export.csv?type=invoice&status=paid&page=9");
    expect(
      paidInvoices.rows
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(["INV-1", "INV-2"]);
    const ortiz = await csvOf("/admin/invoices/export.csv?q=ortiz");
    expect(
      ortiz.rows
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(["EST-1", "INV-2", "INV-3"]);
    const customersCsv = await csvOf("/admin/customers/export.csv?q=ortiz");
    expect(customersCsv.rows).toHaveLength(2);
    expect(customersCsv.rows[1]?.slice(0, 2)).toEqual(["Ben Ortiz", "ben@ortiz.test"]);
  });

  it("exports customers with Total Billed and Outstanding as the detail page computes them", async () => {
    const db = database().db;
    await db.insert(invoices).values([
      {
        invoiceNumber: "INV-1",
        customerId,
        issueDate: "2026-10-01",
        status: "paid",
        totalAmount: "100.10",
        balanceDue: "0",
      },
      {
        invoiceNumber: "INV-2",
        customerId,
        issueDate: "2026-10-02",
        status: "sent",
        totalAmount: "50.05",
        balanceDue: "50.05",
      },
      {
        invoiceNumber: "EST-1",
        customerId,
        issueDate: "2026-10-03",
        invoiceType: "estimate",
        status: "sent",
        totalAmount: "999",
        balanceDue: "999",
      },
    ]);
    await insertCustomer(db, { name: "No Invoices", email: "none@test.test", status: "active" });
    const { rows } = await csvOf("/admin/customers/export.csv");
    expect(rows[0]).toEqual([
      "Name",
      "Email",
      "Phone",
      "Business",
      "Status",
      "Payment Terms (days)",
      "Created",
      "Total Billed",
      "Outstanding",
      "Credit Balance",
    ]);
    const byEmail = new Map(rows.slice(1).map((row) => [row[1], row]));
    expect(byEmail.get("maria@bakery.test")?.slice(7)).toEqual(["150.15", "50.05", "0.00"]);
    expect(byEmail.get("none@test.test")?.slice(4)).toEqual([
      "Active",
      "30",
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      "0.00",
      "0.00",
      "0.00",
    ]);
    const active = await csvOf("/admin/customers/export.csv?status=active");
    expect(active.rows.slice(1).map((row) => row[1])).toEqual(["none@test.test"]);
  });

  it("exports the inbox's submissions with its tab, type and search", async () => {
    const db = database().db;
    await db.insert(contactSubmissions).values([
      {
        name: "Ada",
        email: "ada@lead.test",
        projectType: "quote",
        packageName: "Standard Package",
        message: 'line one\nline two, "quoted"',
      },
      { name: "Bea", email: "bea@lead.test", projectType: "consultation", message: "+1 call me" },
      { name: "Cy", email: "cy@lead.test", projectType: "quote", message: "old", status: "archived" },
    ]);
    const inbox = await csvOf("/admin/dashboard/export.csv");
    expect(inbox.rows[0]).toEqual([
      "Received",
      "Name",
      "Email",
      "Phone",
      "Business",
      "Project Type",
      "Budget",
      "Package",
      "Status",
      "Message",
    ]);
    const byName = new Map(inbox.rows.slice(1).map((row) => [row[1], row]));
    expect([...byName.keys()].sort()).toEqual(["Ada", "Bea"]);
    expect(byName.get("Ada")?.[7]).toBe("Standard Package");
    expect(byName.get("Bea")?.[7]).toBe("");
    expect(byName.get("Ada")?.[9]).toBe('line one\nline two, "quoted"');
    expect(byName.get("Bea")?.[9]).toBe("'+1 call me");
    const archived = await csvOf("/admin/dashboard/export.csv?status=archived");
    expect(archived.rows.slice(1).map((row) => row[1])).toEqual(["Cy"]);
    const quotes = await csvOf("/admin/dashboard/export.csv?type=quote");
    expect(quotes.rows.slice(1).map((row) => row[1])).toEqual(["Ada"]);
  });

  it("leaves no formula for a spreadsheet that splits on `;` (or on `,` ignoring quotes)", async () => {
    const db = database().db;
    const hostile = await insertCustomer(db, {
      name: 'Ada;=HYPERLINK("http://evil.test","click")',
      email: "ada@evil.test",
      phoneNumber: "x,=1+1",
      businessName: 'Ltd; "@SUM(A1)"',
    });
    await db.insert(invoices).values({
      invoiceNumber: "INV-9",
      customerId: hostile?.id ?? "",
      issueDate: "2026-10-01",
      status: "sent",
      totalAmount: "-12.5",
    });
    await db.insert(contactSubmissions).values({
      name: "Bo;+1",
      email: "bo@evil.test",
      projectType: "quote",
      message: "hello;\t-2+3, \"=cmd|' /C calc'!A0\"\n@x",
    });
    for (const path of ["/admin/invoices/export.csv", "/admin/customers/export.csv", "/admin/dashboard/export.csv"]) {
      const response = await respond(csvLoader(path), path, { cookie: admin });
      const text = new TextDecoder().decode(await response.arrayBuffer());
      expect(text).toContain("evil.test");
      for (const separator of [";", ",", "\t"]) {
        for (const quotes of [true, false]) {
          expect(formulaCells(spreadsheetCells(text, separator, quotes)), `${path} ${separator} ${quotes}`).toEqual([]);
        }
      }
    }
    // read as written (commas, quotes honoured) the values are whole, the apostrophe before each formula
    const { rows } = await csvOf("/admin/customers/export.csv");
    const ada = rows.find((row) => row[1] === "ada@evil.test");
    expect(ada?.slice(0, 4)).toEqual([
      `Ada;'=HYPERLINK("http://evil.test","click")`,
      "ada@evil.test",
      "x,'=1+1",
      `Ltd;' "@SUM(A1)"`,
    ]);
  });
});
