import { Link, Outlet } from "react-router";
import { getApp } from "#app/context.server.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import type { Route } from "./+types/layout";

export async function loader({ context }: Route.LoaderArgs) {
  const { database } = getApp(context);
  return { studio: await getStudioIdentity(database.db) };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { studio } = loaderData;
  return (
    <div className="flex min-h-screen flex-col">
      <header className="fixed inset-x-0 top-0 z-20 h-16 border-b border-white/10 bg-black/80 backdrop-blur">
        <nav aria-label="Main" className="mx-auto flex h-full max-w-6xl items-center justify-between px-4">
          <Link to="/" className="font-mono font-bold">
            {studio.shortName}
          </Link>
        </nav>
      </header>
      <div className="flex-1 pt-16">
        <Outlet />
      </div>
      <footer className="border-t border-white/10 px-4 py-8 text-sm text-zinc-400">
        <p>
          © {new Date().getFullYear()} <Link to="/admin/login">{studio.businessName}</Link>
        </p>
      </footer>
    </div>
  );
}
