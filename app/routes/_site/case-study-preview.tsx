/**
 * /admin/site/portfolio/{id}/preview: the owner's look at a case study exactly as /portfolio/{slug} will show it,
 * published or not (ADR 0059), inside the public site's frame. Admins only; never cached, never indexed.
 */
import { useRouteLoaderData } from "react-router";
import { CaseStudyArticle } from "#app/components/site/case-study.tsx";
import { getApp } from "#app/context.server.ts";
import { siteMessages } from "#app/domain/site-messages.ts";
import { getCaseStudy, getPortfolioItem } from "#app/models/portfolio.server.ts";
import { badRequest, notFound } from "#app/services/action-result.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/case-study-preview";
import type { SiteLayoutData } from "./layout.tsx";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Preview: ${loaderData.caseStudy.item.title}` : siteMessages.notFound },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = getApp(context).database.db;
  const id = Number(params.id);
  const item = /^\d{1,9}$/.test(params.id) ? await getPortfolioItem(db, id) : null;
  const caseStudy = item?.slug ? await getCaseStudy(db, item.slug, { includeHidden: true }) : null;
  if (!item || !caseStudy) notFound(siteMessages.notFound);
  return { caseStudy };
}

/** The preview takes no post: a post is the guard's like every /admin post, then refused. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  badRequest("The preview changes nothing: save the case study from its form");
}

export default function CaseStudyPreview({ loaderData }: Route.ComponentProps) {
  const site = useRouteLoaderData<SiteLayoutData>("routes/_site/layout");
  const { item } = loaderData.caseStudy;
  return (
    <main>
      <div
        role="status"
        className="border-b border-amber-300/30 bg-amber-300/10 px-5 py-3 text-center text-sm text-amber-100"
      >
        Preview of the saved case study: {item.published ? "published at" : "not published yet; it will be at"}{" "}
        /portfolio/{item.slug}.{" "}
        <a href={`/admin/site/portfolio/edit?id=${item.id}`} className="font-semibold underline">
          Back to editing
        </a>
      </div>
      <CaseStudyArticle
        caseStudy={loaderData.caseStudy}
        siteUrl={site?.siteUrl ?? ""}
        studioName={site?.studio.businessName ?? "Studio"}
      />
    </main>
  );
}
