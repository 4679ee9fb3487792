/**
 * Proposals (docs/decisions/0033-proposals.md): sending, the client's link (/p/{token}), signing
 * and declining. Signing is one transaction: the proposal's and then the link's rows locked (the order every
 * write to a proposal takes: a revoke at the same moment waits, never deadlocks), the state,
 * the version (the SHA-256 of what the client read) and the choice checked; the signature recorded;
 * the project created (or moved to approved) with the chosen lines as its pricing; the contract made
 * with its schedule (deposit and balance; ADR 0043); the deposit invoice drawn from it (the proposal's
 * tax included) and queued to the client with its link; the lead moved on; the owner told. Either
 * all of it happens or none. The signed PDF (with its certificate page) goes to both sides after
 * the commit: a render that fails sends the mails with the link only.
 */
import { eq } from "drizzle-orm";
import type { Config } from "#app/config.server.ts";
import type { Db, Tx } from "#app/db/client.server.ts";
import { contactSubmissions, customers, projects } from "#app/db/schema.ts";
import { displayDate, formatMomentIn, todayIn } from "#app/domain/dates.ts";
import { type MailBlock, type MailMessageContent, mailContent, paragraphs } from "#app/domain/mail.ts";
import { fillWording, type MailWording } from "#app/domain/mail-templates.ts";
import { centsToDecimal, formatMoney, lineTotal } from "#app/domain/money.ts";
import type { ProjectPricing } from "#app/domain/projects.ts";
import { proposalMessages } from "#app/domain/proposal-pages.ts";
import {
  type ChoiceTotals,
  checkProposalAction,
  choiceTotals,
  type SignForm,
  signingText,
} from "#app/domain/proposals.ts";
import { fail, type Result } from "#app/domain/result.ts";
import { pngDataUrl, signaturePngBytes } from "#app/domain/signature.ts";
import { getStudioIdentity, studioTimeZone } from "#app/models/business-settings.server.ts";
import { insertContract, type NewInstallment } from "#app/models/contracts.server.ts";
import { insertInvoice } from "#app/models/invoices.server.ts";
import { getMailWording } from "#app/models/mail-templates.server.ts";
import { packageQuestionnaireFor } from "#app/models/pricing.server.ts";
import {
  findLinkedProposalId,
  getProposal,
  insertProposalLink,
  liveProposalLinkCount,
  lockLinkedProposal,
  markProposalSent,
  proposalNumbers,
  recordDecline,
  recordSignature,
  sha256Hex,
  signableOf,
} from "#app/models/proposals.server.ts";
import { audit } from "#app/services/audit.server.ts";
import { clientTokenHash, newClientToken } from "#app/services/client-links.server.ts";
import { customerBecomesActive } from "#app/services/customer-status.server.ts";
import { queueDocumentMail } from "#app/services/invoice-sending.server.ts";
import type { Logger } from "#app/services/logger.server.ts";
import { normaliseSignature } from "#app/services/logo-image.server.ts";
import { enqueueMail, mailKey } from "#app/services/mail.server.ts";
import { queueQuestionnaire } from "#app/services/questionnaires.server.ts";
import { hitAddressLimit } from "#app/services/rate-limit.server.ts";

export type ProposalDeps = {
  db: Db;
  config: Pick<Config, "publicUrl" | "sessionSecret"> & Partial<Pick<Config, "stripe">>;
  logger: Logger;
};
/** a signed-in admin, or null for the studio's own jobs and tests */
type Actor = { userId: string; email: string } | null;

export function proposalLinkPath(token: string): string {
  return `/p/${token}`;
}

async function issueProposalLink(tx: Tx, publicUrl: string, proposalId: string): Promise<string> {
  const { token, hash } = newClientToken();
  await insertProposalLink(tx, proposalId, hash);
  return new URL(proposalLinkPath(token), publicUrl).toString();
}

