import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { contactSubmissions, customerInteractions, customers } from "#app/db/schema.ts";
import { customerFormSchema } from "#app/domain/customer-form.ts";
import type { ProjectType, SubmissionStatus } from "#app/domain/enums.ts";
import { parseInboxListQuery } from "#app/domain/inbox-list.ts";
import {
  AlreadyConvertedError,
  convertSubmission,
  countSubmissionsByStatus,
  getSubmission,
  listSubmissions,
  updateSubmission,
} from "#app/models/contact-submissions.server.ts";
import { describeEachDatabase } from "../support/database.ts";

const query = (search: string) => parseInboxListQuery(new URLSearchParams(search));

describeEachDatabase("contact submissions inbox", (database) => {
  async function add(
    count: number,
    base: { status?: SubmissionStatus; projectType?: ProjectType; name?: string; businessName?: string },
  ) {
    const t0 = Date.UTC(2026, 10, 1);
    await database()
      .db.insert(contactSubmissions)
      .values(
        Array.from({ length: count }, (_, i) => ({
          name: `${base.name ?? "Lead"} ${i}`,
          email: `lead${i}.${base.status ?? "new"}@example.test`,
          businessName: base.businessName ?? null,
          projectType: base.projectType ?? ("website" as const),
          message: "m",
          status: base.status ?? ("new" as const),
          createdAt: new Date(t0 + i * 60_000),
        })),
      );
  }

  it("counts every status in one query", async () => {
    await add(3, { status: "new" });
    await add(2, { status: "in-progress" });
    await add(1, { status: "archived" });
    expect(await countSubmissionsByStatus(database().db)).toEqual({
      new: 3,
      "in-progress": 2,
      completed: 0,
      archived: 1,
    });
  });

  it("keeps the counts exact through inserts, status changes, deletes and truncation", async () => {
    await add(4, { status: "new" });
    const [first] = await database().db.select().from(contactSubmissions);
    if (!first) throw new Error("no row");
    await updateSubmission(database().db, first.id, { status: "archived", notes: null });
    await updateSubmission(database().db, first.id, { status: "archived", notes: "again" });
    await database().db.delete(contactSubmissions).where(eq(contactSubmissions.status, "new")).execute();
    await add(2, { status: "completed" });
    const counts = await countSubmissionsByStatus(database().db);
    expect(counts).toEqual({ new: 0, "in-progress": 0, completed: 2, archived: 1 });
    const actual = await database().db.select({ status: contactSubmissions.status }).from(contactSubmissions);
    expect(actual.filter((row) => row.status === "completed")).toHaveLength(2);
    await database().db.execute(sql`truncate contact_submissions cascade`);
    expect(await countSubmissionsByStatus(database().db)).toEqual({
      new: 0,
      "in-progress": 0,
      completed: 0,
      archived: 0,
    });
    // a status view without filters takes its total from the counts
    await add(3, { status: "new" });
    const page = await listSubmissions(
      database().db,
      parseInboxListQuery(new URLSearchParams()),
      await countSubmissionsByStatus(database().db),
    );
    expect(page.total).toBe(3);
  });

  it("filters by status and type, newest first, 25 to a page with totals", async () => {
    await add(30, { status: "new", projectType: "quote" });
    await add(4, { status: "new", projectType: "demo" });
    await add(2, { status: "archived", projectType: "quote" });
    const first = await listSubmissions(database().db, query(""));
    expect(first.total).toBe(34);
    expect(first.pageCount).toBe(2);
    expect(first.rows).toHaveLength(25);
    const times = first.rows.map((row) => row.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = await listSubmissions(database().db, query("page=2"));
    expect(second.rows).toHaveLength(9);
    expect(new Set([...first.rows, ...second.rows].map((row) => row.id)).size).toBe(34);
    // a page past the end shows the last page
    expect((await listSubmissions(database().db, query("page=9"))).page).toBe(2);

    const demos = await listSubmissions(database().db, query("type=demo"));
    expect(demos.total).toBe(4);
    expect(demos.rows.every((row) => row.projectType === "demo")).toBe(true);
    expect((await listSubmissions(database().db, query("status=archived"))).total).toBe(2);
  });

  it("searches name, email and business, case-insensitively, with wildcards taken literally", async () => {
    await add(1, { name: "Maria Alvarez" });
    await add(1, { name: "Tom", businessName: "Whitaker HARDWARE" });
    await add(1, { name: "Ann 100%" });
    const names = async (q: string) =>
      (await listSubmissions(database().db, query(`q=${encodeURIComponent(q)}`))).rows.map((row) => row.name);
    expect(await names("alvar")).toEqual(["Maria Alvarez 0"]);
    expect(await names("hardware")).toEqual(["Tom 0"]);
    expect(await names("LEAD0.NEW@")).toHaveLength(3);
    expect(await names("100%")).toEqual(["Ann 100% 0"]);
    expect(await names("%")).toEqual(["Ann 100% 0"]);
    expect(await names("nobody")).toEqual([]);
  });

  it("a search finds a worked lead in any status of its tab; Archived only under its own tab", async () => {
    await add(1, { name: "Bluebird Bakery", status: "in-progress" });
    await add(1, { name: "Bluebird Books", status: "completed" });
    await add(1, { name: "Bluebird Bikes", status: "archived" });
    await add(2, { name: "Other", status: "new" });
    const names = async (search: string) =>
      (await listSubmissions(database().db, query(search))).rows.map((row) => row.name).sort();
    expect(await names("q=bluebird")).toEqual(["Bluebird Bakery 0", "Bluebird Books 0"]);
    expect(await names("q=bluebird&status=in-progress")).toEqual(["Bluebird Bakery 0"]);
    expect(await names("q=bluebird&status=archived")).toEqual(["Bluebird Bikes 0"]);
    // without a search the spec's default stays New; the chip's removal shows the whole tab
    expect(await names("")).toEqual(["Other 0", "Other 1"]);
    const all = await listSubmissions(
      database().db,
      query("status=all"),
      await countSubmissionsByStatus(database().db),
    );
    expect(all.total).toBe(4);
    expect(all.rows.map((row) => row.status)).not.toContain("archived");
  });

  it("updates status and notes", async () => {
    await add(1, {});
    const [row] = await database().db.select().from(contactSubmissions);
    if (!row) throw new Error("no row");
    await updateSubmission(database().db, row.id, { status: "completed", notes: "Called back." });
    expect(await getSubmission(database().db, row.id)).toMatchObject({
      status: "completed",
      notes: "Called back.",
      customerId: null,
    });
    expect(
      await updateSubmission(database().db, "00000000-0000-4000-8000-000000000000", { status: "new", notes: null }),
    ).toBeNull();
  });

  it("converts a submission to a customer with its note, once", async () => {
    await database().db.insert(contactSubmissions).values({
      name: "Priya N",
      email: "priya@yoga.test",
      projectType: "webapp",
      budgetRange: "medium",
      message: "m",
    });
    const [submission] = await database().db.select().from(contactSubmissions);
    if (!submission) throw new Error("no submission");
    const form = customerFormSchema.parse({ name: "Priya N", email: "priya@yoga.test", payment_terms: "15" });
    const customer = await convertSubmission(database().db, submission.id, form);
    expect(customer).toMatchObject({ status: "prospect", paymentTerms: 15, contactSubmissionId: submission.id });
    const notes = await database().db.select().from(customerInteractions);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      customerId: customer?.id,
      interactionType: "note",
      subject: "Customer converted from contact form",
      description: "Original inquiry: Web Application. Budget: $5,000 - $15,000.",
    });
    expect((await getSubmission(database().db, submission.id))?.customerId).toBe(customer?.id);
    await expect(convertSubmission(database().db, submission.id, form)).rejects.toThrow(AlreadyConvertedError);
    expect(await database().db.select().from(customers)).toHaveLength(1);
  });

  it("keeps nothing when any part of the conversion fails", async () => {
    await database()
      .db.insert(contactSubmissions)
      .values({ name: "Sam O", email: "sam@o.test", projectType: "contact", message: "m" });
    const [submission] = await database()
      .db.select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, "sam@o.test"));
    if (!submission) throw new Error("no submission");
    const form = customerFormSchema.parse({ name: "Sam O", email: "sam@o.test" });
    await database().db.execute(
      sql.raw("alter table customer_interactions add constraint block_for_test check (false) not valid"),
    );
    try {
      await expect(convertSubmission(database().db, submission.id, form)).rejects.toThrow();
    } finally {
      await database().db.execute(sql.raw("alter table customer_interactions drop constraint block_for_test"));
    }
    expect(await database().db.select().from(customers)).toEqual([]);
    expect(await database().db.select().from(customerInteractions)).toEqual([]);
    // and it works once the fault is gone
    expect(await convertSubmission(database().db, submission.id, form)).toMatchObject({ name: "Sam O" });
  });
});
