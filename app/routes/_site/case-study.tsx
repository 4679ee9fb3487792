/**
 * /portfolio/{slug}: a published case study (ADR 0059), server-rendered, whole without JavaScript, cached like
 * every public page until the site's content changes. An unknown or hidden one is the site's 404.
 */
import { useRouteLoaderData } from "react-router";
import { CaseStudyArticle } from "#app/components/site/case-study.tsx";
import { getApp } from "#app/context.server.ts";
import { isCaseStudySlug } from "#app/domain/case-studies.ts";
import { getCaseStudy } from "#app/models/portfolio.server.ts";
import { notFound } from "#app/services/action-result.server.ts";
import type { Route } from "./+types/case-study";
import type { SiteLayoutData } from "./layout.tsx";
import { sitePageMeta } from "./seo.ts";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? sitePageMeta(matches, {
        path: `/portfolio/${loaderData.caseStudy.item.slug}`,
        title: `${loaderData.caseStudy.item.title}: a case study | {studio}`,
        description: loaderData.caseStudy.item.description.replace(/\s+/g, " ").slice(0, 160),
      })
    : [{ title: "Page not found" }, { name: "robots", content: "noindex" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = params.slug;
  const caseStudy = isCaseStudySlug(slug) ? await getCaseStudy(getApp(context).database.db, slug) : null;
  if (!caseStudy) notFound("Page not found");
  return { caseStudy };
}

export default function CaseStudy({ loaderData }: Route.ComponentProps) {
  const site = useRouteLoaderData<SiteLayoutData>("routes/_site/layout");
  return (
    <main>
      <CaseStudyArticle
        caseStudy={loaderData.caseStudy}
        siteUrl={site?.siteUrl ?? ""}
        studioName={site?.studio.businessName ?? "Studio"}
      />
    </main>
  );
}
