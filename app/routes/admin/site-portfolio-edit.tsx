/**
 * /admin/site/portfolio/edit (?id= to edit; without it, a new item): the portfolio item form with
 * its image upload (multipart; PNG, JPEG or WebP up to 5 MB, checked by its bytes and turned into
 * the page's WebP sizes by services/portfolio-images.server.ts). A refused file keeps every typed
 * field; the file must be chosen again.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import { caseStudyStart } from "#app/domain/case-studies.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { portfolioItemSchema } from "#app/domain/site-content.ts";
import { siteMessages } from "#app/domain/site-messages.ts";
import { createPortfolioItem, getPortfolioItem, updatePortfolioItem } from "#app/models/portfolio.server.ts";
import { getProject } from "#app/models/projects.server.ts";
import { caseStudyChoices } from "#app/models/testimonials.server.ts";
import { invalid, notFound, redirectWithToast } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { storePortfolioImage } from "#app/services/portfolio-images.server.ts";
import type { Route } from "./+types/site-portfolio-edit";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: adminTitle(matches, `${loaderData?.item ? "Edit" : "New"} Portfolio Item`) },
];

function itemId(request: Request): number | null {
  const raw = new URL(request.url).searchParams.get("id");
  if (raw === null) return null;
  const id = Number(raw);
  if (!/^\d{1,9}$/.test(raw) || id <= 0) notFound(siteMessages.notFound);
  return id;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = getApp(context).database.db;
  const id = itemId(request);
  const [item, choices] = await Promise.all([id ? getPortfolioItem(db, id) : null, caseStudyChoices(db)]);
  if (id && !item) notFound(siteMessages.notFound);
  // "Write a case study" on a completed project: a new item that starts from the project
  const fromProject = item ? null : parseUuid(new URL(request.url).searchParams.get("project"));
  const project = fromProject ? await getProject(db, fromProject) : null;
  const start = project ? caseStudyStart(project) : null;
  return { item, choices, start };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip } = getApp(context);
  const id = itemId(request);
  const submission = parseWithZod(await request.formData(), { schema: portfolioItemSchema });
  if (submission.status !== "success") return invalid(submission);
  const file = submission.value.image;
  const bytes = file && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
  const badImage = (message: string) =>
    invalid(submission, { fieldErrors: { image: [message, siteMessages.imageAgain] } });
  let image: string | null = null;
  if (bytes) {
    const stored = await storePortfolioImage(database.db, bytes);
    if (!stored.ok) return badImage(stored.message);
    image = stored.image;
  }
  const form = submission.value;
  const caseStudy = {
    slug: form.slug || null,
    project: form.project_id ?? null,
    testimonial: form.testimonial_id ?? null,
  };
  const saved = id
    ? await auditedChange(database.db, (tx) => updatePortfolioItem(tx, id, form, image), {
        actor: session,
        ip,
        event: "portfolio_item_updated",
        detail: { id, title: form.title, image: Boolean(image), ...caseStudy },
        // a refused save changes nothing and is not audited
        when: (result) => result.ok && result.item !== null,
      })
    : image
      ? await auditedChange(database.db, (tx) => createPortfolioItem(tx, form, image), {
          actor: session,
          ip,
          event: "portfolio_item_created",
          detail: (created) => ({
            id: created.ok ? (created.item?.id ?? null) : null,
            title: form.title,
            ...caseStudy,
          }),
          when: (result) => result.ok,
        })
      : null;
  if (!saved) return badImage(siteMessages.imageRequired);
  if (!saved.ok) {
    // the chosen file was not kept with the refused form: a browser never sends it twice
    const fieldErrors: Record<string, string[]> = { [saved.field]: [saved.message] };
    if (image) fieldErrors.image = [siteMessages.imageAgain];
    return invalid(submission, { fieldErrors });
  }
  if (!saved.item) notFound(siteMessages.notFound);
  return redirectWithToast(config, "/admin/site/portfolio", { type: "success", message: siteMessages.saved });
}

// The page (its forms, Conform and their schemas) loads as a chunk of its own: the server renders it in
// place, and its forms post without JavaScript until the chunk is there.
const PortfolioItemEditPage = splitComponent(() =>
  import("./site-portfolio-edit-page.tsx").then((module) => module.PortfolioItemEdit),
);

export default function PortfolioItemEditRoute(props: Route.ComponentProps) {
  return <PortfolioItemEditPage {...props} />;
}
