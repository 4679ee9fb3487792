/**
 * The client's project room (ADR 0057): the owner's changes (phases, checklist, deliverables, versions,
 * the portal switch), each audited in its own transaction; the client's answers through a deliverable's
 * link; and the one rule that joins the room to the money: a phase approved (by the client's approval of
 * a deliverable that approves it, or by the owner) draws the contract's installments due on it and sends
 * each invoice through the one sending path, once, whoever approves at the same time.
 */
import { createHash } from "node:crypto";
import type { Config } from "#app/config.server.ts";
import { publishChange } from "#app/db/changes.server.ts";
import type { Db, Queryable, Tx } from "#app/db/client.server.ts";
import type { PricingDetails } from "#app/db/schema.ts";
import { todayIn } from "#app/domain/dates.ts";
import {
  answerRefusal,
  currentVersion,
  deliverableLinkLifetimeDays,
  nextVersionNumber,
  type PhaseStatus,
  phaseStatusLabels,
  roomLimits,
  roomMessages,
  versionLabel,
} from "#app/domain/project-room.ts";
import type { DeliverableAnswerForm, PostVersionForm, SavePhaseForm } from "#app/domain/project-room-forms.ts";
import {
  deliverableAnswerOwnerMail,
  deliverableMail,
  freshDeliverableLinkMail,
} from "#app/domain/project-room-mail.ts";
import { fail, type Result } from "#app/domain/result.ts";
import { getStudioIdentity, studioTimeZone } from "#app/models/business-settings.server.ts";
import { drawInvoiceIn, installmentsDueOnPhase } from "#app/models/contracts.server.ts";
import { recordClientActivity } from "#app/models/customer-interactions.server.ts";
import { getMailWording } from "#app/models/mail-templates.server.ts";
import { portalCustomer } from "#app/models/portal.server.ts";
import {
  countChecklistItems,
  countPhases,
  deleteChecklistItem,
  deletePhase,
  deliverableVersionsOf,
  findDeliverableLink,
  insertAnswer,
  insertChecklistItem,
  insertDeliverable,
  insertDeliverableLink,
  insertPhase,
  insertVersion,
  lockDeliverable,
  lockPhase,
  lockProject,
  markDeliverableViewed,
  phaseHasDeliverables,
  pricingPhaseIdsOf,
  setChecklistItemDone,
  setPhaseApproved,
  setRoomHoursVisible,
  setRoomVisible,
  updatePhase,
} from "#app/models/project-room.server.ts";
import { projectFilesOf } from "#app/models/stored-files.server.ts";
import { audit } from "#app/services/audit.server.ts";
import { clientTokenHash, newClientToken } from "#app/services/client-links.server.ts";
import { queueDocumentMail } from "#app/services/invoice-sending.server.ts";
import { enqueueMail, mailKey } from "#app/services/mail.server.ts";
import { hitAddressLimit } from "#app/services/rate-limit.server.ts";

export type RoomDeps = {
  db: Db;
  config: Pick<Config, "publicUrl" | "sessionSecret"> & Partial<Pick<Config, "stripe">>;
};
type Actor = { userId: string; email: string };
type OwnerInput = { projectId: string; actor: Actor; ip: string | null; now?: Date };

/** An owner's change: done (with what the toast says), or why not. */
type RoomChange<Value extends object = object> = Result<Value, "not-found" | "refused", { message: string }>;

const missing = (message: string) => fail("not-found", { message });
const refused = (message: string, field?: string) => fail("refused", { message, ...(field ? { field } : {}) });

export function deliverableLinkPath(token: string): string {
  return `/d/${token}`;
}

