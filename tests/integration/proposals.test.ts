/**
 * Proposals at the service and the model (ADR 0033): signing is one transaction (signature, project,
 * deposit invoice sent, lead moved on) or nothing; a second signature, a signature of an old version,
 * of an expired, declined or revoked proposal is refused; two signatures at once make one project.
 */
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import {
  contactSubmissions,
  invoiceLinks,
  invoiceSends,
  invoices,
  mailOutbox,
  projects,
  proposals,
} from "#app/db/schema.ts";
import { addDaysIso, todayIn } from "#app/domain/dates.ts";
import { proposalMessages } from "#app/domain/proposal-pages.ts";
import type { SignForm } from "#app/domain/proposals.ts";
import { studioTimeZone } from "#app/models/business-settings.server.ts";
import {
  createProposal,
  deleteProposal,
  getProposal,
  listProposals,
  proposalConversion,
  reviseProposal,
  revokeProposal,
  updateProposal,
} from "#app/models/proposals.server.ts";
import {
  declineProposal,
  findClientProposal,
  type ProposalDeps,
  sendProposal,
  signProposal,
} from "#app/services/proposals.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { insertCustomer, insertInvoice, insertProject, proposalForm } from "../support/records.ts";
import { testConfig } from "../support/routes.ts";

const logger = pino({ level: "silent" });

