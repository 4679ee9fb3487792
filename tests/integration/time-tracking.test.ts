/**
 * Time on projects (ADR 0058), on both databases: one timer per person kept on the server; logged,
 * edited and deleted entries checked against their version; unbilled time billed as a draft, by range,
 * phase and layout, rounded per customer; deleted and non-billable entries never billed; billed entries
 * locked; a void frees them and a credit note does not; a rate change never rewrites billed entries;
 * two bills at once bill each entry once; budget notices once each.
 */
import { and, asc, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  automationRuns,
  invoiceLineItems,
  invoices,
  ownerNotices,
  projectPhases,
  projects,
  recurringExpenses,
  timeEntries,
} from "#app/db/schema.ts";
import { profitTable } from "#app/domain/profit.ts";
import type { AddExpenseForm, InvoiceTimeForm, SaveRateForm } from "#app/domain/time-forms.ts";
import { expenseMessages, hourBankMessages, timeMessages } from "#app/domain/time-tracking.ts";
import { deleteDraft, issueCreditNote, voidDocument } from "#app/models/document-lifecycle.server.ts";
import { projectExpenses, projectExpenseTotal } from "#app/models/expenses.server.ts";
import { profitParts } from "#app/models/profit.server.ts";
import { portalRooms } from "#app/models/project-room.server.ts";
import { projectEntries, runningTimer, timesheetOf } from "#app/models/time-entries.server.ts";
import * as profitCsv from "#app/routes/admin/export-profit.ts";
import * as projectTimePage from "#app/routes/admin/projects/time.tsx";
import * as profitReport from "#app/routes/admin/reports-profit.tsx";
import { createOrUpdateAccount } from "#app/services/auth/accounts.server.ts";
import { runAutomations } from "#app/services/automations.server.ts";
import { setRoomHoursVisibility } from "#app/services/project-room.server.ts";
import {
  addExpense,
  deleteEntry,
  deleteExpense,
  expenseRecordingRule,
  invoiceUnbilledTime,
  logTime,
  saveEntry,
  saveHourBank,
  saveRate,
  settleBankMonth,
  startTimer,
  stopRecurringExpense,
  stopTimer,
} from "#app/services/time-tracking.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { insertCustomer, insertProject } from "../support/records.ts";
import { routeHarness, testConfig } from "../support/routes.ts";

const ip = "198.51.100.9";
const today = "2026-11-28";