/** One owner's change in one transaction with its audit entry; the project's row is locked first. */
async function ownerChange<Value extends object>(
  deps: RoomDeps,
  input: OwnerInput,
  change: (tx: Tx, project: NonNullable<Awaited<ReturnType<typeof lockProject>>>) => Promise<RoomChange<Value>>,
  event: (result: { ok: true } & Value) => {
    event: Parameters<typeof audit>[1]["event"];
    detail: Record<string, string | number | boolean | null>;
  },
): Promise<RoomChange<Value>> {
  return deps.db.transaction(async (tx) => {
    const project = await lockProject(tx, input.projectId);
    if (!project) return missing(roomMessages.projectNotFound);
    const result = await change(tx, project);
    if (result.ok) {
      const entry = event(result);
      await audit(tx, {
        event: entry.event,
        userId: input.actor.userId,
        email: input.actor.email,
        ip: input.ip,
        detail: { project: input.projectId, ...entry.detail },
      });
      await publishChange(tx, { table: "projects", id: input.projectId });
    }
    return result;
  });
}

// ---------------------------------------------------------------- the portal switch, phases, checklist

export function setRoomVisibility(deps: RoomDeps, input: OwnerInput & { visible: boolean }) {
  return ownerChange(
    deps,
    input,
    async (tx) => {
      await setRoomVisible(tx, input.projectId, input.visible);
      return { ok: true };
    },
    () => ({ event: input.visible ? "project_room_shown" : "project_room_hidden", detail: {} }),
  );
}

/** Shows or hides the hours logged on the project in the client's portal (ADR 0058; off by default). */
export function setRoomHoursVisibility(deps: RoomDeps, input: OwnerInput & { visible: boolean }) {
  return ownerChange(
    deps,
    input,
    async (tx) => {
      await setRoomHoursVisible(tx, input.projectId, input.visible);
      return { ok: true };
    },
    () => ({ event: input.visible ? "room_hours_shown" : "room_hours_hidden", detail: {} }),
  );
}

export function addPhase(
  deps: RoomDeps,
  input: OwnerInput & { name: string; plannedStart: string | null; plannedEnd: string | null },
) {
  return ownerChange(
    deps,
    input,
    async (tx): Promise<RoomChange> => {
      if ((await countPhases(tx, input.projectId)) >= roomLimits.phases)
        return refused(roomMessages.tooManyPhases, "name");
      await insertPhase(tx, input.projectId, input);
      return { ok: true };
    },
    () => ({ event: "phase_added", detail: { phase: input.name } }),
  );
}

/** The pricing's phases not in the room yet, added in the pricing's order (an installment may be due on them). */
export function copyPricingPhases(deps: RoomDeps, input: OwnerInput) {
  return ownerChange(
    deps,
    input,
    async (tx, project): Promise<RoomChange<{ count: number }>> => {
      const pricing = (project.pricingDetails as PricingDetails | null)?.phases ?? [];
      const present = await pricingPhaseIdsOf(tx, input.projectId);
      const missing = pricing.filter((phase) => !present.has(phase.id));
      if (missing.length === 0) return refused(roomMessages.noPricingPhases);
      if ((await countPhases(tx, input.projectId)) + missing.length > roomLimits.phases) {
        return refused(roomMessages.tooManyPhases);
      }
      for (const phase of missing) {
        await insertPhase(tx, input.projectId, { name: phase.name.slice(0, 200) || "Phase", pricingPhaseId: phase.id });
      }
      return { ok: true, count: missing.length };
    },
    (result) => ({ event: "phases_copied", detail: { count: result.count } }),
  );
}

/**
 * Saves a phase; moving it to approved approves it (`approvePhaseIn`): its installments' invoices are
 * drawn and sent. The toast names them.
 */
export function savePhase(deps: RoomDeps, input: OwnerInput & { form: SavePhaseForm }) {
  const now = input.now ?? new Date();
  return ownerChange(
    deps,
    input,
    async (tx): Promise<RoomChange<{ invoiceNumbers: string[] }>> => {
      const phase = await lockPhase(tx, input.projectId, input.form.phase_id);
      if (!phase) return missing(roomMessages.phaseNotFound);
      const approving = input.form.status === "approved" && phase.status !== "approved";
      await updatePhase(tx, phase.id, {
        name: input.form.name,
        status: approving ? phase.status : input.form.status,
        plannedStart: input.form.planned_start ?? null,
        plannedEnd: input.form.planned_end ?? null,
        actualStart: input.form.actual_start ?? null,
        actualEnd: input.form.actual_end ?? null,
        approvedAt: input.form.status === "approved" ? phase.approvedAt : null,
      });
      const invoiceNumbers = approving
        ? await approvePhaseIn(
            tx,
            deps,
            { ...phase, name: input.form.name, actualEnd: input.form.actual_end ?? null },
            input.ip,
            now,
          )
        : [];
      return { ok: true, invoiceNumbers };
    },
    (result) => ({
      event: "phase_saved",
      detail: {
        phase: input.form.name,
        status: phaseStatusLabels[input.form.status],
        invoices: result.invoiceNumbers.join(", "),
      },
    }),
  );
}

