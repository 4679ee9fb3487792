/** The portfolio: the public page's published items, and the owner's list and edits. */
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import { publishChange } from "#app/db/changes.server.ts";
import type { Db, Queryable } from "#app/db/client.server.ts";
import { portfolioImages, portfolioItems } from "#app/db/schema.ts";
import type { PortfolioItemForm } from "#app/domain/site-content.ts";

export type PortfolioItem = typeof portfolioItems.$inferSelect;

const order = [asc(portfolioItems.sortOrder), asc(portfolioItems.id)];

/** The public page: published items in the owner's order (the page filters them itself). */
export function listPortfolioItems(db: Queryable): Promise<PortfolioItem[]> {
  return db
    .select()
    .from(portfolioItems)
    .where(eq(portfolioItems.published, true))
    .orderBy(...order);
}

/** The owner's list: every item, published or not, in order. */
export function listAllPortfolioItems(db: Queryable): Promise<PortfolioItem[]> {
  return db
    .select()
    .from(portfolioItems)
    .orderBy(...order);
}

export async function getPortfolioItem(db: Queryable, id: number): Promise<PortfolioItem | null> {
  const [row] = await db.select().from(portfolioItems).where(eq(portfolioItems.id, id));
  return row ?? null;
}

const changed = (db: Queryable) => publishChange(db, { table: "site_content", id: "portfolio" });

/** A new item goes last. */
export async function createPortfolioItem(db: Db, form: PortfolioItemForm, image: string) {
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select({ max: sql<number>`coalesce(max(${portfolioItems.sortOrder}), 0)::int` })
      .from(portfolioItems);
    const [created] = await tx
      .insert(portfolioItems)
      .values({
        title: form.title,
        description: form.description,
        category: form.category,
        link: form.link,
        published: form.published,
        image,
        sortOrder: Number(last?.max ?? 0) + 1,
      })
      .returning();
    await changed(tx);
    return created ?? null;
  });
}

/** Saves the form's fields (and a new image when one was uploaded); null when missing. */
export async function updatePortfolioItem(db: Db, id: number, form: PortfolioItemForm, image: string | null) {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(portfolioItems)
      .set({
        title: form.title,
        description: form.description,
        category: form.category,
        link: form.link,
        published: form.published,
        ...(image ? { image } : {}),
        updatedAt: new Date(),
      })
      .where(eq(portfolioItems.id, id))
      .returning();
    if (updated) await changed(tx);
    return updated ?? null;
  });
}

export async function setPortfolioPublished(db: Db, id: number, published: boolean) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(portfolioItems)
      .set({ published, updatedAt: new Date() })
      .where(eq(portfolioItems.id, id))
      .returning({ id: portfolioItems.id, title: portfolioItems.title });
    if (row) await changed(tx);
    return row ?? null;
  });
}

export async function deletePortfolioItem(db: Db, id: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(portfolioItems)
      .where(eq(portfolioItems.id, id))
      .returning({ id: portfolioItems.id, title: portfolioItems.title });
    if (row) await changed(tx);
    return row ?? null;
  });
}

/** Swaps an item with its neighbour above or below; false when it is already first or last. */
export async function movePortfolioItem(db: Db, id: number, direction: "up" | "down") {
  return db.transaction(async (tx) => {
    // one reorder at a time: two owners moving at once cannot interleave their swaps
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('studio:portfolio-order'))`);
    const [item] = await tx.select().from(portfolioItems).where(eq(portfolioItems.id, id));
    if (!item) return null;
    const up = direction === "up";
    const [neighbour] = await tx
      .select()
      .from(portfolioItems)
      .where(
        up
          ? sql`(${portfolioItems.sortOrder}, ${portfolioItems.id}) < (${item.sortOrder}, ${item.id})`
          : sql`(${portfolioItems.sortOrder}, ${portfolioItems.id}) > (${item.sortOrder}, ${item.id})`,
      )
      .orderBy(...(up ? [desc(portfolioItems.sortOrder), desc(portfolioItems.id)] : order))
      .limit(1);
    if (!neighbour) return false;
    // distinct positions even when two items shared one
    const [a, b] = up ? [neighbour, item] : [item, neighbour];
    const low = Math.min(a.sortOrder, b.sortOrder);
    await tx.update(portfolioItems).set({ sortOrder: low }).where(eq(portfolioItems.id, b.id));
    await tx
      .update(portfolioItems)
      .set({ sortOrder: low + 1 })
      .where(eq(portfolioItems.id, a.id));
    if (a.sortOrder === b.sortOrder) {
      await tx
        .update(portfolioItems)
        .set({ sortOrder: sql`${portfolioItems.sortOrder} + 1` })
        .where(and(gt(portfolioItems.sortOrder, low), sql`${portfolioItems.id} not in (${a.id}, ${b.id})`));
    }
    await changed(tx);
    return true;
  });
}

// ---------------------------------------------------------------- images

export async function savePortfolioImages(
  db: Queryable,
  hash: string,
  variants: { width: number; bytes: Uint8Array }[],
) {
  await db
    .insert(portfolioImages)
    .values(variants.map((variant) => ({ hash, width: variant.width, bytes: variant.bytes })))
    .onConflictDoNothing();
}

export async function getPortfolioImage(db: Queryable, hash: string, width: number) {
  const [row] = await db
    .select({ bytes: portfolioImages.bytes })
    .from(portfolioImages)
    .where(and(eq(portfolioImages.hash, hash), eq(portfolioImages.width, width)));
  return row?.bytes ?? null;
}
