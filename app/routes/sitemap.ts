import { getApp } from "#app/context.server.ts";
import { sitemapXml } from "#app/domain/site.ts";
import type { Route } from "./+types/sitemap";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(sitemapXml(getApp(context).config.publicUrl), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
