/**
 * What the client's link (/i/{token}) may do: find the document by the token's hash (after a
 * per-address rate limit, taken before the lookup) and answer an estimate. Views are recorded by the
 * view beacon only (app/services/view-beacon.server.ts, ADR 0034), never by a fetch.
 */
import type { Db } from "#app/db/client.server.ts";
import { fail, type Result } from "#app/domain/result.ts";
import { type EstimateAnswer, estimateAnsweredMail } from "#app/domain/sending.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import { acceptEstimate, declineEstimate } from "#app/models/estimates.server.ts";
import { findLinkedInvoiceId, lockLiveLink } from "#app/models/invoice-sends.server.ts";
import { getPrintableInvoice } from "#app/models/invoices.server.ts";
import { audit } from "#app/services/audit.server.ts";
import { clientTokenHash } from "#app/services/client-links.server.ts";
import { customerBecomesActive } from "#app/services/customer-status.server.ts";
import { enqueueMail } from "#app/services/mail.server.ts";
import { hitAddressLimit } from "#app/services/rate-limit.server.ts";

/** Opens of client links per address: plenty for a client, too few to guess 256-bit tokens anyway. */
const clientLinkLimit = { limit: 120, windowMs: 10 * 60_000 };

/**
 * The document a client link opens, or why not: `not-found`, `limited`, or `revising` (sent before,
 * now a draft of its next revision (ADR 0030): not shown until it is sent again).
 */
type ClientLookup = Result<
  { invoice: NonNullable<Awaited<ReturnType<typeof getPrintableInvoice>>> },
  "not-found" | "revising" | "limited"
>;

export async function findClientDocument(db: Db, token: unknown, ip: string): Promise<ClientLookup> {
  const hash = clientTokenHash(token);
  if (!hash) return fail("not-found");
  const limited = await hitAddressLimit(db, "client-link", ip, clientLinkLimit);
  if (!limited.allowed) return fail("limited", { retryAfterSeconds: limited.retryAfterSeconds });
  const invoiceId = await findLinkedInvoiceId(db, hash);
  const invoice = invoiceId ? await getPrintableInvoice(db, invoiceId) : null;
  if (!invoice) return fail("not-found");
  return invoice.status === "draft" ? fail("revising") : { ok: true, invoice };
}

/**
 * The client answers an estimate on its link: accepted (signed) or declined, once; audited, and the
 * owner told by mail, all in one transaction that holds the link's row, so a link revoked meanwhile
 * answers nothing. Fails `already` when it was answered before or cannot be answered any more
 * (answered, converted); `revoked` when the link no longer opens this estimate.
 */
export async function answerEstimate(
  deps: { db: Db; publicUrl: string; ip: string },
  estimate: { id: string; invoiceNumber: string; customerName: string; token: unknown },
  answer: EstimateAnswer,
): Promise<Result<object, "already" | "revoked">> {
  const hash = clientTokenHash(estimate.token);
  if (!hash) return fail("revoked");
  return deps.db.transaction(async (tx): Promise<Result<object, "already" | "revoked">> => {
    if ((await lockLiveLink(tx, hash)) !== estimate.id) return fail("revoked");
    const result =
      answer.intent === "accept"
        ? await acceptEstimate(tx, estimate.id, { name: answer.name })
        : await declineEstimate(tx, estimate.id);
    if (!result.ok) return fail("already");
    if (answer.intent === "accept") {
      await customerBecomesActive(tx, { invoiceId: estimate.id }, "estimate accepted", {
        estimate: estimate.invoiceNumber,
      });
    }
    await audit(tx, {
      event: answer.intent === "accept" ? "estimate_accepted_by_client" : "estimate_declined_by_client",
      ip: deps.ip,
      detail: { estimate: estimate.invoiceNumber, ...(answer.intent === "accept" ? { signedAs: answer.name } : {}) },
    });
    const studio = await getStudioIdentity(tx);
    const link = new URL(`/admin/invoices/${estimate.id}`, deps.publicUrl).toString();
    await enqueueMail(tx, { to: studio.email, ...estimateAnsweredMail(answer, estimate, link) });
    return { ok: true };
  });
}
