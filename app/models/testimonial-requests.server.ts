/** Testimonial requests (ADR 0062): the links mailed to a completed project's client, and the answers they bring. */
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { customers, projects, testimonialRequests, testimonials } from "#app/db/schema.ts";
import type { TestimonialPermission } from "#app/domain/enums.ts";

export async function insertTestimonialRequest(
  db: Queryable,
  values: { projectId: string; customerId: string; tokenHash: string; sentTo: string; expiresAt: Date },
): Promise<void> {
  await db.insert(testimonialRequests).values(values);
}

/** The request a link's hash names, with what its page shows; `lock` holds it until the transaction ends. */
export async function findTestimonialRequest(db: Queryable, tokenHash: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({
      id: testimonialRequests.id,
      projectId: testimonialRequests.projectId,
      customerId: testimonialRequests.customerId,
      expiresAt: testimonialRequests.expiresAt,
      answeredAt: testimonialRequests.answeredAt,
      projectName: projects.projectName,
      customerName: customers.name,
    })
    .from(testimonialRequests)
    .innerJoin(projects, eq(projects.id, testimonialRequests.projectId))
    .innerJoin(customers, eq(customers.id, testimonialRequests.customerId))
    .where(eq(testimonialRequests.tokenHash, tokenHash));
  const [row] = await (options.lock ? query.for("update", { of: testimonialRequests }) : query);
  return row ?? null;
}

/** The project's latest request, for its page: when it went, to whom, and whether it was answered. */
export async function latestTestimonialRequest(db: Queryable, projectId: string) {
  const [row] = await db
    .select({
      createdAt: testimonialRequests.createdAt,
      sentTo: testimonialRequests.sentTo,
      answeredAt: testimonialRequests.answeredAt,
    })
    .from(testimonialRequests)
    .where(eq(testimonialRequests.projectId, projectId))
    .orderBy(desc(testimonialRequests.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Stores the client's answer as a testimonial (its permission the client's own, when given) and closes every open
 * request of the project: one answer per request round. Inside the caller's transaction, the request locked.
 */
export async function recordTestimonialAnswer(
  tx: Queryable,
  request: { id: string; projectId: string; customerId: string },
  answer: {
    authorName: string;
    authorRole: string;
    quote: string;
    rating: number;
    permission: TestimonialPermission;
  },
  now: Date,
): Promise<{ testimonialId: number }> {
  const [created] = await tx
    .insert(testimonials)
    .values({
      customerId: request.customerId,
      projectId: request.projectId,
      authorName: answer.authorName,
      authorRole: answer.authorRole,
      quote: answer.quote,
      rating: answer.rating,
      permission: answer.permission,
      permissionNote: answer.permission === "none" ? "" : "Given by the client on the testimonial form",
      permissionAt: answer.permission === "none" ? null : now,
    })
    .returning({ id: testimonials.id });
  if (!created) throw new Error("the testimonial was not stored");
  await tx
    .update(testimonialRequests)
    .set({ answeredAt: now, testimonialId: created.id })
    .where(eq(testimonialRequests.id, request.id));
  await tx
    .update(testimonialRequests)
    .set({ answeredAt: now })
    .where(and(eq(testimonialRequests.projectId, request.projectId), isNull(testimonialRequests.answeredAt)));
  return { testimonialId: created.id };
}
