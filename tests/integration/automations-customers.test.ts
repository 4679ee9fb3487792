/**
 * A customer's automations (ADR 0063), below HTTP on both databases: their "What happens next" lists the payment
 * reminders to come; Skip keeps one from ever being sent (also one not scheduled yet); Pause holds their runs while
 * other customers' go, and Resume lets them go once; archiving cancels their pending runs for good, with the
 * reason, and those that come due later are skipped too; the card's actions are audited and refused to non-admins.
 */
import { and, eq, like } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { auditLog, automationRuns, invoiceSends, ownerNotices } from "#app/db/schema.ts";
import { automationRuleFormSchema } from "#app/domain/automation-rules.ts";
import { addDaysIso, todayIn } from "#app/domain/dates.ts";
import { projectFormSchema, toProjectRow } from "#app/domain/project-form.ts";
import { createCustomRule } from "#app/models/automation-custom-rules.server.ts";
import { scopeHeld } from "#app/models/automations.server.ts";
import { updateCustomer } from "#app/models/customers.server.ts";
import { updateProject } from "#app/models/projects.server.ts";
import * as automationsRoute from "#app/routes/admin/customers/automations.ts";
import * as detailRoute from "#app/routes/admin/customers/detail.tsx";
import * as projectAutomations from "#app/routes/admin/projects/automations.ts";
import * as projectRoute from "#app/routes/admin/projects/detail.tsx";
import { automationHandlers } from "#app/services/automation-custom.server.ts";
import { builtInHandlers } from "#app/services/automation-rules.server.ts";
import { nextRuns, runAutomations } from "#app/services/automations.server.ts";
import { queueDueReminders } from "#app/services/invoice-sending.server.ts";
import { createLogger } from "#app/services/logger.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { insertCustomer, insertInvoice, insertProject } from "../support/records.ts";
import { routeHarness, testConfig } from "../support/routes.ts";

const logger = createLogger("silent");
const day = 86_400_000;

