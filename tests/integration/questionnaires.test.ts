/**
 * Onboarding questionnaires on both databases: answers go to the review queue, never to the customer's
 * record; accept, edit and reject; a new version leaves answered copies on their old questions;
 * reopening with a reason mails the client and keeps both submissions' times; signing a proposal that
 * names a questionnaire queues exactly one mail, once, and one that names none sends the signed package's;
 * a token opens only its own copy, an expired or
 * revoked one says so, a portal never opens another customer's copy.
 */
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { beforeEach, expect, it } from "vitest";
import {
  customers,
  mailOutbox,
  pricingPackages,
  proposals,
  questionnaireLinks,
  questionnaireRequests,
  users,
} from "#app/db/schema.ts";
import { addDaysIso, todayIn } from "#app/domain/dates.ts";
import type { QuestionForm } from "#app/domain/questionnaires.ts";
import { studioTimeZone } from "#app/models/business-settings.server.ts";
import { listPricingPackages, PackageQuestionnaireMissing, updatePricingPackage } from "#app/models/pricing.server.ts";
import { createProposal } from "#app/models/proposals.server.ts";
import { listEvents, listReviewItems, pendingReviewCount } from "#app/models/questionnaires.server.ts";
import * as sitePricing from "#app/routes/admin/site-pricing.tsx";
import * as clientQuestionnaire from "#app/routes/client-questionnaire.tsx";
import * as portalQuestionnaire from "#app/routes/portal-questionnaire.ts";
import { copyPortalLink } from "#app/services/portal.server.ts";
import { findClientProposal, sendProposal, signProposal } from "#app/services/proposals.server.ts";
import {
  answerQuestionnaire,
  decideReviewItem,
  editQuestions,
  findQuestionnaireByToken,
  loadClientQuestionnaire,
  mailFreshLink,
  openQuestionnaireFromPortal,
  putQuestion,
  reopenQuestionnaire,
  revokeQuestionnaire,
  saveQuestionnaire,
  sendQuestionnaire,
} from "#app/services/questionnaires.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { insertCustomer, proposalForm } from "../support/records.ts";
import { routeHarness, testConfig } from "../support/routes.ts";

const logger = pino({ level: "silent" });

