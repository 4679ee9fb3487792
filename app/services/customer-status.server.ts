/**
 * Statuses follow the money (ADR 0049): a customer becomes Active when a proposal is signed, an
 * estimate accepted or an invoice paid in full, in the transaction that records it, audited. Only a
 * Prospect moves: the owner's own choice (Inactive, Archived) is never changed behind their back, and
 * they can still set any status by hand.
 */
import type { Queryable } from "#app/db/client.server.ts";
import { activateProspect } from "#app/models/customers.server.ts";
import { audit } from "#app/services/audit.server.ts";

export type Activation = "proposal signed" | "estimate accepted" | "invoice paid";

/** Makes the customer (of the document) active when it is a prospect; audited when it changed. */
export async function customerBecomesActive(
  tx: Queryable,
  of: { customerId: string } | { invoiceId: string },
  because: Activation,
  detail: Record<string, string | null> = {},
): Promise<boolean> {
  const activated = await activateProspect(tx, of);
  if (!activated) return false;
  await audit(tx, { event: "customer_activated", detail: { customer: activated.name, because, ...detail } });
  return true;
}