/** The proposal's mail, in the owner's wording (Settings → Emails): the opening, the button to sign, until when. */
function proposalMail(
  wording: MailWording,
  input: {
    customerName: string;
    proposalNumber: string;
    title: string;
    businessName: string;
    expiresOn: string;
    link: string;
  },
): MailMessageContent {
  const validUntil = displayDate(input.expiresOn);
  const words = fillWording(wording, {
    client_name: input.customerName,
    studio_name: input.businessName,
    document_number: input.proposalNumber,
    proposal_title: input.title,
    valid_until: validUntil,
  });
  return mailContent(words.subject, [
    ...paragraphs(words.opening),
    { type: "action", label: "Review and sign the proposal", url: input.link },
    { type: "text", text: `The proposal is valid until ${validUntil}.` },
    { type: "text", text: `Thank you,\n${input.businessName}` },
  ]);
}

/** Sent (to whom, with which link), or why not: no such proposal, or `refused` with the rule's message. */
type ProposalSendResult = Result<{ to: string; link: string }, "not-found" | "refused">;

/** Sends a draft to its customer: a new link, the mail (sealed: it carries the link), sent, audited. */
export async function sendProposal(
  deps: ProposalDeps,
  input: { proposalId: string; actor: Actor; ip: string | null },
): Promise<ProposalSendResult> {
  return deps.db.transaction(async (tx): Promise<ProposalSendResult> => {
    const marked = await markProposalSent(tx, input.proposalId);
    if (!marked.ok) {
      return marked.reason === "not-found" ? fail("not-found") : fail("refused", { message: marked.message });
    }
    const proposal = await getProposal(tx, input.proposalId);
    if (!proposal) return fail("not-found");
    const studio = await getStudioIdentity(tx);
    const link = await issueProposalLink(tx, deps.config.publicUrl, proposal.id);
    await enqueueMail(
      tx,
      {
        to: proposal.customer.email,
        ...proposalMail(await getMailWording(tx, "proposal"), {
          customerName: proposal.customer.name,
          proposalNumber: proposal.proposalNumber,
          title: proposal.title,
          businessName: studio.businessName,
          expiresOn: proposal.expiresOn,
          link,
        }),
      },
      { seal: mailKey(deps.config.sessionSecret) },
    );
    await audit(tx, {
      event: "proposal_sent",
      userId: input.actor?.userId,
      email: input.actor?.email,
      ip: input.ip,
      detail: { proposal: proposal.proposalNumber, to: proposal.customer.email },
    });
    return { ok: true, to: proposal.customer.email, link };
  });
}

/** A fresh link to a proposal the client already has a live link to (the owner shares it another way). */
export async function copyProposalLink(
  deps: ProposalDeps,
  input: { proposalId: string; actor: Actor; ip: string | null },
): Promise<Result<{ link: string }, "no-link">> {
  return deps.db.transaction(async (tx): Promise<Result<{ link: string }, "no-link">> => {
    if ((await liveProposalLinkCount(tx, input.proposalId)) === 0) return fail("no-link");
    const link = await issueProposalLink(tx, deps.config.publicUrl, input.proposalId);
    await audit(tx, {
      event: "proposal_link_created",
      userId: input.actor?.userId,
      email: input.actor?.email,
      ip: input.ip,
      detail: { proposal: input.proposalId },
    });
    return { ok: true, link };
  });
}

// ---------------------------------------------------------------- the client's link

/** Opens of proposal links per address: plenty for a client, far too few to guess a 256-bit token. */
const proposalLinkLimit = { limit: 120, windowMs: 10 * 60_000 };

/** The proposal a client link opens (and the hash of what it shows), or why not. */
type ClientProposalLookup = Result<
  { proposal: NonNullable<Awaited<ReturnType<typeof getProposal>>>; contentHash: string },
  "not-found" | "revising" | "limited"
>;

