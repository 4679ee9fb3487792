/** Meta tags of a public page, from the site layout's data (the public URL and the studio's name). */
import { pageMeta } from "#app/domain/site.ts";
import type { SiteLayoutData } from "./layout.tsx";

type Match = { id: string; loaderData?: unknown } | undefined;

export function sitePageMeta(
  matches: readonly Match[],
  page: { path: string; title: string; description: string },
): ReturnType<typeof pageMeta> {
  const site = matches.find((match) => match?.id === "routes/_site/layout")?.loaderData as SiteLayoutData | undefined;
  const siteName = site?.studio.businessName ?? "Studio";
  return pageMeta({
    siteUrl: site?.siteUrl ?? "",
    siteName,
    path: page.path,
    title: page.title.replace("{studio}", siteName),
    description: page.description,
  });
}
