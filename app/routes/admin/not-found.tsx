/** Any other /admin path: guarded like the rest, then a 404 inside the shell. */
import { data, Link } from "react-router";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/not-found";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return data(null, { status: 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Not found | Studio back office" }];

export default function AdminNotFound() {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <p className="font-mono text-sm text-zinc-500">404</p>
      <h1 className="mt-2 text-2xl font-semibold">Oops! Page not found</h1>
      <p className="mt-3 text-zinc-400">This part of the back office does not exist yet, or the address is wrong.</p>
      <Link to="/admin/dashboard" className="mt-6 inline-block text-[var(--color-accent)] underline">
        Back to Contact Forms
      </Link>
    </div>
  );
}
