/** What a new proposal starts with (one row; ADR 0033): the agreement template, the deposit, the validity. */
import { eq } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { proposalSettings } from "#app/db/schema.ts";
import { centsToDecimal, toCents } from "#app/domain/money.ts";
import { defaultProposalSettings, type ProposalSettings } from "#app/domain/proposals.ts";

export async function getProposalSettings(db: Queryable): Promise<ProposalSettings> {
  const [row] = await db.select().from(proposalSettings).where(eq(proposalSettings.id, 1));
  if (!row) return defaultProposalSettings;
  return {
    agreementTemplate: row.agreementTemplate,
    depositPercent: toCents(row.depositPercent) ?? defaultProposalSettings.depositPercent,
    validDays: row.validDays,
  };
}

export async function saveProposalSettings(db: Queryable, settings: ProposalSettings): Promise<void> {
  const values = {
    agreementTemplate: settings.agreementTemplate,
    depositPercent: centsToDecimal(settings.depositPercent),
    validDays: settings.validDays,
    updatedAt: new Date(),
  };
  await db
    .insert(proposalSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: proposalSettings.id, set: values });
}