export function removePhase(deps: RoomDeps, input: OwnerInput & { phaseId: string }) {
  return ownerChange(
    deps,
    input,
    async (tx): Promise<RoomChange> => {
      // a deliverable's versions and answers are records: the phase that holds them stays
      if (await phaseHasDeliverables(tx, input.phaseId)) return refused(roomMessages.phaseHasDeliverables);
      return (await deletePhase(tx, input.projectId, input.phaseId))
        ? { ok: true }
        : missing(roomMessages.phaseNotFound);
    },
    () => ({ event: "phase_deleted", detail: { phase: input.phaseId } }),
  );
}

export function addChecklistItem(deps: RoomDeps, input: OwnerInput & { label: string; phaseId: string | null }) {
  return ownerChange(
    deps,
    input,
    async (tx): Promise<RoomChange> => {
      if ((await countChecklistItems(tx, input.projectId)) >= roomLimits.checklistItems) {
        return refused(roomMessages.tooManyItems, "label");
      }
      if (input.phaseId && !(await lockPhase(tx, input.projectId, input.phaseId))) {
        return missing(roomMessages.phaseNotFound);
      }
      await insertChecklistItem(tx, input.projectId, input);
      return { ok: true };
    },
    () => ({ event: "checklist_item_added", detail: { item: input.label } }),
  );
}

export function tickChecklistItem(deps: RoomDeps, input: OwnerInput & { itemId: string; done: boolean }) {
  const now = input.now ?? new Date();
  return ownerChange(
    deps,
    input,
    async (tx): Promise<RoomChange<{ label: string }>> => {
      const label = await setChecklistItemDone(tx, input.projectId, input.itemId, input.done ? now : null);
      return label === null ? missing(roomMessages.itemNotFound) : { ok: true, label };
    },
    (result) => ({
      event: input.done ? "checklist_item_done" : "checklist_item_reopened",
      detail: { item: result.label },
    }),
  );
}

export function removeChecklistItem(deps: RoomDeps, input: OwnerInput & { itemId: string }) {
  return ownerChange(
    deps,
    input,
    async (tx): Promise<RoomChange<{ label: string }>> => {
      const label = await deleteChecklistItem(tx, input.projectId, input.itemId);
      return label === null ? missing(roomMessages.itemNotFound) : { ok: true, label };
    },
    (result) => ({ event: "checklist_item_deleted", detail: { item: result.label } }),
  );
}

// ---------------------------------------------------------------- deliverables and versions

export function addDeliverable(
  deps: RoomDeps,
  input: OwnerInput & { phaseId: string; title: string; approvesPhase: boolean },
) {
  return ownerChange(
    deps,
    input,
    async (tx): Promise<RoomChange> => {
      if (!(await lockPhase(tx, input.projectId, input.phaseId))) return missing(roomMessages.phaseNotFound);
      await insertDeliverable(tx, input);
      return { ok: true };
    },
    () => ({ event: "deliverable_added", detail: { deliverable: input.title } }),
  );
}

/**
 * What the client is shown of a version, as one SHA-256: the files' own hashes in order, or the link
 * with the moment it was posted. An answer carries it, so it is bound to exactly that content.
 */
export function versionContentHash(
  content: { files: readonly { sha256: string }[] } | { url: string; postedAt: Date },
): string {
  const text =
    "files" in content
      ? `files\n${content.files.map((file) => file.sha256).join("\n")}`
      : `url\n${content.url}\n${content.postedAt.toISOString()}`;
  return createHash("sha256").update(text).digest("hex");
}

