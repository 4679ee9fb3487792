import { data, Link } from "react-router";
import { getApp } from "#app/context.server.ts";
import type { Route } from "./+types/not-found";

export async function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  getApp(context).logger.warn({ path }, "page not found");
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Page not found" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return (
    <main className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-6 py-32 text-center">
      <h1 className="text-7xl font-bold">404</h1>
      <p className="text-xl text-zinc-300">Oops! Page not found</p>
      <Link to="/" className="text-[var(--color-accent)] underline">
        Return to Home
      </Link>
    </main>
  );
}
