/**
 * /admin/site/texts/preview?block=…&{field}=…: the owner's unsaved texts of one block on the real page they belong
 * to, inside the public site's frame (ADR 0061). The texts are checked as a save checks them and stand in for the
 * saved ones on this answer only (the layout reads them from this route's data): nothing is saved, published or
 * cached. Admins only; never indexed; a post is refused.
 */
import { getApp } from "#app/context.server.ts";
import { siteTextsPath, siteTextsPreview } from "#app/domain/site-texts.ts";
import { getSiteTexts } from "#app/models/site-texts.server.ts";
import { listFeaturedTestimonials } from "#app/models/testimonials.server.ts";
import { badRequest } from "#app/services/action-result.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/site-texts-preview";
import { AboutPage } from "./about-page.tsx";
import { contactPageData } from "./contact-data.server.ts";
import { ContactPage } from "./contact-page.tsx";
import { HomePage } from "./home-page.tsx";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Preview: ${loaderData.title}` : "Preview" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const app = getApp(context);
  const search = new URL(request.url).searchParams;
  const preview = siteTextsPreview(await getSiteTexts(app.database.db), search);
  if (!preview.ok) badRequest(`This preview cannot be shown: ${preview.message}`);
  const { block, texts } = preview;
  const [testimonials, contact] = await Promise.all([
    block.page === "home" ? listFeaturedTestimonials(app.database.db) : [],
    block.page === "contact" ? contactPageData(app, new URLSearchParams()) : null,
  ]);
  return { title: block.title, page: block.page, texts, testimonials, contact };
}

/** The preview takes no post: a post is the guard's like every /admin post, then refused. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  badRequest("The preview changes nothing: save the texts from their form");
}

export default function SiteTextsPreview({ loaderData }: Route.ComponentProps) {
  const { title, page, testimonials, contact } = loaderData;
  return (
    <>
      <div
        role="status"
        className="relative z-20 border-b border-amber-300/30 bg-amber-300/10 px-5 py-3 text-center text-sm text-amber-100"
      >
        Preview of {title} as typed: nothing is saved or published until you save it.{" "}
        <a href={siteTextsPath} className="font-semibold underline">
          Back to editing
        </a>
      </div>
      {page === "home" ? <HomePage testimonials={testimonials} /> : null}
      {page === "about" ? <AboutPage /> : null}
      {page === "contact" && contact ? <ContactPage loaderData={contact} /> : null}
    </>
  );
}