/** The proposal a client link opens (rate-limited per address before the lookup). Drafts (being revised) are not shown. */
export async function findClientProposal(db: Db, token: unknown, ip: string): Promise<ClientProposalLookup> {
  const hash = clientTokenHash(token);
  if (!hash) return fail("not-found");
  const limited = await hitAddressLimit(db, "proposal-link", ip, proposalLinkLimit);
  if (!limited.allowed) return fail("limited", { retryAfterSeconds: limited.retryAfterSeconds });
  const id = await findLinkedProposalId(db, hash);
  const proposal = id ? await getProposal(db, id) : null;
  if (!proposal || proposal.status === "revoked") return fail("not-found");
  if (proposal.status === "draft") return fail("revising");
  return { ok: true, proposal, contentHash: await sha256Hex(proposal.text) };
}

/** Signed (the project, the deposit invoice, the totals), or `gone`, or `refused` with the message (and field). */
type SignResult = Result<
  { proposalId: string; projectId: string; depositInvoiceId: string | null; totals: ChoiceTotals },
  "gone" | "refused"
>;

/** The project's pricing from the chosen lines: each line a phase at its total. */
function pricingFromLines(totals: ChoiceTotals, recurring: ProjectPricing["recurring_fees"] = []): ProjectPricing {
  return {
    type: "phased",
    phases: totals.lines.map((line, index) => ({
      id: `proposal-${index + 1}`,
      name: line.description,
      price: lineTotal(line) / 100,
    })),
    recurring_fees: recurring,
  };
}

/**
 * The client signs (see the module comment). `gone` when the link no longer opens a proposal;
 * `refused` with the reason when it cannot be signed (signed already, declined, expired, revoked,
 * changed since the client read it, or a choice that is not offered).
 */