describeEachDatabase("proposals", (database) => {
  const db = () => database().db;
  const deps = (): ProposalDeps => ({ db: db(), config: testConfig, logger });

  async function today() {
    return todayIn(await studioTimeZone(db()));
  }

  async function formFor(customerId: string, extra: Record<string, string> = {}) {
    return proposalForm({
      customer_id: customerId,
      title: "New website",
      introduction: "Thank you for your inquiry.",
      scope: "Design and build.",
      "tiers[0].name": "Basic",
      "tiers[0].lines[0].description": "Basic site",
      "tiers[0].lines[0].quantity": "1",
      "tiers[0].lines[0].unit_price": "500",
      "tiers[1].name": "Standard",
      "tiers[1].lines[0].description": "Design",
      "tiers[1].lines[0].quantity": "1",
      "tiers[1].lines[0].unit_price": "1200",
      "tiers[1].lines[1].description": "Pages",
      "tiers[1].lines[1].quantity": "10.5",
      "tiers[1].lines[1].unit_price": "33.33",
      "tiers[2].name": "Premium",
      "tiers[2].lines[0].description": "Custom",
      "tiers[2].lines[0].quantity": "1",
      "tiers[2].lines[0].unit_price": "3000",
      "addons[0].name": "SEO",
      "addons[0].lines[0].description": "SEO care",
      "addons[0].lines[0].quantity": "1",
      "addons[0].lines[0].unit_price": "250",
      agreement: "We build, you pay.",
      expires_on: addDaysIso(await today(), 30),
      deposit_kind: "percent",
      deposit_value: "50",
      ...extra,
    });
  }

  /** A customer (from an inquiry) with a sent proposal: its id and the client's token. */
  async function sentProposal(extra: Record<string, string> = {}, customerValues = {}) {
    const [submission] = await db()
      .insert(contactSubmissions)
      .values({ name: "Ada Lovelace", email: "ada@example.test", projectType: "website", message: "A site please" })
      .returning();
    const customer = await insertCustomer(db(), { contactSubmissionId: submission?.id, ...customerValues });
    const created = await createProposal(db(), await formFor(customer.id, extra), null);
    const sent = await sendProposal(deps(), { proposalId: created.id, actor: null, ip: null });
    if (!sent.ok) throw new Error(`not sent: ${JSON.stringify(sent)}`);
    const token = new URL(sent.link).pathname.split("/").pop() ?? "";
    return { id: created.id, number: created.proposalNumber, token, customer, submissionId: submission?.id ?? "" };
  }

  async function openedHash(token: string) {
    const found = await findClientProposal(db(), token, "198.51.100.7");
    if (!found.ok) throw new Error(`link does not open: ${found.reason}`);
    return found.contentHash;
  }

  const signForm = (hash: string, extra: Partial<SignForm> = {}): SignForm => ({
    intent: "sign",
    tier: "t2",
    addons: ["a1"],
    signer_name: "Ada Lovelace",
    agree: true,
    content_hash: hash,
    ...extra,
  });
  const sign = (token: string, form: SignForm) =>
    signProposal(deps(), { token, form, ip: "198.51.100.7", userAgent: "Test Browser/1.0" });

  it("numbers proposals in their own sequence, and a deleted newest draft gives its number back", async () => {
    const customer = await insertCustomer(db());
    const first = await createProposal(db(), await formFor(customer.id), null);
    const second = await createProposal(db(), await formFor(customer.id), null);
    expect([first.proposalNumber, second.proposalNumber]).toEqual(["PRO-0001", "PRO-0002"]);
    expect((await deleteProposal(db(), second.id)).ok).toBe(true);
    const third = await createProposal(db(), await formFor(customer.id), null);
    expect(third.proposalNumber).toBe("PRO-0002");
  });

  it("signing records the signature, approves a new project with the chosen lines, sends the deposit invoice and moves the lead on", async () => {
    const { id, token, customer, submissionId } = await sentProposal();
    const result = await sign(token, signForm(await openedHash(token)));
    if (!result.ok) throw new Error(JSON.stringify(result));
    // 1200.00 + 10.5 x 33.33 (349.97) + 250.00 = 1799.97; half is 899.985 -> 899.99
    expect(result.totals.total).toBe(179_997);
    expect(result.totals.deposit).toBe(89_999);

    const signed = await getProposal(db(), id);
    expect(signed).toMatchObject({
      status: "signed",
      signerName: "Ada Lovelace",
      signerIp: "198.51.100.7",
      signerUserAgent: "Test Browser/1.0",
      chosenTierId: "t2",
      chosenAddonIds: ["a1"],
      signedTotal: "1799.97",
      depositAmount: "899.99",
      projectId: result.projectId,
    });
    expect(signed?.contentHash).toMatch(/^[0-9a-f]{64}$/);

    const [project] = await db().select().from(projects).where(eq(projects.id, result.projectId));
    expect(project).toMatchObject({
      status: "approved",
      customerId: customer.id,
      projectName: "New website",
      fixedPrice: "1799.97",
    });
    expect(project?.pricingDetails?.phases.map((phase) => [phase.name, phase.price])).toEqual([
      ["Design", 1200],
      ["Pages", 349.97],
      ["SEO care", 250],
    ]);

    const [deposit] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.id, result.depositInvoiceId ?? ""));
    expect(deposit).toMatchObject({
      status: "sent",
      totalAmount: "899.99",
      balanceDue: "899.99",
      projectId: result.projectId,
    });
    expect(
      await db()
        .select()
        .from(invoiceLinks)
        .where(eq(invoiceLinks.invoiceId, deposit?.id ?? "")),
    ).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(invoiceSends)
        .where(eq(invoiceSends.invoiceId, deposit?.id ?? "")),
    ).toHaveLength(1);

    const [lead] = await db().select().from(contactSubmissions).where(eq(contactSubmissions.id, submissionId));
    expect(lead?.status).toBe("completed");
    const subjects = (await db().select().from(mailOutbox)).map((mail) => mail.subject).sort();
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Invoice INV-\d+ from /),
        expect.stringMatching(/^Signed: proposal PRO-0001 from /),
        "Proposal PRO-0001 signed by Ada Lovelace",
      ]),
    );
    expect(await proposalConversion(db())).toEqual({ sent: 1, signed: 1 });
  });

  it("a proposal for an existing project moves it to approved with the chosen lines, keeping its recurring fees", async () => {
    const customer = await insertCustomer(db());
    const project = await insertProject(db(), customer.id, {
      status: "quoted",
      pricingDetails: { type: "fixed", phases: [], recurring_fees: [{ id: "f1", name: "Hosting", amount: 49 }] },
    });
    const created = await createProposal(db(), await formFor(customer.id, { project_id: project.id }), null);
    const sent = await sendProposal(deps(), { proposalId: created.id, actor: null, ip: null });
    if (!sent.ok) throw new Error("not sent");
    const token = new URL(sent.link).pathname.split("/").pop() ?? "";
    const result = await sign(token, signForm(await openedHash(token), { tier: "t1", addons: [] }));
    expect(result).toMatchObject({ ok: true, projectId: project.id });
    const [after] = await db().select().from(projects).where(eq(projects.id, project.id));
    expect(after?.status).toBe("approved");
    expect(after?.pricingDetails).toEqual({
      type: "phased",
      phases: [{ id: "proposal-1", name: "Basic site", price: 500 }],
      recurring_fees: [{ id: "f1", name: "Hosting", amount: 49 }],
    });
    expect(await db().select().from(projects)).toHaveLength(1);
  });

  it("is atomic: when the deposit invoice cannot be made, nothing is signed, created or sent", async () => {
    const { id, token, customer } = await sentProposal();
    // the next invoice number is already taken (a row written past the counter): the deposit insert fails
    await insertInvoice(db(), { invoiceNumber: "INV-0001", customerId: customer.id });
    const mailsBefore = (await db().select().from(mailOutbox)).length;
    await expect(sign(token, signForm(await openedHash(token)))).rejects.toThrow();
    expect((await getProposal(db(), id))?.status).toBe("sent");
    expect(await db().select().from(projects)).toHaveLength(0);
    expect(await db().select().from(invoices)).toHaveLength(1);
    expect(await db().select().from(mailOutbox)).toHaveLength(mailsBefore);
  });

  it("refuses a second signature, and two signatures at once make one project and one deposit invoice", async () => {
    const { id, token } = await sentProposal();
    const hash = await openedHash(token);
    const results = await Promise.all([
      sign(token, signForm(hash)),
      sign(token, signForm(hash, { signer_name: "Someone Else", tier: "t3" })),
    ]);
    expect(results.map((result) => (result.ok ? "signed" : result.reason)).sort()).toEqual(["refused", "signed"]);
    expect(await db().select().from(projects)).toHaveLength(1);
    expect(await db().select().from(invoices)).toHaveLength(1);
    const again = await sign(token, signForm(hash));
    expect(again).toEqual({ ok: false, reason: "refused", message: proposalMessages.closed });
    const signed = await getProposal(db(), id);
    expect(signed?.status).toBe("signed");
  });

  it("refuses a signature of an older version: a revision needs a new signature", async () => {
    const { id, token } = await sentProposal();
    const oldHash = await openedHash(token);
    expect((await reviseProposal(db(), id, { reason: "Lower price", userId: null })).ok).toBe(true);
    // while it is a draft again, the link opens nothing to sign
    expect(await findClientProposal(db(), token, "198.51.100.8")).toEqual({ ok: false, reason: "revising" });
    expect(await sign(token, signForm(oldHash))).toEqual({ ok: false, reason: "gone" });
    const changed = await formFor((await getProposal(db(), id))?.customerId ?? "", {
      "tiers[1].lines[0].unit_price": "1100",
    });
    expect((await updateProposal(db(), id, changed)).ok).toBe(true);
    const resent = await sendProposal(deps(), { proposalId: id, actor: null, ip: null });
    expect(resent.ok).toBe(true);
    expect(await sign(token, signForm(oldHash))).toEqual({
      ok: false,
      reason: "refused",
      message: proposalMessages.changed,
    });
    const newHash = await openedHash(token);
    expect(newHash).not.toBe(oldHash);
    expect((await sign(token, signForm(newHash))).ok).toBe(true);
  });

  it("refuses to sign an expired, declined or revoked proposal, or a choice not offered", async () => {
    const expired = await sentProposal({ expires_on: "2020-01-01" });
    expect(await sign(expired.token, signForm(await openedHash(expired.token)))).toEqual({
      ok: false,
      reason: "refused",
      message: proposalMessages.expired,
    });

    const declined = await sentProposal();
    const hash = await openedHash(declined.token);
    expect(await sign(declined.token, signForm(hash, { tier: "t9" }))).toMatchObject({
      ok: false,
      reason: "refused",
      field: "tier",
    });
    expect(await declineProposal(deps(), { token: declined.token, ip: null })).toEqual({ ok: true });
    expect(await sign(declined.token, signForm(hash))).toEqual({
      ok: false,
      reason: "refused",
      message: proposalMessages.closed,
    });

    const revoked = await sentProposal();
    const revokedHash = await openedHash(revoked.token);
    expect((await revokeProposal(db(), revoked.id)).ok).toBe(true);
    expect(await sign(revoked.token, signForm(revokedHash))).toEqual({ ok: false, reason: "gone" });
    expect(await findClientProposal(db(), revoked.token, "198.51.100.9")).toEqual({ ok: false, reason: "not-found" });
    expect(await db().select().from(projects)).toHaveLength(0);
  });

  it("a client signing while the owner revokes gets a clear answer on both sides, never a deadlock (attack finding 5)", async () => {
    // PostgreSQL runs them at once (its own pool, a connection for each); PGlite one after the other
    const url = database().url;
    const parallel = url ? await openDatabase({ databaseUrl: url, poolSize: 24 }) : null;
    const on = parallel?.db ?? db();
    try {
      const pairs = [];
      for (let index = 0; index < 12; index++) {
        const customer = await insertCustomer(db(), { name: `Client${index} Test` });
        const created = await createProposal(db(), await formFor(customer.id), null);
        const sent = await sendProposal(deps(), { proposalId: created.id, actor: null, ip: null });
        if (!sent.ok) throw new Error("not sent");
        const token = new URL(sent.link).pathname.split("/").pop() ?? "";
        pairs.push({ id: created.id, token, hash: await openedHash(token) });
      }
      const outcomes = await Promise.all(
        pairs.map(async ({ id, token, hash }) => {
          const [signed, revoked] = await Promise.all([
            signProposal({ ...deps(), db: on }, { token, form: signForm(hash), ip: null, userAgent: null }),
            revokeProposal(on, id),
          ]);
          return { id, signed, revoked };
        }),
      );
      for (const { id, signed, revoked } of outcomes) {
        const row = await getProposal(db(), id);
        // one of the two won; the other was told why
        if (signed.ok) {
          expect(revoked).toMatchObject({ ok: false });
          expect(row?.status).toBe("signed");
        } else {
          expect(revoked).toMatchObject({ ok: true });
          expect(signed.reason === "gone" || signed.reason === "refused").toBe(true);
          expect(row?.status).toBe("revoked");
        }
      }
    } finally {
      await parallel?.close();
    }
  });

  it("a sent proposal cannot be edited or deleted in place; the list shows expired ones as expired", async () => {
    const { id, customer } = await sentProposal();
    expect((await updateProposal(db(), id, await formFor(customer.id))).ok).toBe(false);
    expect((await deleteProposal(db(), id)).ok).toBe(false);
    await db().update(proposals).set({ expiresOn: "2020-01-01" }).where(eq(proposals.id, id));
    const expired = await listProposals(db(), { status: "expired", q: "", page: 1 });
    expect(expired.rows.map((row) => [row.id, row.state])).toEqual([[id, "expired"]]);
    expect((await listProposals(db(), { status: "sent", q: "", page: 1 })).total).toBe(0);
    expect((await listProposals(db(), { status: "all", q: "ada", page: 1 })).total).toBe(1);
  });
});
