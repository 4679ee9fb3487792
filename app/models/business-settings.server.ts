import { isNull } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { businessSettings } from "#app/db/schema.ts";
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
