/** The portfolio: the public page's published items, and the owner's list and edits. */
import { and, asc, desc, eq, gt, isNotNull, ne, sql } from "drizzle-orm";
import { publishChange } from "#app/db/changes.server.ts";
import type { Db, Queryable } from "#app/db/client.server.ts";
import { portfolioImages, portfolioItems, projects, testimonials } from "#app/db/schema.ts";
import { canWriteCaseStudy, caseStudyMessages, testimonialShowable } from "#app/domain/case-studies.ts";
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

/** The case study's fields as stored (an empty address: a plain portfolio card). */
function caseStudyValues(form: PortfolioItemForm) {
  return {
    slug: form.slug || null,
    projectId: form.project_id ?? null,
    problem: form.problem,
    built: form.built,
    results: form.results,
    testimonialId: form.testimonial_id ?? null,
  };
}

type SaveRefusal = { ok: false; field: string; message: string };
type Saved = { ok: true; item: PortfolioItem | null };

/**
 * The case study's links, checked where they are saved: its project is a completed one, its testimonial may be
 * shown (recorded permission, rating above 3), and no other item has its address.
 */
async function refuseCaseStudy(tx: Queryable, form: PortfolioItemForm, id: number | null): Promise<SaveRefusal | null> {
  if (form.project_id) {
    const [project] = await tx
      .select({ status: projects.status })
      .from(projects)
      .where(eq(projects.id, form.project_id));
    if (!project) return { ok: false, field: "project_id", message: caseStudyMessages.projectNotFound };
    if (!canWriteCaseStudy(project)) {
      return { ok: false, field: "project_id", message: caseStudyMessages.projectNotCompleted };
    }
  }
  if (form.testimonial_id) {
    const [testimonial] = await tx
      .select({ permission: testimonials.permission, rating: testimonials.rating })
      .from(testimonials)
      .where(eq(testimonials.id, form.testimonial_id));
    if (!testimonial) return { ok: false, field: "testimonial_id", message: caseStudyMessages.testimonialNotFound };
    const showable = testimonialShowable(testimonial);
    if (!showable.ok) return { ok: false, field: "testimonial_id", message: showable.message };
  }
  if (form.slug) {
    const [taken] = await tx
      .select({ id: portfolioItems.id })
      .from(portfolioItems)
      .where(and(eq(portfolioItems.slug, form.slug), id === null ? undefined : ne(portfolioItems.id, id)));
    if (taken) return { ok: false, field: "slug", message: caseStudyMessages.slugTaken };
  }
  return null;
}

/** Two saves of one address at once: the unique index refuses the second. */
function isSlugTaken(error: unknown): boolean {
  const cause = ((error as { cause?: unknown })?.cause ?? error) as { code?: string; message?: string };
  return cause?.code === "23505" && String(cause.message ?? "").includes("portfolio_items_slug_key");
}

async function slugGuard(save: () => Promise<Saved | SaveRefusal>): Promise<Saved | SaveRefusal> {
  try {
    return await save();
  } catch (error) {
    if (isSlugTaken(error)) return { ok: false, field: "slug", message: caseStudyMessages.slugTaken };
    throw error;
  }
}

/** A new item goes last; refused with the field when its case study's links do not hold. */
export function createPortfolioItem(db: Db, form: PortfolioItemForm, image: string): Promise<Saved | SaveRefusal> {
  return slugGuard(() =>
    db.transaction(async (tx) => {
      const refused = await refuseCaseStudy(tx, form, null);
      if (refused) return refused;
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
          ...caseStudyValues(form),
        })
        .returning();
      await changed(tx);
      return { ok: true as const, item: created ?? null };
    }),
  );
}

/**
 * Saves the form's fields (and a new image when one was uploaded); `item` null when it is gone, refused with
 * the field when its case study's links do not hold.
 */
export function updatePortfolioItem(
  db: Db,
  id: number,
  form: PortfolioItemForm,
  image: string | null,
): Promise<Saved | SaveRefusal> {
  return slugGuard(() =>
    db.transaction(async (tx) => {
      const refused = await refuseCaseStudy(tx, form, id);
      if (refused) return refused;
      const [updated] = await tx
        .update(portfolioItems)
        .set({
          title: form.title,
          description: form.description,
          category: form.category,
          link: form.link,
          published: form.published,
          ...(image ? { image } : {}),
          ...caseStudyValues(form),
          updatedAt: new Date(),
        })
        .where(eq(portfolioItems.id, id))
        .returning();
      if (updated) await changed(tx);
      return { ok: true as const, item: updated ?? null };
    }),
  );
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

// ---------------------------------------------------------------- case studies

/** The testimonial columns a case study's page shows, and the rule that lets it show them. */
export const shownTestimonial = sql`${testimonials.permission} <> 'none' and (${testimonials.rating} is null or ${testimonials.rating} > 3)`;

/**
 * A case study's page: the item with that address and its testimonial when it may be shown (permission recorded,
 * rating above 3: the rule is in the join, so a withdrawn permission hides it at once). Unpublished items only
 * for the owner's preview (`includeHidden`).
 */
export async function getCaseStudy(db: Queryable, slug: string, { includeHidden = false } = {}) {
  const [row] = await db
    .select({
      item: portfolioItems,
      testimonial: {
        authorName: testimonials.authorName,
        authorRole: testimonials.authorRole,
        quote: testimonials.quote,
        rating: testimonials.rating,
      },
    })
    .from(portfolioItems)
    .leftJoin(testimonials, and(eq(testimonials.id, portfolioItems.testimonialId), shownTestimonial))
    .where(and(eq(portfolioItems.slug, slug), includeHidden ? undefined : eq(portfolioItems.published, true)));
  return row ?? null;
}

/** The published case studies' addresses, in the portfolio's order (the sitemap). */
export async function listCaseStudySlugs(db: Queryable): Promise<string[]> {
  const rows = await db
    .select({ slug: portfolioItems.slug })
    .from(portfolioItems)
    .where(and(eq(portfolioItems.published, true), isNotNull(portfolioItems.slug)))
    .orderBy(...order);
  return rows.flatMap((row) => (row.slug ? [row.slug] : []));
}

/** The portfolio item telling of a project, if any (the project page links to it). */
export async function getProjectCaseStudy(db: Queryable, projectId: string) {
  const [row] = await db
    .select({ id: portfolioItems.id, title: portfolioItems.title })
    .from(portfolioItems)
    .where(eq(portfolioItems.projectId, projectId))
    .orderBy(...order)
    .limit(1);
  return row ?? null;
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
