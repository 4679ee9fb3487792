import { eq, isNull, sql } from "drizzle-orm";
import { publishChange } from "#app/db/changes.server.ts";
import type { Db, Queryable } from "#app/db/client.server.ts";
import { businessSettings } from "#app/db/schema.ts";
import type { toBusinessSettingsRow } from "#app/domain/business-settings.ts";
import { defaultTimeZone, isValidTimeZone, todayIn } from "#app/domain/dates.ts";
import { defaultStudio, type StudioIdentity } from "#app/domain/studio.ts";

/** The studio's identity for public pages: the studio-wide settings record, else the built-in default. */
export async function getStudioIdentity(db: Queryable): Promise<StudioIdentity> {
  const [row] = await db.select().from(businessSettings).where(isNull(businessSettings.userId)).limit(1);
  if (!row) return defaultStudio;
  return {
    businessName: row.businessName,
    shortName: row.businessName.split(/\s+/)[0] ?? row.businessName,
    contactName: row.contactName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    address: row.address,
    website: row.website,
  };
}

/** The studio-wide settings record as the settings page edits it, or null before the first save. */
export async function getBusinessSettings(db: Queryable) {
  const [row] = await db.select().from(businessSettings).where(isNull(businessSettings.userId)).limit(1);
  return row ?? null;
}

/** Any constant: serialises saves, so two first saves at once still make one record. */
const settingsLockKey = 0x5e771;

/**
 * Saves the studio's identity (docs/decisions/0005-studio-identity.md): the first save inserts
 * the studio-wide record, later saves update it. Other columns (invoice numbering) are untouched.
 */
export async function saveBusinessSettings(db: Db, row: ReturnType<typeof toBusinessSettingsRow>) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${settingsLockKey})`);
    const [existing] = await tx
      .select({ id: businessSettings.id })
      .from(businessSettings)
      .where(isNull(businessSettings.userId))
      .limit(1);
    if (existing) {
      const [updated] = await tx
        .update(businessSettings)
        .set(row)
        .where(eq(businessSettings.id, existing.id))
        .returning();
      await publishChange(tx, { table: "site_content", id: "identity" });
      return { saved: updated, inserted: false };
    }
    const [inserted] = await tx.insert(businessSettings).values(row).returning();
    await publishChange(tx, { table: "site_content", id: "identity" });
    return { saved: inserted, inserted: true };
  });
}

// ---------------------------------------------------------------- the studio's zone and today

/** The studio's time zone (Settings), the default when none is saved or it is unknown. */
export async function studioTimeZone(db: Queryable): Promise<string> {
  const [row] = await db
    .select({ timeZone: businessSettings.timeZone })
    .from(businessSettings)
    .where(isNull(businessSettings.userId))
    .limit(1);
  return row && isValidTimeZone(row.timeZone) ? row.timeZone : defaultTimeZone;
}

/** Today's date ('YYYY-MM-DD') in the studio's time zone: the one "today" of every overdue query. */
export async function studioToday(db: Queryable, now: Date = new Date()): Promise<string> {
  return todayIn(await studioTimeZone(db), now);
}
