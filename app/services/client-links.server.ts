/**
 * Client links (ADR 0016): a 256-bit token (the same random tokens as sessions and reset links)
 * that the client's email carries; the database keeps only its SHA-256, so neither a leaked backup
 * nor a database reader can open a document. A lookup is by that hash. A link's address exists
 * only when it is issued: the editor's 'Copy client link' issues a fresh one for a document that
 * already has a live link.
 */
import type { Queryable } from "#app/db/client.server.ts";
import { fail, type Result } from "#app/domain/result.ts";
import { clientLinkPath } from "#app/domain/sending.ts";
import { insertInvoiceLink, liveLinkCount } from "#app/models/invoice-sends.server.ts";
import { getInvoice } from "#app/models/invoices.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { hashToken, looksLikeToken, newToken } from "#app/services/auth/tokens.server.ts";

export function newClientToken(): { token: string; hash: string } {
  const token = newToken();
  return { token, hash: hashToken(token) };
}

/**
 * Stores a new link to the document (only its hash) and returns its full address. `made`: a token
 * made beforehand (the email's PDF prints its address as a QR code before the link is stored).
 */
export async function issueClientLink(
  tx: Queryable,
  publicUrl: string,
  invoiceId: string,
  made: { token: string; hash: string } = newClientToken(),
): Promise<string> {
  const { token, hash } = made;
  await insertInvoiceLink(tx, invoiceId, hash);
  return new URL(clientLinkPath(token), publicUrl).toString();
}

/** A fresh link, or why not: no such document, none live (never sent, or revoked), or cancelled. */
type CopiedLink = Result<{ link: string; invoiceNumber: string }, "not-found" | "no-link" | "cancelled">;

/**
 * A fresh link to a document the client already has a live link to (sent, not revoked since),
 * audited: the owner copies it to share it another way. A document never sent, or whose links were
 * revoked, gets its link by email only.
 */
export async function copyClientLink(
  deps: { db: Queryable; publicUrl: string },
  input: { invoiceId: string; actor: { userId: string; email: string }; ip: string | null },
): Promise<CopiedLink> {
  return auditedChange(
    deps.db,
    async (tx): Promise<CopiedLink> => {
      const invoice = await getInvoice(tx, input.invoiceId);
      if (!invoice) return fail("not-found");
      if (invoice.status === "cancelled") return fail("cancelled");
      if ((await liveLinkCount(tx, invoice.id)) === 0) return fail("no-link");
      const link = await issueClientLink(tx, deps.publicUrl, invoice.id);
      return { ok: true, link, invoiceNumber: invoice.invoiceNumber };
    },
    {
      actor: input.actor,
      ip: input.ip,
      event: "invoice_link_created",
      when: (result) => result.ok,
      detail: (result) => ({ invoice: result.ok ? result.invoiceNumber : input.invoiceId }),
    },
  );
}

/** The hash to look up, or null for a malformed token (answered not found without a query). */
export function clientTokenHash(value: unknown): string | null {
  return typeof value === "string" && looksLikeToken(value) ? hashToken(value) : null;
}