/** Stores a link for the customer to the deliverable (only its hash) and returns its full address. */
async function issueDeliverableLink(
  tx: Queryable,
  deps: RoomDeps,
  row: { deliverableId: string; customerId: string },
  now: Date,
): Promise<string> {
  const { token, hash } = newClientToken();
  await insertDeliverableLink(tx, {
    ...row,
    tokenHash: hash,
    createdAt: now,
    expiresAt: new Date(now.getTime() + deliverableLinkLifetimeDays * 86_400_000),
  });
  return new URL(deliverableLinkPath(token), deps.config.publicUrl).toString();
}

/**
 * A new version (the next number) of a deliverable of the project: files the owner uploaded to this
 * project, or a link; with `notify`, the client's mail with a fresh link to it.
 */
export function postVersion(deps: RoomDeps, input: OwnerInput & { form: PostVersionForm }) {
  const now = input.now ?? new Date();
  return ownerChange(
    deps,
    input,
    async (tx, project): Promise<RoomChange<{ title: string; version: number; mailed: boolean }>> => {
      const deliverable = await lockDeliverable(tx, input.form.deliverable_id);
      if (!deliverable || deliverable.projectId !== input.projectId) return missing(roomMessages.deliverableNotFound);
      // the upload layer put stored files' ids in place of the files; anything else is no file of this project
      const ids = input.form.files.filter((file): file is string => typeof file === "string");
      const files = await projectFilesOf(tx, input.projectId, ids);
      if (files.length !== input.form.files.length) return refused(roomMessages.urlOrFiles, "files");
      const versions = await deliverableVersionsOf(tx, deliverable.id);
      const number = nextVersionNumber(versions);
      const url = input.form.url ?? null;
      await insertVersion(tx, {
        deliverableId: deliverable.id,
        version: number,
        note: input.form.note ?? null,
        url,
        contentHash: url ? versionContentHash({ url, postedAt: now }) : versionContentHash({ files }),
        createdAt: now,
        files: files.map((file) => ({ fileId: file.id, sha256: file.sha256 })),
      });
      let mailed = false;
      if (input.form.notify) {
        const customer = await portalCustomer(tx, project.customerId);
        if (customer) {
          const link = await issueDeliverableLink(
            tx,
            deps,
            { deliverableId: deliverable.id, customerId: customer.id },
            now,
          );
          const studio = await getStudioIdentity(tx);
          const mail = deliverableMail({
            studioName: studio.businessName,
            customerName: customer.name,
            projectName: deliverable.projectName,
            title: deliverable.title,
            version: number,
            note: input.form.note ?? null,
            link,
            wording: await getMailWording(tx, "deliverable_ready"),
          });
          await enqueueMail(tx, { to: customer.email, ...mail }, { seal: mailKey(deps.config.sessionSecret) });
          mailed = true;
        }
      }
      return { ok: true, title: deliverable.title, version: number, mailed };
    },
    (result) => ({
      event: "deliverable_version_posted",
      detail: { deliverable: `${result.title} ${versionLabel(result.version)}`, mailed: result.mailed },
    }),
  );
}

// ---------------------------------------------------------------- approving a phase: the milestone invoices

/**
 * Approves a locked phase (the caller holds its row): status, time, actual end; then every installment
 * of the project's contracts due on its pricing phase is drawn and sent through the one sending path.
 * A phase approved already does nothing, so two approvals at once draw each invoice once.
 */
