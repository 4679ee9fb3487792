/** The public site's own words (app/domain/site-texts.ts): read over the defaults, saved and reset per block. */
import { eq, sql } from "drizzle-orm";
import { publishChange } from "#app/db/changes.server.ts";
import type { Queryable } from "#app/db/client.server.ts";
import { siteTexts } from "#app/db/schema.ts";
import { accentBlock, accentFrom } from "#app/domain/site-accent.ts";
import { mergeSiteTexts, type SiteTextBlockId, type SiteTexts } from "#app/domain/site-texts.ts";

/**
 * Every block's texts (the saved ones over the specification's defaults), which blocks the owner edited, and the
 * accent colour (null: the design's own): one read.
 */
export async function readSiteTexts(
  db: Queryable,
): Promise<{ texts: SiteTexts; customised: string[]; accent: string | null }> {
  const rows = await db.select({ block: siteTexts.block, fields: siteTexts.fields }).from(siteTexts);
  return { texts: mergeSiteTexts(rows), customised: rows.map((row) => row.block), accent: accentFrom(rows) };
}

/** Every block's texts: the saved ones over the specification's defaults. */
export async function getSiteTexts(db: Queryable): Promise<SiteTexts> {
  return (await readSiteTexts(db)).texts;
}

/** Saves the accent colour (checked by `accentFormSchema`); the public pages follow at once. */
export async function saveSiteAccent(db: Queryable, accent: string): Promise<void> {
  await db
    .insert(siteTexts)
    .values({ block: accentBlock, fields: { accent } })
    .onConflictDoUpdate({ target: siteTexts.block, set: { fields: { accent }, updatedAt: sql`now()` } });
  await changed(db);
}

/** Puts the design's accent back; false when it already was. */
export async function resetSiteAccent(db: Queryable): Promise<boolean> {
  const removed = await db
    .delete(siteTexts)
    .where(eq(siteTexts.block, accentBlock))
    .returning({ block: siteTexts.block });
  if (removed.length === 0) return false;
  await changed(db);
  return true;
}

/**
 * The public pages show the change at once on every instance: their cache moves to a new content version on
 * this event, heard after the commit (server/public-cache.ts).
 */
const changed = (db: Queryable) => publishChange(db, { table: "site_content", id: "texts" });

/** Saves a block's texts (all of its fields); returns the fields that changed, by name, with their old text. */
export async function saveSiteTextBlock(
  db: Queryable,
  block: SiteTextBlockId,
  fields: Record<string, string>,
): Promise<{ changed: string[] }> {
  const before = (await getSiteTexts(db))[block] as Record<string, string>;
  const changedFields = Object.keys(fields).filter((name) => before[name] !== fields[name]);
  await db
    .insert(siteTexts)
    .values({ block, fields })
    .onConflictDoUpdate({ target: siteTexts.block, set: { fields, updatedAt: sql`now()` } });
  await changed(db);
  return { changed: changedFields };
}

/** Puts a block back to the specification's words; false when it already was. */
export async function resetSiteTextBlock(db: Queryable, block: SiteTextBlockId): Promise<boolean> {
  const removed = await db.delete(siteTexts).where(eq(siteTexts.block, block)).returning({ block: siteTexts.block });
  if (removed.length === 0) return false;
  await changed(db);
  return true;
}
