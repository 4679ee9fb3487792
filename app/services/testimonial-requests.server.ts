/**
 * The testimonial loop (ADR 0062): the owner asks the client of a completed project, the client answers on their
 * link (no account), the answer becomes a testimonial whose permission is the client's own, and the owner hears
 * of it. The request's mail goes through the one sending path (the outbox, sealed); the link's token is kept only
 * as its SHA-256. The automations' "request a testimonial" step is this same call.
 */
import type { Config } from "#app/config.server.ts";
import type { Db, Queryable } from "#app/db/client.server.ts";
import { type ClientTestimonialForm, canWriteCaseStudy, testimonialsPath } from "#app/domain/case-studies.ts";
import { fail, type Result } from "#app/domain/result.ts";
import {
  permissionFromClient,
  testimonialAnswerOwnerMail,
  testimonialLinkLifetimeDays,
  testimonialLinkPath,
  testimonialRequestMail,
  testimonialRequestMessages,
} from "#app/domain/testimonial-requests.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import { getMailWording } from "#app/models/mail-templates.server.ts";
import { portalCustomer } from "#app/models/portal.server.ts";
import { getProject } from "#app/models/projects.server.ts";
import {
  findTestimonialRequest,
  insertTestimonialRequest,
  recordTestimonialAnswer,
} from "#app/models/testimonial-requests.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { clientTokenHash, newClientToken } from "#app/services/client-links.server.ts";
import { enqueueMail, mailKey } from "#app/services/mail.server.ts";
import { hitAddressLimit } from "#app/services/rate-limit.server.ts";

type Deps = { db: Db; config: Pick<Config, "publicUrl" | "sessionSecret"> };
type Actor = { userId: string; email: string };

/** Opening a link: a few a minute per address are plenty for a person. */
const testimonialOpenLimit = { limit: 120, windowMs: 10 * 60_000 };

/**
 * Mails the project's client a fresh link to the testimonial form, inside the caller's transaction: refused for a
 * project that is not completed or a customer without an address.
 */
export async function queueTestimonialRequest(
  tx: Queryable,
  deps: Pick<Deps, "config">,
  input: { projectId: string; now: Date },
): Promise<Result<{ to: string }, "not-found" | "not-completed" | "no-email">> {
  const project = await getProject(tx, input.projectId);
  if (!project) return fail("not-found");
  if (!canWriteCaseStudy(project)) return fail("not-completed");
  const customer = await portalCustomer(tx, project.customerId);
  if (!customer?.email) return fail("no-email");
  const { token, hash } = newClientToken();
  await insertTestimonialRequest(tx, {
    projectId: project.id,
    customerId: customer.id,
    tokenHash: hash,
    sentTo: customer.email,
    expiresAt: new Date(input.now.getTime() + testimonialLinkLifetimeDays * 86_400_000),
  });
  const studio = await getStudioIdentity(tx);
  const mail = testimonialRequestMail({
    studioName: studio.businessName,
    customerName: customer.name,
    projectName: project.projectName,
    link: new URL(testimonialLinkPath(token), deps.config.publicUrl).toString(),
    wording: await getMailWording(tx, "testimonial_request"),
  });
  await enqueueMail(tx, { to: customer.email, ...mail }, { seal: mailKey(deps.config.sessionSecret) });
  return { ok: true, to: customer.email };
}

/** The owner's "Request a testimonial": audited. */
export function requestTestimonial(
  deps: Deps,
  input: { projectId: string; actor: Actor; ip: string | null },
): Promise<Result<{ to: string }, "not-found" | "not-completed" | "no-email">> {
  return auditedChange(deps.db, (tx) => queueTestimonialRequest(tx, deps, { ...input, now: new Date() }), {
    actor: input.actor,
    ip: input.ip,
    event: "testimonial_requested",
    when: (result) => result.ok,
    detail: (result) => ({ project: input.projectId, to: result.ok ? result.to : "" }),
  });
}

type Found = NonNullable<Awaited<ReturnType<typeof findTestimonialRequest>>>;

/** The request a link opens (rate-limited per address before the lookup). */
export async function findTestimonialRequestByToken(
  db: Db,
  token: unknown,
  ip: string,
  now = new Date(),
): Promise<Result<{ request: Found }, "not-found" | "expired" | "answered" | "limited">> {
  const hash = clientTokenHash(token);
  if (!hash) return fail("not-found");
  const limited = await hitAddressLimit(db, "testimonial", ip, testimonialOpenLimit, now);
  if (!limited.allowed) return fail("limited", { retryAfterSeconds: limited.retryAfterSeconds });
  const request = await findTestimonialRequest(db, hash);
  if (!request) return fail("not-found");
  if (request.answeredAt) return fail("answered");
  if (request.expiresAt <= now) return fail("expired");
  return { ok: true, request };
}

/**
 * The client's answer: stored once (the request locked, so two posts at once make one testimonial), the project's
 * other open requests closed, and the owner mailed.
 */
export function answerTestimonialRequest(
  deps: Deps,
  input: { token: string; form: ClientTestimonialForm },
  now = new Date(),
): Promise<Result<{ testimonialId: number }, "not-found" | "expired" | "answered">> {
  return deps.db.transaction(
    async (tx): Promise<Result<{ testimonialId: number }, "not-found" | "expired" | "answered">> => {
      const hash = clientTokenHash(input.token);
      const request = hash ? await findTestimonialRequest(tx, hash, { lock: true }) : null;
      if (!request) return fail("not-found");
      if (request.answeredAt) return fail("answered", { message: testimonialRequestMessages.answered });
      if (request.expiresAt <= now) return fail("expired", { message: testimonialRequestMessages.expired });
      const permission = permissionFromClient(input.form.permission);
      const answer = {
        authorName: input.form.author_name,
        authorRole: input.form.author_role ?? "",
        quote: input.form.quote,
        rating: input.form.rating,
        permission,
      };
      const { testimonialId } = await recordTestimonialAnswer(tx, request, answer, now);
      const studio = await getStudioIdentity(tx);
      const mail = testimonialAnswerOwnerMail({
        customerName: request.customerName,
        projectName: request.projectName,
        ...answer,
        link: new URL(testimonialsPath, deps.config.publicUrl).toString(),
      });
      await enqueueMail(tx, { to: studio.email, ...mail });
      return { ok: true, testimonialId };
    },
  );
}
