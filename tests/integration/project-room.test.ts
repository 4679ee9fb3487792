/**
 * The client's project room (ADR 0057), on both databases: phases from the pricing and by hand, the
 * checklist, deliverables posted as versions and answered by the client through a link; an answer is
 * bound to the version's content hash, a replaced version is refused, a new version needs a new answer
 * and the old answers stay; an approval that approves its phase draws the contract's milestone invoice
 * and sends it, once, even when two approvals arrive together; no customer reaches another's room.
 */
import { createHash } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { auditLog, contracts, customerInteractions, deliverableLinks, invoices, mailOutbox } from "#app/db/schema.ts";
import type { InstallmentRow } from "#app/domain/contract-form.ts";
import { addDaysIso } from "#app/domain/dates.ts";
import { roomMessages } from "#app/domain/project-room.ts";
import type { DeliverableAnswerForm, PostVersionForm } from "#app/domain/project-room-forms.ts";
import type { SignForm } from "#app/domain/proposals.ts";
import { studioToday } from "#app/models/business-settings.server.ts";
import { drawInvoice, getContract, saveSchedule } from "#app/models/contracts.server.ts";
import { clientDeliverable, portalRooms, roomOf } from "#app/models/project-room.server.ts";
import * as previewRoute from "#app/routes/admin/customers/portal-preview.tsx";
import * as roomRoute from "#app/routes/admin/projects/room.tsx";
import * as clientDeliverableRoute from "#app/routes/client-deliverable.tsx";
import * as clientDeliverableFileRoute from "#app/routes/client-deliverable-file.ts";
import { PortalPage } from "#app/routes/portal.tsx";
import { createOrUpdateAccount } from "#app/services/auth/accounts.server.ts";
import { parseUploadForm } from "#app/services/file-storage.server.ts";
import { loadPortal } from "#app/services/portal.server.ts";
import {
  addChecklistItem,
  addDeliverable,
  addPhase,
  answerDeliverable,
  copyPricingPhases,
  findDeliverable,
  mailFreshDeliverableLink,
  openDeliverableFromPortal,
  postVersion,
  removePhase,
  savePhase,
  setRoomVisibility,
  tickChecklistItem,
  versionContentHash,
} from "#app/services/project-room.server.ts";
import { findClientProposal, signProposal } from "#app/services/proposals.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { createSentProposal } from "../support/proposals.ts";
import { insertCustomer, insertProject } from "../support/records.ts";
import { routeHarness, testConfig } from "../support/routes.ts";

const ip = "198.51.100.7";