async function approvePhaseIn(
  tx: Tx,
  deps: RoomDeps,
  phase: {
    id: string;
    projectId: string;
    status: PhaseStatus;
    pricingPhaseId: string | null;
    actualEnd: string | null;
    name: string;
  },
  ip: string | null,
  now: Date,
): Promise<string[]> {
  if (phase.status === "approved") return [];
  const today = todayIn(await studioTimeZone(tx), now);
  await setPhaseApproved(tx, phase.id, { approvedAt: now, actualEnd: phase.actualEnd ?? today });
  const invoiceNumbers: string[] = [];
  if (phase.pricingPhaseId) {
    for (const due of await installmentsDueOnPhase(tx, phase.projectId, phase.pricingPhaseId)) {
      const drawn = await drawInvoiceIn(tx, due.contractId, { installmentId: due.installmentId }, now);
      if (!drawn?.ok) continue;
      const sent = await queueDocumentMail(tx, deps, { invoiceId: drawn.id, kind: "send", actor: null, ip, now });
      if (sent.ok) invoiceNumbers.push(drawn.invoiceNumber);
    }
  }
  await audit(tx, {
    event: "phase_approved",
    ip,
    detail: { project: phase.projectId, phase: phase.name, invoices: invoiceNumbers.join(", ") },
  });
  return invoiceNumbers;
}

// ---------------------------------------------------------------- the client's link

/** A deliverable's link: the deliverable and customer it opens, or why not. */
type DeliverableLookup = Result<
  { deliverableId: string; customerId: string },
  "not-found" | "expired" | "revoked" | "limited"
>;

/** Links opened per address: plenty for a client, too few to guess tokens. */
const deliverableOpenLimit = { limit: 120, windowMs: 10 * 60_000 };

export async function findDeliverable(
  db: Db,
  token: unknown,
  ip: string,
  now = new Date(),
): Promise<DeliverableLookup> {
  const hash = clientTokenHash(token);
  if (!hash) return fail("not-found");
  const limited = await hitAddressLimit(db, "deliverable", ip, deliverableOpenLimit, now);
  if (!limited.allowed) return fail("limited", { retryAfterSeconds: limited.retryAfterSeconds });
  const link = await findDeliverableLink(db, hash);
  if (!link) return fail("not-found");
  if (link.revokedAt) return fail("revoked");
  if (link.expiresAt <= now) return fail("expired");
  return { ok: true, deliverableId: link.deliverableId, customerId: link.customerId };
}

/**
 * From an expired or revoked link: a fresh link by mail to the address on the customer's record (never
 * to an address the visitor types), at most a few per hour per address.
 */
export async function mailFreshDeliverableLink(
  deps: RoomDeps,
  token: unknown,
  ip: string,
  now = new Date(),
): Promise<boolean> {
  const hash = clientTokenHash(token);
  if (!hash) return false;
  const limited = await hitAddressLimit(deps.db, "deliverable-fresh", ip, { limit: 3, windowMs: 60 * 60_000 }, now);
  if (!limited.allowed) return false;
  const link = await findDeliverableLink(deps.db, hash);
  if (!link) return false;
  return deps.db.transaction(async (tx) => {
    const deliverable = await lockDeliverable(tx, link.deliverableId, link.customerId);
    const customer = await portalCustomer(tx, link.customerId);
    if (!deliverable || !customer) return false;
    const fresh = await issueDeliverableLink(tx, deps, { deliverableId: deliverable.id, customerId: customer.id }, now);
    const studio = await getStudioIdentity(tx);
    const mail = freshDeliverableLinkMail({
      studioName: studio.businessName,
      customerName: customer.name,
      title: deliverable.title,
      link: fresh,
    });
    await enqueueMail(tx, { to: customer.email, ...mail }, { seal: mailKey(deps.config.sessionSecret) });
    await audit(tx, { event: "deliverable_link_requested", ip, detail: { deliverable: deliverable.title } });
    return true;
  });
}

/** The portal's View button on a deliverable: a fresh link when it is this customer's, shown in a room. */
export async function openDeliverableFromPortal(
  deps: RoomDeps,
  customerId: string,
  deliverableId: string,
  now = new Date(),
): Promise<string | null> {
  return deps.db.transaction(async (tx) => {
    const deliverable = await lockDeliverable(tx, deliverableId, customerId);
    if (!deliverable) return null;
    return issueDeliverableLink(tx, deps, { deliverableId, customerId }, now);
  });
}

