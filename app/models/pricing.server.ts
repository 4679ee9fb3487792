import { asc } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { pricingPackages } from "#app/db/schema.ts";

export type PricingPackage = typeof pricingPackages.$inferSelect;

/** The pricing packages, in display order. */
export function listPricingPackages(db: Queryable): Promise<PricingPackage[]> {
  return db.select().from(pricingPackages).orderBy(asc(pricingPackages.sortOrder), asc(pricingPackages.id));
}
