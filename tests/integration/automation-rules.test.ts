/**
 * The owner's own automations (ADR 0063), below HTTP on both databases: the form refuses a placeholder its trigger
 * does not offer, by name; "3 days after a proposal is sent and not signed, email, with my approval" holds the run
 * for approval, and the approved mail (as edited) goes once, with its "Stop these emails" link; the link stops the
 * next one, with the reason; a declined proposal's run is skipped; a project's moved end date replaces its run; a
 * rule never reaches back; a deleted rule's pending runs are cancelled; non-admins are refused.
 */
import { and, eq, like } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  auditLog,
  automationCustomRules,
  automationRuns,
  contactSubmissions,
  mailOptOuts,
  mailOutbox,
  ownerNotices,
  projects,
  proposals,
} from "#app/db/schema.ts";
import { customRuleKey } from "#app/domain/automation-rules.ts";
import { addDaysIso, todayIn } from "#app/domain/dates.ts";
import { scheduleRuns, setScopeHeld } from "#app/models/automations.server.ts";
import * as ruleRoute from "#app/routes/admin/automation-rule.tsx";
import * as automationsRoute from "#app/routes/admin/automations.tsx";
import * as stopRoute from "#app/routes/stop-emails.tsx";
import { optOutToken } from "#app/services/mail-opt-out.server.ts";
import { automationTestKit } from "../support/automations.ts";
import { describeEachDatabase } from "../support/database.ts";
import { createSentProposal } from "../support/proposals.ts";
import { insertCustomer, insertInvoice, insertProject } from "../support/records.ts";
import { testConfig } from "../support/routes.ts";

const day = 86_400_000;
const path = "/admin/automations";