describeEachDatabase("project room", (database) => {
  const db = () => database().db;
  const deps = () => ({ db: db(), config: testConfig });

  async function owner() {
    const { userId } = await createOrUpdateAccount(db(), {
      email: `owner-${Math.random().toString(36).slice(2)}@studio.test`,
      password: "a long enough test passphrase",
      admin: true,
    });
    return { userId, email: "owner@studio.test" };
  }

  /** A project of a customer with one phase and one deliverable in it. */
  async function roomWithDeliverable(options: { approvesPhase?: boolean } = {}) {
    const customer = await insertCustomer(db(), { name: `Grace Hopper ${Math.random().toString(36).slice(2, 6)}` });
    const project = await insertProject(db(), customer.id);
    const who = await owner();
    const base = { projectId: project.id, actor: who, ip };
    expect(await addPhase(deps(), { ...base, name: "Design", plannedStart: null, plannedEnd: null })).toEqual({
      ok: true,
    });
    const phase = (await roomOf(db(), project.id)).phases[0];
    if (!phase) throw new Error("no phase");
    await addDeliverable(deps(), {
      ...base,
      phaseId: phase.id,
      title: "Homepage design",
      approvesPhase: options.approvesPhase ?? false,
    });
    const deliverable = (await roomOf(db(), project.id)).deliverables[0];
    if (!deliverable) throw new Error("no deliverable");
    return { customer, project, phase, deliverable, base };
  }

  const urlVersion = (deliverableId: string, url: string, notify = false): PostVersionForm => ({
    intent: "post-version",
    deliverable_id: deliverableId,
    url,
    files: [],
    note: "Please look at the hero",
    notify,
  });

  async function linkFor(customerId: string, deliverableId: string): Promise<string> {
    const link = await openDeliverableFromPortal(deps(), customerId, deliverableId);
    if (!link) throw new Error("no link");
    return new URL(link).pathname.replace("/d/", "");
  }

  async function currentOf(deliverableId: string, customerId: string) {
    const shown = await clientDeliverable(db(), deliverableId, customerId);
    const current = shown?.versions.at(-1);
    if (!current) throw new Error("no version");
    return current;
  }

  const answerForm = (
    version: { id: string; contentHash: string },
    answer: DeliverableAnswerForm["answer"],
    comment?: string,
  ): DeliverableAnswerForm => ({
    version_id: version.id,
    content_hash: version.contentHash,
    answer,
    name: "Grace Hopper",
    comment,
  });

  it("copies the pricing's phases once, adds phases by hand, saves dates and status; the checklist ticks", async () => {
    const customer = await insertCustomer(db());
    const project = await insertProject(db(), customer.id, {
      pricingDetails: {
        type: "phased",
        phases: [
          { id: "p1", name: "Discovery", price: 500 },
          { id: "p2", name: "Build", price: 1500 },
        ],
        recurring_fees: [],
      },
    });
    const base = { projectId: project.id, actor: await owner(), ip };
    expect(await copyPricingPhases(deps(), base)).toEqual({ ok: true, count: 2 });
    expect(await copyPricingPhases(deps(), base)).toMatchObject({ ok: false, reason: "refused" });
    await addPhase(deps(), { ...base, name: "Launch", plannedStart: "2027-02-01", plannedEnd: "2027-02-10" });
    const room = await roomOf(db(), project.id);
    expect(room.phases.map((phase) => [phase.name, phase.pricingPhaseId, phase.status])).toEqual([
      ["Discovery", "p1", "not_started"],
      ["Build", "p2", "not_started"],
      ["Launch", null, "not_started"],
    ]);
    const build = room.phases[1];
    if (!build) throw new Error("no phase");
    const saved = await savePhase(deps(), {
      ...base,
      form: {
        intent: "save-phase",
        phase_id: build.id,
        name: "Build",
        status: "waiting_for_client",
        planned_start: "2027-01-10",
        planned_end: "2027-01-31",
      },
    });
    expect(saved).toEqual({ ok: true, invoiceNumbers: [] });
    await addChecklistItem(deps(), { ...base, label: "Your logo as SVG", phaseId: build.id });
    const item = (await roomOf(db(), project.id)).checklist[0];
    if (!item) throw new Error("no item");
    expect(await tickChecklistItem(deps(), { ...base, itemId: item.id, done: true })).toEqual({
      ok: true,
      label: "Your logo as SVG",
    });
    // another project's item is not found through this project
    const other = await insertProject(db(), customer.id, { projectName: "Other" });
    expect(
      await tickChecklistItem(deps(), { ...base, projectId: other.id, itemId: item.id, done: false }),
    ).toMatchObject({
      ok: false,
      reason: "not-found",
    });
    // the portal shows the room only once the owner says so
    expect(await portalRooms(db(), customer.id)).toEqual([]);
    await setRoomVisibility(deps(), { ...base, visible: true });
    const portal = await loadPortal(db(), customer.id, new Date("2027-01-05T12:00:00Z"));
    expect(portal?.rooms.map((room) => [room.name, room.nextDate, room.phases.map((phase) => phase.status)])).toEqual([
      ["Website", "2027-01-10", ["not_started", "waiting_for_client", "not_started"]],
    ]);
  });

  it("the portal lists a room's first ten deliverables to review, the rest behind Show all, each View through one form", async () => {
    const { customer, project, phase, deliverable, base } = await roomWithDeliverable();
    for (let n = 2; n <= 12; n++) {
      await addDeliverable(deps(), { ...base, phaseId: phase.id, title: `Page ${n}`, approvesPhase: false });
    }
    for (const each of (await roomOf(db(), project.id)).deliverables) {
      expect(
        await postVersion(deps(), { ...base, form: urlVersion(each.id, "https://staging.example.test/") }),
      ).toMatchObject({ ok: true });
    }
    await setRoomVisibility(deps(), { ...base, visible: true });
    const portal = await loadPortal(db(), customer.id);
    if (!portal) throw new Error("no portal");
    const page = (wholeRoom: string | null) =>
      renderToStaticMarkup(
        createElement(PortalPage, {
          loaderData: { ...portal, token: "t", beacon: null, onlinePayments: false, questionnaires: [], wholeRoom },
        }),
      );
    const first = page(null);
    expect(first.match(/data-portal-deliverable=/g)?.length).toBe(10);
    expect(first).toContain(`href="?room=${project.id}#room-${project.id}"`);
    expect(first).toContain("Show all: 2 more to review");
    // one form for the room's list: its kind and destination fixed, each View button posting its id
    expect(first.match(/name="kind" value="deliverable"/g)?.length).toBe(1);
    expect(first).toMatch(new RegExp(`<button type="submit" value="${deliverable.id}"[^>]* name="id"`));
    const whole = page(project.id);
    expect(whole.match(/data-portal-deliverable=/g)?.length).toBe(12);
    expect(whole).not.toContain("Show all");
    // another room's id shows nothing more
    expect(page(customer.id).match(/data-portal-deliverable=/g)?.length).toBe(10);
  });

  it("an answer is bound to the version shown: a changed hash and a replaced version are refused; a new version needs a new answer", async () => {
    const { customer, deliverable, base } = await roomWithDeliverable();
    expect(
      await postVersion(deps(), { ...base, form: urlVersion(deliverable.id, "https://staging.example.test/v1", true) }),
    ).toEqual({
      ok: true,
      title: "Homepage design",
      version: 1,
      mailed: true,
    });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, customer.email));
    expect(mails.map((mail) => mail.subject)).toEqual(["Homepage design v1 is ready for your review"]);
    // the mail carries a link: sealed in the outbox, never readable there
    expect(mails[0]?.text).not.toContain("/d/");

    const token = await linkFor(customer.id, deliverable.id);
    const found = await findDeliverable(db(), token, ip);
    expect(found).toEqual({ ok: true, deliverableId: deliverable.id, customerId: customer.id });
    const v1 = await currentOf(deliverable.id, customer.id);
    const answer = (form: DeliverableAnswerForm) =>
      answerDeliverable(deps(), {
        deliverableId: deliverable.id,
        customerId: customer.id,
        form,
        ip,
        userAgent: "Test",
      });

    // a hash that is not the version's: what was shown is not what is there
    expect(await answer({ ...answerForm(v1, "approved"), content_hash: "0".repeat(64) })).toMatchObject({
      ok: false,
      reason: "changed",
    });
    expect(await answer(answerForm(v1, "changes_requested", "Bigger logo"))).toEqual({
      ok: true,
      answer: "changes_requested",
      invoiceNumbers: [],
    });
    // answered once
    expect(await answer(answerForm(v1, "approved"))).toMatchObject({ ok: false, reason: "answered" });

    await postVersion(deps(), { ...base, form: urlVersion(deliverable.id, "https://staging.example.test/v2") });
    const v2 = await currentOf(deliverable.id, customer.id);
    expect(v2.version).toBe(2);
    expect(v2.answer).toBeNull();
    // the first version's answer stays; answering it again is refused as superseded
    expect(await answer(answerForm(v1, "approved"))).toMatchObject({ ok: false, reason: "superseded" });
    expect(await answer(answerForm(v2, "approved"))).toMatchObject({ ok: true, answer: "approved" });
    const shown = await clientDeliverable(db(), deliverable.id, customer.id);
    expect(
      shown?.versions.map((version) => [version.version, version.answer?.answer, version.answer?.comment ?? null]),
    ).toEqual([
      [1, "changes_requested", "Bigger logo"],
      [2, "approved", null],
    ]);
    // the same URL posted at another time is another content
    expect(v2.contentHash).not.toBe(v1.contentHash);

    // the owner is told of each answer; the audit log and the customer's activity record them
    const ownerMails = await db().select().from(mailOutbox).where(like(mailOutbox.subject, "%Homepage design%"));
    expect(ownerMails.map((mail) => mail.subject).sort()).toEqual([
      `${customer.name} approved Homepage design v2`,
      `${customer.name} asked for changes to Homepage design v1`,
      "Homepage design v1 is ready for your review",
    ]);
    const events = await db().select().from(auditLog).where(like(auditLog.event, "deliverable_%"));
    expect(events.map((entry) => entry.event).sort()).toEqual([
      "deliverable_added",
      "deliverable_approved_by_client",
      "deliverable_changes_requested",
      "deliverable_version_posted",
      "deliverable_version_posted",
    ]);
    const activity = await db()
      .select()
      .from(customerInteractions)
      .where(eq(customerInteractions.customerId, customer.id));
    expect(activity.map((entry) => entry.subject).sort()).toEqual([
      "Approved Homepage design v2",
      "Asked for changes to Homepage design v1",
    ]);
  });

  it("a version of files is bound to the files' own hashes; a file of another project is refused", async () => {
    const { customer, project, deliverable, base } = await roomWithDeliverable();
    const png = await sharp({ create: { width: 40, height: 25, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("intent", "post-version");
    form.set("deliverable_id", deliverable.id);
    form.set("files", new File([new Uint8Array(png)], "home.png", { type: "image/png" }));
    const upload = await parseUploadForm(
      db(),
      new Request("http://studio.test/admin/projects/x/room", { method: "POST", body: form }),
      { customerId: customer.id, projectId: project.id, uploadedBy: "owner", fileFields: ["files"] },
    );
    if (!upload.ok) throw new Error(upload.message);
    const [stored] = upload.files;
    expect(stored?.sha256).toBe(createHash("sha256").update(png).digest("hex"));
    const fileId = stored?.id ?? "";
    expect(
      await postVersion(deps(), {
        ...base,
        form: { ...urlVersion(deliverable.id, ""), url: undefined, files: [fileId] },
      }),
    ).toMatchObject({
      ok: true,
      version: 1,
    });
    const version = await currentOf(deliverable.id, customer.id);
    expect(version.files.map((file) => file.sha256)).toEqual([stored?.sha256]);
    expect(version.contentHash).toBe(versionContentHash({ files: [{ sha256: stored?.sha256 ?? "" }] }));
    // the same file is not another project's to post
    const other = await roomWithDeliverable();
    expect(
      await postVersion(deps(), {
        ...other.base,
        form: { ...urlVersion(other.deliverable.id, ""), url: undefined, files: [fileId] },
      }),
    ).toMatchObject({ ok: false, reason: "refused", field: "files" });
  });

  it("a phase holding deliverables is not deleted; an empty one is", async () => {
    const { project, phase, base } = await roomWithDeliverable();
    expect(await removePhase(deps(), { ...base, phaseId: phase.id })).toMatchObject({
      ok: false,
      reason: "refused",
      message: roomMessages.phaseHasDeliverables,
    });
    await addPhase(deps(), { ...base, name: "Spare", plannedStart: null, plannedEnd: null });
    const spare = (await roomOf(db(), project.id)).phases.find((item) => item.name === "Spare");
    expect(await removePhase(deps(), { ...base, phaseId: spare?.id ?? "" })).toEqual({ ok: true });
    expect((await roomOf(db(), project.id)).phases.map((item) => item.name)).toEqual(["Design"]);
  });

  it("another customer's link cannot answer, read or open a deliverable", async () => {
    const first = await roomWithDeliverable();
    const second = await roomWithDeliverable();
    await postVersion(deps(), { ...first.base, form: urlVersion(first.deliverable.id, "https://a.example.test") });
    const version = await currentOf(first.deliverable.id, first.customer.id);
    expect(
      await answerDeliverable(deps(), {
        deliverableId: first.deliverable.id,
        customerId: second.customer.id,
        form: answerForm(version, "approved"),
        ip,
        userAgent: null,
      }),
    ).toMatchObject({ ok: false, reason: "not-found" });
    expect(await clientDeliverable(db(), first.deliverable.id, second.customer.id)).toBeNull();
    expect(await openDeliverableFromPortal(deps(), second.customer.id, first.deliverable.id)).toBeNull();
  });

  it("an expired link is told apart and a fresh link goes to the address on record", async () => {
    const { customer, deliverable, base } = await roomWithDeliverable();
    await postVersion(deps(), { ...base, form: urlVersion(deliverable.id, "https://a.example.test") });
    const token = await linkFor(customer.id, deliverable.id);
    await db()
      .update(deliverableLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await findDeliverable(db(), token, ip)).toMatchObject({ ok: false, reason: "expired" });
    expect(await findDeliverable(db(), "not-a-token", ip)).toMatchObject({ ok: false, reason: "not-found" });
    expect(await mailFreshDeliverableLink(deps(), token, ip)).toBe(true);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.subject, "Your link to Homepage design"));
    expect(mails.map((mail) => mail.to)).toEqual([customer.email]);
  });

  describe("through the routes", () => {
    const { call, cookieFor, respond } = routeHarness(database);

    it("a dead link's page says so (410) and its one button mails a fresh link; a live one shows the deliverable", async () => {
      const { customer, deliverable, base } = await roomWithDeliverable();
      await postVersion(deps(), { ...base, form: urlVersion(deliverable.id, "https://a.example.test") });
      const token = await linkFor(customer.id, deliverable.id);
      const live = await call(clientDeliverableRoute.loader, `/d/${token}`, { params: { token } });
      expect(live.status).toBe(200);
      expect(live.data).toMatchObject({ deliverable: { title: "Homepage design" } });
      await db().update(deliverableLinks).set({ revokedAt: new Date() });
      const dead = await call(clientDeliverableRoute.loader, `/d/${token}`, { params: { token } });
      expect(dead).toMatchObject({ status: 410, data: { message: "This link is no longer valid", sent: false } });
      const asked = await call(clientDeliverableRoute.action, `/d/${token}`, {
        params: { token },
        form: { intent: "fresh-link" },
      });
      expect(asked).toMatchObject({ status: 303, location: `/d/${token}?fresh=sent` });
      const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.subject, "Your link to Homepage design"));
      expect(mails.map((mail) => mail.to)).toEqual([customer.email]);
      // a token that opens nothing is a plain 404
      const wrong = await call(clientDeliverableRoute.loader, "/d/x", { params: { token: "x".repeat(43) } });
      expect(wrong.status).toBe(404);
    });

    it("a client's file is served only through its deliverable's link; the owner's pages refuse non-admins", async () => {
      const { customer, project, deliverable, base } = await roomWithDeliverable();
      const other = await roomWithDeliverable();
      const png = await sharp({ create: { width: 40, height: 25, channels: 3, background: "#3366cc" } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.set("files", new File([new Uint8Array(png)], "home.png", { type: "image/png" }));
      const upload = await parseUploadForm(
        db(),
        new Request("http://studio.test/admin/projects/x/room", { method: "POST", body: form }),
        { customerId: customer.id, projectId: project.id, uploadedBy: "owner", fileFields: ["files"] },
      );
      if (!upload.ok) throw new Error(upload.message);
      const fileId = upload.files[0]?.id ?? "";
      await postVersion(deps(), {
        ...base,
        form: { ...urlVersion(deliverable.id, ""), url: undefined, files: [fileId] },
      });
      const token = await linkFor(customer.id, deliverable.id);
      const file = await respond(clientDeliverableFileRoute.loader, `/d/${token}/file?id=${fileId}&download=1`, {
        params: { token },
      });
      expect(file.status).toBe(200);
      expect(file.headers.get("content-disposition")).toContain("attachment");
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array(png));
      // the other customer's link does not reach this file
      const otherToken = await linkFor(other.customer.id, other.deliverable.id);
      const refused = await call(clientDeliverableFileRoute.loader, `/d/${otherToken}/file?id=${fileId}`, {
        params: { token: otherToken },
      });
      expect(refused.status).toBe(404);
      // the owner's room: anonymous to the sign-in, a signed-in non-admin refused
      const member = await cookieFor(`member-${Math.random().toString(36).slice(2)}@studio.test`, false);
      const params = { id: project.id };
      expect((await call(roomRoute.loader, `/admin/projects/${project.id}/room`, { params })).status).toBe(302);
      expect(
        (await call(roomRoute.loader, `/admin/projects/${project.id}/room`, { params, cookie: member })).status,
      ).toBe(403);
      expect(
        (
          await call(roomRoute.action, `/admin/projects/${project.id}/room`, {
            params,
            cookie: member,
            form: { intent: "copy-phases" },
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await call(previewRoute.loader, `/admin/customers/${customer.id}/portal`, {
            params: { id: customer.id },
            cookie: member,
          })
        ).status,
      ).toBe(403);
    });
  });

  describe("approval and the milestone invoice", () => {
    /** A signed proposal's project with a milestone due when its first pricing phase is approved. */
    async function contractWithMilestone() {
      const customer = await insertCustomer(db(), { name: "Ada Lovelace" });
      const today = await studioToday(db());
      const who = await owner();
      const sent = await createSentProposal(db(), {
        customerId: customer.id,
        expiresOn: addDaysIso(today, 30),
        actor: who,
      });
      const opened = await findClientProposal(db(), sent.token, ip);
      if (!opened.ok) throw new Error(opened.reason);
      const form: SignForm = {
        intent: "sign",
        tier: "t2",
        addons: ["a1"],
        signer_name: "Ada Lovelace",
        agree: true,
        content_hash: opened.contentHash,
      };
      const signed = await signProposal(
        { ...deps(), logger: (await import("pino")).pino({ level: "silent" }) },
        { token: sent.token, form, ip, userAgent: "Test" },
      );
      if (!signed.ok || !signed.projectId) throw new Error(JSON.stringify(signed));
      const [contract] = await db().select().from(contracts).where(eq(contracts.sourceProposalId, sent.id));
      if (!contract) throw new Error("no contract");
      const read = await getContract(db(), contract.id);
      const pricingPhase = read?.project?.phases[0];
      const balance = read?.schedule.find((item) => item.kind === "balance");
      if (!pricingPhase || !balance) throw new Error("no schedule");
      // the deposit, invoiced on signing, stays as it is
      const rows: InstallmentRow[] = [
        { kind: "milestone", label: "Design approved", basis: "percent", value: 2000, due_phase: pricingPhase.id },
        { id: balance.id, kind: "balance", label: balance.label, basis: "percent" },
      ];
      const saved = await saveSchedule(db(), contract.id, rows);
      if (!saved?.ok) throw new Error(JSON.stringify(saved));
      const base = { projectId: signed.projectId, actor: who, ip };
      await copyPricingPhases(deps(), base);
      const phase = (await roomOf(db(), signed.projectId)).phases[0];
      if (!phase) throw new Error("no phase");
      return { customer, contractId: contract.id, projectId: signed.projectId, phase, base };
    }

    it("two approvals at once approve the phase once and send its milestone invoice once", async () => {
      const { customer, contractId, projectId, phase, base } = await contractWithMilestone();
      for (const title of ["Homepage", "Inner pages"]) {
        await addDeliverable(deps(), { ...base, phaseId: phase.id, title, approvesPhase: true });
      }
      const room = await roomOf(db(), projectId);
      for (const deliverable of room.deliverables) {
        await postVersion(deps(), {
          ...base,
          form: urlVersion(deliverable.id, `https://staging.example.test/${deliverable.title}`),
        });
      }
      const versions = await Promise.all(room.deliverables.map((item) => currentOf(item.id, customer.id)));
      const answers = await Promise.all(
        room.deliverables.map((deliverable, index) =>
          answerDeliverable(deps(), {
            deliverableId: deliverable.id,
            customerId: customer.id,
            form: answerForm(versions[index] as { id: string; contentHash: string }, "approved"),
            ip,
            userAgent: "Test",
          }),
        ),
      );
      expect(answers.map((answer) => answer.ok)).toEqual([true, true]);
      const drawn = answers.flatMap((answer) => (answer.ok ? answer.invoiceNumbers : []));
      expect(drawn).toHaveLength(1);
      const milestoneInvoices = await db()
        .select()
        .from(invoices)
        .where(and(eq(invoices.contractId, contractId), eq(invoices.invoiceNumber, drawn[0] ?? "")));
      expect(milestoneInvoices.map((invoice) => invoice.status)).toEqual(["sent"]);
      const contract = await getContract(db(), contractId);
      expect(contract?.schedule.find((item) => item.label === "Design approved")?.invoice?.invoiceNumber).toBe(
        drawn[0],
      );
      const invoiceMails = await db()
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, customer.email), like(mailOutbox.subject, `%${drawn[0]}%`)));
      expect(invoiceMails).toHaveLength(1);
      const approved = (await roomOf(db(), projectId)).phases[0];
      expect(approved?.status).toBe("approved");
      expect(approved?.approvedAt).not.toBeNull();
    });

    it("the same version approved twice at once is recorded once", async () => {
      const { customer, projectId, phase, base } = await contractWithMilestone();
      await addDeliverable(deps(), { ...base, phaseId: phase.id, title: "Homepage", approvesPhase: true });
      const deliverable = (await roomOf(db(), projectId)).deliverables[0];
      if (!deliverable) throw new Error("no deliverable");
      await postVersion(deps(), { ...base, form: urlVersion(deliverable.id, "https://staging.example.test") });
      const version = await currentOf(deliverable.id, customer.id);
      const both = await Promise.all(
        [1, 2].map(() =>
          answerDeliverable(deps(), {
            deliverableId: deliverable.id,
            customerId: customer.id,
            form: answerForm(version, "approved"),
            ip,
            userAgent: "Test",
          }),
        ),
      );
      expect(both.map((answer) => (answer.ok ? "ok" : answer.reason)).sort()).toEqual(["answered", "ok"]);
      expect(both.flatMap((answer) => (answer.ok ? answer.invoiceNumbers : []))).toHaveLength(1);
    });

    it("an approval that comes after the milestone was invoiced by hand draws nothing more", async () => {
      const { customer, contractId, projectId, phase, base } = await contractWithMilestone();
      // the owner bills the milestone from the contract's page first (the next installment)
      const drawn = await drawInvoice(db(), contractId, "next");
      expect(drawn?.ok && drawn.label).toBe("Design approved");
      await addDeliverable(deps(), { ...base, phaseId: phase.id, title: "Homepage", approvesPhase: true });
      const deliverable = (await roomOf(db(), projectId)).deliverables[0];
      if (!deliverable) throw new Error("no deliverable");
      await postVersion(deps(), { ...base, form: urlVersion(deliverable.id, "https://staging.example.test") });
      const version = await currentOf(deliverable.id, customer.id);
      const approved = await answerDeliverable(deps(), {
        deliverableId: deliverable.id,
        customerId: customer.id,
        form: answerForm(version, "approved"),
        ip,
        userAgent: "Test",
      });
      expect(approved).toEqual({ ok: true, answer: "approved", invoiceNumbers: [] });
      expect((await roomOf(db(), projectId)).phases[0]?.status).toBe("approved");
      // the deposit and the milestone drawn by hand: no second milestone
      expect(await db().select().from(invoices).where(eq(invoices.contractId, contractId))).toHaveLength(2);
    });

    it("the owner approving the phase by hand sends the milestone invoice too, once", async () => {
      const { contractId, phase, base } = await contractWithMilestone();
      const form = { intent: "save-phase" as const, phase_id: phase.id, name: phase.name, status: "approved" as const };
      const first = await savePhase(deps(), { ...base, form });
      expect(first.ok && first.invoiceNumbers).toHaveLength(1);
      expect(await savePhase(deps(), { ...base, form })).toEqual({ ok: true, invoiceNumbers: [] });
      const drawn = await db().select().from(invoices).where(eq(invoices.contractId, contractId));
      // the deposit and the milestone
      expect(drawn).toHaveLength(2);
    });
  });
});
