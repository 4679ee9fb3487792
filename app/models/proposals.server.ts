/**
 * Proposals (docs/decisions/0033-proposals.md): the queries and writes. Every write locks the
 * proposal's row first and asks `checkProposalAction` (app/domain/proposals.ts) inside that lock, so
 * a page that skipped the check, or two clicks at once, change nothing they should not. A signed
 * proposal is never written again (the check refuses every action on it).
 */
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { publishChange } from "#app/db/changes.server.ts";
import type { Db, Queryable, Tx } from "#app/db/client.server.ts";
import {
  customers,
  documentNumberCounters,
  projects,
  proposalLinks,
  proposals,
  proposalVersions,
  questionnaires,
} from "#app/db/schema.ts";
import { type Cents, centsToDecimal, toCents } from "#app/domain/money.ts";
import type { ProposalListQuery } from "#app/domain/proposal-list.ts";
import { proposalPageSize } from "#app/domain/proposal-list.ts";
import { proposalDefaults } from "#app/domain/proposal-pages.ts";
import {
  checkProposalAction,
  optionId,
  type ProposalAction,
  type ProposalForm,
  proposalState,
  type SignableProposal,
  signingText,
  toStoredOptions,
} from "#app/domain/proposals.ts";
import { fail, type Result } from "#app/domain/result.ts";
import { studioToday } from "#app/models/business-settings.server.ts";
import { nextDocumentNumber } from "#app/models/document-numbers.server.ts";
import { listWindow, pageIdsQuery } from "#app/models/keyset.server.ts";

export type ProposalRow = typeof proposals.$inferSelect;

const cents = (value: string | null) => (value === null ? 0 : (toCents(value) ?? 0));

/** Tax rate and deposit value as the domain counts them (hundredths; a percentage or cents). */
export function proposalNumbers(row: Pick<ProposalRow, "taxRate" | "depositValue">) {
  return { taxRate: cents(row.taxRate), depositValue: cents(row.depositValue) };
}

/** The row as the domain's signable content (what the client reads and signs). */
export function signableOf(row: ProposalRow, customerName: string): SignableProposal {
  return {
    proposalNumber: row.proposalNumber,
    revision: row.revision,
    customerName,
    title: row.title,
    introduction: row.introduction,
    scope: row.scope,
    options: row.options,
    agreement: row.agreement,
    expiresOn: row.expiresOn,
    depositKind: row.depositKind,
    ...proposalNumbers(row),
  };
}

// ---------------------------------------------------------------- reads

const customerColumns = {
  name: customers.name,
  businessName: customers.businessName,
  email: customers.email,
  phoneNumber: customers.phoneNumber,
  billingAddress: customers.billingAddress,
  contactSubmissionId: customers.contactSubmissionId,
};

/** One proposal with its customer and its state as shown (expired derived with the studio's today). */
export async function getProposal(db: Queryable, id: string, today?: string) {
  const [row] = await db
    .select({ proposal: proposals, customer: customerColumns, projectName: projects.projectName })
    .from(proposals)
    .innerJoin(customers, eq(customers.id, proposals.customerId))
    .leftJoin(projects, eq(projects.id, proposals.projectId))
    .where(eq(proposals.id, id));
  if (!row) return null;
  const day = today ?? (await studioToday(db));
  return {
    ...row.proposal,
    customer: row.customer,
    projectName: row.projectName,
    state: proposalState(row.proposal, day),
    text: signingText(signableOf(row.proposal, row.customer.name)),
  };
}
export type ProposalDetail = NonNullable<Awaited<ReturnType<typeof getProposal>>>;

function listWhere(query: ProposalListQuery, today: string): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status === "expired") {
    conditions.push(inArray(proposals.status, ["sent", "viewed"]), sql`${proposals.expiresOn} < ${today}`);
  } else if (query.status === "sent" || query.status === "viewed") {
    conditions.push(eq(proposals.status, query.status), sql`${proposals.expiresOn} >= ${today}`);
  } else if (query.status !== "all") {
    conditions.push(eq(proposals.status, query.status));
  }
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const matching = sql`${proposals.customerId} in (select ${customers.id} from ${customers} where ${customers.name} ilike ${pattern} or ${customers.businessName} ilike ${pattern})`;
    const condition = or(ilike(proposals.proposalNumber, pattern), ilike(proposals.title, pattern), matching);
    if (condition) conditions.push(condition);
  }
  return conditions.length ? and(...conditions) : undefined;
}

const listColumns = {
  id: proposals.id,
  proposalNumber: proposals.proposalNumber,
  title: proposals.title,
  customerId: proposals.customerId,
  customerName: customers.name,
  businessName: customers.businessName,
  status: proposals.status,
  expiresOn: proposals.expiresOn,
  options: proposals.options,
  signedTotal: proposals.signedTotal,
  sentAt: proposals.sentAt,
  signedAt: proposals.signedAt,
  createdAt: proposals.createdAt,
};

