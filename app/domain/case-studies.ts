/**
 * Case studies and testimonials (ADR 0059). A case study is a portfolio item with a story: an address of
 * its own (`/portfolio/{slug}`), the client's problem, what was built, results, the finished project it
 * came from and, with the client's recorded permission, a testimonial. A testimonial is shown (on a case
 * study or on the home page) only with that permission and never with a rating of 3 or less: those stay
 * with the owner. Pure: no I/O.
 */
import { z } from "zod";
import type { TestimonialPermission } from "#app/domain/enums.ts";
import { serialIdField } from "#app/domain/id-fields.ts";
import { maxSerialId, parseUuid } from "#app/domain/ids.ts";
import { tooLong } from "#app/domain/limits.ts";
import type { Result } from "#app/domain/result.ts";
import { normaliseLineBreaks } from "#app/domain/validation.ts";

/** The owner's testimonials page, and its form's id (the route and its page chunk share them). */
export const testimonialsPath = "/admin/site/testimonials";
export const testimonialFormId = "testimonial";
/** The form a row action's refusal is shown for (Feature on a full home page). */
export const testimonialRowFormId = "testimonial-row";

export const caseStudyLimits = {
  slug: 80,
  problem: 2000,
  built: 2000,
  results: 1000,
  authorName: 120,
  authorRole: 120,
  quote: 600,
  permissionNote: 300,
  /** the home page shows at most this many testimonials */
  featured: 3,
} as const;

export const caseStudyMessages = {
  slugRule: "Use lowercase letters, digits and hyphens for the address (at most 80 characters)",
  slugReserved: "That address is taken by the site itself: choose another",
  slugTaken: "Another case study already uses that address",
  problemRequired: "Please describe the client's problem",
  builtRequired: "Please describe what was built",
  projectNotCompleted: "A case study is written from a completed project",
  projectNotFound: "Project not found",
  testimonialNotFound: "Testimonial not found",
  noPermission: "A testimonial without recorded permission cannot be shown",
  lowRating: "A rating of 3 or less stays with the owner: it is never shown on the site",
  featuredFull: "The home page shows at most three testimonials: remove one from the home page first",
  authorRequired: "Please enter the client's name",
  quoteRequired: "Please enter what the client said",
  permissionNoteRequired: "Please say where the client gave permission (an email, a call, a signed form...)",
  ratingRule: "Choose a rating from 1 to 5, or none",
  clientRatingRequired: "Please choose a rating from 1 to 5",
  clientQuoteRequired: "Please tell us in a few words how it went",
  clientNameRequired: "Please enter your name",
  saved: "Testimonial saved",
  deleted: "Testimonial deleted",
  onHome: "Shown on the home page",
  offHome: "Removed from the home page",
} as const;

/** Addresses under /portfolio the site uses itself. */
const reservedSlugs = new Set(["samples", "new", "edit", "preview"]);
const slugPattern = /^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/;

export function isCaseStudySlug(value: string): boolean {
  return slugPattern.test(value) && !value.includes("--") && !reservedSlugs.has(value);
}

/** A title as an address: "Floor & Co. marketplace" → "floor-co-marketplace". */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, caseStudyLimits.slug)
    .replace(/-+$/g, "");
  return reservedSlugs.has(slug) ? `${slug}-project` : slug;
}

/** A case study is written from a completed project (the project page offers it; a save checks it). */
export function canWriteCaseStudy(project: { status: string }): boolean {
  return project.status === "completed";
}

/** The portfolio form's start for a case study written from a project; null when the project is not completed. */
export function caseStudyStart(project: {
  id: string;
  status: string;
  projectName: string;
  description: string | null;
}) {
  if (!canWriteCaseStudy(project)) return null;
  return {
    title: project.projectName,
    description: project.description ?? "",
    project_id: project.id,
    slug: slugify(project.projectName),
  };
}

