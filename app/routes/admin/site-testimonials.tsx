/**
 * /admin/site/testimonials (ADR 0059): what clients said. The list (newest first) with Show on home / Remove from
 * home and Delete (confirmed in a dialog addressed by ?delete=id), and one form to add a testimonial or, with
 * ?edit=id, to edit one. A testimonial appears on the site only with the client's recorded permission (the owner
 * ticks it and says where it was given) and never with a rating of 3 or less; the home page shows at most three.
 * Every change is audited and reaches the public pages at once (a site_content change event).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import {
  caseStudyMessages,
  testimonialFormId,
  testimonialRowActionSchema,
  testimonialRowFormId,
  testimonialSchema,
  testimonialsPath,
} from "#app/domain/case-studies.ts";
import {
  deleteTestimonial,
  listTestimonials,
  saveTestimonial,
  setTestimonialFeatured,
  testimonialProjectChoices,
} from "#app/models/testimonials.server.ts";
import { badRequest, invalid, notFound, redirectWithToast, refuse } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/site-testimonials";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Testimonials") }];

function queryId(request: Request, name: string): number | null {
  const raw = new URL(request.url).searchParams.get(name);
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = getApp(context).database.db;
  const [rows, projects] = await Promise.all([listTestimonials(db), testimonialProjectChoices(db)]);
  const editId = queryId(request, "edit");
  const deleteId = queryId(request, "delete");
  const editing = rows.find((row) => row.testimonial.id === editId)?.testimonial ?? null;
  if (editId !== null && !editing) notFound(caseStudyMessages.testimonialNotFound);
  return {
    rows,
    editing,
    deleting: rows.find((row) => row.testimonial.id === deleteId)?.testimonial ?? null,
    projects,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip } = getApp(context);
  const formData = await request.formData();
  const db = database.db;
  const done = (message: string) => redirectWithToast(config, testimonialsPath, { type: "success", message });
  const row = parseWithZod(formData, { schema: testimonialRowActionSchema });
  if (row.status === "success") {
    const { id, intent } = row.value;
    if (intent === "delete") {
      const deleted = await auditedChange(db, async (tx) => (await deleteTestimonial(tx, id)) ?? null, {
        actor: session,
        ip,
        event: "testimonial_deleted",
        detail: (gone) => ({ id, name: gone.authorName }),
      });
      if (!deleted) notFound(caseStudyMessages.testimonialNotFound);
      return done(caseStudyMessages.deleted);
    }
    const featured = intent === "feature";
    const result = await auditedChange(db, (tx) => setTestimonialFeatured(tx, id, featured), {
      actor: session,
      ip,
      event: featured ? "testimonial_featured" : "testimonial_unfeatured",
      detail: (saved) => ({ id, name: saved.ok ? saved.testimonial.authorName : "" }),
      when: (saved) => saved.ok,
    });
    if (!result.ok) {
      if (result.reason === "not-found") notFound(caseStudyMessages.testimonialNotFound);
      return refuse(409, result.message ?? caseStudyMessages.noPermission, { form: testimonialRowFormId });
    }
    return done(featured ? caseStudyMessages.onHome : caseStudyMessages.offHome);
  }
  const intent = row.payload.intent;
  if (intent === "feature" || intent === "unfeature" || intent === "delete")
    notFound(caseStudyMessages.testimonialNotFound);
  if (intent !== "save") badRequest("Unknown action");
  const submission = parseWithZod(formData, { schema: testimonialSchema });
  if (submission.status !== "success") return invalid(submission, { form: testimonialFormId });
  const form = submission.value;
  const result = await auditedChange(db, (tx) => saveTestimonial(tx, form), {
    actor: session,
    ip,
    event: form.id ? "testimonial_updated" : "testimonial_created",
    detail: (saved) =>
      saved.ok
        ? { id: saved.testimonial.id, name: saved.testimonial.authorName, permission: saved.testimonial.permission }
        : undefined,
    when: (saved) => saved.ok,
  });
  if (!result.ok) {
    if (result.reason === "not-found") notFound(caseStudyMessages.testimonialNotFound);
    return invalid(submission, {
      form: testimonialFormId,
      fieldErrors: { project_id: [caseStudyMessages.projectNotFound] },
    });
  }
  return done(caseStudyMessages.saved);
}

// The page (its form, Conform and its schema) loads as a chunk of its own: the server renders it in place, and
// its forms post without JavaScript until the chunk is there.
const TestimonialsPage = splitComponent(() =>
  import("./site-testimonials-page.tsx").then((module) => module.TestimonialsEditor),
);

export default function SiteTestimonialsRoute(props: Route.ComponentProps) {
  return <TestimonialsPage {...props} />;
}
