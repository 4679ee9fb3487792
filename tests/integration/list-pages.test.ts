/**
 * The four back-office lists on generated data: walking every page (the later half read from the
 * oldest end, app/domain/pages.ts) shows every row once, newest first, and the searches (index
 * lookups from three characters, one scan below; the invoices' short search reads their
 * trigger-kept search_text) find what a plain ILIKE finds.
 */
import { type SQL, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { selectRows } from "#app/db/client.server.ts";
import { seedScale } from "#app/db/seed-scale.server.ts";
import { parseCustomerListQuery } from "#app/domain/customer-list.ts";
import { parseInboxListQuery } from "#app/domain/inbox-list.ts";
import { parseInvoiceListQuery } from "#app/domain/invoice-list.ts";
import { parseProjectListQuery } from "#app/domain/project-list.ts";
import { countSubmissionsByStatus, listSubmissions } from "#app/models/contact-submissions.server.ts";
import { listCustomers, updateCustomer } from "#app/models/customers.server.ts";
import { listInvoices } from "#app/models/invoices.server.ts";
import { listProjects } from "#app/models/projects.server.ts";
import { describeEachDatabase } from "../support/database.ts";

const sizes = { submissions: 300, customers: 80, projects: 50, documents: 200, notes: 10 };
type Page = { rows: { id: string }[]; pageCount: number; page: number };

describeEachDatabase("list pages", (database) => {
  const db = () => database().db;
  const ids = async (query: SQL) => (await selectRows<{ id: string }>(db(), query)).map((row) => row.id);

  /** Every page of a list, from page 1 to the last, as one list of ids. */
  async function walk(load: (page: number) => Promise<Page>) {
    const first = await load(1);
    const all = first.rows.map((row) => row.id);
    for (let page = 2; page <= first.pageCount; page++) {
      const next = await load(page);
      expect(next.page).toBe(page);
      all.push(...next.rows.map((row) => row.id));
    }
    return all;
  }

  it("shows every row once, newest first, on whichever page and from whichever end it is read", async () => {
    await seedScale(database(), { sizes, log: () => {} });
    const counts = await countSubmissionsByStatus(db());
    const inbox = await walk((page) =>
      listSubmissions(
        db(),
        parseInboxListQuery(new URLSearchParams({ status: "archived", page: String(page) })),
        counts,
      ),
    );
    expect(inbox).toEqual(
      await ids(sql`select id from contact_submissions where status = 'archived' order by created_at desc, id desc`),
    );
    expect(inbox.length).toBeGreaterThan(75);

    const customers = await walk((page) =>
      listCustomers(db(), parseCustomerListQuery(new URLSearchParams({ page: String(page) }))),
    );
    expect(customers).toEqual(await ids(sql`select id from customers order by created_at desc, id desc`));

    const projects = await walk((page) =>
      listProjects(db(), parseProjectListQuery(new URLSearchParams({ page: String(page) }))),
    );
    expect(projects).toEqual(await ids(sql`select id from projects order by created_at desc, id desc`));

    const invoices = await walk((page) =>
      listInvoices(db(), parseInvoiceListQuery(new URLSearchParams({ page: String(page) }))),
    );
    expect(invoices).toEqual(await ids(sql`select id from invoices order by created_at desc, id desc`));
    const paid = await walk((page) =>
      listInvoices(db(), parseInvoiceListQuery(new URLSearchParams({ status: "paid", page: String(page) }))),
    );
    expect(paid).toEqual(
      await ids(sql`select id from invoices where status = 'paid' order by created_at desc, id desc`),
    );
  });

  it("finds what a plain case-insensitive search finds, for short and long terms", async () => {
    await seedScale(database(), { sizes, log: () => {} });
    const [invoice] = await selectRows<{ number: string; name: string }>(
      db(),
      sql`select i.invoice_number as number, c.name from invoices i join customers c on c.id = i.customer_id
        order by i.invoice_number limit 1`,
    );
    const [submission] = await selectRows<{ email: string }>(db(), sql`select email from contact_submissions limit 1`);
    if (!invoice || !submission) throw new Error("no data");
    const lastName = invoice.name.split(" ")[1] ?? "";
    const sorted = (rows: { id: string }[]) => rows.map((row) => row.id).sort();

    for (const term of ["an", "AN", invoice.number, invoice.number.slice(0, 6).toLowerCase(), lastName, "zz"]) {
      const pattern = `%${term}%`;
      const invoicesFound = await walk((page) =>
        listInvoices(db(), parseInvoiceListQuery(new URLSearchParams({ q: term, page: String(page) }))),
      );
      expect(invoicesFound.sort()).toEqual(
        sorted(
          await selectRows(
            db(),
            sql`select i.id from invoices i join customers c on c.id = i.customer_id
              where i.invoice_number ilike ${pattern} or c.name ilike ${pattern} or c.business_name ilike ${pattern}`,
          ),
        ),
      );

      const projectsFound = await walk((page) =>
        listProjects(db(), parseProjectListQuery(new URLSearchParams({ q: term, page: String(page) }))),
      );
      expect(projectsFound.sort()).toEqual(
        sorted(
          await selectRows(
            db(),
            sql`select p.id from projects p join customers c on c.id = p.customer_id
              where p.project_name ilike ${pattern} or c.name ilike ${pattern}`,
          ),
        ),
      );
    }

    for (const term of ["an", submission.email, submission.email.slice(0, 4).toUpperCase(), lastName, "zz"]) {
      const pattern = `%${term}%`;
      const found = await walk((page) =>
        listSubmissions(
          db(),
          parseInboxListQuery(new URLSearchParams({ status: "archived", q: term, page: String(page) })),
        ),
      );
      expect(found.sort()).toEqual(
        sorted(
          await selectRows(
            db(),
            sql`select id from contact_submissions where status = 'archived'
              and (name ilike ${pattern} or email ilike ${pattern} or business_name ilike ${pattern})`,
          ),
        ),
      );
    }
  });

  it("finds invoices by their customer's name as it is now: after a rename and a change of customer", async () => {
    await seedScale(database(), { sizes, log: () => {} });
    const [target, other] = await selectRows<{ id: string; number: string; customerId: string; email: string }>(
      db(),
      sql`select i.id, i.invoice_number as number, c.id as "customerId", c.email
        from invoices i join customers c on c.id = i.customer_id order by i.invoice_number limit 2`,
    );
    if (!target || !other || target.customerId === other.customerId) throw new Error("no data");
    const found = async (term: string) =>
      (
        await walk((page) =>
          listInvoices(db(), parseInvoiceListQuery(new URLSearchParams({ q: term, page: String(page) }))),
        )
      ).sort();
    const ilike = async (term: string) => {
      const pattern = `%${term}%`;
      return (
        await ids(
          sql`select i.id from invoices i join customers c on c.id = i.customer_id
            where i.invoice_number ilike ${pattern} or c.name ilike ${pattern} or c.business_name ilike ${pattern}`,
        )
      ).sort();
    };

    // the form's rename; the other invoice moves to this customer in the database (the triggers are its)
    await updateCustomer(db(), target.customerId, {
      name: "Qx Ölund",
      email: target.email,
      businessName: "Zébra Works",
    });
    await db().execute(sql`update invoices set customer_id = ${target.customerId} where id = ${other.id}`);
    const renamed = await found("qx");
    expect(renamed).toEqual(expect.arrayContaining([target.id, other.id].sort()));
    // the number's last character and the name's first: in no single field, so not a match
    const across = `${target.number.slice(-1)}Q`;
    expect(await found(across)).not.toContain(target.id);
    for (const term of ["qx", "QX", "x ", "ÖL", "öl", "éb", "ZÉ", across, "an"]) {
      expect(await found(term)).toEqual(await ilike(term));
    }

    await updateCustomer(db(), target.customerId, { name: "Ada Lovelace", email: target.email, businessName: null });
    expect(await found("qx")).not.toContain(target.id);
    for (const term of ["qx", "éb", "la", "ce"]) expect(await found(term)).toEqual(await ilike(term));
  });

  it("counts a one- or two-character search up to 1000 matches, and reads its pages from the newest end", async () => {
    // every generated email ends in ".example": "a" matches every customer
    await seedScale(database(), { sizes: { ...sizes, customers: 1_060 }, log: () => {} });
    const newest = await ids(sql`select id from customers order by created_at desc, id desc`);
    expect(newest.length).toBeGreaterThan(1_000);
    const load = (q: string, page: number) =>
      listCustomers(db(), parseCustomerListQuery(new URLSearchParams({ q, page: String(page) })));

    const first = await load("a", 1);
    expect(first).toMatchObject({ total: 1_000, capped: true, page: 1, pageCount: 40 });
    expect(first.rows.map((row) => row.id)).toEqual(newest.slice(0, 25));
    // the last page of the 1000: the 976th to 1000th newest, not the oldest matches
    const last = await load("a", 40);
    expect(last.rows.map((row) => row.id)).toEqual(newest.slice(975, 1_000));
    expect((await load("a", 99)).page).toBe(40);

    // three characters and more are counted exactly (a trigram index serves them)
    const exact = await load("exa", 1);
    expect(exact).toMatchObject({ total: newest.length, capped: false, pageCount: Math.ceil(newest.length / 25) });
    // a short search with fewer matches than the cap is exact too
    const few = await load("zz", 1);
    expect(few.capped).toBe(false);
    expect(few.total).toBe(few.rows.length);
  });
  it("keeps every row's one- and two-character pieces, and a short search through them finds what ILIKE finds", async () => {
    await seedScale(database(), { sizes, log: () => {} });
    const [grams] = await selectRows<{ grams: string[] }>(db(), sql`select short_grams('ab c') as grams`);
    expect([...(grams?.grams ?? [])].sort()).toEqual([" ", " c", "a", "ab", "b", "b ", "c"].sort());
    const stale = await selectRows(
      db(),
      sql`select id from customers where search_grams is distinct from
        short_grams(lower(name || ' ' || email || ' ' || coalesce(business_name, '')))
      union all select id from invoices where search_grams is distinct from short_grams(search_text)
      union all select id from projects where name_grams is distinct from short_grams(lower(project_name))`,
    );
    expect(stale).toEqual([]);
    const sorted = (rows: { id: string }[]) => rows.map((row) => row.id).sort();
    // a rare pair, a pair of no row, one character, and LIKE's own wildcards taken literally
    const [rare] = await selectRows<{ pair: string }>(
      db(),
      sql`select piece as pair from customers, unnest(search_grams) piece where piece ~ '^[a-z]{2}$'
        group by piece order by count(*), piece limit 1`,
    );
    for (const term of [rare?.pair ?? "qz", "QX", "Z", "%", "_"]) {
      const pattern = `%${term.replaceAll("%", "\\%").replaceAll("_", "\\_")}%`;
      const customersFound = await walk((page) =>
        listCustomers(db(), parseCustomerListQuery(new URLSearchParams({ q: term, page: String(page) }))),
      );
      expect(customersFound.sort()).toEqual(
        sorted(
          await selectRows(
            db(),
            sql`select id from customers where name ilike ${pattern} or email ilike ${pattern} or business_name ilike ${pattern}`,
          ),
        ),
      );
      const invoicesFound = await walk((page) =>
        listInvoices(db(), parseInvoiceListQuery(new URLSearchParams({ q: term, page: String(page) }))),
      );
      expect(invoicesFound.sort()).toEqual(
        sorted(
          await selectRows(
            db(),
            sql`select i.id from invoices i join customers c on c.id = i.customer_id
              where i.invoice_number ilike ${pattern} or c.name ilike ${pattern} or c.business_name ilike ${pattern}`,
          ),
        ),
      );
      const projectsFound = await walk((page) =>
        listProjects(db(), parseProjectListQuery(new URLSearchParams({ q: term, page: String(page) }))),
      );
      expect(projectsFound.sort()).toEqual(
        sorted(
          await selectRows(
            db(),
            sql`select p.id from projects p join customers c on c.id = p.customer_id
              where p.project_name ilike ${pattern} or c.name ilike ${pattern}`,
          ),
        ),
      );
      const submissionsFound = await walk((page) =>
        listSubmissions(
          db(),
          parseInboxListQuery(new URLSearchParams({ status: "archived", q: term, page: String(page) })),
        ),
      );
      expect(submissionsFound.sort()).toEqual(
        sorted(
          await selectRows(
            db(),
            sql`select id from contact_submissions where status = 'archived'
              and (name ilike ${pattern} or email ilike ${pattern} or business_name ilike ${pattern})`,
          ),
        ),
      );
    }
  });
});