/** The results, one per line (blank lines dropped). */
export function resultLines(results: string): string[] {
  return results
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

export type ShowableTestimonial = { permission: TestimonialPermission; rating: number | null };

/** Whether a testimonial may appear on the public site, and why not. */
export function testimonialShowable(testimonial: ShowableTestimonial): Result {
  if (testimonial.permission === "none") return { ok: false, message: caseStudyMessages.noPermission };
  if (testimonial.rating !== null && testimonial.rating <= 3)
    return { ok: false, message: caseStudyMessages.lowRating };
  return { ok: true };
}

/** A text as typed: line breaks as one character (a form posts CRLF), ends trimmed. */
const typed = (value: unknown) => (typeof value === "string" ? normaliseLineBreaks(value).trim() : value);
/** An optional text (Conform sends an empty field as missing): "" when empty. */
const optionalText = (max: number, label: string) =>
  z.preprocess(typed, z.string().max(max, tooLong(label, max)).optional()).transform((value) => value ?? "");
const requiredText = (max: number, label: string, message: string) =>
  z.preprocess(typed, z.string(message).min(1, message).max(max, tooLong(label, max)));

/**
 * The case study part of the portfolio item form. Without an address the item is a plain portfolio card;
 * with one, the problem and what was built are required.
 */
export const caseStudyFields = {
  slug: z
    .preprocess(
      typed,
      z
        .string()
        .refine(isCaseStudySlug, {
          error: (issue) =>
            reservedSlugs.has(String(issue.input)) ? caseStudyMessages.slugReserved : caseStudyMessages.slugRule,
        })
        .optional(),
    )
    .transform((value) => value ?? ""),
  project_id: z.preprocess((value) => parseUuid(value) ?? undefined, z.string().optional()),
  problem: optionalText(caseStudyLimits.problem, "The client's problem"),
  built: optionalText(caseStudyLimits.built, "What was built"),
  results: optionalText(caseStudyLimits.results, "Results"),
  testimonial_id: z.preprocess(
    (value) => (value === "" || value === undefined ? undefined : value),
    z.coerce.number().int().positive().max(maxSerialId).optional(),
  ),
};

/** The rule between the case study fields: an address asks for a story. */
export function caseStudyIssues(value: { slug: string; problem: string; built: string }) {
  if (!value.slug) return [];
  const issues: { path: string; message: string }[] = [];
  if (!value.problem) issues.push({ path: "problem", message: caseStudyMessages.problemRequired });
  if (!value.built) issues.push({ path: "built", message: caseStudyMessages.builtRequired });
  return issues;
}

/** None, or a whole number from 1 to 5. */
const rating = z
  .string()
  .optional()
  .transform((value) => (value ? Number(value) : null))
  .pipe(
    z
      .number(caseStudyMessages.ratingRule)
      .int(caseStudyMessages.ratingRule)
      .min(1, caseStudyMessages.ratingRule)
      .max(5, caseStudyMessages.ratingRule)
      .nullable(),
  );

/** The owner's testimonial form (add and edit). */
export const testimonialSchema = z
  .object({
    id: z.coerce.number().int().positive().max(maxSerialId).optional(),
    author_name: requiredText(caseStudyLimits.authorName, "Name", caseStudyMessages.authorRequired),
    author_role: optionalText(caseStudyLimits.authorRole, "Role"),
    quote: requiredText(caseStudyLimits.quote, "The testimonial", caseStudyMessages.quoteRequired),
    rating,
    project_id: z.preprocess((value) => parseUuid(value) ?? undefined, z.string().optional()),
    permission: z
      .string()
      .optional()
      .transform((value): TestimonialPermission => (value === "on" || value === "true" ? "owner_note" : "none")),
    permission_note: optionalText(caseStudyLimits.permissionNote, "Where permission was given"),
  })
  .superRefine((value, context) => {
    if (value.permission !== "none" && !value.permission_note) {
      context.addIssue({
        code: "custom",
        path: ["permission_note"],
        message: caseStudyMessages.permissionNoteRequired,
      });
    }
  });
export type TestimonialForm = z.output<typeof testimonialSchema>;

/**
 * The client's own answer to a testimonial request (ADR 0062): a rating (required here), their words, the name
 * and role to print, and whether the studio may publish them (the client's recorded permission).
 */
export const clientTestimonialSchema = z.object({
  rating: z.preprocess(
    (value) => (typeof value === "string" && value !== "" ? Number(value) : undefined),
    z
      .number(caseStudyMessages.clientRatingRequired)
      .int(caseStudyMessages.clientRatingRequired)
      .min(1, caseStudyMessages.clientRatingRequired)
      .max(5, caseStudyMessages.clientRatingRequired),
  ),
  quote: requiredText(caseStudyLimits.quote, "Your words", caseStudyMessages.clientQuoteRequired),
  author_name: requiredText(caseStudyLimits.authorName, "Name", caseStudyMessages.clientNameRequired),
  author_role: optionalText(caseStudyLimits.authorRole, "Role"),
  permission: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
});
export type ClientTestimonialForm = z.output<typeof clientTestimonialSchema>;

/** The testimonial list's row actions. */
export const testimonialRowActionSchema = z.object({
  intent: z.enum(["feature", "unfeature", "delete"]),
  id: serialIdField(caseStudyMessages.testimonialNotFound),
});

export type CaseStudyJsonLdInput = {
  siteUrl: string;
  studioName: string;
  slug: string;
  title: string;
  description: string;
  image: string;
  link: string;
  updatedAt: Date;
  testimonial: { authorName: string; authorRole: string; quote: string; rating: number | null } | null;
};

/** schema.org `CreativeWork` of a case study, with its `Review` when a testimonial may be shown. */
export function caseStudyJsonLd(input: CaseStudyJsonLdInput) {
  const url = `${input.siteUrl}/portfolio/${input.slug}`;
  const absolute = (path: string) => (path.startsWith("/") ? `${input.siteUrl}${path}` : path);
  const creator = { "@type": "Organization", name: input.studioName, url: `${input.siteUrl}/` };
  const testimonial = input.testimonial;
  return {
    "@context": "https://schema.org",
    "@type": "CreativeWork",
    "@id": url,
    url,
    name: input.title,
    headline: input.title.slice(0, 110),
    description: input.description,
    image: absolute(input.image),
    dateModified: input.updatedAt.toISOString(),
    creator,
    ...(/^https?:\/\//.test(input.link) ? { sameAs: input.link } : {}),
    ...(testimonial
      ? {
          review: {
            "@type": "Review",
            reviewBody: testimonial.quote,
            author: {
              "@type": "Person",
              name: testimonial.authorName,
              ...(testimonial.authorRole ? { jobTitle: testimonial.authorRole } : {}),
            },
            ...(testimonial.rating !== null
              ? { reviewRating: { "@type": "Rating", ratingValue: testimonial.rating, bestRating: 5, worstRating: 1 } }
              : {}),
          },
        }
      : {}),
  };
}

export const testimonialPlaceLabels = { ownerOnly: "Owner only", notPlaced: "Not placed" } as const;

/** Where a testimonial shows on the site: "Home", "Case study", both, "Not placed", or "Owner only" when it may not. */
export function testimonialPlaces(
  testimonial: ShowableTestimonial & { featured: boolean },
  caseStudies: number,
): string {
  if (!testimonialShowable(testimonial).ok) return testimonialPlaceLabels.ownerOnly;
  const places = [testimonial.featured ? "Home" : "", caseStudies > 0 ? "Case study" : ""].filter(Boolean);
  return places.length > 0 ? places.join(" · ") : testimonialPlaceLabels.notPlaced;
}

/** "Jane Doe, Owner at Floor & Co." or just the name. */
export function testimonialByline(testimonial: { authorName: string; authorRole: string }): string {
  return testimonial.authorRole ? `${testimonial.authorName}, ${testimonial.authorRole}` : testimonial.authorName;
}
