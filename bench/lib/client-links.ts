/**
 * Links to the three pages a client opens from an email, stored as the app stores them (hashes only):
 * the invoice with the most lines of the customer with the most documents, the first proposal (marked
 * sent) and that customer's portal. Used by `bench/client-pages.ts` and `bench/lighthouse.ts`.
 */
import { sql } from "drizzle-orm";
import { type Database, selectRows } from "#app/db/client.server.ts";
import { portalLinkExpiry, portalLinkPath } from "#app/domain/portal.ts";
import { clientLinkPath } from "#app/domain/sending.ts";
import { insertInvoiceLink } from "#app/models/invoice-sends.server.ts";
import { insertPortalLink } from "#app/models/portal.server.ts";
import { insertProposalLink, markProposalSent } from "#app/models/proposals.server.ts";
import { newClientToken } from "#app/services/client-links.server.ts";
import { proposalLinkPath } from "#app/services/proposals.server.ts";

export type ClientPage = { name: string; path: string; note: string };

/** Links to the three pages, stored as the app stores them (hashes only); their addresses. */
export async function clientLinks(database: Database): Promise<ClientPage[]> {
  const db = database.db;
  const one = async <T>(query: ReturnType<typeof sql>) => {
    const [row] = await selectRows<T>(db, query);
    if (!row) throw new Error("no target row");
    return row;
  };
  const customer = await one<{ id: string; documents: number }>(
    sql`select customer_id as id, count(*)::int as documents from invoices where status <> 'draft'
      group by customer_id order by count(*) desc, customer_id limit 1`,
  );
  const invoice = await one<{ id: string; number: string; lines: number }>(
    sql`select i.id, i.invoice_number as number, count(l.id)::int as lines from invoices i
      join invoice_line_items l on l.invoice_id = i.id
      where i.customer_id = ${customer.id} and i.status <> 'draft'
      group by i.id order by count(l.id) desc, i.id limit 1`,
  );
  const proposal = await one<{ id: string; number: string }>(
    sql`select id, proposal_number as number from proposals order by created_at limit 1`,
  );
  const invoiceToken = newClientToken();
  const proposalToken = newClientToken();
  const portalToken = newClientToken();
  const now = new Date();
  await db.transaction(async (tx) => {
    await insertInvoiceLink(tx, invoice.id, invoiceToken.hash);
    const sent = await markProposalSent(tx, proposal.id);
    if (!sent.ok) throw new Error(`the demo proposal could not be marked sent: ${JSON.stringify(sent)}`);
    await insertProposalLink(tx, proposal.id, proposalToken.hash);
    await insertPortalLink(tx, {
      customerId: customer.id,
      tokenHash: portalToken.hash,
      createdAt: now,
      expiresAt: portalLinkExpiry(now),
    });
  });
  return [
    {
      name: "invoice /i/{token}",
      path: clientLinkPath(invoiceToken.token),
      note: `${invoice.number}, ${invoice.lines} lines`,
    },
    { name: "proposal /p/{token}", path: proposalLinkPath(proposalToken.token), note: proposal.number },
    {
      name: "portal /portal/{token}",
      path: portalLinkPath(portalToken.token),
      note: `a customer with ${customer.documents} documents`,
    },
  ];
}