/** A person had the deliverable on screen (the view beacon): audited, and in the customer's activity. */
export async function recordDeliverableView(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const viewed = await markDeliverableViewed(tx, tokenHash, now);
    if (!viewed) return false;
    const deliverable = await lockDeliverable(tx, viewed.deliverableId, viewed.customerId);
    if (!deliverable) return false;
    const current = currentVersion(await deliverableVersionsOf(tx, deliverable.id));
    const what = current ? `${deliverable.title} ${versionLabel(current.version)}` : deliverable.title;
    await audit(tx, {
      event: "deliverable_viewed_by_client",
      detail: { deliverable: what, project: deliverable.projectId },
    });
    await recordClientActivity(tx, viewed.customerId, { subject: `Viewed ${what}`, at: now });
    return true;
  });
}

// ---------------------------------------------------------------- the client's answer

type AnswerOutcome = Result<
  { answer: DeliverableAnswerForm["answer"]; invoiceNumbers: string[] },
  "not-found" | "superseded" | "answered" | "changed"
>;

/**
 * The client's Approve or Request changes: recorded like a signature, bound to the version's content
 * hash the page showed; refused for a version replaced since (superseded), answered already, or whose
 * content is not what was shown. An approval of a deliverable that approves its phase approves it
 * (and sends the milestone invoices). The owner gets a mail; the audit log and activity record it.
 */
export async function answerDeliverable(
  deps: RoomDeps,
  input: {
    deliverableId: string;
    customerId: string;
    form: DeliverableAnswerForm;
    ip: string | null;
    userAgent: string | null;
    now?: Date;
  },
): Promise<AnswerOutcome> {
  const now = input.now ?? new Date();
  return deps.db.transaction(async (tx): Promise<AnswerOutcome> => {
    const deliverable = await lockDeliverable(tx, input.deliverableId, input.customerId);
    if (!deliverable) return fail("not-found");
    const versions = await deliverableVersionsOf(tx, deliverable.id);
    const refusal = answerRefusal(
      versions.map((version) => ({ ...version, answer: version.answer?.answer ?? null })),
      input.form.version_id,
      input.form.content_hash,
    );
    if (refusal) return fail(refusal);
    const version = versions.find((item) => item.id === input.form.version_id);
    if (!version) return fail("not-found");
    const comment = input.form.comment ?? null;
    await insertAnswer(tx, {
      versionId: version.id,
      contentHash: version.contentHash,
      answer: input.form.answer,
      comment,
      name: input.form.name,
      ip: input.ip ? input.ip.slice(0, 64) : null,
      userAgent: input.userAgent ? input.userAgent.slice(0, 500) : null,
      answeredAt: now,
    });
    const what = `${deliverable.title} ${versionLabel(version.version)}`;
    await audit(tx, {
      event: input.form.answer === "approved" ? "deliverable_approved_by_client" : "deliverable_changes_requested",
      ip: input.ip,
      detail: { deliverable: what, name: input.form.name, hash: version.contentHash, project: deliverable.projectId },
    });
    await recordClientActivity(tx, input.customerId, {
      subject: input.form.answer === "approved" ? `Approved ${what}` : `Asked for changes to ${what}`,
      description: comment,
      at: now,
    });
    let invoiceNumbers: string[] = [];
    if (input.form.answer === "approved" && deliverable.approvesPhase) {
      const phase = await lockPhase(tx, deliverable.projectId, deliverable.phaseId);
      if (phase) invoiceNumbers = await approvePhaseIn(tx, deps, phase, input.ip, now);
    }
    const studio = await getStudioIdentity(tx);
    const customer = await portalCustomer(tx, input.customerId);
    if (studio.email) {
      const mail = deliverableAnswerOwnerMail({
        customerName: customer?.name ?? input.form.name,
        projectName: deliverable.projectName,
        title: deliverable.title,
        version: version.version,
        answer: input.form.answer,
        name: input.form.name,
        comment,
        invoiceNumbers,
        link: new URL(`/admin/projects/${deliverable.projectId}/room`, deps.config.publicUrl).toString(),
      });
      await enqueueMail(tx, { to: studio.email, ...mail });
    }
    await publishChange(tx, { table: "projects", id: deliverable.projectId });
    return { ok: true, answer: input.form.answer, invoiceNumbers };
  });
}
