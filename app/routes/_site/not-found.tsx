import { data } from "react-router";
import { ButtonLink } from "#app/components/site/ui.tsx";
import { getApp } from "#app/context.server.ts";
import type { Route } from "./+types/not-found";

export async function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  getApp(context).logger.warn({ path }, "page not found");
  return data(null, { status: 404 });
}

/** Not cached: every missing path reaches the server and is logged. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = () => [{ title: "Page not found" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-2xl flex-col items-center justify-center gap-6 px-6 py-24 text-center">
      <h1 className="font-mono text-8xl font-bold tracking-tighter text-[var(--color-accent)] sm:text-9xl">404</h1>
      <p className="text-2xl font-semibold text-white">Oops! Page not found</p>
      <p className="text-zinc-300">The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/">Return to Home</ButtonLink>
    </main>
  );
}
