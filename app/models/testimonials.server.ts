/**
 * Testimonials (ADR 0059): the owner's list and edits, the home page's picks (at most three, each with a
 * recorded permission and a rating above 3, kept by the model and by a check constraint), and what the
 * portfolio form offers a case study. Every change reaches the public pages at once (a site_content event).
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { publishChange } from "#app/db/changes.server.ts";
import type { Db, Queryable } from "#app/db/client.server.ts";
import { customers, portfolioItems, projects, testimonials } from "#app/db/schema.ts";
import {
  caseStudyLimits,
  caseStudyMessages,
  type TestimonialForm,
  testimonialShowable,
} from "#app/domain/case-studies.ts";
import type { Result } from "#app/domain/result.ts";
import { shownTestimonial } from "#app/models/portfolio.server.ts";

export type Testimonial = typeof testimonials.$inferSelect;

const changed = (db: Queryable) => publishChange(db, { table: "site_content", id: "testimonials" });

/** The owner's list, newest first, with the project each one is about. */
export function listTestimonials(db: Queryable) {
  return db
    .select({
      testimonial: testimonials,
      projectName: projects.projectName,
      caseStudies: sql<number>`(select count(*)::int from ${portfolioItems} where ${portfolioItems.testimonialId} = ${testimonials.id})`,
    })
    .from(testimonials)
    .leftJoin(projects, eq(projects.id, testimonials.projectId))
    .orderBy(desc(testimonials.createdAt), desc(testimonials.id));
}

async function getTestimonial(db: Queryable, id: number): Promise<Testimonial | null> {
  const [row] = await db.select().from(testimonials).where(eq(testimonials.id, id));
  return row ?? null;
}

/** The home page's testimonials: the featured ones that may be shown, oldest pick first, at most three. */
export function listFeaturedTestimonials(db: Queryable) {
  return db
    .select({
      id: testimonials.id,
      authorName: testimonials.authorName,
      authorRole: testimonials.authorRole,
      quote: testimonials.quote,
      rating: testimonials.rating,
    })
    .from(testimonials)
    .where(and(eq(testimonials.featured, true), shownTestimonial))
    .orderBy(asc(testimonials.id))
    .limit(caseStudyLimits.featured);
}

/**
 * Saves the owner's form (a new testimonial without `id`). Ticking the permission records the owner's note and
 * when; a testimonial whose permission came from the client's own form keeps that source while it stays ticked.
 * One that may no longer be shown leaves the home page; its case studies stop showing it on their own.
 */
export async function saveTestimonial(
  db: Db,
  form: TestimonialForm,
): Promise<Result<{ testimonial: Testimonial }, "not-found" | "project-not-found">> {
  return db.transaction(async (tx) => {
    const customerId = form.project_id ? await projectCustomer(tx, form.project_id) : null;
    if (form.project_id && customerId === undefined) return { ok: false, reason: "project-not-found" as const };
    const existing = form.id ? await getTestimonial(tx, form.id) : null;
    if (form.id && !existing) return { ok: false, reason: "not-found" as const };
    const keepsClientForm = existing?.permission === "client_form" && form.permission !== "none";
    const permission = keepsClientForm ? "client_form" : form.permission;
    const permissionChanged =
      permission !== existing?.permission ||
      (permission === "owner_note" && form.permission_note !== existing.permissionNote);
    const values = {
      authorName: form.author_name,
      authorRole: form.author_role,
      quote: form.quote,
      rating: form.rating,
      projectId: form.project_id ?? null,
      customerId: customerId ?? null,
      permission,
      permissionNote: permission === "none" ? "" : form.permission_note,
      permissionAt:
        permission === "none" ? null : permissionChanged ? new Date() : (existing?.permissionAt ?? new Date()),
      // one that may no longer be shown leaves the home page
      ...(testimonialShowable({ permission, rating: form.rating }).ok ? {} : { featured: false }),
    };
    const [saved] = existing
      ? await tx
          .update(testimonials)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(testimonials.id, existing.id))
          .returning()
      : await tx.insert(testimonials).values(values).returning();
    if (!saved) return { ok: false, reason: "not-found" as const };
    await changed(tx);
    return { ok: true, testimonial: saved };
  });
}

/** The project's customer id; undefined when the project does not exist. */
async function projectCustomer(db: Queryable, projectId: string): Promise<string | undefined> {
  const [row] = await db.select({ customerId: projects.customerId }).from(projects).where(eq(projects.id, projectId));
  return row?.customerId;
}

/**
 * Shows a testimonial on the home page, or takes it off. Showing asks for a recorded permission, a rating above 3
 * and a free place among the three; picks are counted under a lock, so two at once cannot make four.
 */
export async function setTestimonialFeatured(
  db: Db,
  id: number,
  featured: boolean,
): Promise<Result<{ testimonial: Testimonial }, "not-found" | "not-showable" | "full">> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('studio:featured-testimonials'))`);
    const existing = await getTestimonial(tx, id);
    if (!existing) return { ok: false, reason: "not-found" as const };
    if (featured) {
      const showable = testimonialShowable(existing);
      if (!showable.ok) return { ok: false, reason: "not-showable" as const, message: showable.message };
      const [count] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(testimonials)
        .where(and(eq(testimonials.featured, true), sql`${testimonials.id} <> ${id}`));
      if (Number(count?.count ?? 0) >= caseStudyLimits.featured) {
        return { ok: false, reason: "full" as const, message: caseStudyMessages.featuredFull };
      }
    }
    const [saved] = await tx
      .update(testimonials)
      .set({ featured, updatedAt: new Date() })
      .where(eq(testimonials.id, id))
      .returning();
    if (!saved) return { ok: false, reason: "not-found" as const };
    await changed(tx);
    return { ok: true, testimonial: saved };
  });
}

export async function deleteTestimonial(db: Db, id: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(testimonials)
      .where(eq(testimonials.id, id))
      .returning({ id: testimonials.id, authorName: testimonials.authorName });
    if (row) await changed(tx);
    return row ?? null;
  });
}

/**
 * What the portfolio form offers a case study: the completed projects (with their customer) and the
 * testimonials that may be shown.
 */
export async function caseStudyChoices(db: Queryable) {
  const [completed, shown] = await Promise.all([
    db
      .select({ id: projects.id, name: projects.projectName, customer: customers.name })
      .from(projects)
      .leftJoin(customers, eq(customers.id, projects.customerId))
      .where(eq(projects.status, "completed"))
      .orderBy(asc(projects.projectName))
      .limit(500),
    db
      .select({ id: testimonials.id, authorName: testimonials.authorName, authorRole: testimonials.authorRole })
      .from(testimonials)
      .where(shownTestimonial)
      .orderBy(desc(testimonials.id))
      .limit(500),
  ]);
  return { projects: completed, testimonials: shown };
}

/** The projects a testimonial can be about (newest first, with the customer). */
export function testimonialProjectChoices(db: Queryable) {
  return db
    .select({ id: projects.id, name: projects.projectName, customer: customers.name })
    .from(projects)
    .leftJoin(customers, eq(customers.id, projects.customerId))
    .orderBy(desc(projects.createdAt))
    .limit(500);
}
