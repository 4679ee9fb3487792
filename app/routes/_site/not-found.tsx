import { SiteNotFound } from "#app/components/site/route-error.tsx";
import { getApp } from "#app/context.server.ts";
import { maskSecretPath } from "#app/domain/secret-paths.ts";
import { refusalPage } from "#app/services/action-result.server.ts";
import type { Route } from "./+types/not-found";

export async function loader({ request, context }: Route.LoaderArgs) {
  // a mistyped client link (/i/{token}/x) lands here: its token never reaches the log
  const path = maskSecretPath(new URL(request.url).pathname);
  getApp(context).logger.warn({ path }, "page not found");
  return refusalPage(404, null);
}

/** Not cached: every missing path reaches the server and is logged. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = () => [{ title: "Page not found" }, { name: "robots", content: "noindex" }];

/** The site's 404 page (the same view the public error boundary shows for a 404 thrown by a page). */
export default function NotFound() {
  return <SiteNotFound />;
}