describeEachDatabase("a customer's automations", (database) => {
  const { call, cookieFor } = routeHarness(database);
  const db = () => database().db;
  const deps = () => ({ db: db(), config: testConfig, logger });
  let admin = "";
  let ada = { id: "", name: "" };
  let bob = { id: "", name: "" };
  const today = todayIn("America/New_York");

  /** A customer with a sent invoice, unpaid, due in 3 days: its reminders are due today (-3), then 0 and 7. */
  async function owing(name: string, number: string) {
    const customer = await insertCustomer(db(), { name, email: `${name.toLowerCase()}@client.test` });
    await insertInvoice(db(), {
      invoiceNumber: number,
      customerId: customer.id,
      status: "sent",
      sentAt: new Date(Date.now() - 30 * day),
      dueDate: addDaysIso(today, 3),
      totalAmount: "100.00",
      balanceDue: "100.00",
    });
    return customer;
  }

  beforeEach(async () => {
    admin = await cookieFor("owner@studio.test", true);
    ada = await owing("Ada", "INV-0001");
    bob = await owing("Bob", "INV-0002");
  });

  const next = (customerId: string, now = new Date()) => nextRuns(db(), builtInHandlers(deps()), { customerId }, now);
  const act = (customerId: string, form: Record<string, string>, cookie = admin) =>
    call(automationsRoute.action, `/admin/customers/${customerId}/automations`, {
      cookie,
      form,
      params: { id: customerId },
    });
  /** The studio's pass on a given day (noon in its time zone). */
  const passOn = (offsetDays: number) =>
    queueDueReminders(deps(), new Date(`${addDaysIso(today, offsetDays)}T17:00:00Z`));
  const remindedOffsets = async (invoiceNumber: string) =>
    (
      await db()
        .select({ offset: invoiceSends.reminderOffset, subject: invoiceSends.subject })
        .from(invoiceSends)
        .where(and(eq(invoiceSends.kind, "reminder"), like(invoiceSends.subject, `%${invoiceNumber}%`)))
    )
      .map((row) => row.offset ?? Number.NaN)
      .sort((a, b) => a - b);

  it("lists the reminders to come, soonest first; a skipped one, not yet scheduled, is never sent", async () => {
    const listed = await next(ada.id);
    expect(listed.map((run) => [run.rule, run.subjectLabel, run.status])).toEqual([
      ["payment-reminder", "INV-0001 · Ada (3 days before the due date)", "upcoming"],
      ["payment-reminder", "INV-0001 · Ada (on the due date)", "upcoming"],
      ["payment-reminder", "INV-0001 · Ada (7 days after the due date)", "upcoming"],
    ]);
    expect(listed.map((run) => run.dueAt.toISOString().slice(0, 10))).toEqual([
      today,
      addDaysIso(today, 3),
      addDaysIso(today, 10),
    ]);
    // the page's card holds the same list
    const page = await call(detailRoute.loader, `/admin/customers/${ada.id}`, {
      cookie: admin,
      params: { id: ada.id },
    });
    expect((page.data as { next: { held: boolean; runs: unknown[] } }).next).toMatchObject({ held: false });
    expect((page.data as { next: { runs: unknown[] } }).next.runs).toHaveLength(3);

    const onTheDay = listed[1];
    if (!onTheDay) throw new Error("no second run");
    const skipped = await act(ada.id, {
      intent: "skip",
      rule: onTheDay.rule,
      subject_type: onTheDay.subjectType,
      subject_id: onTheDay.subjectId,
      due_at: onTheDay.dueAt.toISOString(),
    });
    expect(skipped).toMatchObject({ status: 302, location: `/admin/customers/${ada.id}` });
    expect((await next(ada.id)).map((run) => run.subjectLabel)).toEqual([
      "INV-0001 · Ada (3 days before the due date)",
      "INV-0001 · Ada (7 days after the due date)",
    ]);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.event, "automation_run_skipped"));
    expect(entry?.detail).toEqual({
      customer: "Ada",
      rule: "payment-reminder",
      run: "INV-0001 · Ada (on the due date)",
    });

    // today's and the later one go; the skipped day passes without a mail
    expect(await passOn(0)).toBe(2);
    expect(await passOn(3)).toBe(1);
    expect(await passOn(10)).toBe(2);
    expect(await remindedOffsets("INV-0001")).toEqual([-3, 7]);
    // the other customer's on the due date went
    expect(await remindedOffsets("INV-0002")).toEqual([-3, 0, 7]);
    const [kept] = await db()
      .select()
      .from(automationRuns)
      .where(and(eq(automationRuns.customerId, ada.id), eq(automationRuns.status, "skipped")));
    expect(kept).toMatchObject({ reason: "Skipped by you", subjectLabel: "INV-0001 · Ada (on the due date)" });
    // skipping again, or something the list does not hold: refused with the reason, nothing changes
    const again = await act(ada.id, {
      intent: "skip",
      rule: onTheDay.rule,
      subject_type: onTheDay.subjectType,
      subject_id: onTheDay.subjectId,
      due_at: onTheDay.dueAt.toISOString(),
    });
    expect(again.status).toBe(302);
    expect(await db().select().from(auditLog).where(eq(auditLog.event, "automation_run_skipped"))).toHaveLength(1);
  });

  it("a paused customer's runs wait while other customers' go; resumed, they go once", async () => {
    expect((await act(ada.id, { intent: "pause" })).status).toBe(302);
    expect(await scopeHeld(db(), { customerId: ada.id })).toBe(true);
    expect(await passOn(0)).toBe(1);
    expect(await remindedOffsets("INV-0001")).toEqual([]);
    expect(await remindedOffsets("INV-0002")).toEqual([-3]);
    // the held run is scheduled, and listed as such
    expect((await next(ada.id)).map((run) => run.status)).toEqual(["scheduled", "upcoming", "upcoming"]);
    expect(await passOn(0)).toBe(0);
    expect((await act(ada.id, { intent: "resume" })).status).toBe(302);
    const [first, second] = await Promise.all([passOn(0), passOn(0)]);
    expect((first ?? 0) + (second ?? 0)).toBe(1);
    expect(await remindedOffsets("INV-0001")).toEqual([-3]);
    const events = (await db().select().from(auditLog).where(like(auditLog.event, "automation_customer_%"))).map(
      (row) => [row.event, row.detail],
    );
    expect(events.sort()).toEqual([
      ["automation_customer_paused", { customer: "Ada" }],
      ["automation_customer_resumed", { customer: "Ada" }],
    ]);
  });

  it("archiving cancels a customer's pending runs for good, with the reason; later ones are skipped too", async () => {
    await act(ada.id, { intent: "pause" });
    await passOn(0);
    await updateCustomer(db(), ada.id, { name: "Ada", email: "ada@client.test", status: "archived" });
    const [cancelled] = await db().select().from(automationRuns).where(eq(automationRuns.customerId, ada.id));
    expect(cancelled).toMatchObject({ status: "skipped", reason: "The customer was archived" });
    await act(ada.id, { intent: "resume" });
    // the reminder of the due date comes round: skipped with the reason, not sent
    expect(await passOn(3)).toBe(1);
    expect(await remindedOffsets("INV-0001")).toEqual([]);
    const reasons = (await db().select().from(automationRuns).where(eq(automationRuns.customerId, ada.id))).map(
      (run) => [run.subjectLabel, run.status, run.reason],
    );
    expect(reasons.sort()).toEqual([
      ["INV-0001 · Ada (3 days before the due date)", "skipped", "The customer was archived"],
      ["INV-0001 · Ada (on the due date)", "skipped", "The customer was archived"],
    ]);
    const page = await call(detailRoute.loader, `/admin/customers/${ada.id}`, {
      cookie: admin,
      params: { id: ada.id },
    });
    expect((page.data as { next: unknown }).next).toEqual({ held: false, closed: true, runs: [] });
    // made active again, the cancelled runs stay cancelled: nothing restarts
    await updateCustomer(db(), ada.id, { name: "Ada", email: "ada@client.test", status: "active" });
    expect(await passOn(3)).toBe(0);
    expect(await remindedOffsets("INV-0001")).toEqual([]);
  });

  it("a project's list holds its own runs; its pause holds them while the customer's others go; completing it cancels all but its invoices' reminders", async () => {
    const project = await insertProject(db(), ada.id, {
      projectName: "Shop",
      status: "in_progress",
      endDate: addDaysIso(today, 5),
    });
    await insertInvoice(db(), {
      invoiceNumber: "INV-0003",
      customerId: ada.id,
      projectId: project.id,
      status: "sent",
      sentAt: new Date(Date.now() - 30 * day),
      dueDate: addDaysIso(today, 3),
      totalAmount: "50.00",
      balanceDue: "50.00",
    });
    await createCustomRule(
      db(),
      automationRuleFormSchema.parse({
        name: "Hand-over",
        trigger: "project_end_date",
        days: "-2",
        step: "todo",
        subject: "Prepare the hand-over of {project_name}",
        body: "Due {end_date}",
      }),
    );
    const all = async () => automationHandlers(deps());
    const scope = { customerId: ada.id, projectId: project.id };
    const listed = await nextRuns(db(), await all(), scope, new Date());
    // soonest first (the to-do and the reminder of the due date both three days on); not the customer's other invoice
    expect(listed.map((run) => run.subjectLabel)).toEqual([
      "INV-0003 · Ada (3 days before the due date)",
      "INV-0003 · Ada (on the due date)",
      "Shop · Ada",
      "INV-0003 · Ada (7 days after the due date)",
    ]);
    const page = await call(projectRoute.loader, `/admin/projects/${project.id}`, {
      cookie: admin,
      params: { id: project.id },
    });
    expect((page.data as { next: { runs: unknown[]; held: boolean } }).next).toMatchObject({ held: false });
    expect((page.data as { next: { runs: unknown[] } }).next.runs).toHaveLength(4);

    // paused: the project's runs wait, the customer's other invoice goes
    const paused = await call(projectAutomations.action, `/admin/projects/${project.id}/automations`, {
      cookie: admin,
      form: { intent: "pause" },
      params: { id: project.id },
    });
    expect(paused.status).toBe(302);
    const dayThree = new Date(`${addDaysIso(today, 3)}T17:00:00Z`);
    await runAutomations(db(), await all(), dayThree);
    expect(await remindedOffsets("INV-0001")).toEqual([0]);
    expect(await remindedOffsets("INV-0003")).toEqual([]);
    expect((await nextRuns(db(), await all(), scope, dayThree)).map((run) => [run.subjectLabel, run.status])).toEqual([
      ["INV-0003 · Ada (on the due date)", "scheduled"],
      ["Shop · Ada", "scheduled"],
      ["INV-0003 · Ada (7 days after the due date)", "upcoming"],
    ]);

    // completed through its form: the to-do is cancelled for good; the invoice's reminder still goes once resumed
    const form = projectFormSchema.parse({
      customer_id: ada.id,
      project_name: "Shop",
      pricing_type: "fixed",
      status: "completed",
      end_date: addDaysIso(today, 5),
    });
    await updateProject(db(), project.id, toProjectRow(form));
    const [handOver] = await db().select().from(automationRuns).where(eq(automationRuns.subjectType, "project"));
    expect(handOver).toMatchObject({ status: "skipped", reason: "The project was completed or cancelled" });
    await call(projectAutomations.action, `/admin/projects/${project.id}/automations`, {
      cookie: admin,
      form: { intent: "resume" },
      params: { id: project.id },
    });
    await runAutomations(db(), await all(), dayThree);
    expect(await remindedOffsets("INV-0003")).toEqual([0]);
    expect(await db().select().from(ownerNotices)).toEqual([]);
    const events = (await db().select().from(auditLog).where(like(auditLog.event, "automation_project_%"))).map(
      (row) => [row.event, row.detail],
    );
    expect(events.sort()).toEqual([
      ["automation_project_paused", { project: "Shop" }],
      ["automation_project_resumed", { project: "Shop" }],
    ]);
  });

  it("refuses non-admins, unknown actions and unknown customers", async () => {
    const staff = await cookieFor("staff@studio.test", false);
    for (const cookie of ["", staff]) {
      expect([302, 403]).toContain((await act(ada.id, { intent: "pause" }, cookie)).status);
    }
    expect(await scopeHeld(db(), { customerId: ada.id })).toBe(false);
    expect((await act(ada.id, { intent: "delete" })).status).toBe(400);
    expect((await act(ada.id, { intent: "skip", rule: "payment-reminder" })).status).toBe(400);
    expect((await act("00000000-0000-4000-8000-000000000000", { intent: "pause" })).status).toBe(404);
    expect((await act("not-an-id", { intent: "pause" })).status).toBe(404);
    // a skip of a run the list does not hold changes nothing
    const stray = await act(ada.id, {
      intent: "skip",
      rule: "payment-reminder",
      subject_type: "invoice",
      subject_id: "made-up:0",
      due_at: new Date().toISOString(),
    });
    expect(stray.status).toBe(302);
    // nor one of another customer's, posted to this customer's card
    const [bobsFirst] = await next(bob.id);
    if (!bobsFirst) throw new Error("Bob has nothing to come");
    const crossed = await act(ada.id, {
      intent: "skip",
      rule: bobsFirst.rule,
      subject_type: bobsFirst.subjectType,
      subject_id: bobsFirst.subjectId,
      due_at: bobsFirst.dueAt.toISOString(),
    });
    expect(crossed.status).toBe(302);
    expect(await db().select().from(automationRuns)).toEqual([]);
    expect((await next(bob.id)).map((run) => run.status)).toEqual(["upcoming", "upcoming", "upcoming"]);
  });
});
