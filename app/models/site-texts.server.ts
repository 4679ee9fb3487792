/** The public site's own words (app/domain/site-texts.ts): read over the defaults, saved and reset per block. */
import { eq, sql } from "drizzle-orm";
import { publishChange } from "#app/db/changes.server.ts";
import type { Queryable } from "#app/db/client.server.ts";
import { siteTexts } from "#app/db/schema.ts";
import { accentBlock, accentFrom } from "#app/domain/site-accent.ts";
import { type SiteLogo, siteLogoBlock, siteLogoFrom } from "#app/domain/site-logo.ts";
import { mergeSiteTexts, type SiteTextBlockId, type SiteTexts } from "#app/domain/site-texts.ts";

/**
 * Every block's texts (the saved ones over the specification's defaults), which blocks the owner edited, the
 * accent colour and the logo (null: the design's own): one read.
 */
export async function readSiteTexts(
  db: Queryable,
): Promise<{ texts: SiteTexts; customised: string[]; accent: string | null; logo: SiteLogo | null }> {
  const rows = await db.select({ block: siteTexts.block, fields: siteTexts.fields }).from(siteTexts);
  return {
    texts: mergeSiteTexts(rows),
    customised: rows.map((row) => row.block),
    accent: accentFrom(rows),
    logo: siteLogoFrom(rows),
  };
}

/** Every block's texts: the saved ones over the specification's defaults. */
export async function getSiteTexts(db: Queryable): Promise<SiteTexts> {
  return (await readSiteTexts(db)).texts;
}

/** Saves one of the site's own settings kept beside its texts (the accent, the logo); the public pages follow at once. */
async function saveSetting(db: Queryable, block: string, fields: Record<string, string>): Promise<void> {
  await db
    .insert(siteTexts)
    .values({ block, fields })
    .onConflictDoUpdate({ target: siteTexts.block, set: { fields, updatedAt: sql`now()` } });
  await changed(db);
}

/** Puts the design's own back; false when it already was. */
async function resetSetting(db: Queryable, block: string): Promise<boolean> {
  const removed = await db.delete(siteTexts).where(eq(siteTexts.block, block)).returning({ block: siteTexts.block });
  if (removed.length === 0) return false;
  await changed(db);
  return true;
}

/** Saves the accent colour (checked by `accentFormSchema`). */
export const saveSiteAccent = (db: Queryable, accent: string) => saveSetting(db, accentBlock, { accent });

/** Puts the design's accent back; false when it already was. */
export const resetSiteAccent = (db: Queryable) => resetSetting(db, accentBlock);

/** Shows the uploaded logo (its hash: services/portfolio-images.server.ts `storeSiteLogo`) in place of the mark. */
export const saveSiteLogo = (db: Queryable, hash: string) => saveSetting(db, siteLogoBlock, { image: hash });

/** Puts the design's mark back; false when it already was. */
export const resetSiteLogo = (db: Queryable) => resetSetting(db, siteLogoBlock);

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