/** One page of proposals, newest first, searched by number, title or customer. */
export async function listProposals(db: Queryable, query: ProposalListQuery, options: { today?: string } = {}) {
  const today = options.today ?? (await studioToday(db));
  const where = listWhere(query, today);
  const { window, total, capped } = await listWindow(db, proposals, where, {
    page: query.page,
    pageSize: proposalPageSize,
    q: query.q,
  });
  const pageIds = pageIdsQuery(db, proposals, where, window);
  const rows = await db
    .select(listColumns)
    .from(pageIds)
    .innerJoin(proposals, eq(proposals.id, pageIds.id))
    .innerJoin(customers, eq(customers.id, proposals.customerId))
    .orderBy(desc(proposals.createdAt), desc(proposals.id));
  return {
    rows: rows.map((row) => ({ ...row, state: proposalState(row, today) })),
    total,
    capped,
    page: window.page,
    pageCount: window.pageCount,
  };
}

/** Every proposal the filters select, newest first (the CSV export; a studio has hundreds, not millions). */
export async function exportProposals(db: Queryable, query: Omit<ProposalListQuery, "page">, today: string) {
  const rows = await db
    .select(listColumns)
    .from(proposals)
    .innerJoin(customers, eq(customers.id, proposals.customerId))
    .where(listWhere({ ...query, page: 1 }, today))
    .orderBy(desc(proposals.createdAt), desc(proposals.id));
  return rows.map((row) => ({ ...row, state: proposalState(row, today) }));
}

/** A customer's proposals, newest first (the customer page). */
export async function listCustomerProposals(db: Queryable, customerId: string, today?: string) {
  const day = today ?? (await studioToday(db));
  const rows = await db
    .select(listColumns)
    .from(proposals)
    .innerJoin(customers, eq(customers.id, proposals.customerId))
    .where(eq(proposals.customerId, customerId))
    .orderBy(desc(proposals.createdAt), desc(proposals.id))
    .limit(200);
  return rows.map((row) => ({ ...row, state: proposalState(row, day) }));
}

/** The versions a revision replaced, newest first. */
export function listProposalVersions(db: Queryable, proposalId: string) {
  return db
    .select()
    .from(proposalVersions)
    .where(eq(proposalVersions.proposalId, proposalId))
    .orderBy(desc(proposalVersions.revision));
}

/** Proposals sent (ever) and signed: the reports' conversion figures. */
export async function proposalConversion(db: Queryable): Promise<{ sent: number; signed: number }> {
  const [row] = await db
    .select({
      sent: sql<number>`count(*) filter (where ${proposals.sentAt} is not null)`.mapWith(Number),
      signed: sql<number>`count(*) filter (where ${proposals.status} = 'signed')`.mapWith(Number),
    })
    .from(proposals);
  return { sent: row?.sent ?? 0, signed: row?.signed ?? 0 };
}

// ---------------------------------------------------------------- writes by the owner

/** A customer or project that is gone, or a project of another customer: the form's field to show it on. */
export class ProposalPartyError extends Error {
  readonly field: "customer_id" | "project_id" | "questionnaire_id";
  constructor(field: "customer_id" | "project_id" | "questionnaire_id") {
    super(
      field === "customer_id"
        ? "This customer no longer exists"
        : field === "project_id"
          ? "Choose a project of this customer"
          : "This questionnaire no longer exists",
    );
    this.field = field;
  }
}

async function checkParties(tx: Tx, form: Pick<ProposalForm, "customer_id" | "project_id" | "questionnaire_id">) {
  const [customer] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, form.customer_id))
    .for("share");
  if (!customer) throw new ProposalPartyError("customer_id");
  if (form.project_id) {
    const [project] = await tx
      .select({ customerId: projects.customerId })
      .from(projects)
      .where(eq(projects.id, form.project_id));
    if (project?.customerId !== form.customer_id) throw new ProposalPartyError("project_id");
  }
  if (form.questionnaire_id) {
    const [questionnaire] = await tx
      .select({ id: questionnaires.id })
      .from(questionnaires)
      .where(eq(questionnaires.id, form.questionnaire_id));
    if (!questionnaire) throw new ProposalPartyError("questionnaire_id");
  }
}

function formColumns(form: ProposalForm) {
  return {
    customerId: form.customer_id,
    projectId: form.project_id ?? null,
    questionnaireId: form.questionnaire_id ?? null,
    title: form.title,
    introduction: form.introduction,
    scope: form.scope,
    options: toStoredOptions(form, optionId),
    agreement: form.agreement,
    expiresOn: form.expires_on,
    taxRate: centsToDecimal(form.tax_rate),
    depositKind: form.deposit_kind,
    depositValue: centsToDecimal(form.deposit_value),
  };
}

