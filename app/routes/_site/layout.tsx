import { Outlet } from "react-router";
import { IconShapes } from "#app/components/icons.tsx";
import { siteShapes } from "#app/components/site/icons.ts";
import { SiteFooter } from "#app/components/site/site-footer.tsx";
import { SiteHeader } from "#app/components/site/site-header.tsx";
import { SiteTextsProvider } from "#app/components/site/site-texts.tsx";
import { getApp } from "#app/context.server.ts";
import { publicPageCacheControl } from "#app/domain/site.ts";
import type { SiteTexts } from "#app/domain/site-texts.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import { readSiteTexts } from "#app/models/site-texts.server.ts";
import type { RouteHandle } from "#app/root.tsx";
import { visitTouchCookie } from "#app/services/visit-touch.server.ts";
import type { Route } from "./+types/layout";

/** Public pages ship no React on the client (docs/decisions/0006-public-pages-without-hydration.md). */
export const handle: RouteHandle = { hydrate: false };

/**
 * Counts the visit once the page is answered (only real 200 HTML GETs count) and keeps its touch in the visitor's
 * cookie. A render for the public-page cache is not a visit: the cache counts each visitor it serves and sets
 * their cookie itself (server/public-cache.ts, server/app.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const response = await next();
    const { pageViews, forCache, config } = getApp(context);
    if (forCache) return response;
    pageViews.count(request, response);
    // where the visit came from, kept for the inquiry or booking it leads to (ADR 0060); never in the cache's bytes
    if (request.method === "GET" && response.status === 200) {
      const cookie = visitTouchCookie(request, config);
      if (cookie) {
        response.headers.append("Set-Cookie", cookie);
        // an answer that sets a cookie is this browser's alone: a shared cache must not keep it
        if (/\bpublic\b/.test(response.headers.get("Cache-Control") ?? "")) {
          response.headers.set("Cache-Control", "private, no-cache");
        }
      }
    }
    return response;
  },
];

/**
 * The studio identity and the site's own words (app/domain/site-texts.ts) are read on every origin render, so a
 * change shows once the CDN copy expires (the server's own page cache drops at once on the change event).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { database, config } = getApp(context);
  const [studio, { texts, accent, logo }] = await Promise.all([
    getStudioIdentity(database.db),
    readSiteTexts(database.db),
  ]);
  return {
    studio,
    texts,
    accent,
    logo,
    siteUrl: config.publicUrl,
    year: new Date().getFullYear(),
  };
}

export type SiteLayoutData = Awaited<ReturnType<typeof loader>>;

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": publicPageCacheControl });

/** The route of the site texts' preview: its loader's texts (checked, admins only) stand in for the saved ones. */
export const siteTextsPreviewRoute = "routes/_site/site-texts-preview";

export default function SiteLayout({ loaderData, matches }: Route.ComponentProps) {
  const { studio, siteUrl, year, accent, logo } = loaderData;
  const preview = matches.find((match) => match?.id === siteTextsPreviewRoute)?.loaderData as
    | { texts?: SiteTexts }
    | undefined;
  const texts = preview?.texts ?? loaderData.texts;
  // the owner's accent colour over the design's (checked readable when saved: app/domain/site-accent.ts)
  const accentStyle = accent
    ? ({ "--color-accent": accent, "--color-accent-strong": accent } as React.CSSProperties)
    : undefined;
  return (
    <IconShapes shapes={siteShapes}>
      <div className="flex min-h-screen flex-col" style={accentStyle}>
        <a
          href="#main"
          className="sr-only z-50 rounded-full bg-white px-4 py-2 text-black focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <SiteHeader shortName={studio.shortName} logo={logo} />
        <div id="main" className="relative flex-1 pt-16">
          <SiteTextsProvider value={texts}>
            <Outlet />
          </SiteTextsProvider>
        </div>
        <SiteFooter studio={studio} siteUrl={siteUrl} year={year} tagline={texts.tagline.tagline} logo={logo} />
      </div>
    </IconShapes>
  );
}
