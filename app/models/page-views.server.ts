import { and, asc, gte, lte, sql } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { pageViews, sourceVisits } from "#app/db/schema.ts";

export type PageViewCount = { path: string; day: string; views: number };

/** Adds a batch of counts in one statement (one row per path and day; added to what is stored, atomically). */
export async function addPageViews(db: Queryable, counts: PageViewCount[]): Promise<void> {
  if (counts.length === 0) return;
  await db
    .insert(pageViews)
    .values(counts)
    .onConflictDoUpdate({
      target: [pageViews.path, pageViews.day],
      set: { views: sql`${pageViews.views} + excluded.views` },
    });
}

/** Counts per path and day between two days (inclusive), oldest first. */
export function listPageViews(db: Queryable, range: { from: string; to: string }): Promise<PageViewCount[]> {
  return db
    .select({ path: pageViews.path, day: pageViews.day, views: pageViews.views })
    .from(pageViews)
    .where(and(gte(pageViews.day, range.from), lte(pageViews.day, range.to)))
    .orderBy(asc(pageViews.day), asc(pageViews.path));
}

export type SourceVisitCount = { day: string; source: string; medium: string; campaign: string; visits: number };

/** Adds a batch of visit counts in one statement (one row per day and source; added to what is stored). */
export async function addSourceVisits(db: Queryable, counts: SourceVisitCount[]): Promise<void> {
  if (counts.length === 0) return;
  await db
    .insert(sourceVisits)
    .values(counts)
    .onConflictDoUpdate({
      target: [sourceVisits.day, sourceVisits.source, sourceVisits.medium, sourceVisits.campaign],
      set: { visits: sql`${sourceVisits.visits} + excluded.visits` },
    });
}
