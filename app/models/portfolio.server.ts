import { asc } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { portfolioItems } from "#app/db/schema.ts";

export type PortfolioItem = typeof portfolioItems.$inferSelect;

/** Every portfolio item, in display order (the page filters them itself). */
export function listPortfolioItems(db: Queryable): Promise<PortfolioItem[]> {
  return db.select().from(portfolioItems).orderBy(asc(portfolioItems.sortOrder), asc(portfolioItems.id));
}
