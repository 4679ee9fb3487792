/**
 * The owner's dashboard: every figure equals a sum computed by hand over seeded payments,
 * invoices, submissions and page views, periods follow the studio's time zone, and the outstanding and
 * overdue totals equal the invoices list filtered the same way. The page refuses outsiders.
 */

import { beforeEach, expect, it } from "vitest";
import {
  businessSettings,
  contactSubmissions,
  invoices,
  pageViews,
  payments,
  projects,
  recurringSchedules,
} from "#app/db/schema.ts";
import { addDaysIso, addMonthsIso, todayIn } from "#app/domain/dates.ts";
import { monthsEnding, weeksEnding } from "#app/domain/reports.ts";
import { listInvoices } from "#app/models/invoices.server.ts";
import * as reports from "#app/routes/admin/reports.tsx";
import { describeEachDatabase } from "../support/database.ts";
import { insertCustomer } from "../support/records.ts";
import { routeHarness } from "../support/routes.ts";

type ReportData = Awaited<ReturnType<typeof reports.loader>>;

describeEachDatabase("owner's dashboard", (database) => {
  const { call, cookieFor } = routeHarness(database);
  let admin = "";
  let customerId = "";

  beforeEach(async () => {
    admin = await cookieFor("owner@studio.test", true);
    customerId = (await insertCustomer(database().db, { name: "Ada", email: "ada@test.test" })).id;
  });

  async function load() {
    const outcome = await call(reports.loader, "/admin/reports", { cookie: admin });
    expect(outcome.status).toBe(200);
    return outcome.data as ReportData;
  }

  it("refuses anonymous and non-admin requests", async () => {
    const staff = await cookieFor("staff@studio.test", false);
    expect((await call(reports.loader, "/admin/reports", { cookie: "" })).status).toBe(302);
    expect((await call(reports.loader, "/admin/reports", { cookie: staff })).status).toBe(403);
  });

  it("sums payments per month by the date paid, over the last 12 months only", async () => {
    const db = database().db;
    const today = todayIn("America/New_York");
    const months = monthsEnding(today);
    const [invoice] = await db
      .insert(invoices)
      .values({ invoiceNumber: "INV-1", customerId, issueDate: "2025-01-01", status: "partial", totalAmount: "5000" })
      .returning();
    const invoiceId = invoice?.id ?? "";
    await db.insert(payments).values([
      { invoiceId, paidOn: `${months[11]}-01`, amount: "100.10", method: "cash" },
      { invoiceId, paidOn: `${months[11]}-01`, amount: "0.20", method: "card" },
      { invoiceId, paidOn: `${months[0]}-01`, amount: "300.00", method: "check" },
      // 13 months ago: outside the chart
      { invoiceId, paidOn: addDaysIso(`${months[0]}-01`, -1), amount: "999.00", method: "cash" },
    ]);
    const data = await load();
    expect(data.revenue.map((month) => month.key)).toEqual(months);
    expect(data.revenue[11]?.value).toBe(10030);
    expect(data.revenue[0]?.value).toBe(30000);
    expect(data.revenue.reduce((sum, month) => sum + month.value, 0)).toBe(40030);
  });

  it("shows outstanding and overdue totals equal to the invoices list's filters", async () => {
    const db = database().db;
    const today = todayIn("America/New_York");
    const past = addDaysIso(today, -10);
    const future = addDaysIso(today, 10);
    await db.insert(invoices).values([
      {
        invoiceNumber: "A",
        customerId,
        issueDate: past,
        dueDate: past,
        status: "sent",
        totalAmount: "100.01",
        balanceDue: "100.01",
      },
      {
        invoiceNumber: "B",
        customerId,
        issueDate: past,
        dueDate: past,
        status: "partial",
        totalAmount: "50",
        amountPaid: "20",
        balanceDue: "30",
      },
      {
        invoiceNumber: "C",
        customerId,
        issueDate: past,
        dueDate: future,
        status: "viewed",
        totalAmount: "7.50",
        balanceDue: "7.50",
      },
      {
        invoiceNumber: "D",
        customerId,
        issueDate: past,
        dueDate: past,
        status: "paid",
        totalAmount: "40",
        amountPaid: "40",
        balanceDue: "0",
      },
      {
        invoiceNumber: "E",
        customerId,
        issueDate: past,
        dueDate: past,
        status: "draft",
        totalAmount: "60",
        balanceDue: "60",
      },
      {
        invoiceNumber: "F",
        customerId,
        issueDate: past,
        dueDate: past,
        status: "sent",
        invoiceType: "estimate",
        totalAmount: "70",
        balanceDue: "70",
      },
    ]);
    const data = await load();
    expect(data.receivable.overdue).toBe(13001);
    expect(data.receivable.overdueCount).toBe(2);
    // Outstanding follows the customer summary's rule: invoices sent and neither paid nor cancelled
    // (the draft E is not owed yet, the estimate F never is)
    expect(data.receivable.outstanding).toBe(13751);
    expect(data.receivable.outstandingCount).toBe(3);
    const overdueList = await listInvoices(db, { q: "", type: "invoice", status: "overdue", page: 1 } as never);
    expect(overdueList.rows.map((row) => row.invoiceNumber).sort()).toEqual(["A", "B"]);
  });

  it("counts submissions per week by project type and their conversion in the studio's time zone", async () => {
    const db = database().db;
    await db
      .insert(businessSettings)
      .values({ businessName: "Studio", contactName: "Owner", email: "o@s.test", timeZone: "Pacific/Kiritimati" });
    const today = todayIn("Pacific/Kiritimati");
    const weeks = weeksEnding(today);
    const mondayStart = weeks[11] ?? today;
    // 00:30 on this week's Monday in Kiritimati (UTC+14) is the Sunday before in UTC
    const justInside = new Date(`${mondayStart}T00:30:00+14:00`);
    // a minute before the first charted week starts there
    const justOutside = new Date(new Date(`${weeks[0]}T00:00:00+14:00`).getTime() - 60_000);
    const [submission] = await db
      .insert(contactSubmissions)
      .values([
        { name: "A", email: "a@l.test", projectType: "quote", message: "m", createdAt: justInside },
        { name: "B", email: "b@l.test", projectType: "quote", message: "m", createdAt: justInside, status: "archived" },
        { name: "C", email: "c@l.test", projectType: "webapp", message: "m", createdAt: justInside },
        { name: "D", email: "d@l.test", projectType: "webapp", message: "m", createdAt: justOutside },
      ])
      .returning();
    await insertCustomer(db, { name: "A", email: "a@l.test", contactSubmissionId: submission?.id ?? null });
    const data = await load();
    expect(data.timeZone).toBe("Pacific/Kiritimati");
    expect(data.submissions.map((week) => week.week)).toEqual(weeks);
    expect(data.submissions[11]?.counts.quote).toBe(2);
    expect(data.submissions[11]?.counts.webapp).toBe(1);
    expect(data.submissions.reduce((sum, week) => sum + week.total, 0)).toBe(3);
    expect(data.conversion).toEqual({ submissions: 3, converted: 1, rate: 33.3 });
  });

  it("sums page views of every page per day for 30 days", async () => {
    const db = database().db;
    const today = new Date().toISOString().slice(0, 10);
    await db.insert(pageViews).values([
      { path: "/", day: today, views: 5 },
      { path: "/pricing", day: today, views: 2 },
      { path: "/", day: addDaysIso(today, -29), views: 1 },
      { path: "/", day: addDaysIso(today, -30), views: 100 },
    ]);
    const data = await load();
    expect(data.views).toHaveLength(30);
    expect(data.views.at(-1)).toEqual({ key: today, value: 7 });
    expect(data.views[0]).toEqual({ key: addDaysIso(today, -29), value: 1 });
    expect(data.views.reduce((sum, day) => sum + day.value, 0)).toBe(8);
  });

  it("monthly recurring revenue of the active schedules, and three months of scheduled invoices and open balances", async () => {
    const { db } = database();
    const today = todayIn("America/New_York");
    const fees = (amount: number) => ({
      type: "fixed" as const,
      phases: [],
      recurring_fees: [{ id: "fee-1", name: "Care", amount }],
    });
    const [monthly, weekly, paused] = await db
      .insert(projects)
      .values([
        { customerId, projectName: "Monthly", pricingDetails: fees(49) },
        { customerId, projectName: "Weekly", pricingDetails: fees(100) },
        { customerId, projectName: "Paused", pricingDetails: fees(1000) },
      ])
      .returning();
    // the monthly one's next invoice is next month (this month's is made), on the 1st
    const nextMonth = addMonthsIso(today, 1, 1);
    await db.insert(recurringSchedules).values([
      { projectId: monthly?.id ?? "", customerId, frequency: "month", startDate: nextMonth, nextDue: nextMonth },
      { projectId: weekly?.id ?? "", customerId, frequency: "week", startDate: nextMonth, nextDue: nextMonth },
      {
        projectId: paused?.id ?? "",
        customerId,
        frequency: "month",
        startDate: nextMonth,
        nextDue: nextMonth,
        status: "paused",
      },
    ]);
    await db.insert(invoices).values([
      {
        invoiceNumber: "INV-0001",
        customerId,
        issueDate: today,
        status: "sent",
        dueDate: "2020-01-01",
        balanceDue: "10.00",
      },
      {
        invoiceNumber: "INV-0002",
        customerId,
        issueDate: today,
        status: "sent",
        dueDate: nextMonth,
        balanceDue: "5.00",
      },
      {
        invoiceNumber: "INV-0003",
        customerId,
        issueDate: today,
        status: "draft",
        dueDate: nextMonth,
        balanceDue: "99.00",
      },
    ]);
    const data = await load();
    // $49 a month + $100 a week x 52 / 12 = $49 + $433.33
    expect(data.recurring.monthly).toBe(4900 + 43333);
    expect(data.recurring.schedules).toBe(2);
    const [thisMonth, second, third] = data.recurring.forecast;
    expect(thisMonth).toEqual({ month: today.slice(0, 7), scheduled: 0, open: 1000, total: 1000 });
    const mondaysOrDays = (first: string) => {
      let count = 0;
      const last = addMonthsIso(first, 0, "last");
      for (let day = first; day <= last; day = addDaysIso(day, 7)) count++;
      return count;
    };
    expect(second).toEqual({
      month: nextMonth.slice(0, 7),
      scheduled: 4900 + 10000 * mondaysOrDays(nextMonth),
      open: 500,
      total: 4900 + 10000 * mondaysOrDays(nextMonth) + 500,
    });
    expect(third?.month).toBe(addMonthsIso(today, 2, 1).slice(0, 7));
    expect(third?.scheduled).toBeGreaterThanOrEqual(4900 + 4 * 10000);
  });
});
