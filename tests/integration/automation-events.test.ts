/**
 * The owner's automations on events (ADR 0063), below HTTP on both databases: "a proposal is opened, signed or
 * declined", "an invoice is paid in full", "a phase is approved" and "a project is completed" each act their days
 * after the event, once, and never on an event from before the rule reached; a record that no longer qualifies (unpaid again, reopened) is left alone; the
 * "Request a testimonial" step, offered only when a project is completed, asks through the testimonial loop's own
 * call (a link, the mail of Settings → Emails), and the completed project does not cancel it.
 */
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  automationRuns,
  deliverableAnswerRecords,
  deliverables,
  deliverableVersions,
  invoices,
  mailOutbox,
  projectPhases,
  projects,
  proposals,
  questionnaireRequests,
  questionnaires,
  questionnaireVersions,
  testimonialRequests,
} from "#app/db/schema.ts";
import { customRuleKey, ruleMessages } from "#app/domain/automation-rules.ts";
import { automationMessages } from "#app/domain/automations.ts";
import { addDaysIso, todayIn } from "#app/domain/dates.ts";
import { projectFormSchema, toProjectRow } from "#app/domain/project-form.ts";
import { recordPayment } from "#app/models/payments.server.ts";
import { updateProject } from "#app/models/projects.server.ts";
import { markProposalViewed } from "#app/models/proposals.server.ts";
import * as ruleRoute from "#app/routes/admin/automation-rule.tsx";
import * as automationsRoute from "#app/routes/admin/automations.tsx";
import { declineProposal, findClientProposal, signProposal } from "#app/services/proposals.server.ts";
import { automationTestKit } from "../support/automations.ts";
import { describeEachDatabase } from "../support/database.ts";
import { createSentProposal } from "../support/proposals.ts";
import { insertCustomer, insertInvoice, insertProject } from "../support/records.ts";

const day = 86_400_000;
const path = "/admin/automations";