describeEachDatabase("the owner's automations", (database) => {
  const { call, cookieFor, db, owner, pass, later, ...kit } = automationTestKit(database);

  const ruleForm = (values: Record<string, string> = {}) => ({
    intent: "save",
    name: "Nudge an unsigned proposal",
    trigger: "proposal_unsigned",
    days: "3",
    min_amount: "",
    step: "email",
    subject: "Any questions about {proposal_title}?",
    body: "Hi {client_name},\n\nHappy to walk you through {document_number}.\n\n{studio_name}",
    approval: "on",
    ...values,
  });
  const createRule = (values: Record<string, string> = {}) => kit.createRule(ruleForm(values));
  const sentProposal = async (name: string) => {
    const customer = await insertCustomer(db(), { name, email: `${name.toLowerCase()}@client.test` });
    const proposal = await createSentProposal(db(), {
      customerId: customer.id,
      expiresOn: addDaysIso(todayIn("America/New_York"), 30),
      actor: owner.actor,
    });
    return { customer, proposal };
  };
  /** The mails the automations queued (the proposal's own sending mail aside). */
  const nudges = () => db().select().from(mailOutbox).where(like(mailOutbox.subject, "%questions%"));

  it("refuses a placeholder its trigger does not offer, by name; non-admins are refused", async () => {
    const refused = await call(ruleRoute.action, `${path}/new`, {
      cookie: owner.cookie,
      form: ruleForm({ subject: "Hello {client_nam}", body: "About {amount}" }),
    });
    expect(refused.status).toBe(400);
    const errors = JSON.stringify(refused.data);
    expect(errors).toContain(
      "Unknown field {client_nam}: this trigger offers {client_name}, {studio_name}, {document_number}, {proposal_title}, {valid_until}",
    );
    expect(errors).toContain("Unknown field {amount}");
    // a negative day count is only for a date
    const negative = await call(ruleRoute.action, `${path}/new`, {
      cookie: owner.cookie,
      form: ruleForm({ days: "-2" }),
    });
    expect(negative.status).toBe(400);
    expect(await db().select().from(automationCustomRules)).toEqual([]);
    const staff = await cookieFor("staff@studio.test", false);
    for (const cookie of ["", staff]) {
      expect([302, 403]).toContain((await call(ruleRoute.action, `${path}/new`, { cookie, form: ruleForm() })).status);
      expect([302, 403]).toContain((await call(ruleRoute.loader, `${path}/new`, { cookie })).status);
    }
    expect(await db().select().from(automationCustomRules)).toEqual([]);
  });

  it("3 days after a proposal is sent and not signed: waits for approval; the approved mail, as edited, goes once", async () => {
    const rule = await createRule();
    const { customer } = await sentProposal("Ada");
    // not before its day
    expect(await pass(later(2))).toMatchObject({ scheduled: 0, waiting: 0 });
    expect(await pass(later(3))).toMatchObject({ scheduled: 1, waiting: 1, sent: 0 });
    // held: another pass, or two at once, neither sends nor schedules it again
    await Promise.all([pass(later(3)), pass(later(4))]);
    expect(await nudges()).toEqual([]);
    const [run] = await db()
      .select()
      .from(automationRuns)
      .where(eq(automationRuns.rule, customRuleKey(rule.id)));
    expect(run).toMatchObject({ status: "waiting_approval", customerId: customer.id, attempts: 0 });

    // the queue shows the mail as it would go
    const page = await call(automationsRoute.loader, path, { cookie: owner.cookie });
    const queue = (page.data as { queue: { id: string; rule: string; preview: Record<string, unknown> }[] }).queue;
    expect(queue).toHaveLength(1);
    expect(queue[0]?.rule).toBe("Nudge an unsigned proposal");
    expect(queue[0]?.preview).toMatchObject({
      to: "ada@client.test",
      subject: "Any questions about A new website for the bakery?",
      editable: true,
    });
    expect(String(queue[0]?.preview.body)).toMatch(/^Hi Ada,\n\nHappy to walk you through PRO-\d+\.\n\n/);

    // approved with an edit: sent at once, as edited, with the stop link
    const approved = await call(automationsRoute.action, path, {
      cookie: owner.cookie,
      form: {
        intent: "approve",
        run: run?.id ?? "",
        subject: "Any questions, Ada?",
        body: "Hi Ada,\n\nJust checking in.",
      },
    });
    expect(approved.status).toBe(302);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.subject, "Any questions, Ada?"));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe("ada@client.test");
    expect(mails[0]?.text).toContain("Just checking in.");
    expect(mails[0]?.text).toContain(
      `http://studio.test/stop-emails/${optOutToken(testConfig.sessionSecret, "ada@client.test")}`,
    );
    const [done] = await db()
      .select()
      .from(automationRuns)
      .where(eq(automationRuns.id, run?.id ?? ""));
    expect(done).toMatchObject({ status: "sent", attempts: 1, edited: { subject: "Any questions, Ada?" } });
    // once: a replay, a later pass and a second approval send nothing more
    await pass(later(5));
    const again = await call(automationsRoute.action, path, {
      cookie: owner.cookie,
      form: { intent: "approve", run: run?.id ?? "" },
    });
    expect(again.status).toBe(302);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.subject, "Any questions, Ada?"))).toHaveLength(1);
    const events = await db().select().from(auditLog).where(eq(auditLog.event, "automation_run_approved"));
    expect(events).toHaveLength(1);
    expect(events[0]?.detail).toMatchObject({ rule: "Nudge an unsigned proposal", edited: true, outcome: "sent" });
  });

  it("tries a rule on a customer without sending or scheduling anything", async () => {
    const rule = await createRule();
    const { customer } = await sentProposal("Eve");
    const tried = await call(ruleRoute.loader, `${path}/${rule.id}?try=${customer.id}`, {
      cookie: owner.cookie,
      params: { id: rule.id },
    });
    const trial = (tried.data as { trial: { items: Record<string, unknown>[] } }).trial;
    expect(trial.items).toHaveLength(1);
    expect(trial.items[0]).toMatchObject({
      verdict: "later",
      to: "eve@client.test",
      subject: "Any questions about A new website for the bakery?",
    });
    expect(String(trial.items[0]?.body)).toMatch(/^Hi Eve,\n\nHappy to walk you through PRO-\d+\./);
    // three days on it would be due; a customer with nothing to remind: nothing
    await db()
      .update(automationCustomRules)
      .set({ createdAt: new Date(Date.now() - 10 * day) });
    await db()
      .update(proposals)
      .set({ sentAt: new Date(Date.now() - 4 * day) });
    const due = await call(ruleRoute.loader, `${path}/${rule.id}?try=${customer.id}`, {
      cookie: owner.cookie,
      params: { id: rule.id },
    });
    expect((due.data as { trial: { items: { verdict: string }[] } }).trial.items.map((item) => item.verdict)).toEqual([
      "due",
    ]);
    const other = await insertCustomer(db(), { name: "Nobody", email: "nobody@client.test" });
    const none = await call(ruleRoute.loader, `${path}/${rule.id}?try=${other.id}`, {
      cookie: owner.cookie,
      params: { id: rule.id },
    });
    expect((none.data as { trial: { items: unknown[] } }).trial.items).toEqual([]);
    expect(await db().select().from(automationRuns)).toEqual([]);
    expect(await nudges()).toEqual([]);
  });

  it("the client's Stop these emails skips the next mail with the reason; a declined proposal's run is skipped", async () => {
    await createRule({ approval: "" });
    const { proposal } = await sentProposal("Bea");
    const token = optOutToken(testConfig.sessionSecret, "Bea@Client.test");
    // the page asks first: opening it stops nothing
    const asked = await call(stopRoute.loader, `/stop-emails/${token}`, { params: { token } });
    expect(asked.data).toMatchObject({ stopped: false });
    expect(await db().select().from(mailOptOuts)).toEqual([]);
    const stopped = await call(stopRoute.action, `/stop-emails/${token}`, { form: {}, params: { token } });
    expect(stopped.status).toBe(303);
    expect((await call(stopRoute.loader, `/stop-emails/${token}`, { params: { token } })).data).toMatchObject({
      stopped: true,
    });
    // a forged or broken token finds nothing and stops nothing
    for (const bad of [`${token}x`, "YWRhQGNsaWVudC50ZXN0.AAAAAAAAAAAAAAAAAAAAAA", "nope"]) {
      expect((await call(stopRoute.action, `/stop-emails/${bad}`, { form: {}, params: { token: bad } })).status).toBe(
        404,
      );
    }
    expect(await db().select().from(mailOptOuts)).toHaveLength(1);
    expect(await pass(later(3))).toMatchObject({ scheduled: 1, skipped: 1, sent: 0 });
    const [run] = await db().select().from(automationRuns).where(eq(automationRuns.subjectId, proposal.id));
    expect(run?.reason).toBe("The client asked for no more automatic emails");

    // another client declines before the day comes: skipped with the reason
    const { proposal: other } = await sentProposal("Cy");
    await setScopeHeld(
      db(),
      { customerId: (await db().select().from(proposals).where(eq(proposals.id, other.id)))[0]?.customerId ?? "" },
      true,
    );
    await pass(later(3));
    await db().update(proposals).set({ status: "declined", declinedAt: new Date() }).where(eq(proposals.id, other.id));
    await setScopeHeld(
      db(),
      { customerId: (await db().select().from(proposals).where(eq(proposals.id, other.id)))[0]?.customerId ?? "" },
      false,
    );
    expect(await pass(later(3))).toMatchObject({ skipped: 1, sent: 0 });
    const [signed] = await db().select().from(automationRuns).where(eq(automationRuns.subjectId, other.id));
    expect(signed?.reason).toBe("The proposal was signed, declined, withdrawn or expired");
    expect(await nudges()).toEqual([]);
  });

  it("a project's end date: a to-do two days before; a moved date replaces the run; a rule never reaches back", async () => {
    const today = todayIn("America/New_York");
    // made before the rule, long past: never acted on
    const customer = await insertCustomer(db(), { name: "Dee", email: "dee@client.test" });
    await insertProject(db(), customer.id, {
      projectName: "Old site",
      status: "in_progress",
      endDate: addDaysIso(today, -40),
    });
    const project = await insertProject(db(), customer.id, {
      projectName: "Shop",
      status: "in_progress",
      endDate: addDaysIso(today, 5),
    });
    await createRule({
      name: "Prepare the hand-over",
      trigger: "project_end_date",
      days: "-2",
      step: "todo",
      subject: "Prepare the hand-over of {project_name}",
      body: "Due {end_date}",
      approval: "",
    });
    await setScopeHeld(db(), { customerId: customer.id }, true);
    expect(await pass(later(4))).toMatchObject({ scheduled: 1, sent: 0 });
    // the date moves: the run of the old date is skipped, the new date's comes
    await db()
      .update(projects)
      .set({ endDate: addDaysIso(today, 9) })
      .where(eq(projects.id, project.id));
    await setScopeHeld(db(), { customerId: customer.id }, false);
    expect(await pass(later(4))).toMatchObject({ skipped: 1, sent: 0 });
    const [moved] = await db().select().from(automationRuns).where(eq(automationRuns.status, "skipped"));
    expect(moved?.reason).toBe("Its date changed: the run for the new date replaces it");
    expect(await pass(later(8))).toMatchObject({ scheduled: 1, sent: 1 });
    const notices = await db().select().from(ownerNotices).where(eq(ownerNotices.kind, "automation"));
    expect(notices.map((notice) => [notice.message, notice.link])).toEqual([
      ["Prepare the hand-over of Shop (Shop · Dee)", `/admin/projects/${project.id}`],
    ]);
    expect(await pass(later(20))).toMatchObject({ scheduled: 0, sent: 0 });
  });

  it("conditions narrow a rule: only website inquiries of a budget; only overdue invoices of active customers owing enough", async () => {
    await createRule({
      name: "Inquiry nudge",
      trigger: "inquiry_new",
      days: "1",
      project_type: "website",
      budget_range: "medium",
      subject: "Still thinking about it, {client_name}?",
      body: "Happy to help.",
      approval: "",
    });
    await db()
      .insert(contactSubmissions)
      .values([
        { name: "Web Medium", email: "wm@lead.test", projectType: "website", budgetRange: "medium", message: "A site" },
        { name: "Web Large", email: "wl@lead.test", projectType: "website", budgetRange: "large", message: "A site" },
        { name: "App Medium", email: "am@lead.test", projectType: "webapp", budgetRange: "medium", message: "An app" },
      ]);
    expect(await pass(later(1))).toMatchObject({ scheduled: 1, sent: 1 });
    const [nudge] = await db().select().from(mailOutbox).where(like(mailOutbox.subject, "Still thinking%"));
    expect(nudge?.to).toBe("wm@lead.test");

    await createRule({
      name: "Overdue",
      trigger: "invoice_overdue",
      days: "2",
      customer_status: "active",
      min_amount: "100",
      subject: "{document_number} is overdue",
      body: "{amount} is still owed.",
      approval: "",
    });
    const today = todayIn("America/New_York");
    const owing = async (name: string, status: "active" | "prospect", balance: string) => {
      const customer = await insertCustomer(db(), { name, email: `${name.toLowerCase()}@client.test`, status });
      await insertInvoice(db(), {
        invoiceNumber: `INV-${name}`,
        customerId: customer.id,
        status: "sent",
        sentAt: new Date(Date.now() - 20 * day),
        dueDate: today,
        totalAmount: balance,
        balanceDue: balance,
      });
    };
    await owing("Ann", "active", "150.00");
    await owing("Ben", "prospect", "150.00");
    await owing("Cat", "active", "99.99");
    await pass(later(3));
    const overdue = await db().select().from(mailOutbox).where(like(mailOutbox.subject, "%is overdue"));
    expect(overdue.map((mail) => [mail.to, mail.subject])).toEqual([["ann@client.test", "INV-Ann is overdue"]]);
    // "due in 3 days": a day count before the due date, on the same trigger
    await createRule({
      name: "Due soon",
      trigger: "invoice_overdue",
      days: "-3",
      subject: "{document_number} is due on {due_date}",
      body: "{amount} is due soon.",
      approval: "",
    });
    const soon = await insertCustomer(db(), { name: "Dot", email: "dot@client.test" });
    await insertInvoice(db(), {
      invoiceNumber: "INV-Dot",
      customerId: soon.id,
      status: "sent",
      sentAt: new Date(),
      dueDate: addDaysIso(today, 6),
      totalAmount: "80.00",
      balanceDue: "80.00",
    });
    await pass(later(1));
    expect(await db().select().from(mailOutbox).where(like(mailOutbox.subject, "INV-Dot%"))).toEqual([]);
    await pass(later(3));
    const dueSoon = await db().select().from(mailOutbox).where(like(mailOutbox.subject, "INV-Dot%"));
    expect(dueSoon.map((mail) => mail.to)).toEqual(["dot@client.test"]);
    // a condition its trigger cannot be narrowed by is refused, named
    const refused = await call(ruleRoute.action, `${path}/new`, {
      cookie: owner.cookie,
      form: ruleForm({ budget_range: "large" }),
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("This trigger cannot be narrowed by this: leave it at Any");
  });

  it("editing and deleting are audited; a deleted rule's pending runs are cancelled with the reason", async () => {
    const rule = await createRule();
    const edited = await call(ruleRoute.action, `${path}/${rule.id}`, {
      cookie: owner.cookie,
      form: ruleForm({ name: "Nudge, renamed", days: "5" }),
      params: { id: rule.id },
    });
    expect(edited.status).toBe(302);
    expect((await db().select().from(automationCustomRules))[0]).toMatchObject({ name: "Nudge, renamed", days: 5 });
    const key = customRuleKey(rule.id);
    await scheduleRuns(
      db(),
      key,
      [{ subjectType: "proposal", subjectId: "x", subjectLabel: "X", dueAt: new Date() }],
      new Date(),
    );
    // paused and resumed from the page like a built-in one
    expect(
      (await call(automationsRoute.action, path, { cookie: owner.cookie, form: { intent: "pause", rule: key } }))
        .status,
    ).toBe(302);
    const deleted = await call(ruleRoute.action, `${path}/${rule.id}`, {
      cookie: owner.cookie,
      form: { intent: "delete" },
      params: { id: rule.id },
    });
    expect(deleted.status).toBe(302);
    expect(await db().select().from(automationCustomRules)).toEqual([]);
    const [run] = await db()
      .select()
      .from(automationRuns)
      .where(and(eq(automationRuns.rule, key)));
    expect(run).toMatchObject({ status: "skipped", reason: "The automation was deleted" });
    const events = (await db().select().from(auditLog).where(like(auditLog.event, "automation_%"))).map(
      (row) => row.event,
    );
    expect(events.sort()).toEqual([
      "automation_paused",
      "automation_rule_created",
      "automation_rule_deleted",
      "automation_rule_saved",
    ]);
    // gone: its page answers 404
    expect(
      (await call(ruleRoute.loader, `${path}/${rule.id}`, { cookie: owner.cookie, params: { id: rule.id } })).status,
    ).toBe(404);
  });
});
