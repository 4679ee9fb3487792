import inter400 from "@fontsource/inter/files/inter-latin-400-normal.woff2?url";
import inter700 from "@fontsource/inter/files/inter-latin-700-normal.woff2?url";
import { type ReactNode, useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";

/**
 * Routes whose handle says `{ hydrate: false }` are sent as plain HTML with no
 * React on the client (the public marketing pages: docs/decisions/0006-public-pages-without-hydration.md).
 */
export type RouteHandle = { hydrate?: boolean };

/** Public pages: the site's 404 page or a plain failure page (the back office has its own). */
export { SiteErrorBoundary as ErrorBoundary } from "#app/components/site/route-error.tsx";

/** The body and heading weights of Inter load beside the stylesheet, not after it. */
const fontPreloads = [inter400, inter700].map((href) => ({
  rel: "preload",
  href,
  as: "font",
  type: "font/woff2",
  crossOrigin: "anonymous" as const,
}));

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  ...fontPreloads,
];

export function Layout({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const hydrate = !matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === false);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#000000" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : null}
      </body>
    </html>
  );
}

/**
 * Once React has hydrated the page, `<html data-hydrated>` says so; with `data-pieces-loading="0"` (pieces
 * split out with splitComponent all in place) the page is fully interactive. Tests and benches wait on it.
 */
export default function App() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return <Outlet />;
}