describeEachDatabase("the owner's automations on events", (database) => {
  const { call, cookieFor, db, owner, deps, pass, later, ...kit } = automationTestKit(database);
  const createRule = (values: Record<string, string>) =>
    kit.createRule({ intent: "save", name: "A rule", days: "1", min_amount: "", subject: "", body: "", ...values });
  const runsOf = (ruleId: string) =>
    db()
      .select()
      .from(automationRuns)
      .where(eq(automationRuns.rule, customRuleKey(ruleId)));
  const mailsTo = (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, to));

  const signedProposal = async (name: string) => {
    const customer = await insertCustomer(db(), { name, email: `${name.toLowerCase()}@client.test` });
    const sent = await createSentProposal(db(), {
      customerId: customer.id,
      expiresOn: addDaysIso(todayIn("America/New_York"), 30),
      actor: owner.actor,
    });
    const opened = await findClientProposal(db(), sent.token, "198.51.100.7");
    if (!opened.ok) throw new Error(opened.reason);
    const signed = await signProposal(deps(), {
      token: sent.token,
      form: {
        intent: "sign",
        tier: "t2",
        addons: [],
        signer_name: name,
        agree: true,
        content_hash: opened.contentHash,
      },
      ip: null,
      userAgent: null,
    });
    if (!signed.ok) throw new Error(JSON.stringify(signed));
    return { customer, proposal: sent };
  };

  it("2 days after a proposal is signed: the mail goes once; a signing before the rule reached is left alone", async () => {
    // signed three days before the rule was made: its day (one before the rule) is gone
    const old = await signedProposal("Olga");
    await db()
      .update(proposals)
      .set({ signedAt: new Date(Date.now() - 3 * day) })
      .where(eq(proposals.id, old.proposal.id));
    const rule = await createRule({
      trigger: "proposal_signed",
      days: "2",
      step: "email",
      subject: "Welcome aboard, {client_name}",
      body: "Thank you for signing {document_number} ({proposal_title}).\n\n{studio_name}",
    });
    const { proposal } = await signedProposal("Ada");
    expect(await pass(later(1))).toMatchObject({ scheduled: 0, sent: 0 });
    expect(await pass(later(2))).toMatchObject({ scheduled: 1, sent: 1 });
    // once: another pass, and two at once, send nothing more
    await Promise.all([pass(later(3)), pass(later(4))]);
    const welcome = (await mailsTo("ada@client.test")).filter((mail) => mail.subject === "Welcome aboard, Ada");
    expect(welcome).toHaveLength(1);
    expect(welcome[0]?.text).toContain(
      `Thank you for signing ${proposal.proposalNumber} (A new website for the bakery).`,
    );
    expect((await mailsTo("olga@client.test")).filter((mail) => mail.subject.startsWith("Welcome"))).toEqual([]);
    expect((await runsOf(rule.id)).map((run) => [run.subjectId, run.status])).toEqual([[proposal.id, "sent"]]);
  });

  it("a proposal opened, a proposal declined, a phase approved: each mails its client its days later, once", async () => {
    const opened = await createRule({
      name: "Opened",
      trigger: "proposal_viewed",
      days: "1",
      step: "email",
      subject: "Questions about {proposal_title}?",
      body: "Hi {client_name}, it is open until {valid_until}.",
    });
    await createRule({
      name: "Declined",
      trigger: "proposal_declined",
      days: "2",
      step: "email",
      subject: "What would have made {document_number} right?",
      body: "Hi {client_name}, a word would help us.",
    });
    await createRule({
      name: "Phase",
      trigger: "phase_approved",
      days: "0",
      step: "email",
      subject: "{phase_name} of {project_name} is approved",
      body: "Thank you, {client_name}.",
    });
    const proposalOf = async (name: string) => {
      const customer = await insertCustomer(db(), { name, email: `${name.toLowerCase()}@client.test` });
      const sent = await createSentProposal(db(), {
        customerId: customer.id,
        expiresOn: addDaysIso(todayIn("America/New_York"), 30),
        actor: owner.actor,
      });
      const seen = await findClientProposal(db(), sent.token, "198.51.100.7");
      if (!seen.ok) throw new Error(seen.reason);
      // the page's view beacon: the client's first view
      expect(await markProposalViewed(db(), sent.id)).toBe(true);
      return { customer, sent, contentHash: seen.contentHash };
    };
    // Ada opens hers; Bea opens and signs before the day; Cy opens and declines
    const ada = await proposalOf("Ada");
    const bea = await proposalOf("Bea");
    const cy = await proposalOf("Cy");
    const signed = await signProposal(deps(), {
      token: bea.sent.token,
      form: { intent: "sign", tier: "t2", addons: [], signer_name: "Bea", agree: true, content_hash: bea.contentHash },
      ip: null,
      userAgent: null,
    });
    expect(signed.ok).toBe(true);
    expect((await declineProposal(deps(), { token: cy.sent.token, ip: null })).ok).toBe(true);
    // Ada's project has a phase the client approved
    const shop = await insertProject(db(), ada.customer.id, { projectName: "Shop", status: "in_progress" });
    await db()
      .insert(projectPhases)
      .values({ projectId: shop.id, position: 1, name: "Design", status: "approved", approvedAt: new Date() });

    // what the automations mail, apart from the proposals' own mails (sent, signed, declined)
    const before = new Set((await db().select({ id: mailOutbox.id }).from(mailOutbox)).map((mail) => mail.id));
    const subjects = async (to: string) =>
      (await mailsTo(to)).filter((mail) => !before.has(mail.id)).map((mail) => mail.subject);
    expect(await pass(later(0))).toMatchObject({ sent: 1 });
    expect(await pass(later(1))).toMatchObject({ sent: 1 });
    expect(await pass(later(2))).toMatchObject({ sent: 1 });
    await pass(later(4));
    expect(await subjects("ada@client.test")).toEqual([
      "Design of Shop is approved",
      "Questions about A new website for the bakery?",
    ]);
    expect(await subjects("bea@client.test")).toEqual([]);
    expect(await subjects("cy@client.test")).toEqual([`What would have made ${cy.sent.proposalNumber} right?`]);
    expect((await runsOf(opened.id)).map((run) => [run.subjectId, run.status])).toEqual([[ada.sent.id, "sent"]]);
  });

  it("an invoice sent, an estimate accepted, a questionnaire answered, a deliverable approved or sent back: once each", async () => {
    const make = (trigger: string, subject: string, body = "Hi {client_name}.") =>
      createRule({ name: trigger, trigger, days: "1", step: "email", subject, body });
    await make("invoice_sent", "Your invoice {document_number}: {amount} by {due_date}");
    await make("estimate_accepted", "Thank you for accepting {document_number}");
    await make("questionnaire_answered", "Thank you for your answers, {client_name}");
    await make("deliverable_approved", "{deliverable_title} of {project_name}: approved");
    await make("deliverable_changes_requested", "{deliverable_title}: we are on it");
    const ada = await insertCustomer(db(), { name: "Ada", email: "ada@client.test" });
    const now = new Date();
    await insertInvoice(db(), {
      invoiceNumber: "INV-0201",
      customerId: ada.id,
      status: "sent",
      sentAt: now,
      dueDate: "2026-12-31",
      totalAmount: "300.00",
      balanceDue: "300.00",
    });
    // a cancelled one is not mailed about
    await insertInvoice(db(), { invoiceNumber: "INV-0202", customerId: ada.id, status: "cancelled", sentAt: now });
    await insertInvoice(db(), {
      invoiceNumber: "EST-0007",
      customerId: ada.id,
      invoiceType: "estimate",
      status: "accepted",
      acceptedAt: now,
    });
    const [form] = await db().insert(questionnaires).values({ name: "Kick-off" }).returning();
    const [version] = await db()
      .insert(questionnaireVersions)
      .values({ questionnaireId: form?.id ?? "", version: 1, questions: [] })
      .returning();
    await db()
      .insert(questionnaireRequests)
      .values({
        questionnaireId: form?.id ?? "",
        versionId: version?.id ?? "",
        customerId: ada.id,
        state: "submitted",
        submittedAt: now,
      });
    const shop = await insertProject(db(), ada.id, { projectName: "Shop", status: "in_progress" });
    const [phase] = await db()
      .insert(projectPhases)
      .values({ projectId: shop.id, position: 1, name: "Design" })
      .returning();
    for (const [title, answer] of [
      ["Homepage", "approved"],
      ["Logo", "changes_requested"],
    ] as const) {
      const [deliverable] = await db()
        .insert(deliverables)
        .values({ projectId: shop.id, phaseId: phase?.id ?? "", title })
        .returning();
      const [v2] = await db()
        .insert(deliverableVersions)
        .values({ deliverableId: deliverable?.id ?? "", version: 2, contentHash: "h".repeat(64) })
        .returning();
      await db()
        .insert(deliverableAnswerRecords)
        .values({ versionId: v2?.id ?? "", contentHash: "h".repeat(64), answer, name: "Ada" });
    }
    expect(await pass(later(0))).toMatchObject({ scheduled: 0 });
    expect(await pass(later(1))).toMatchObject({ scheduled: 5, sent: 5 });
    await Promise.all([pass(later(2)), pass(later(3))]);
    expect((await mailsTo("ada@client.test")).map((mail) => mail.subject).sort()).toEqual([
      "Homepage v2 of Shop: approved",
      "Logo v2: we are on it",
      "Thank you for accepting EST-0007",
      "Thank you for your answers, Ada",
      "Your invoice INV-0201: $300.00 by 12/31/2026",
    ]);
  });

  it("1 day after an invoice is paid in full: a part payment, a small invoice and one unpaid again do nothing", async () => {
    const rule = await createRule({
      trigger: "invoice_paid",
      days: "1",
      min_amount: "500",
      step: "email",
      subject: "Thank you for paying {document_number}",
      body: "We received {amount} on {payment_date}.",
    });
    const customer = await insertCustomer(db(), { name: "Ada", email: "ada@client.test" });
    const owed = (invoiceNumber: string, amount: string) =>
      insertInvoice(db(), {
        invoiceNumber,
        customerId: customer.id,
        status: "sent",
        sentAt: new Date(),
        subtotal: amount,
        totalAmount: amount,
        balanceDue: amount,
      });
    const pay = (id: string, cents: number) =>
      recordPayment(
        db(),
        id,
        { paid_on: "2026-11-20", amount: cents, method: "bank_transfer", email_receipt: false },
        null,
      );
    const big = await owed("INV-0101", "1000.00");
    const small = await owed("INV-0102", "100.00");
    const undone = await owed("INV-0103", "800.00");
    await pay(big.id, 40_000);
    await pay(small.id, 10_000);
    await pay(undone.id, 80_000);
    // the third is no longer paid in full (as a refund leaves it): nothing goes for it
    await db().update(invoices).set({ status: "partial" }).where(eq(invoices.id, undone.id));
    // a part payment is not paid in full; the small one is under the rule's amount
    expect(await pass(later(2))).toMatchObject({ scheduled: 0 });
    await pay(big.id, 60_000);
    expect(await pass(later(0, 12))).toMatchObject({ scheduled: 0 });
    expect(await pass(later(1))).toMatchObject({ scheduled: 1, sent: 1 });
    await pass(later(3));
    const thanks = (await mailsTo("ada@client.test")).filter((mail) => mail.subject.startsWith("Thank you for paying"));
    expect(thanks.map((mail) => mail.subject)).toEqual(["Thank you for paying INV-0101"]);
    expect(thanks[0]?.text).toContain("We received $1,000.00 on 11/20/2026.");
    expect((await runsOf(rule.id)).map((run) => [run.subjectId, run.status])).toEqual([[big.id, "sent"]]);
  });

  it("3 days after a project is completed: the testimonial request, approved in the queue, asks once", async () => {
    // the step is only for a completed project
    const refused = await call(ruleRoute.action, `${path}/new`, {
      cookie: owner.cookie,
      form: { intent: "save", name: "Ask", trigger: "proposal_signed", days: "1", step: "testimonial", approval: "on" },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain(ruleMessages.stepNotOffered);
    // its mail is its own: no subject or message to write
    const rule = await createRule({ trigger: "project_completed", days: "3", step: "testimonial", approval: "on" });
    expect(rule).toMatchObject({ step: "testimonial", subject: "", body: "" });

    const ada = await insertCustomer(db(), { name: "Ada", email: "ada@client.test" });
    const bea = await insertCustomer(db(), { name: "Bea", email: "bea@client.test" });
    const shop = await insertProject(db(), ada.id, { projectName: "Shop", status: "in_progress" });
    const blog = await insertProject(db(), bea.id, { projectName: "Blog", status: "in_progress" });
    const setStatus = (project: typeof shop, customerId: string, status: string) =>
      updateProject(
        db(),
        project.id,
        toProjectRow(
          projectFormSchema.parse({
            customer_id: customerId,
            project_name: project.projectName,
            pricing_type: "fixed",
            status,
          }),
        ),
      );
    await setStatus(shop, ada.id, "completed");
    await setStatus(blog, bea.id, "completed");
    const [completed] = await db().select().from(projects).where(eq(projects.id, shop.id));
    expect(completed?.completedAt).toBeInstanceOf(Date);
    // the blog is reopened before its day: nothing is asked for it
    await setStatus(blog, bea.id, "in_progress");
    const [reopened] = await db().select().from(projects).where(eq(projects.id, blog.id));
    expect(reopened?.completedAt).toBeNull();

    expect(await pass(later(2))).toMatchObject({ scheduled: 0 });
    expect(await pass(later(3))).toMatchObject({ scheduled: 1, waiting: 1 });
    // an edit of the completed project (still completed) leaves the waiting request alone
    await setStatus(shop, ada.id, "completed");
    const page = await call(automationsRoute.loader, path, { cookie: owner.cookie });
    const queue = (page.data as { queue: { id: string; preview: Record<string, unknown> }[] }).queue;
    expect(queue).toHaveLength(1);
    expect(queue[0]?.preview).toMatchObject({
      to: "ada@client.test",
      subject: "Request a testimonial",
      body: automationMessages.testimonialPreview("Shop"),
      editable: false,
    });
    const approved = await call(automationsRoute.action, path, {
      cookie: owner.cookie,
      form: { intent: "approve", run: queue[0]?.id ?? "" },
    });
    expect(approved.status).toBe(302);
    await pass(later(5));
    // the completed project did not cancel it: sent, through the testimonial loop's own request
    expect((await runsOf(rule.id)).map((run) => [run.subjectId, run.status])).toEqual([[shop.id, "sent"]]);
    const asked = await db().select().from(testimonialRequests);
    expect(asked.map((request) => [request.projectId, request.sentTo])).toEqual([[shop.id, "ada@client.test"]]);
    expect(await mailsTo("ada@client.test")).toHaveLength(1);
    expect(await mailsTo("bea@client.test")).toEqual([]);
  });
});