export async function signProposal(
  deps: ProposalDeps,
  input: { token: unknown; form: SignForm; ip: string | null; userAgent: string | null },
  now = new Date(),
): Promise<SignResult> {
  const hash = clientTokenHash(input.token);
  if (!hash) return fail("gone");
  // the drawn signature is decoded once, here, and stored small: every PDF embeds it as stored
  let signatureImage: string | null = null;
  if (input.form.signature) {
    const normalised = await normaliseSignature(signaturePngBytes(input.form.signature));
    if (!normalised.ok) return fail("refused", { message: normalised.message, field: "signature" });
    signatureImage = pngDataUrl(normalised.png);
  }
  const result = await deps.db.transaction(async (tx): Promise<SignResult> => {
    const row = await lockLinkedProposal(tx, hash);
    if (!row || row.status === "draft") return fail("gone");
    const today = todayIn(await studioTimeZone(tx), now);
    const allowed = checkProposalAction(row, "sign", today);
    if (!allowed.ok) return fail("refused", { message: allowed.message });
    const [customer] = await tx
      .select({ name: customers.name, email: customers.email, contactSubmissionId: customers.contactSubmissionId })
      .from(customers)
      .where(eq(customers.id, row.customerId));
    if (!customer) return fail("gone");
    const contentHash = await sha256Hex(signingText(signableOf(row, customer.name)));
    if (contentHash !== input.form.content_hash) return fail("refused", { message: proposalMessages.changed });
    const chosen = choiceTotals(
      { options: row.options, depositKind: row.depositKind, ...proposalNumbers(row) },
      { tierId: input.form.tier, addonIds: input.form.addons },
    );
    if (!chosen.ok) return fail("refused", { message: chosen.message, field: chosen.field });
    const { totals } = chosen;

    // the project: the proposal's own, moved to approved with the chosen lines as its pricing, or a new one
    const projectColumns = {
      status: "approved" as const,
      fixedPrice: centsToDecimal(totals.total),
      pricingDetails: pricingFromLines(totals),
    };
    let projectId = row.projectId;
    if (projectId) {
      const [existing] = await tx
        .select({ pricing: projects.pricingDetails })
        .from(projects)
        .where(eq(projects.id, projectId))
        .for("update");
      await tx
        .update(projects)
        .set({ ...projectColumns, pricingDetails: pricingFromLines(totals, existing?.pricing?.recurring_fees ?? []) })
        .where(eq(projects.id, projectId));
    } else {
      const [created] = await tx
        .insert(projects)
        .values({
          ...projectColumns,
          customerId: row.customerId,
          projectName: row.title,
          description: row.scope || null,
          startDate: today,
        })
        .returning({ id: projects.id });
      if (!created) throw new Error("project insert returned no row");
      projectId = created.id;
    }

    // the contract (ADR 0043): the chosen lines, the proposal's tax, a deposit (when there is one) and the balance
    const numbers = proposalNumbers(row);
    const schedule: NewInstallment[] = [
      ...(totals.deposit > 0
        ? [
            {
              label: "Deposit",
              kind: "deposit" as const,
              basis: row.depositKind,
              value: numbers.depositValue,
              dueOn: today,
            },
          ]
        : []),
      { label: "Balance", kind: "balance", basis: null, value: null },
    ];
    const contract = await insertContract(tx, {
      customerId: row.customerId,
      projectId,
      title: `${row.proposalNumber}: ${row.title}`,
      source: { proposalId: row.id },
      lines: totals.lines.map((line) => ({
        description: line.description,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
      })),
      taxRate: numbers.taxRate,
      installments: schedule,
    });

    // the deposit invoice, drawn from the contract's first installment with the proposal's tax, sent with its client link
    let depositInvoiceId: string | null = null;
    const depositInstallment = contract.installments.find((installment) => installment.kind === "deposit");
    if (totals.deposit > 0 && depositInstallment) {
      const invoice = await insertInvoice(
        tx,
        {
          invoice_type: "invoice",
          customer_id: row.customerId,
          project_id: projectId,
          issue_date: today,
          due_date: today,
          items: [
            {
              description:
                `Deposit for proposal ${row.proposalNumber}: ${[totals.tier.name, ...totals.addons.map((a) => a.name)].join(" + ")} (total ${formatMoney(totals.total)})`.slice(
                  0,
                  500,
                ),
              quantity: 100,
              unit_price: totals.depositPart.net,
            },
          ],
          tax_rate: numbers.taxRate,
          discount_amount: 0,
          notes: `Deposit on signing proposal ${row.proposalNumber}.`,
          terms: "Due on signing; the work starts once it is paid.",
          send_reminders: true,
          intent: "sent",
        },
        now,
        undefined,
        { contractId: contract.id, installmentId: depositInstallment.id },
      );
      depositInvoiceId = invoice.id;
      // its mail, with its PDF (rendered at delivery, as Sent) and how to pay: the one sending path
      await queueDocumentMail(tx, deps, { invoiceId: invoice.id, kind: "send", actor: null, ip: input.ip, now });
    }

    await recordSignature(
      tx,
      row.id,
      {
        signerName: input.form.signer_name,
        signerIp: input.ip,
        signerUserAgent: input.userAgent,
        signatureImage,
        contentHash,
        chosenTierId: totals.tier.id,
        chosenAddonIds: totals.addons.map((addon) => addon.id),
        signedTotal: totals.total,
        depositAmount: totals.deposit,
        depositInvoiceId,
        projectId,
      },
      now,
    );
    // the onboarding questionnaire the proposal names, else the one of the package the chosen tier was made
    // from: queued with its mail in this transaction, once per proposal
    const questionnaireId = row.questionnaireId ?? (await packageQuestionnaireFor(tx, totals.tier.name));
    if (questionnaireId) {
      await queueQuestionnaire(tx, deps, {
        questionnaireId,
        customerId: row.customerId,
        projectId,
        proposalId: row.id,
        now,
      });
    }
    // the client is a client now: a prospect becomes active (audited)
    await customerBecomesActive(tx, { customerId: row.customerId }, "proposal signed", {
      proposal: row.proposalNumber,
    });
    // the lead moves on: its inquiry is won
    if (customer.contactSubmissionId) {
      await tx
        .update(contactSubmissions)
        .set({ status: "completed" })
        .where(eq(contactSubmissions.id, customer.contactSubmissionId));
    }
    await audit(tx, {
      event: "proposal_signed_by_client",
      ip: input.ip,
      detail: {
        proposal: row.proposalNumber,
        signedAs: input.form.signer_name,
        hash: contentHash,
        total: centsToDecimal(totals.total),
      },
    });
    return { ok: true, proposalId: row.id, projectId, depositInvoiceId, totals };
  });
  if (result.ok) await mailSignedCopies(deps, result.proposalId);
  return result;
}

