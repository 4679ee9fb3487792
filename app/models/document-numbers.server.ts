import { sql } from "drizzle-orm";
import type { Tx } from "#app/db/client.server.ts";
import { documentNumberCounters } from "#app/db/schema.ts";
import type { DocumentSequence } from "#app/domain/enums.ts";
import { formatDocumentNumber } from "#app/domain/numbering.ts";

/**
 * The next number of a sequence (invoices, estimates, credit notes, proposals). Must run inside the transaction
 * that inserts the document: the counter row stays locked until it commits,
 * so concurrent creates queue up and a rolled-back insert gives its number back.
 */
export async function nextDocumentNumber(tx: Tx, sequence: DocumentSequence, prefix: string): Promise<string> {
  const [row] = await tx
    .insert(documentNumberCounters)
    .values({ sequence, lastValue: 1 })
    .onConflictDoUpdate({
      target: documentNumberCounters.sequence,
      set: { lastValue: sql`${documentNumberCounters.lastValue} + 1` },
    })
    .returning({ value: documentNumberCounters.lastValue });
  if (!row) throw new Error("document number counter did not return a value");
  return formatDocumentNumber(prefix, row.value);
}
