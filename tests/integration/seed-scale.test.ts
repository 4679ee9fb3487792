/** The scale generator (`npm run db:seed -- --scale`) at a small size, on both databases. */
import { asc, count, isNotNull, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { expect, it } from "vitest";
import { selectRows } from "#app/db/client.server.ts";
import {
  contactSubmissionCounts,
  contactSubmissions,
  customerInteractions,
  customers,
  documentNumberCounters,
  expenses,
  invoiceLineItems,
  invoices,
  payments,
  projects,
  rates,
  timeEntries,
} from "#app/db/schema.ts";
import { seedBaseline, seedDemo } from "#app/db/seed.server.ts";
import { ScaleSeedRefusedError, type ScaleSizes, seedScale } from "#app/db/seed-scale.server.ts";
import { addDaysIso } from "#app/domain/dates.ts";
import {
  customerStatuses,
  invoiceStatuses,
  pricingModels,
  projectStatuses,
  projectTypes,
  submissionStatuses,
} from "#app/domain/enums.ts";
import type { InvoiceForm } from "#app/domain/invoice-form.ts";
import { calculateTotals, parseScaled, toCents } from "#app/domain/money.ts";
import { pricingModelOf, projectValue } from "#app/domain/projects.ts";
import { defaultReminderOffsets, dueReminder } from "#app/domain/sending.ts";
import { studioToday } from "#app/models/business-settings.server.ts";
import { reminderCandidates } from "#app/models/invoice-sends.server.ts";
import { createInvoice, displayStatusSql } from "#app/models/invoices.server.ts";
import { describeEachDatabase } from "../support/database.ts";

const sizes: ScaleSizes = {
  submissions: 400,
  customers: 100,
  projects: 60,
  documents: 600,
  notes: 150,
  timeEntries: 200,
  expenses: 40,
};
const quiet = { sizes, log: () => {} };

describeEachDatabase("seed --scale", (database) => {
  const db = () => database().db;
  const countOf = async (table: PgTable) => Number((await db().select({ n: count() }).from(table))[0]?.n ?? 0);
  const distinct = async (query: ReturnType<typeof sql>) =>
    (await selectRows<{ value: string }>(db(), query)).map((row) => row.value).sort();

  it("generates the sizes asked for, every status and pricing model, and totals as the money rules compute them", async () => {
    await seedBaseline(db());
    const report = await seedScale(database(), quiet);
    expect(report.sizes).toEqual(sizes);

    const converted = await db().select({ n: count() }).from(customers).where(isNotNull(customers.contactSubmissionId));
    const convertedCount = Number(converted[0]?.n ?? 0);
    expect(convertedCount).toBeGreaterThan(0);
    expect({
      submissions: await countOf(contactSubmissions),
      customers: await countOf(customers),
      projects: await countOf(projects),
      documents: await countOf(invoices),
      notes: (await countOf(customerInteractions)) - convertedCount,
      timeEntries: await countOf(timeEntries),
      expenses: await countOf(expenses),
    }).toEqual(sizes);
    // the busiest project holds a twentieth of the time, every entry on a generated project, each person rated
    const busiest = await selectRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from time_entries group by project_id order by count(*) desc limit 1`,
    );
    expect(busiest[0]?.n).toBe(sizes.timeEntries / 20);
    const busiestSpend = await selectRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from expenses group by project_id order by count(*) desc limit 1`,
    );
    expect(busiestSpend[0]?.n).toBe(sizes.expenses / 20);
    expect(await countOf(rates)).toBe(3);
    // the inbox's counters (kept by triggers) saw every generated submission
    const counters = await db().select().from(contactSubmissionCounts);
    expect(counters.reduce((sum, row) => sum + row.total, 0)).toBe(sizes.submissions);

    expect(await distinct(sql`select distinct status::text as value from contact_submissions`)).toEqual(
      [...submissionStatuses].sort(),
    );
    expect(await distinct(sql`select distinct project_type::text as value from contact_submissions`)).toEqual(
      [...projectTypes].sort(),
    );
    expect(await distinct(sql`select distinct status::text as value from customers`)).toEqual(
      [...customerStatuses].sort(),
    );
    expect(await distinct(sql`select distinct status::text as value from projects`)).toEqual(
      [...projectStatuses].sort(),
    );
    // every status as the lists show it, overdue (derived, never stored) included
    const today = await studioToday(db());
    const shown = await db()
      .selectDistinct({ status: displayStatusSql(today) })
      .from(invoices);
    expect(shown.map((row) => row.status).sort()).toEqual([...invoiceStatuses].sort());
    expect(await distinct(sql`select distinct status::text as value from invoices`)).not.toContain("overdue");

    // every generated address is recognisably generated (how a second run is refused)
    expect(await distinct(sql`select distinct 'x' as value from customers where email not like '%.example'`)).toEqual(
      [],
    );

    // projects: pricing_details the app reads, a value for every model
    const allProjects = await db().select().from(projects);
    expect(new Set(allProjects.map((project) => pricingModelOf(project)))).toEqual(new Set(pricingModels));
    for (const project of allProjects) {
      const details = project.pricingDetails;
      expect(details && Array.isArray(details.phases) && Array.isArray(details.recurring_fees)).toBe(true);
      expect(projectValue(project)).not.toBeNull();
      if (details?.type === "phased") {
        const phases = details.phases.reduce((sum, phase) => sum + (toCents(phase.price ?? 0) ?? 0), 0);
        expect(toCents(project.fixedPrice ?? "")).toBe(phases);
      }
      if (project.startDate && project.endDate) expect(project.endDate >= project.startDate).toBe(true);
    }

    // documents: 3-8 lines, totals recomputed by app/domain/money.ts, payments adding up to amount paid
    const docs = await db().select().from(invoices);
    const lines = await db().select().from(invoiceLineItems).orderBy(asc(invoiceLineItems.sortOrder));
    const paid = await db().select().from(payments);
    for (const doc of docs) {
      const own = lines.filter((line) => line.invoiceId === doc.id);
      expect(own.length).toBeGreaterThanOrEqual(3);
      expect(own.length).toBeLessThanOrEqual(8);
      const amountPaid = toCents(doc.amountPaid) ?? 0;
      const totals = calculateTotals({
        lines: own.map((line) => ({
          quantity: parseScaled(line.quantity, 2) ?? 0,
          unitPrice: toCents(line.unitPrice) ?? 0,
        })),
        taxRate: parseScaled(doc.taxRate, 2) ?? 0,
        discount: toCents(doc.discountAmount) ?? 0,
        amountPaid,
      });
      expect(own.map((line) => toCents(line.lineTotal))).toEqual(totals.lineTotals);
      expect({
        subtotal: toCents(doc.subtotal),
        tax: toCents(doc.taxAmount),
        total: toCents(doc.totalAmount),
        balance: toCents(doc.balanceDue),
      }).toEqual({ subtotal: totals.subtotal, tax: totals.taxAmount, total: totals.total, balance: totals.balanceDue });
      const received = paid.filter((payment) => payment.invoiceId === doc.id);
      expect(received.reduce((sum, payment) => sum + (toCents(payment.amount) ?? 0), 0)).toBe(amountPaid);
      if (doc.status === "paid") expect(totals.balanceDue).toBe(0);
      if (doc.status === "partial") expect(amountPaid > 0 && totals.balanceDue > 0).toBe(true);
      if (doc.status !== "paid" && doc.status !== "partial") expect(received).toEqual([]);
      if (doc.invoiceType === "estimate") expect(amountPaid).toBe(0);
    }

    // numbers: unique, in the app's format
    const numbers = docs.map((doc) => doc.invoiceNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const doc of docs)
      expect(doc.invoiceNumber).toMatch(doc.invoiceType === "invoice" ? /^INV-\d{4,}$/ : /^EST-\d{4,}$/);
  });

  it("numbers after the documents already there and moves the counters past its own, so the app's next number is free", async () => {
    await seedBaseline(db());
    await seedDemo(db()); // INV-0001, INV-0002, EST-0001, PRO-0001
    await seedScale(database(), quiet);

    const docs = await db().select({ number: invoices.invoiceNumber, type: invoices.invoiceType }).from(invoices);
    const sequence = (type: string) =>
      docs
        .filter((doc) => doc.type === type)
        .map((doc) => Number(doc.number.split("-")[1]))
        .sort((a, b) => a - b);
    const invoiceNumbers = sequence("invoice");
    const estimateNumbers = sequence("estimate");
    // gap-free from 1, as the app numbers
    expect(invoiceNumbers).toEqual(invoiceNumbers.map((_, index) => index + 1));
    expect(estimateNumbers).toEqual(estimateNumbers.map((_, index) => index + 1));
    const counters = await db().select().from(documentNumberCounters);
    expect(Object.fromEntries(counters.map((row) => [row.sequence, row.lastValue]))).toEqual({
      invoice: invoiceNumbers.length,
      estimate: estimateNumbers.length,
      // the demo's draft proposal; the scale seed makes no proposals
      proposal: 1,
    });

    const [customer] = await db().select({ id: customers.id }).from(customers).limit(1);
    if (!customer) throw new Error("no customer");
    const form = (type: "invoice" | "estimate"): InvoiceForm => ({
      invoice_type: type,
      customer_id: customer.id,
      project_id: undefined,
      issue_date: "2026-11-20",
      due_date: undefined,
      items: [{ description: "Website", quantity: 100, unit_price: 120_000 }],
      tax_rate: 0,
      discount_amount: 0,
      notes: undefined,
      terms: undefined,
      send_reminders: true,
      intent: "draft",
    });
    const invoice = await createInvoice(db(), form("invoice"));
    const estimate = await createInvoice(db(), form("estimate"));
    const pad = (n: number) => String(n).padStart(4, "0");
    expect(invoice.invoiceNumber).toBe(`INV-${pad(invoiceNumbers.length + 1)}`);
    expect(estimate.invoiceNumber).toBe(`EST-${pad(estimateNumbers.length + 1)}`);
    expect(docs.map((doc) => doc.number)).not.toContain(invoice.invoiceNumber);
  });

  it("leaves each open invoice's passed reminder on record, so the first maintenance after a start has no backlog to mail", async () => {
    await seedBaseline(db());
    await seedScale(database(), quiet);
    const today = await studioToday(db());
    const candidates = await reminderCandidates(db());
    const open = candidates.filter((candidate) => candidate.dueDate && candidate.dueDate <= today);
    expect(open.length).toBeGreaterThan(10);
    // what the reminder job would send now: nothing, but the invoices whose reminder day is today in the
    // studio's time zone and not yet on the database server's date (at most the ones due on a day's edge)
    const due = candidates.filter(
      (candidate) =>
        candidate.dueDate &&
        dueReminder({
          dueDate: candidate.dueDate,
          sentDay: "0000-00-00",
          today,
          offsets: defaultReminderOffsets,
          alreadySent: (candidate.alreadySent ?? []).filter((value): value is number => value !== null),
        }) !== null,
    );
    const edge = due.filter((candidate) =>
      defaultReminderOffsets.some((offset) => addDaysIso(candidate.dueDate ?? "", offset) >= addDaysIso(today, -1)),
    );
    expect(due).toEqual(edge);
    expect(due.length).toBeLessThan(open.length / 10);
  });

  it("refuses to run twice on the same database", async () => {
    await seedBaseline(db());
    await seedScale(database(), quiet);
    const before = await countOf(invoices);
    await expect(seedScale(database(), quiet)).rejects.toBeInstanceOf(ScaleSeedRefusedError);
    await expect(seedScale(database(), quiet)).rejects.toThrow(/already has generated data/);
    expect(await countOf(invoices)).toBe(before);
  });
});