/**
 * The signed proposal to both sides, with its PDF (certificate page included) rendered when the mails
 * are delivered (a render that fails there is retried, then the mails go with the record in the text
 * only). The signing time in the studio's zone and format, never a raw timestamp.
 */
async function mailSignedCopies(deps: ProposalDeps, proposalId: string): Promise<void> {
  const proposal = await getProposal(deps.db, proposalId);
  if (!proposal) return;
  const studio = await getStudioIdentity(deps.db);
  const timeZone = await studioTimeZone(deps.db);
  const signedAt = proposal.signedAt ? formatMomentIn(proposal.signedAt, timeZone) : "";
  const record: MailBlock = {
    type: "fields",
    rows: [
      ["Proposal", `${proposal.proposalNumber} (version ${proposal.revision})`],
      ["Signed by", proposal.signerName ?? ""],
      ["Signed on", signedAt],
      ["Total", formatMoney(Math.round(Number(proposal.signedTotal) * 100))],
      ["Deposit", formatMoney(Math.round(Number(proposal.depositAmount) * 100))],
      ["Document hash (SHA-256)", proposal.contentHash ?? ""],
    ],
  };
  const attachments = [
    {
      filename: `${proposal.proposalNumber}-signed.pdf`,
      contentType: "application/pdf",
      source: { kind: "proposal-pdf" as const, proposalId: proposal.id },
    },
  ];
  const words = fillWording(await getMailWording(deps.db, "proposal_signed"), {
    client_name: proposal.customer.name,
    studio_name: studio.businessName,
    document_number: proposal.proposalNumber,
    proposal_title: proposal.title,
  });
  await deps.db.transaction(async (tx) => {
    await enqueueMail(
      tx,
      {
        to: proposal.customer.email,
        ...mailContent(words.subject, [
          ...paragraphs(words.opening),
          record,
          { type: "text", text: studio.businessName },
        ]),
      },
      { attachments },
    );
    await enqueueMail(
      tx,
      {
        to: studio.email,
        ...mailContent(`Proposal ${proposal.proposalNumber} signed by ${proposal.signerName}`, [
          record,
          {
            type: "action",
            label: "Open it in the back office",
            url: new URL(`/admin/proposals/${proposal.id}`, deps.config.publicUrl).toString(),
          },
        ]),
      },
      { attachments },
    );
  });
}

/** The client declines: once, while it can still be signed. */
export async function declineProposal(
  deps: ProposalDeps,
  input: { token: unknown; ip: string | null },
  now = new Date(),
): Promise<Result<object, "gone" | "refused">> {
  const hash = clientTokenHash(input.token);
  if (!hash) return fail("gone");
  return deps.db.transaction(async (tx): Promise<Result<object, "gone" | "refused">> => {
    const row = await lockLinkedProposal(tx, hash);
    if (!row || row.status === "draft") return fail("gone");
    const allowed = checkProposalAction(row, "decline", todayIn(await studioTimeZone(tx), now));
    if (!allowed.ok) return fail("refused", { message: allowed.message });
    await recordDecline(tx, row.id, now);
    const studio = await getStudioIdentity(tx);
    await enqueueMail(tx, {
      to: studio.email,
      ...mailContent(`Proposal ${row.proposalNumber} declined`, [
        { type: "text", text: `The client declined proposal ${row.proposalNumber}.` },
        {
          type: "action",
          label: "Open it in the back office",
          url: new URL(`/admin/proposals/${row.id}`, deps.config.publicUrl).toString(),
        },
      ]),
    });
    await audit(tx, { event: "proposal_declined_by_client", ip: input.ip, detail: { proposal: row.proposalNumber } });
    return { ok: true };
  });
}