describeEachDatabase("time tracking", (database) => {
  const db = () => database().db;

  async function person(name = "owner") {
    const email = `${name}-${Math.random().toString(36).slice(2)}@studio.test`;
    const { userId } = await createOrUpdateAccount(db(), {
      email,
      password: "a long enough test passphrase",
      admin: true,
    });
    return { userId, email };
  }

  async function projectWithPhases(values: { hourlyRate?: string; estimatedHours?: string } = {}) {
    const customer = await insertCustomer(db(), { name: `Ada ${Math.random().toString(36).slice(2, 6)}` });
    const project = await insertProject(db(), customer.id, { hourlyRate: values.hourlyRate ?? "100.00", ...values });
    const [design, build] = await db()
      .insert(projectPhases)
      .values([
        { projectId: project.id, position: 1, name: "Design" },
        { projectId: project.id, position: 2, name: "Build" },
      ])
      .returning();
    if (!design || !build) throw new Error("no phases");
    return { customer, project, design, build };
  }

  const log = (
    who: { userId: string; email: string },
    projectId: string,
    phaseId: string | null,
    day: string,
    minutes: number,
    extra: { billable?: boolean; note?: string; started_at?: string } = {},
  ) =>
    logTime(db(), {
      actor: who,
      ip,
      form: {
        intent: "log-time",
        work: { projectId, phaseId },
        work_date: day,
        duration: minutes,
        started_at: extra.started_at,
        note: extra.note,
        billable: extra.billable ?? true,
      },
    });

  const billForm = (over: Partial<InvoiceTimeForm> = {}): InvoiceTimeForm => ({
    intent: "invoice-time",
    from: "2026-11-01",
    to: "2026-11-30",
    phases: [],
    layout: "phase",
    rounding: 0,
    appendix: false,
    expenses: true,
    ...over,
  });

  const entriesOf = (projectId: string) =>
    db().select().from(timeEntries).where(eq(timeEntries.projectId, projectId)).orderBy(timeEntries.workDate);

  const linesOf = (invoiceId: string) =>
    db()
      .select({
        description: invoiceLineItems.description,
        quantity: invoiceLineItems.quantity,
        unitPrice: invoiceLineItems.unitPrice,
        lineTotal: invoiceLineItems.lineTotal,
      })
      .from(invoiceLineItems)
      .where(eq(invoiceLineItems.invoiceId, invoiceId))
      .orderBy(invoiceLineItems.sortOrder);

  /** Adds an expense through the service: a non-billable $10.00 of software on no phase, changed by `over`. */
  const spend = (
    who: { userId: string; email: string },
    projectId: string,
    over: Partial<AddExpenseForm> = {},
    now?: Date,
  ) =>
    addExpense(db(), {
      actor: who,
      ip,
      projectId,
      receiptFileId: null,
      ...(now ? { now } : {}),
      form: {
        intent: "add-expense",
        expense_date: today,
        amount: 1_000,
        category: "software",
        vendor: "Vendor",
        note: undefined,
        phase_id: undefined,
        billable: false,
        markup: 0,
        receipt: undefined,
        repeats: "none",
        ...over,
      },
    });

  it("keeps one running timer per person on the server, and a long one asks before it stops", async () => {
    const who = await person();
    const other = await person("sam");
    const { project, design } = await projectWithPhases();
    const start = new Date("2026-11-28T14:00:00Z");
    const work = { projectId: project.id, phaseId: design.id };
    expect(await startTimer(db(), { actor: who, ip, work, note: "Wireframes", billable: true, now: start })).toEqual({
      ok: true,
      projectName: "Website",
    });
    // a second start (another tab) is refused; another person runs their own
    expect(await startTimer(db(), { actor: who, ip, work, note: null, billable: true, now: start })).toEqual({
      ok: false,
      reason: "refused",
      message: timeMessages.timerRunning,
    });
    expect((await startTimer(db(), { actor: other, ip, work, note: null, billable: true, now: start })).ok).toBe(true);
    // what a reload (or a restart) reads back
    expect(await runningTimer(db(), who.userId)).toMatchObject({
      projectName: "Website",
      phaseName: "Design",
      startedAt: start,
    });

    const late = new Date(start.getTime() + 11 * 3_600_000);
    const stop = { intent: "stop-timer" as const, keep_all: false, finished_day: undefined, finished_at: undefined };
    expect(await stopTimer(db(), { actor: who, ip, form: stop, now: late })).toEqual({
      ok: false,
      reason: "refused",
      message: timeMessages.longTimer("11:00"),
      long: true,
    });
    // corrected to when the work finished (the studio's clock: New York, 14:00Z is 09:00)
    expect(
      await stopTimer(db(), {
        actor: who,
        ip,
        form: { ...stop, finished_day: today, finished_at: "08:00" },
        now: late,
      }),
    ).toMatchObject({ ok: false, reason: "refused", field: "finished_at", message: timeMessages.endBeforeStart });
    expect(
      await stopTimer(db(), {
        actor: who,
        ip,
        form: { ...stop, finished_day: today, finished_at: "12:30" },
        now: late,
      }),
    ).toEqual({ ok: true, minutes: 210 });
    expect(await runningTimer(db(), who.userId)).toBeNull();
    // the other person's: confirmed as it is
    expect(await stopTimer(db(), { actor: other, ip, form: { ...stop, keep_all: true }, now: late })).toEqual({
      ok: true,
      minutes: 660,
    });
    const rows = await entriesOf(project.id);
    expect(rows.map((row) => [row.minutes, row.workDate, row.note])).toEqual([
      [210, today, "Wireframes"],
      [660, today, null],
    ]);
    expect(await stopTimer(db(), { actor: who, ip, form: stop, now: late })).toMatchObject({
      ok: false,
      reason: "not-found",
    });
  });

  it("bills unbilled time by range and phase, rounded per line, and never deleted or non-billable time", async () => {
    const who = await person();
    const { project, customer, design, build } = await projectWithPhases();
    await log(who, project.id, design.id, "2026-11-02", 50);
    await log(who, project.id, design.id, "2026-11-03", 25);
    await log(who, project.id, build.id, "2026-11-04", 40, { note: "Header" });
    await log(who, project.id, build.id, "2026-11-05", 30, { billable: false });
    await log(who, project.id, null, "2026-10-30", 60); // before the range
    const doomed = await log(who, project.id, design.id, "2026-11-06", 120);
    expect(doomed.ok).toBe(true);
    const toDelete = (await entriesOf(project.id)).find((row) => row.minutes === 120);
    if (!toDelete) throw new Error("no entry");
    expect(await deleteEntry(db(), { actor: who, ip, entryId: toDelete.id, version: toDelete.version })).toEqual({
      ok: true,
      projectId: project.id,
    });

    const billed = await invoiceUnbilledTime(db(), {
      actor: who,
      ip,
      projectId: project.id,
      today,
      form: billForm({ rounding: 15, appendix: true }),
    });
    if (!billed.ok) throw new Error(billed.message);
    expect(billed.minutes).toBe(115);
    expect(await linesOf(billed.invoiceId)).toEqual([
      { description: "Design: time", quantity: "1.25", unitPrice: "100.00", lineTotal: "125.00" },
      { description: "Build: time", quantity: "0.75", unitPrice: "100.00", lineTotal: "75.00" },
    ]);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, billed.invoiceId));
    expect(invoice).toMatchObject({
      status: "draft",
      customerId: customer.id,
      projectId: project.id,
      totalAmount: "200.00",
      timesheetAppendix: true,
    });
    // the raw minutes stay on the entries; the timesheet lists exactly the billed ones
    expect(
      (await timesheetOf(db(), billed.invoiceId)).map((row) => [row.workDate, row.phaseName, row.minutes]),
    ).toEqual([
      ["2026-11-02", "Design", 50],
      ["2026-11-03", "Design", 25],
      ["2026-11-04", "Build", 40],
    ]);
    const standing = await projectEntries(db(), project);
    expect(standing.map((entry) => [entry.workDate, entry.standing, entry.invoiceNumber])).toEqual([
      ["2026-11-05", "unbilled", null],
      ["2026-11-04", "on_draft", invoice?.invoiceNumber],
      ["2026-11-03", "on_draft", invoice?.invoiceNumber],
      ["2026-11-02", "on_draft", invoice?.invoiceNumber],
      ["2026-10-30", "unbilled", null],
    ]);
    // nothing left to bill in the range; the customer's rounding is remembered
    expect(
      await invoiceUnbilledTime(db(), { actor: who, ip, projectId: project.id, today, form: billForm() }),
    ).toMatchObject({ ok: false, message: timeMessages.nothingToBill });
    // one phase only, one line per entry
    const october = await invoiceUnbilledTime(db(), {
      actor: who,
      ip,
      projectId: project.id,
      today,
      form: billForm({ from: "2026-10-01", to: "2026-10-31", phases: [""], layout: "entry" }),
    });
    if (!october.ok) throw new Error(october.message);
    expect(await linesOf(october.invoiceId)).toEqual([
      { description: "2026-10-30", quantity: "1.00", unitPrice: "100.00", lineTotal: "100.00" },
    ]);
  });

  it("locks billed entries, frees them on a void or a deleted draft, and keeps them through a credit note", async () => {
    const who = await person();
    const { project, design } = await projectWithPhases();
    await log(who, project.id, design.id, "2026-11-02", 60);
    const [entry] = await entriesOf(project.id);
    if (!entry) throw new Error("no entry");
    const first = await invoiceUnbilledTime(db(), { actor: who, ip, projectId: project.id, today, form: billForm() });
    if (!first.ok) throw new Error(first.message);
    const [onDraft] = await entriesOf(project.id);
    const edit = {
      intent: "save-entry" as const,
      entry_id: entry.id,
      version: onDraft?.version ?? 0,
      work: { projectId: project.id, phaseId: design.id },
      work_date: "2026-11-02",
      duration: 90,
      started_at: undefined,
      note: "More",
      billable: true,
    };
    expect(await saveEntry(db(), { actor: who, ip, form: edit })).toEqual({
      ok: false,
      reason: "refused",
      message: timeMessages.billedEntry(first.invoiceNumber),
    });
    expect(await deleteEntry(db(), { actor: who, ip, entryId: entry.id, version: edit.version })).toMatchObject({
      ok: false,
      message: timeMessages.billedEntry(first.invoiceNumber),
    });
    // the newest draft deleted: its time is unbilled again
    expect(await deleteDraft(db(), first.invoiceId)).toMatchObject({ ok: true });
    expect((await entriesOf(project.id))[0]).toMatchObject({ invoiceId: null });

    const second = await invoiceUnbilledTime(db(), { actor: who, ip, projectId: project.id, today, form: billForm() });
    if (!second.ok) throw new Error(second.message);
    await db().update(invoices).set({ status: "sent", sentAt: new Date() }).where(eq(invoices.id, second.invoiceId));
    // a credit note corrects the money; the work stays billed (ADR 0058)
    expect((await issueCreditNote(db(), second.invoiceId, { amount: 5000, reason: "Goodwill" }))?.ok).toBe(true);
    expect((await entriesOf(project.id))[0]).toMatchObject({ invoiceId: second.invoiceId, billedRate: "100.00" });
    expect((await projectEntries(db(), project))[0]?.standing).toBe("billed");

    // a void gives the time back, at the rates of its day
    await log(who, project.id, design.id, "2026-11-09", 30);
    const third = await invoiceUnbilledTime(db(), { actor: who, ip, projectId: project.id, today, form: billForm() });
    if (!third.ok) throw new Error(third.message);
    expect(third.minutes).toBe(30);
    await db().update(invoices).set({ status: "sent", sentAt: new Date() }).where(eq(invoices.id, third.invoiceId));
    expect(await voidDocument(db(), third.invoiceId, "Billed too early")).toMatchObject({ ok: true });
    const freed = (await entriesOf(project.id)).find((row) => row.workDate === "2026-11-09");
    expect(freed).toMatchObject({ invoiceId: null, billedRate: null });
    expect((await projectEntries(db(), project)).map((row) => [row.workDate, row.standing])).toEqual([
      ["2026-11-09", "unbilled"],
      ["2026-11-02", "billed"],
    ]);
  });

  it("refuses an edit read at an older version instead of overwriting it", async () => {
    const who = await person();
    const { project, design, build } = await projectWithPhases();
    await log(who, project.id, design.id, "2026-11-02", 60);
    const [entry] = await entriesOf(project.id);
    if (!entry) throw new Error("no entry");
    const form = {
      intent: "save-entry" as const,
      entry_id: entry.id,
      version: entry.version,
      work: { projectId: project.id, phaseId: build.id },
      work_date: "2026-11-03",
      duration: 45,
      started_at: undefined,
      note: "First tab",
      billable: true,
    };
    expect(await saveEntry(db(), { actor: who, ip, form })).toMatchObject({ ok: true, minutes: 45 });
    // the second tab still holds the old version
    expect(await saveEntry(db(), { actor: who, ip, form: { ...form, note: "Second tab", duration: 30 } })).toEqual({
      ok: false,
      reason: "refused",
      message: timeMessages.changedElsewhere,
    });
    const [after] = await entriesOf(project.id);
    expect(after).toMatchObject({ note: "First tab", minutes: 45, phaseId: build.id, version: entry.version + 1 });
  });

  it("warns of an overlap with the person's timed entries and saves the entry", async () => {
    const who = await person();
    const { project } = await projectWithPhases();
    expect(await log(who, project.id, null, "2026-11-02", 60, { started_at: "09:00" })).toEqual({
      ok: true,
      minutes: 60,
      overlap: null,
    });
    const second = await log(who, project.id, null, "2026-11-02", 60, { started_at: "09:30" });
    expect(second).toMatchObject({ ok: true, minutes: 60 });
    expect(second.ok && second.overlap).toBe(timeMessages.overlap("on Website, 9:00 AM to 10:00 AM"));
    expect(await log(who, project.id, null, "2026-11-02", 30, { started_at: "10:30" })).toMatchObject({
      overlap: null,
    });
    expect(await entriesOf(project.id)).toHaveLength(3);
  });

  it("bills each entry once when two bills run at the same time", async () => {
    const who = await person();
    const { project, design } = await projectWithPhases();
    for (const day of ["2026-11-02", "2026-11-03", "2026-11-04"]) await log(who, project.id, design.id, day, 60);
    const results = await Promise.all([
      invoiceUnbilledTime(db(), { actor: who, ip, projectId: project.id, today, form: billForm() }),
      invoiceUnbilledTime(db(), { actor: who, ip, projectId: project.id, today, form: billForm({ layout: "entry" }) }),
    ]);
    const made = results.filter((result) => result.ok);
    expect(made).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([
      { ok: false, reason: "refused", message: timeMessages.nothingToBill },
    ]);
    const drafts = await db().select().from(invoices).where(eq(invoices.projectId, project.id));
    expect(drafts).toHaveLength(1);
  });

  it("resolves rates by specificity and date, and a later rate never rewrites billed time", async () => {
    const who = await person();
    const { project, design, build } = await projectWithPhases({ hourlyRate: "90.00" });
    const rate = (target: string, from: string, billable?: number, cost?: number) =>
      saveRate(db(), {
        actor: who,
        ip,
        projectId: project.id,
        form: {
          intent: "save-rate",
          target:
            target === "project"
              ? { scope: "project", id: null }
              : target === "me"
                ? { scope: "person", id: who.userId }
                : { scope: "phase", id: target },
          effective_from: from,
          billable_rate: billable,
          cost_rate: cost,
        },
      });
    expect(await rate("me", "2026-01-01", 8_000, 4_000)).toEqual({ ok: true, label: timeMessages.rateSaved });
    expect((await rate(design.id, "2026-11-10", 15_000)).ok).toBe(true);
    await log(who, project.id, design.id, "2026-11-02", 60);
    await log(who, project.id, design.id, "2026-11-12", 60);
    await log(who, project.id, build.id, "2026-11-12", 60);
    const valued = await projectEntries(db(), project);
    expect(valued.map((entry) => [entry.workDate, entry.valueCents, entry.costCents, entry.rate.billableFrom])).toEqual(
      [
        ["2026-11-12", 8_000, 4_000, "person"],
        ["2026-11-12", 15_000, 4_000, "phase"],
        ["2026-11-02", 8_000, 4_000, "person"],
      ],
    );
    const billed = await invoiceUnbilledTime(db(), { actor: who, ip, projectId: project.id, today, form: billForm() });
    if (!billed.ok) throw new Error(billed.message);
    // a new rate back-dated over the billed days: the billed entries keep the rates they were billed at
    expect((await rate("me", "2026-01-01", 20_000, 9_000)).ok).toBe(true);
    const after = await projectEntries(db(), project);
    expect(after.map((entry) => [entry.valueCents, entry.costCents])).toEqual([
      [8_000, 4_000],
      [15_000, 4_000],
      [8_000, 4_000],
    ]);
    // a fresh entry takes the new rate
    await log(who, project.id, build.id, "2026-11-20", 60);
    expect((await projectEntries(db(), project))[0]).toMatchObject({ valueCents: 20_000, costCents: 9_000 });
    // the phase must belong to the project
    const elsewhere = await projectWithPhases();
    expect(await rate(elsewhere.design.id, "2026-11-01", 1)).toMatchObject({ ok: false, reason: "not-found" });
  });

  it("tells the owner at 80% and 100% of the estimated hours, once each", async () => {
    const who = await person();
    const { project } = await projectWithPhases({ estimatedHours: "10.00" });
    await db().update(projects).set({ fixedPrice: "1000.00" }).where(eq(projects.id, project.id));
    await log(who, project.id, null, "2026-11-02", 7 * 60);
    expect(await db().select().from(ownerNotices)).toHaveLength(0);
    await log(who, project.id, null, "2026-11-03", 60);
    await log(who, project.id, null, "2026-11-04", 30);
    const notices = () =>
      db()
        .select({ key: ownerNotices.key, message: ownerNotices.message, link: ownerNotices.link })
        .from(ownerNotices)
        .where(and(eq(ownerNotices.kind, "budget")))
        .orderBy(ownerNotices.key);
    expect((await notices()).map((notice) => notice.key)).toEqual([
      `budget:${project.id}:hours:80`,
      `budget:${project.id}:value:80`,
    ]);
    expect((await notices())[0]).toMatchObject({
      message: "Website: 8 h logged, 80% of the 10 h estimated",
      link: `/admin/projects/${project.id}/time`,
    });
    await log(who, project.id, null, "2026-11-05", 2 * 60);
    await log(who, project.id, null, "2026-11-06", 60);
    expect((await notices()).map((notice) => notice.key)).toEqual([
      `budget:${project.id}:hours:100`,
      `budget:${project.id}:hours:80`,
      `budget:${project.id}:value:100`,
      `budget:${project.id}:value:80`,
    ]);
  });

  it("bills a billable expense once with its markup, never a deleted or non-billable one, and a void frees it", async () => {
    const who = await person();
    const { project, design } = await projectWithPhases();
    const expense = (over: Partial<AddExpenseForm>) =>
      spend(who, project.id, {
        expense_date: "2026-11-03",
        amount: 10_000,
        category: "hosting",
        vendor: "Fly.io",
        phase_id: design.id,
        billable: true,
        markup: 1_500,
        ...over,
      });
    expect(await expense({})).toEqual({ ok: true, vendor: "Fly.io", nextDue: null });
    // a blank markup takes the category's last one
    expect((await expense({ vendor: "Render", markup: undefined, billable: false })).ok).toBe(true);
    const render = (await projectExpenses(db(), project.id)).find((row) => row.vendor === "Render");
    expect(render?.markupHundredths).toBe(1_500);
    await deleteExpense(db(), { actor: who, ip, expenseId: render?.id ?? "", version: render?.version ?? 0 });
    expect((await expense({ vendor: "Figma", category: "software", billable: false, markup: 0 })).ok).toBe(true);
    expect((await expense({ vendor: "Gone", amount: 99_900 })).ok).toBe(true);
    const gone = (await projectExpenses(db(), project.id)).find((row) => row.vendor === "Gone");
    if (!gone) throw new Error("no expense");
    expect(await deleteExpense(db(), { actor: who, ip, expenseId: gone.id, version: gone.version })).toMatchObject({
      ok: true,
    });
    // a phase of another project is refused
    const elsewhere = await projectWithPhases();
    expect(await expense({ phase_id: elsewhere.design.id })).toMatchObject({ ok: false, reason: "not-found" });
    await log(who, project.id, design.id, "2026-11-03", 60);

    const billed = await invoiceUnbilledTime(db(), { actor: who, ip, projectId: project.id, today, form: billForm() });
    if (!billed.ok) throw new Error(billed.message);
    expect(await linesOf(billed.invoiceId)).toEqual([
      { description: "Design: time", quantity: "1.00", unitPrice: "100.00", lineTotal: "100.00" },
      { description: "Hosting: Fly.io (2026-11-03)", quantity: "1.00", unitPrice: "115.00", lineTotal: "115.00" },
    ]);
    const rows = await projectExpenses(db(), project.id);
    expect(rows.map((row) => [row.vendor, row.standing, row.billedCents])).toEqual([
      ["Figma", "unbilled", null],
      ["Fly.io", "on_draft", 11_500],
    ]);
    const flyio = rows.find((row) => row.vendor === "Fly.io");
    expect(
      await deleteExpense(db(), { actor: who, ip, expenseId: flyio?.id ?? "", version: flyio?.version ?? 0 }),
    ).toMatchObject({ ok: false, message: expenseMessages.billed(billed.invoiceNumber) });
    // once: a second bill finds nothing
    expect(
      await invoiceUnbilledTime(db(), { actor: who, ip, projectId: project.id, today, form: billForm() }),
    ).toMatchObject({ ok: false, message: timeMessages.nothingToBill });
    // profit takes every expense off at cost, billable or not
    expect(await projectExpenseTotal(db(), project.id)).toBe(10_000 + 10_000);
    await db().update(invoices).set({ status: "sent", sentAt: new Date() }).where(eq(invoices.id, billed.invoiceId));
    expect(await voidDocument(db(), billed.invoiceId, "Wrong month")).toMatchObject({ ok: true });
    expect((await projectExpenses(db(), project.id)).map((row) => [row.vendor, row.standing, row.billedCents])).toEqual(
      [
        ["Figma", "unbilled", null],
        ["Fly.io", "unbilled", null],
      ],
    );
  });

  it("records a recurring expense once per period: now when its date has come, then by the job, after downtime too, never after it stops", async () => {
    const who = await person();
    const { project } = await projectWithPhases();
    const noon = (day: string) => new Date(`${day}T12:00:00Z`);
    const add = (over: Partial<AddExpenseForm>, on: string) =>
      spend(
        who,
        project.id,
        {
          expense_date: "2026-10-31",
          amount: 2_500,
          category: "hosting",
          vendor: "Fly.io",
          billable: true,
          repeats: "month",
          ...over,
        },
        noon(on),
      );
    // the job is a built-in rule of the automations engine (ADR 0063): a pass's runs sent, one per period
    const run = async (day: string) => ({
      recorded: (await runAutomations(db(), [expenseRecordingRule()], noon(day))).sent,
    });
    const dates = async (vendor: string) =>
      (await projectExpenses(db(), project.id))
        .filter((row) => row.vendor === vendor)
        .map((row) => row.expenseDate)
        .sort();

    // entered on Nov 28 with Oct 31 as its first date: Oct 31 is recorded now, the next is Nov 30 (a short month)
    expect(await add({}, "2026-11-28")).toEqual({ ok: true, vendor: "Fly.io", nextDue: "2026-11-30" });
    expect(await dates("Fly.io")).toEqual(["2026-10-31"]);
    expect((await run("2026-11-29")).recorded).toBe(0);
    expect((await run("2026-11-30")).recorded).toBe(1);
    expect((await run("2026-11-30")).recorded).toBe(0);
    // after downtime each missed month once; two instances at once record a period once
    expect((await run("2027-02-15")).recorded).toBe(2);
    const [first, second] = await Promise.all([run("2027-03-01"), run("2027-03-01")]);
    expect((first?.recorded ?? 0) + (second?.recorded ?? 0)).toBe(1);
    expect(await dates("Fly.io")).toEqual(["2026-10-31", "2026-11-30", "2026-12-31", "2027-01-31", "2027-02-28"]);
    const [recurring] = (await db().select().from(recurringExpenses)).filter((row) => row.vendor === "Fly.io");
    if (!recurring) throw new Error("no recurring expense");
    expect(recurring.nextDue).toBe("2027-03-31");

    // stopping it (only from its own project) keeps what was recorded and records nothing more
    const other = await projectWithPhases();
    const stop = (projectId: string) =>
      stopRecurringExpense(db(), { actor: who, ip, projectId, recurringId: recurring.id });
    expect(await stop(other.project.id)).toMatchObject({ ok: false, message: expenseMessages.recurringNotFound });
    expect(await stop(project.id)).toEqual({ ok: true, vendor: "Fly.io" });
    expect(await stop(project.id)).toMatchObject({ ok: false, message: expenseMessages.recurringNotFound });
    expect((await run("2027-06-01")).recorded).toBe(0);
    expect(await dates("Fly.io")).toHaveLength(5);

    // a first date still to come is recorded by the job on it; a yearly one a year later
    expect(await add({ vendor: "Figma", expense_date: "2026-12-05", repeats: "year" }, "2026-11-28")).toEqual({
      ok: true,
      vendor: "Figma",
      nextDue: "2026-12-05",
    });
    expect(await dates("Figma")).toEqual([]);
    expect((await run("2026-12-05")).recorded).toBe(1);
    expect((await run("2027-12-04")).recorded).toBe(0);
    expect((await run("2027-12-05")).recorded).toBe(1);
    expect(await dates("Figma")).toEqual(["2026-12-05", "2027-12-05"]);
    // each period the job recorded is a run in the automations' history, named by its vendor and day
    const runs = await db()
      .select()
      .from(automationRuns)
      .where(eq(automationRuns.rule, "recurring-expense"))
      .orderBy(asc(automationRuns.dueAt));
    expect(runs.map((row) => [row.subjectLabel, row.status])).toEqual([
      ["Fly.io · 11/30/2026", "sent"],
      ["Figma · 12/05/2026", "sent"],
      ["Fly.io · 12/31/2026", "sent"],
      ["Fly.io · 01/31/2027", "sent"],
      ["Fly.io · 02/28/2027", "sent"],
      ["Figma · 12/05/2027", "sent"],
    ]);
  });

  it("lists a project's newest 20 expenses and counts them all in its totals, profit and unbilled ones", async () => {
    const { call, cookieFor } = routeHarness(database);
    const cookie = await cookieFor(`owner-${Math.random().toString(36).slice(2)}@studio.test`, true);
    const who = await person();
    const { project } = await projectWithPhases();
    for (let day = 1; day <= 25; day++) {
      await spend(who, project.id, {
        expense_date: `2026-10-${String(day).padStart(2, "0")}`,
        vendor: `Vendor ${day}`,
        billable: day % 5 === 0,
      });
    }
    type Page = {
      expenses: { vendor: string }[];
      expenseCount: number;
      unbilledExpenseCount: number;
      profit: { expenseCents: number };
      billing: { from: string };
    };
    const page = async (search = "") =>
      (
        await call(projectTimePage.loader, `/admin/projects/${project.id}/time${search}`, {
          cookie,
          params: { id: project.id },
        })
      ).data as Page;
    const listed = await page();
    expect(listed.expenses).toHaveLength(20);
    expect(listed.expenses[0]?.vendor).toBe("Vendor 25");
    expect(listed).toMatchObject({ expenseCount: 25, unbilledExpenseCount: 5, profit: { expenseCents: 25_000 } });
    // the first unbilled billable expense (Oct 5) is not among the 20 listed: the range still starts on it
    expect(listed.billing.from).toBe("2026-10-05");
    expect((await page("?expenses=all")).expenses).toHaveLength(25);
  });

  it("the profit report values unbilled time at the cost rate in effect on its day: person, then project and phase", async () => {
    const who = await person();
    const a = await projectWithPhases();
    const b = await projectWithPhases();
    const rate = (projectId: string, target: SaveRateForm["target"], from: string, cost: number) =>
      saveRate(db(), {
        actor: who,
        ip,
        projectId,
        form: { intent: "save-rate", target, effective_from: from, billable_rate: undefined, cost_rate: cost },
      });
    await rate(a.project.id, { scope: "person", id: who.userId }, "2026-01-01", 30_00);
    await rate(a.project.id, { scope: "person", id: who.userId }, "2026-06-01", 36_00);
    await rate(b.project.id, { scope: "project", id: null }, "2026-09-01", 60_00);
    await rate(a.project.id, { scope: "phase", id: a.design.id }, "2026-10-01", 90_00);
    await log(who, a.project.id, null, "2026-03-10", 60); // the person's 30.00: 30.00
    await log(who, a.project.id, null, "2026-07-10", 30); // the person's 36.00 from June: 18.00
    await log(who, a.project.id, a.design.id, "2026-09-15", 60); // the phase's rate starts in October: 36.00
    await log(who, a.project.id, a.design.id, "2026-10-15", 20); // the phase's 90.00: 30.00
    await log(who, b.project.id, null, "2026-08-15", 45); // before the project's rate: 27.00
    await log(who, b.project.id, null, "2026-09-15", 45); // the project's 60.00, with the next: 90.00
    await log(who, b.project.id, null, "2026-09-15", 45);
    const parts = await profitParts(db(), { from: "2026-01-01", to: "2026-12-31" }, "month");
    const byMonth = Object.fromEntries(profitTable(parts).rows.map((row) => [row.key, row.timeCostCents]));
    expect(byMonth).toEqual({
      "2026-03": 30_00,
      "2026-07": 18_00,
      "2026-08": 27_00,
      "2026-09": 36_00 + 90_00,
      "2026-10": 30_00,
    });
    const byCustomer = profitTable(await profitParts(db(), { from: "2026-01-01", to: "2026-12-31" }, "customer"));
    expect(byCustomer.rows.map((row) => row.timeCostCents).sort((x, y) => x - y)).toEqual([
      30_00 + 18_00 + 36_00 + 30_00,
      27_00 + 90_00,
    ]);
  });

  it("the profit report reconciles to the cent with the invoices and expenses, by month, customer and kind", async () => {
    const { respond, call, cookieFor } = routeHarness(database);
    const cookie = await cookieFor(`owner-${Math.random().toString(36).slice(2)}@studio.test`, true);
    const who = await person();
    const one = await projectWithPhases();
    const two = await projectWithPhases({ hourlyRate: "80.00" });
    await db().update(projects).set({ projectType: "Online shop" }).where(eq(projects.id, two.project.id));
    await saveRate(db(), {
      actor: who,
      ip,
      projectId: one.project.id,
      form: {
        intent: "save-rate",
        target: { scope: "person", id: who.userId },
        effective_from: "2026-01-01",
        billable_rate: undefined,
        cost_rate: 3_333,
      },
    });
    await log(who, one.project.id, one.design.id, "2026-10-15", 90);
    await log(who, one.project.id, null, "2026-11-02", 45);
    await log(who, two.project.id, null, "2026-11-20", 20);
    for (const [project, day, amount] of [
      [one.project.id, "2026-10-20", 12_345],
      [two.project.id, "2026-11-21", 999],
    ] as const) {
      await spend(who, project, { expense_date: day, amount });
    }
    const bill = async (projectId: string) => {
      const made = await invoiceUnbilledTime(db(), {
        actor: who,
        ip,
        projectId,
        today,
        form: billForm({ from: "2026-10-01" }),
      });
      if (!made.ok) throw new Error(made.message);
      await db().update(invoices).set({ status: "sent", sentAt: new Date() }).where(eq(invoices.id, made.invoiceId));
      return made;
    };
    const first = await bill(one.project.id);
    await bill(two.project.id);
    // a draft is not revenue
    await log(who, two.project.id, null, "2026-11-22", 60);
    await invoiceUnbilledTime(db(), { actor: who, ip, projectId: two.project.id, today, form: billForm() });
    await db().update(invoices).set({ amountPaid: "100.00" }).where(eq(invoices.id, first.invoiceId));

    const issued = await db().select().from(invoices).where(eq(invoices.status, "sent"));
    const invoicedCents = issued.reduce((sum, invoice) => sum + Math.round(Number(invoice.totalAmount) * 100), 0);
    expect(invoicedCents).toBe(225_00 + 26_40);
    for (const by of ["month", "customer", "type"] as const) {
      const path = `/admin/reports/profit.csv?from=2026-01-01&to=2026-12-31&by=${by}`;
      const csv = await (await respond(profitCsv.loader, path, { cookie })).text();
      const lines = csv
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
      expect(lines[0]).toBe("Group,Revenue invoiced,Revenue paid,Time at cost,Expenses,Margin,Margin %");
      const body = lines.slice(1, -1).map((line) => line.split(","));
      const totalLine = lines.at(-1)?.split(",") ?? [];
      const column = (n: number) => Math.round(body.reduce((sum, cells) => sum + Number(cells[n]) * 100, 0));
      // the rows add up to the total line, and the total to the invoices and expenses themselves
      expect(totalLine[0]).toBe("Total");
      expect(column(1)).toBe(invoicedCents);
      expect(Math.round(Number(totalLine[1]) * 100)).toBe(invoicedCents);
      expect(column(2)).toBe(100_00);
      expect(column(4)).toBe(12_345 + 999);
      expect(Math.round(Number(totalLine[4]) * 100)).toBe(12_345 + 999);
      // time at cost: the person's 33.33/h over 90 + 45 + 20 + 60 minutes
      expect(Math.round(Number(totalLine[3]) * 100)).toBe(
        [90, 45, 20, 60].reduce((sum, minutes) => sum + Math.round((minutes * 3_333) / 60), 0),
      );
      expect(column(5)).toBe(Math.round(Number(totalLine[5]) * 100));
    }
    const byType = await call(profitReport.loader, "/admin/reports/profit?from=2026-01-01&to=2026-12-31&by=type", {
      cookie,
    });
    expect((byType.data as { rows: { label: string }[] }).rows.map((row) => row.label)).toEqual([
      "Not set",
      "Online shop",
    ]);
    // a visitor without the admin role is refused
    const staff = await cookieFor(`staff-${Math.random().toString(36).slice(2)}@studio.test`, false);
    expect((await call(profitCsv.loader, "/admin/reports/profit.csv", { cookie: staff })).status).toBe(403);
  });

  it("shows the client the hours of a room only when the owner says so", async () => {
    const who = await person();
    const { project, customer, design } = await projectWithPhases();
    await db().update(projects).set({ roomVisible: true }).where(eq(projects.id, project.id));
    await log(who, project.id, design.id, "2026-11-02", 90);
    await log(who, project.id, null, "2026-11-03", 30, { billable: false });
    expect((await portalRooms(db(), customer.id))[0]?.hours).toBeNull();
    const deps = { db: db(), config: testConfig };
    expect(await setRoomHoursVisibility(deps, { projectId: project.id, actor: who, ip, visible: true })).toEqual({
      ok: true,
    });
    expect((await portalRooms(db(), customer.id))[0]?.hours).toEqual({
      totalMinutes: 120,
      byPhase: { [design.id]: 90, "": 30 },
    });
    await setRoomHoursVisibility(deps, { projectId: project.id, actor: who, ip, visible: false });
    expect((await portalRooms(db(), customer.id))[0]?.hours).toBeNull();
  });

  it("tells the owner when a phase's logged value reaches its price and its hours their estimate, once each", async () => {
    const who = await person();
    const { project, design } = await projectWithPhases();
    await db()
      .update(projects)
      .set({
        pricingDetails: {
          type: "phased",
          phases: [{ id: "p-design", name: "Design", price: 200, hours: 2 }],
          recurring_fees: [],
        },
      })
      .where(eq(projects.id, project.id));
    await db().update(projectPhases).set({ pricingPhaseId: "p-design" }).where(eq(projectPhases.id, design.id));
    await log(who, project.id, design.id, "2026-11-02", 90);
    const notices = async () =>
      (await db().select({ key: ownerNotices.key, message: ownerNotices.message }).from(ownerNotices))
        .filter((row) => row.key?.startsWith(`budget:${design.id}:`))
        .sort((a, b) => (a.key ?? "").localeCompare(b.key ?? ""));
    const keys = async () => (await notices()).map((row) => row.key);
    expect(await keys()).toEqual([]);
    await log(who, project.id, design.id, "2026-11-03", 10);
    expect(await keys()).toEqual([`budget:${design.id}:hours:80`, `budget:${design.id}:value:80`]);
    await log(who, project.id, design.id, "2026-11-04", 20);
    await log(who, project.id, design.id, "2026-11-05", 15);
    expect(await keys()).toEqual([
      `budget:${design.id}:hours:100`,
      `budget:${design.id}:hours:80`,
      `budget:${design.id}:value:100`,
      `budget:${design.id}:value:80`,
    ]);
    expect((await notices())[0]?.message).toMatch(/, Design: 2(\.0)? h logged, 100% of the 2(\.0)? h estimated$/);
  });

  it("lists a retainer's hours beyond its bank to bill or absorb, once per month, and never bills its time otherwise", async () => {
    const who = await person();
    const { project } = await projectWithPhases({ hourlyRate: "90.00" });
    expect(await saveHourBank(db(), { actor: who, ip, projectId: project.id, minutes: 10 * 60 })).toEqual({
      ok: true,
      minutes: 600,
    });
    await log(who, project.id, null, "2026-10-10", 8 * 60);
    await log(who, project.id, null, "2026-11-03", 9 * 60);
    await log(who, project.id, null, "2026-11-04", 2 * 60 + 30);
    await log(who, project.id, null, "2026-11-05", 5 * 60, { billable: false });
    const settle = (month: string, decision: "bill" | "absorb") =>
      settleBankMonth(db(), { actor: who, ip, projectId: project.id, month, decision, today });
    // October stayed inside the bank
    expect(await settle("2026-10", "bill")).toEqual({
      ok: false,
      reason: "refused",
      message: hourBankMessages.nothingBeyond,
    });
    // its time is covered by the retainer: "Invoice unbilled time" bills none of it
    expect(
      await invoiceUnbilledTime(db(), {
        actor: who,
        ip,
        projectId: project.id,
        today,
        form: billForm({ from: "2026-10-01" }),
      }),
    ).toMatchObject({ ok: false, message: timeMessages.nothingToBill });
    const [first, second] = await Promise.all([settle("2026-11", "bill"), settle("2026-11", "absorb")]);
    const results = [first, second];
    const billed = results.find((result) => result.ok);
    expect(results.filter((result) => !result.ok)).toEqual([
      { ok: false, reason: "refused", message: hourBankMessages.decided },
    ]);
    expect(billed).toMatchObject({ ok: true, minutes: 90 });
    const made = await db().select().from(invoices).where(eq(invoices.projectId, project.id));
    if (billed?.ok && billed.invoiceId) {
      expect(made).toHaveLength(1);
      expect(await linesOf(billed.invoiceId)).toEqual([
        {
          description: "Hours beyond the monthly bank, 2026-11: 1.5 h",
          quantity: "1.50",
          unitPrice: "90.00",
          lineTotal: "135.00",
        },
      ]);
    } else {
      // absorbed won: nothing is billed
      expect(made).toHaveLength(0);
    }
    expect(await settle("2026-11", "absorb")).toMatchObject({ ok: false, message: hourBankMessages.decided });
  });
});