/** Creates a draft, numbered from the proposals' own sequence in the same transaction. */
export async function createProposal(db: Db, form: ProposalForm, createdBy: string | null) {
  return db.transaction(async (tx) => {
    await checkParties(tx, form);
    const proposalNumber = await nextDocumentNumber(tx, "proposal", proposalDefaults.prefix);
    const [created] = await tx
      .insert(proposals)
      .values({ ...formColumns(form), proposalNumber, createdBy })
      .returning({ id: proposals.id, proposalNumber: proposals.proposalNumber });
    if (!created) throw new Error("proposal insert returned no row");
    return created;
  });
}

/** Locks the row and checks the action in the lock; the row, or the refusal. */
async function lockFor(tx: Tx, id: string, action: ProposalAction, today: string) {
  const [row] = await tx.select().from(proposals).where(eq(proposals.id, id)).for("update");
  if (!row) return fail("not-found", { message: "Proposal not found" });
  const allowed = checkProposalAction(row, action, today);
  return allowed.ok ? { ok: true as const, row } : fail("refused", { message: allowed.message });
}

/** Written, or why not: `not-found`, or `refused` by the proposal's state; the message says which. */
type WriteResult = Result<{ id: string; proposalNumber: string }, "not-found" | "refused", { message: string }>;

/** Saves a draft's content; anything but a draft is refused (a sent proposal is revised first). */
export async function updateProposal(db: Db, id: string, form: ProposalForm, now = new Date()): Promise<WriteResult> {
  return db.transaction(async (tx) => {
    const locked = await lockFor(tx, id, "edit", await studioToday(tx, now));
    if (!locked.ok) return locked;
    await checkParties(tx, form);
    await tx.update(proposals).set(formColumns(form)).where(eq(proposals.id, id));
    return { ok: true, id, proposalNumber: locked.row.proposalNumber };
  });
}

/**
 * Deletes a draft never sent. Its number is given back when it is the newest proposal's (so the
 * sequence has no gap), else the gap stays: proposals are offers, not accounting records.
 */
export async function deleteProposal(db: Db, id: string, now = new Date()): Promise<WriteResult> {
  return db.transaction(async (tx) => {
    const locked = await lockFor(tx, id, "delete", await studioToday(tx, now));
    if (!locked.ok) return locked;
    await tx.delete(proposals).where(eq(proposals.id, id));
    const sequence = Number(/(\d+)$/.exec(locked.row.proposalNumber)?.[1] ?? 0);
    await tx
      .update(documentNumberCounters)
      .set({ lastValue: sql`${documentNumberCounters.lastValue} - 1` })
      .where(and(eq(documentNumberCounters.sequence, "proposal"), eq(documentNumberCounters.lastValue, sequence)));
    return { ok: true, id, proposalNumber: locked.row.proposalNumber };
  });
}

/** Marks a draft sent (inside the caller's transaction, which also stores its link and mail). */
export async function markProposalSent(tx: Tx, id: string, now = new Date()): Promise<WriteResult> {
  const locked = await lockFor(tx, id, "send", await studioToday(tx, now));
  if (!locked.ok) return locked;
  await tx.update(proposals).set({ status: "sent", sentAt: now }).where(eq(proposals.id, id));
  return { ok: true, id, proposalNumber: locked.row.proposalNumber };
}

/**
 * A new version of a sent (viewed, declined or expired) proposal: the sent version's text is kept
 * with the reason, and the proposal becomes a draft of the next revision. Its client links stay,
 * but open nothing until it is sent again; a signature needs the new version.
 */
export async function reviseProposal(
  db: Db,
  id: string,
  input: { reason: string; userId: string | null },
  now = new Date(),
): Promise<WriteResult> {
  return db.transaction(async (tx) => {
    const locked = await lockFor(tx, id, "revise", await studioToday(tx, now));
    if (!locked.ok) return locked;
    const row = locked.row;
    const [customer] = await tx
      .select({ name: customers.name })
      .from(customers)
      .where(eq(customers.id, row.customerId));
    const text = signingText(signableOf(row, customer?.name ?? ""));
    await tx.insert(proposalVersions).values({
      proposalId: id,
      revision: row.revision,
      snapshot: { text, status: row.status, contentHash: await sha256Hex(text) },
      reason: input.reason,
      createdBy: input.userId,
    });
    await tx
      .update(proposals)
      .set({ status: "draft", revision: row.revision + 1, viewedAt: null, declinedAt: null })
      .where(eq(proposals.id, id));
    return { ok: true, id, proposalNumber: row.proposalNumber };
  });
}

