import { getApp } from "#app/context.server.ts";
import { publicPages, sitemapXml } from "#app/domain/site.ts";
import { listCaseStudySlugs } from "#app/models/portfolio.server.ts";
import type { Route } from "./+types/sitemap";

/** The public pages, then each published case study (ADR 0059). */
export async function loader({ context }: Route.LoaderArgs) {
  const { config, database } = getApp(context);
  const caseStudies = (await listCaseStudySlugs(database.db)).map((slug) => `/portfolio/${slug}`);
  return new Response(sitemapXml(config.publicUrl, [...publicPages, ...caseStudies]), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
