/** The studio's logo, stored in the database (PNG or JPEG, checked by its bytes before it gets here). */
import { sql } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { studioLogo } from "#app/db/schema.ts";
import type { LogoImage } from "#app/domain/logo.ts";

/** The image itself, for the logo route and the PDF; null when none was uploaded. */
export async function getStudioLogo(db: Queryable): Promise<LogoImage | null> {
  const [row] = await db.select({ data: studioLogo.data, mimeType: studioLogo.mimeType }).from(studioLogo).limit(1);
  if (!row) return null;
  return { data: row.data, mimeType: row.mimeType === "image/png" ? "image/png" : "image/jpeg" };
}

/** A version for cache-busting links (the last upload's time), without reading the image. */
export async function getStudioLogoVersion(db: Queryable): Promise<string | null> {
  const [row] = await db.select({ updatedAt: studioLogo.updatedAt }).from(studioLogo).limit(1);
  return row ? String(row.updatedAt.getTime()) : null;
}

export async function saveStudioLogo(db: Queryable, logo: LogoImage): Promise<void> {
  await db
    .insert(studioLogo)
    .values({ id: 1, data: logo.data, mimeType: logo.mimeType })
    .onConflictDoUpdate({
      target: studioLogo.id,
      set: { data: logo.data, mimeType: logo.mimeType, updatedAt: sql`now()` },
    });
}

export async function deleteStudioLogo(db: Queryable): Promise<void> {
  await db.delete(studioLogo);
}