/** Revokes a sent proposal: it can no longer be signed and its links open nothing. */
export async function revokeProposal(db: Db, id: string, now = new Date()): Promise<WriteResult> {
  return db.transaction(async (tx) => {
    const locked = await lockFor(tx, id, "revoke", await studioToday(tx, now));
    if (!locked.ok) return locked;
    await tx.update(proposals).set({ status: "revoked", revokedAt: now }).where(eq(proposals.id, id));
    await tx
      .update(proposalLinks)
      .set({ revokedAt: now })
      .where(and(eq(proposalLinks.proposalId, id), isNull(proposalLinks.revokedAt)));
    return { ok: true, id, proposalNumber: locked.row.proposalNumber };
  });
}

// ---------------------------------------------------------------- links and the client's answers

export async function insertProposalLink(db: Queryable, proposalId: string, tokenHash: string): Promise<void> {
  await db.insert(proposalLinks).values({ proposalId, tokenHash });
}

/** The proposal a live link opens, or null. */
export async function findLinkedProposalId(db: Queryable, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .select({ proposalId: proposalLinks.proposalId })
    .from(proposalLinks)
    .where(and(eq(proposalLinks.tokenHash, tokenHash), isNull(proposalLinks.revokedAt)));
  return row?.proposalId ?? null;
}

/** How many live links a proposal has (a copied link is only made for a proposal already sent). */
export async function liveProposalLinkCount(db: Queryable, proposalId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(proposalLinks)
    .where(and(eq(proposalLinks.proposalId, proposalId), isNull(proposalLinks.revokedAt)));
  return Number(row?.n ?? 0);
}

/** The client's first view of a sent proposal: sent becomes viewed (once). */
export async function markProposalViewed(db: Queryable, id: string, now = new Date()): Promise<boolean> {
  const updated = await db
    .update(proposals)
    .set({ status: "viewed", viewedAt: now })
    .where(and(eq(proposals.id, id), eq(proposals.status, "sent")))
    .returning({ id: proposals.id });
  return updated.length > 0;
}

/**
 * The proposal a live link opens, locked for the client's answer. Locks in the one order every
 * write to a proposal takes (ADR 0047): the proposal's row first (as `lockFor`: revoke, revise,
 * send), then the link's, read again under the lock. A revoke racing with a signature waits for it,
 * or the signature waits for the revoke and finds the link revoked; neither deadlocks the other.
 */
export async function lockLinkedProposal(tx: Tx, tokenHash: string): Promise<ProposalRow | null> {
  const [candidate] = await tx
    .select({ proposalId: proposalLinks.proposalId })
    .from(proposalLinks)
    .where(eq(proposalLinks.tokenHash, tokenHash));
  if (!candidate) return null;
  const [row] = await tx.select().from(proposals).where(eq(proposals.id, candidate.proposalId)).for("update");
  const [link] = await tx
    .select({ proposalId: proposalLinks.proposalId })
    .from(proposalLinks)
    .where(and(eq(proposalLinks.tokenHash, tokenHash), isNull(proposalLinks.revokedAt)))
    .for("update");
  return link && row ? row : null;
}

export type SignatureRecord = {
  signerName: string;
  signerIp: string | null;
  signerUserAgent: string | null;
  signatureImage: string | null;
  contentHash: string;
  chosenTierId: string;
  chosenAddonIds: string[];
  signedTotal: Cents;
  depositAmount: Cents;
  depositInvoiceId: string | null;
  projectId: string;
};

/** Records the signature on a row the caller locked and checked (lockLinkedProposal + checkProposalAction). */
export async function recordSignature(tx: Tx, id: string, record: SignatureRecord, now = new Date()): Promise<void> {
  await tx
    .update(proposals)
    .set({
      status: "signed",
      signedAt: now,
      signerName: record.signerName,
      signerIp: record.signerIp?.slice(0, 64) ?? null,
      signerUserAgent: record.signerUserAgent?.slice(0, 500) ?? null,
      signatureImage: record.signatureImage,
      contentHash: record.contentHash,
      chosenTierId: record.chosenTierId,
      chosenAddonIds: record.chosenAddonIds,
      signedTotal: centsToDecimal(record.signedTotal),
      depositAmount: centsToDecimal(record.depositAmount),
      depositInvoiceId: record.depositInvoiceId,
      projectId: record.projectId,
    })
    .where(eq(proposals.id, id));
  await publishChange(tx, { table: "projects", id: record.projectId });
}

/** The client declined (on a row the caller locked and checked). */
export async function recordDecline(tx: Tx, id: string, now = new Date()): Promise<void> {
  await tx.update(proposals).set({ status: "declined", declinedAt: now }).where(eq(proposals.id, id));
}

/** SHA-256 of a text, as lowercase hex (Web Crypto: the same in every runtime). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Buffer.from(digest).toString("hex");
}
