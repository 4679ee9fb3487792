import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";

/**
 * Routes whose handle says `{ hydrate: false }` are sent as plain HTML with no
 * React on the client (the public marketing pages: docs/decisions/0006-public-pages-without-hydration.md).
 */
export type RouteHandle = { hydrate?: boolean };

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

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

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let status = 500;
  let detail = "Something went wrong.";
  if (isRouteErrorResponse(error)) {
    status = error.status;
    detail = error.statusText || (typeof error.data === "string" ? error.data : `Error ${error.status}`);
  } else if (import.meta.env.DEV && error instanceof Error) {
    detail = error.message;
  }
  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col justify-center gap-4 px-6 py-16">
      <title>{`${status} | Unexpected Application Error`}</title>
      <p className="font-mono text-sm text-zinc-400">{status}</p>
      <h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
      <p className="text-zinc-300">{detail}</p>
      <a className="text-[var(--color-accent)] underline" href="/">
        Back to home
      </a>
    </main>
  );
}
