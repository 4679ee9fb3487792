/** A customer's activity: notes (interaction_type 'note', the only type shown), newest first. */
import { and, desc, eq } from "drizzle-orm";
import { publishChange } from "#app/db/changes.server.ts";
import type { Db, Queryable } from "#app/db/client.server.ts";
import { customerInteractions, customers } from "#app/db/schema.ts";
import type { InteractionForm } from "#app/domain/customer-form.ts";

export async function listCustomerNotes(db: Queryable, customerId: string) {
  return db
    .select({
      id: customerInteractions.id,
      subject: customerInteractions.subject,
      description: customerInteractions.description,
      interactionDate: customerInteractions.interactionDate,
    })
    .from(customerInteractions)
    .where(and(eq(customerInteractions.customerId, customerId), eq(customerInteractions.interactionType, "note")))
    .orderBy(desc(customerInteractions.interactionDate), desc(customerInteractions.createdAt))
    .limit(500);
}

/** Logs a note (a call, a meeting) on a customer; null when the customer does not exist. */
export async function addCustomerNote(db: Db, customerId: string, note: InteractionForm) {
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for("share");
    if (!customer) return null;
    const [created] = await tx
      .insert(customerInteractions)
      .values({
        customerId,
        interactionType: "note",
        subject: note.subject,
        description: note.description ?? null,
      })
      .returning();
    // the customer's page lists its activity: tell open pages to refresh
    await publishChange(tx, { table: "customers", id: customerId });
    return created ?? null;
  });
}

/**
 * What a client did on a client page (a view, an answer), in the customer's activity, in the caller's
 * transaction: a note the owner reads like the others.
 */
export async function recordClientActivity(
  db: Queryable,
  customerId: string,
  entry: { subject: string; description?: string | null; at: Date },
): Promise<void> {
  await db.insert(customerInteractions).values({
    customerId,
    interactionType: "note",
    subject: entry.subject.slice(0, 200),
    description: entry.description ? entry.description.slice(0, 5000) : null,
    interactionDate: entry.at,
  });
  await publishChange(db, { table: "customers", id: customerId });
}