describeEachDatabase("questionnaires", (database) => {
  const db = () => database().db;
  const deps = () => ({ db: db(), config: testConfig });
  const { call, cookieFor } = routeHarness(database);
  const actor = { userId: "", email: "owner@studio.test" };

  beforeEach(async () => {
    const [admin] = await db().insert(users).values({ email: actor.email }).returning();
    actor.userId = admin?.id ?? "";
  });

  const question = (over: Partial<QuestionForm>): QuestionForm => ({
    intent: "add-question",
    kind: "short_text",
    label: "Question",
    required: false,
    ...over,
  });

  /** A questionnaire: a required name, a website (mapped) and a billing address (mapped). */
  async function kickOff() {
    const saved = await saveQuestionnaire(db(), {
      id: null,
      name: "Kick-off",
      projectType: "website",
      actor,
      ip: null,
    });
    if (!saved.ok) throw new Error("not saved");
    for (const form of [
      question({ label: "Business name", required: true }),
      question({ kind: "url", label: "Your website", maps_to: "website" }),
      question({ kind: "long_text", label: "Billing address", maps_to: "billing_address" }),
    ]) {
      const edited = await editQuestions(db(), { questionnaireId: saved.id, actor, ip: null }, putQuestion(form));
      expect(edited.ok).toBe(true);
    }
    return saved.id;
  }

  /** The token of the newest mail's link (the outbox is sealed: read the link from the issued rows instead). */
  async function sendTo(questionnaireId: string, customerId: string) {
    const sent = await sendQuestionnaire(deps(), { questionnaireId, customerId, projectId: null, actor, ip: null });
    if (!sent.ok) throw new Error("not sent");
    const path = await openQuestionnaireFromPortal(deps(), customerId, sent.requestId);
    return { requestId: sent.requestId, token: path?.split("/").pop() ?? "" };
  }

  /** A proposal for the customer: the tier Basic (t1), and Standard (t2) when asked; `extra` adds fields. */
  async function proposalFor(customerId: string, extra: Record<string, string> = {}, withStandard = false) {
    const today = todayIn(await studioTimeZone(db()));
    const standard: Record<string, string> = withStandard
      ? {
          "tiers[1].name": "Standard",
          "tiers[1].lines[0].description": "Standard site",
          "tiers[1].lines[0].quantity": "1",
          "tiers[1].lines[0].unit_price": "1500",
        }
      : {};
    return createProposal(
      db(),
      proposalForm({
        customer_id: customerId,
        title: "New website",
        "tiers[0].name": "Basic",
        "tiers[0].lines[0].description": "Basic site",
        "tiers[0].lines[0].quantity": "1",
        "tiers[0].lines[0].unit_price": "500",
        ...standard,
        agreement: "We build, you pay.",
        expires_on: addDaysIso(today, 30),
        deposit_kind: "percent",
        deposit_value: "0",
        ...extra,
      }),
      null,
    );
  }

  it("answers go to the review queue, never to the record; accept, edit and reject", async () => {
    const questionnaireId = await kickOff();
    const customer = await insertCustomer(db(), {
      name: "Ada Lovelace",
      billingAddress: "1 Old Road",
      websiteUrl: "https://ada.example/",
      phoneNumber: null,
    });
    const { requestId, token } = await sendTo(questionnaireId, customer.id);
    const found = await findQuestionnaireByToken(db(), token, "198.51.100.7");
    expect(found).toEqual({ ok: true, requestId });

    // saved for later: kept, nothing to review yet, still missing the name
    const saved = await answerQuestionnaire(db(), { requestId, intent: "save", answers: { q3: "2 New Street" } });
    expect(saved).toEqual({ ok: true, state: "in_progress" });
    const page = await loadClientQuestionnaire(db(), requestId);
    expect(page?.answers).toEqual({ q3: "2 New Street" });
    expect(page?.missing.map((item) => item.label)).toEqual(["Business name"]);
    expect(await pendingReviewCount(db(), customer.id)).toBe(0);

    // submit refuses while the required answer is missing
    const refused = await answerQuestionnaire(db(), { requestId, intent: "submit", answers: { q3: "2 New Street" } });
    expect(refused.ok).toBe(false);

    const submitted = await answerQuestionnaire(db(), {
      requestId,
      intent: "submit",
      answers: { q1: "Ada Ltd", q2: "https://ada.example/", q3: "2 New Street" },
    });
    expect(submitted).toEqual({ ok: true, state: "submitted" });
    // the record is untouched; one item (the address differs, the website does not)
    const [record] = await db().select().from(customers).where(eq(customers.id, customer.id));
    expect(record?.billingAddress).toBe("1 Old Road");
    const items = await listReviewItems(db(), { customerId: customer.id });
    expect(items.map((item) => [item.field, item.proposedValue, item.currentValue])).toEqual([
      ["billing_address", "2 New Street", "1 Old Road"],
    ]);
    // a second save after submitting is refused
    expect((await answerQuestionnaire(db(), { requestId, intent: "save", answers: {} })).ok).toBe(false);

    // an edited accept must fit the field; then it writes the edited value
    const item = items[0];
    if (!item) throw new Error("no item");
    const bad = await decideReviewItem(db(), { reviewId: item.id, intent: "accept", value: "  ", actor, ip: null });
    expect(bad).toMatchObject({ ok: false, reason: "invalid", field: "value" });
    const accepted = await decideReviewItem(db(), {
      reviewId: item.id,
      intent: "accept",
      value: "2 New Street, Springfield",
      actor,
      ip: null,
    });
    expect(accepted.ok).toBe(true);
    const [after] = await db().select().from(customers).where(eq(customers.id, customer.id));
    expect(after?.billingAddress).toBe("2 New Street, Springfield");
    // decided once
    expect((await decideReviewItem(db(), { reviewId: item.id, intent: "reject", actor, ip: null })).ok).toBe(false);
    expect(await pendingReviewCount(db(), customer.id)).toBe(0);
  });

  it("reject changes nothing; a new version leaves answered copies on their old questions; reopen keeps both submissions", async () => {
    const questionnaireId = await kickOff();
    const customer = await insertCustomer(db(), { name: "Bob Baker", websiteUrl: null });
    const { requestId } = await sendTo(questionnaireId, customer.id);
    await answerQuestionnaire(db(), {
      requestId,
      intent: "submit",
      answers: { q1: "Bob Co", q2: "https://bob.example/" },
    });
    const [item] = await listReviewItems(db(), { customerId: customer.id });
    if (!item) throw new Error("no item");
    expect(item.field).toBe("website");
    expect((await decideReviewItem(db(), { reviewId: item.id, intent: "reject", actor, ip: null })).ok).toBe(true);
    const [record] = await db().select().from(customers).where(eq(customers.id, customer.id));
    expect(record?.websiteUrl).toBeNull();

    // editing after sending makes version 2; the sent copy keeps version 1's three questions
    const edited = await editQuestions(
      db(),
      { questionnaireId, actor, ip: null },
      putQuestion(question({ kind: "choice", label: "Style", options: "Calm\nBold", required: true })),
    );
    expect(edited).toEqual({ ok: true, version: 2 });
    const copy = await loadClientQuestionnaire(db(), requestId);
    expect(copy?.questions.map((q) => q.label)).toEqual(["Business name", "Your website", "Billing address"]);
    // a second edit before anything is sent of version 2 stays on version 2
    const again = await editQuestions(
      db(),
      { questionnaireId, actor, ip: null },
      putQuestion(question({ label: "Tagline" })),
    );
    expect(again).toEqual({ ok: true, version: 2 });
    const fresh = await sendTo(questionnaireId, customer.id);
    expect((await loadClientQuestionnaire(db(), fresh.requestId))?.questions).toHaveLength(5);

    // reopen: the reason is mailed, the client edits and submits again; the history keeps both
    const mailsBefore = (await db().select().from(mailOutbox)).length;
    const reopened = await reopenQuestionnaire(deps(), {
      requestId,
      reason: "Please add your phone.",
      actor,
      ip: null,
    });
    expect(reopened).toEqual({ ok: true, to: customer.email });
    expect((await db().select().from(mailOutbox)).length).toBe(mailsBefore + 1);
    expect((await loadClientQuestionnaire(db(), requestId))?.reopenReason).toBe("Please add your phone.");
    // reopening twice is refused until it is submitted again
    expect((await reopenQuestionnaire(deps(), { requestId, reason: "x", actor, ip: null })).ok).toBe(false);
    const resubmitted = await answerQuestionnaire(db(), {
      requestId,
      intent: "submit",
      answers: { q1: "Bob Company", q2: "https://bob.example/" },
    });
    expect(resubmitted.ok).toBe(true);
    const events = await listEvents(db(), requestId);
    expect(events.map((event) => event.kind)).toEqual(["sent", "submitted", "reopened", "submitted"]);
    expect(events[2]?.reason).toBe("Please add your phone.");
  });

  it("signing a proposal with a questionnaire queues exactly one mail, and signing twice sends nothing more", async () => {
    const questionnaireId = await kickOff();
    const customer = await insertCustomer(db(), { name: "Cleo Carter" });
    const created = await proposalFor(customer.id, { questionnaire_id: questionnaireId });
    const [stored] = await db().select().from(proposals).where(eq(proposals.id, created.id));
    expect(stored?.questionnaireId).toBe(questionnaireId);
    const proposalDeps = { db: db(), config: testConfig, logger };
    const sent = await sendProposal(proposalDeps, { proposalId: created.id, actor: null, ip: null });
    if (!sent.ok) throw new Error("not sent");
    const token = new URL(sent.link).pathname.split("/").pop() ?? "";
    const found = await findClientProposal(db(), token, "198.51.100.7");
    if (!found.ok) throw new Error(found.reason);
    const form = {
      intent: "sign" as const,
      tier: "t1",
      addons: [],
      signer_name: "Cleo Carter",
      agree: true as const,
      content_hash: found.contentHash,
    };
    const questionnaireMails = async () =>
      (await db().select().from(mailOutbox)).filter((mail) => mail.subject.includes("Kick-off")).length;
    expect((await signProposal(proposalDeps, { token, form, ip: null, userAgent: null })).ok).toBe(true);
    expect(await questionnaireMails()).toBe(1);
    const second = await signProposal(proposalDeps, { token, form, ip: null, userAgent: null });
    expect(second.ok).toBe(false);
    expect(await questionnaireMails()).toBe(1);
    const requests = await db()
      .select()
      .from(questionnaireRequests)
      .where(eq(questionnaireRequests.customerId, customer.id));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.proposalId).toBe(created.id);
    expect(requests[0]?.projectId).not.toBeNull();
  });

  it("a proposal that names none sends the signed package's questionnaire; one that names its own sends that one", async () => {
    const kickOffId = await kickOff();
    const other = await saveQuestionnaire(db(), { id: null, name: "Brand intake", projectType: null, actor, ip: null });
    if (!other.ok) throw new Error("no questionnaire");
    const [standard] = await db()
      .insert(pricingPackages)
      .values({ name: "Standard", price: "$1,500", description: "A site", features: ["Pages"], ctaLabel: "Go" })
      .returning();
    if (!standard) throw new Error("no package");
    const packageForm = {
      id: standard.id,
      name: "Standard",
      price: "$1,500",
      description: "A site",
      features: ["Pages"],
      cta_label: "Go",
      highlighted: false,
      highlight_label: "",
    };
    // the owner sets it on the pricing page; a questionnaire that is not there is refused on its field
    await expect(
      updatePricingPackage(db(), { ...packageForm, questionnaire_id: "00000000-0000-4000-8000-000000000999" }),
    ).rejects.toBeInstanceOf(PackageQuestionnaireMissing);
    expect(await updatePricingPackage(db(), { ...packageForm, questionnaire_id: kickOffId })).toMatchObject({
      id: standard.id,
    });
    // never on the public page's packages
    expect(JSON.stringify(await listPricingPackages(db()))).not.toContain(kickOffId);
    // through the pricing page: its form posts the choice, a missing one is refused on its field, and the
    // page shows what is set; a member who is not an admin is refused
    const owner = await cookieFor("pricing-owner@studio.test", true);
    const member = await cookieFor("pricing-member@studio.test", false);
    const post = (questionnaire: string, cookie = owner) =>
      call(sitePricing.action, "/admin/site/pricing", {
        cookie,
        form: {
          intent: "save-package",
          id: String(standard.id),
          name: "Standard",
          price: "$1,500",
          description: "A site",
          features: "Pages",
          cta_label: "Go",
          highlight_label: "",
          questionnaire_id: questionnaire,
        },
      });
    expect((await post(other.id, member)).status).toBe(403);
    const missing = await post("00000000-0000-4000-8000-000000000999");
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.data)).toContain("Questionnaire not found");
    expect((await post(other.id)).status).toBe(302);
    const shown = await call(sitePricing.loader, "/admin/site/pricing", { cookie: owner });
    expect(
      (shown.data as { packages: { id: number; questionnaireId: string | null }[] }).packages.find(
        (pkg) => pkg.id === standard.id,
      )?.questionnaireId,
    ).toBe(other.id);
    expect((await post("")).status).toBe(302);
    expect(await updatePricingPackage(db(), { ...packageForm, questionnaire_id: kickOffId })).toMatchObject({
      id: standard.id,
    });

    const proposalDeps = { db: db(), config: testConfig, logger };
    /** A proposal with the tiers Basic (t1) and Standard (t2), signed for `tier`; the copies it sent after. */
    async function signFor(name: string, tier: "t1" | "t2", questionnaireId: string | undefined) {
      const customer = await insertCustomer(db(), { name });
      const created = await proposalFor(
        customer.id,
        questionnaireId ? { questionnaire_id: questionnaireId } : {},
        true,
      );
      const sent = await sendProposal(proposalDeps, { proposalId: created.id, actor: null, ip: null });
      if (!sent.ok) throw new Error("not sent");
      const token = new URL(sent.link).pathname.split("/").pop() ?? "";
      const found = await findClientProposal(db(), token, "198.51.100.7");
      if (!found.ok) throw new Error(found.reason);
      const signed = await signProposal(proposalDeps, {
        token,
        form: { intent: "sign", tier, addons: [], signer_name: name, agree: true, content_hash: found.contentHash },
        ip: null,
        userAgent: null,
      });
      expect(signed.ok).toBe(true);
      return db()
        .select({ questionnaireId: questionnaireRequests.questionnaireId })
        .from(questionnaireRequests)
        .where(eq(questionnaireRequests.customerId, customer.id));
    }
    expect(await signFor("Dana Diaz", "t2", undefined)).toEqual([{ questionnaireId: kickOffId }]);
    // a tier no package has the questionnaire of: nothing
    expect(await signFor("Eli Evans", "t1", undefined)).toEqual([]);
    // the proposal's own choice wins over the package's
    expect(await signFor("Fay Fox", "t2", other.id)).toEqual([{ questionnaireId: other.id }]);
  });

  it("a token opens only its copy; another customer's copy is never opened; expired and revoked links say so", async () => {
    const questionnaireId = await kickOff();
    const ada = await insertCustomer(db(), { name: "Ada Lovelace" });
    const bob = await insertCustomer(db(), { name: "Bob Baker" });
    const adas = await sendTo(questionnaireId, ada.id);
    const bobs = await sendTo(questionnaireId, bob.id);
    // Ada's portal cannot open Bob's copy
    expect(await openQuestionnaireFromPortal(deps(), ada.id, bobs.requestId)).toBeNull();
    expect(await findQuestionnaireByToken(db(), "x".repeat(43), "198.51.100.8")).toMatchObject({ reason: "not-found" });
    expect(await findQuestionnaireByToken(db(), bobs.token, "198.51.100.8")).toEqual({
      ok: true,
      requestId: bobs.requestId,
    });

    // revoked: the link says so, and a fresh one goes to the customer's own address (a few an hour)
    const revoked = await revokeQuestionnaire(db(), { requestId: adas.requestId, actor, ip: null });
    expect(revoked.count).toBe(2);
    expect(await findQuestionnaireByToken(db(), adas.token, "198.51.100.8")).toMatchObject({ reason: "expired" });
    const before = (await db().select().from(mailOutbox)).length;
    expect((await mailFreshLink(deps(), adas.requestId)).ok).toBe(true);
    const mails = await db().select().from(mailOutbox);
    expect(mails.length).toBe(before + 1);
    expect(mails.filter((mail) => mail.to === ada.email)).toHaveLength(2);
    for (let index = 0; index < 2; index++) await mailFreshLink(deps(), adas.requestId);
    expect(await mailFreshLink(deps(), adas.requestId)).toMatchObject({ ok: false, reason: "limited" });

    // expired
    await db()
      .update(questionnaireLinks)
      .set({ createdAt: new Date(Date.now() - 100 * 86_400_000), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(questionnaireLinks.requestId, bobs.requestId));
    expect(await findQuestionnaireByToken(db(), bobs.token, "198.51.100.8")).toMatchObject({ reason: "expired" });
  });

  it("through the routes: the portal opens only its customer's copy, on a fresh link; the page refuses a submit with what was typed kept", async () => {
    const questionnaireId = await kickOff();
    const ada = await insertCustomer(db(), { name: "Ada Lovelace" });
    const bob = await insertCustomer(db(), { name: "Bob Baker" });
    const adas = await sendTo(questionnaireId, ada.id);
    const bobs = await sendTo(questionnaireId, bob.id);
    const copied = await copyPortalLink(deps(), { customerId: ada.id, actor, ip: null });
    if (!copied.ok) throw new Error("no portal link");
    const portal = new URL(copied.link).pathname.split("/").pop() ?? "";
    const open = (requestId: string) =>
      call(portalQuestionnaire.action, `/portal/${portal}/questionnaire`, {
        params: { token: portal },
        form: { request_id: requestId },
      });
    expect((await open(bobs.requestId)).status).toBe(404);
    const own = await open(adas.requestId);
    expect(own.status).toBe(303);
    expect(own.location).toMatch(/^\/q\/[A-Za-z0-9_-]{43}$/);
    const token = own.location?.split("/").pop() ?? "";
    const page = await call(clientQuestionnaire.loader, `/q/${token}`, { params: { token } });
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.data)).not.toContain(ada.id);
    const refused = await call(clientQuestionnaire.action, `/q/${token}`, {
      params: { token },
      form: { intent: "submit", answer_q3: "2 New Street" },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("2 New Street");
    expect(JSON.stringify(refused.data)).toContain("This question needs an answer");
    const saved = await call(clientQuestionnaire.action, `/q/${token}`, {
      params: { token },
      form: { intent: "save", answer_q3: "2 New Street" },
    });
    expect(saved).toMatchObject({ status: 303, location: `/q/${token}?saved=1` });
    // a wrong token is a 404; a revoked one is a 410 page that offers a fresh link
    expect(
      (await call(clientQuestionnaire.loader, `/q/${"x".repeat(43)}`, { params: { token: "x".repeat(43) } })).status,
    ).toBe(404);
    await revokeQuestionnaire(db(), { requestId: adas.requestId, actor, ip: null });
    const gone = await call(clientQuestionnaire.loader, `/q/${token}`, { params: { token } });
    expect(gone.status).toBe(410);
    const fresh = await call(clientQuestionnaire.action, `/q/${token}`, {
      params: { token },
      form: { intent: "fresh-link" },
    });
    expect(fresh).toMatchObject({ status: 303, location: `/q/${token}?fresh=1` });
  });
});
