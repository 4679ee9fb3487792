/**
 * The guarded back office. Every route below this layout needs a signed-in admin: the
 * middleware decides before any loader runs or any HTML is sent (anonymous → login,
 * non-admin → 403 'Access Denied'), the loader checks again, and each action repeats
 * `requireAdmin` at its top.
 */
import { data, isRouteErrorResponse, Link, Outlet, useMatches } from "react-router";
import { AdminShell } from "#app/components/admin/shell.tsx";
import { AdminToaster, useFlashToast } from "#app/components/admin/toaster.tsx";
import { useLiveChanges } from "#app/components/admin/use-live-changes.ts";
import { getApp } from "#app/context.server.ts";
import { authMessages } from "#app/domain/auth-schemas.ts";
import type { ChangeTable } from "#app/domain/changes.ts";
import { readSidebarState } from "#app/domain/sidebar.ts";
import { countSubmissionsByStatus } from "#app/models/contact-submissions.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { readToast } from "#app/services/toast.server.ts";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    await requireAdmin(request, context);
    const response = await next();
    // back-office pages are personal: never kept by a cache
    response.headers.set("Cache-Control", "no-store");
    return response;
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context);
  const { config, database } = getApp(context);
  const counts = await countSubmissionsByStatus(database.db);
  const { toast, headers } = await readToast(request, config);
  return data(
    { email: session.email, counts, sidebarOpen: readSidebarState(request.headers.get("cookie")), toast },
    { headers },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const merged = new Headers(parentHeaders);
  for (const cookie of loaderHeaders.getSetCookie()) merged.append("Set-Cookie", cookie);
  return merged;
};

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

/**
 * A back-office page lists the tables it shows in its handle; the page re-fetches when one changes.
 * `chrome: false` renders the page without the sidebar and header (the printable invoice).
 */
export type AdminHandle = { liveTables?: readonly ChangeTable[]; chrome?: false };

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  useFlashToast(loaderData.toast);
  const matches = useMatches();
  // the sidebar's counts are always on screen
  useLiveChanges([
    "contact_submissions",
    ...matches.flatMap((match) => (match.handle as AdminHandle | undefined)?.liveTables ?? []),
  ]);
  const toast = loaderData.toast;
  const bare = matches.some((match) => (match.handle as AdminHandle | undefined)?.chrome === false);
  if (bare) {
    return (
      <>
        <Outlet />
        <AdminToaster />
      </>
    );
  }
  return (
    <>
      {toast ? (
        // without JavaScript the toast region never appears: say it in the page instead
        <noscript>
          <p
            role="status"
            className={`border-b px-4 py-2 text-sm ${toast.type === "error" ? "border-red-900 bg-red-950 text-red-100" : "border-emerald-900 bg-emerald-950 text-emerald-100"}`}
          >
            {toast.message}
            {toast.description ? `: ${toast.description}` : ""}
          </p>
        </noscript>
      ) : null}
      <AdminShell email={loaderData.email} counts={loaderData.counts} sidebarOpen={loaderData.sidebarOpen}>
        <Outlet />
      </AdminShell>
      <AdminToaster />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <main className="flex min-h-screen items-center justify-center bg-zinc-950 px-6">
        <title>Access Denied | Studio</title>
        <div className="max-w-md text-center">
          <p className="font-mono text-sm text-zinc-500">403</p>
          <h1 className="mt-2 text-3xl font-bold text-zinc-50">Access Denied</h1>
          <p className="mt-3 text-zinc-400">{authMessages.accessDenied}</p>
          <Link
            to="/"
            reloadDocument
            className="mt-8 inline-flex h-10 items-center rounded-md bg-[var(--color-accent)] px-4 text-sm font-semibold text-black hover:bg-[var(--color-accent-strong)]"
          >
            Return to Home
          </Link>
        </div>
      </main>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="flex min-h-screen items-center justify-center bg-zinc-950 px-6">
      <title>{`${status} | Studio back office`}</title>
      <div className="max-w-md text-center">
        <p className="font-mono text-sm text-zinc-500">{status}</p>
        <h1 className="mt-2 text-2xl font-bold text-zinc-50">Something went wrong</h1>
        <p className="mt-3 text-zinc-400">Please try again. If it keeps happening, check the server log.</p>
        <Link to="/admin/dashboard" reloadDocument className="mt-8 inline-block text-[var(--color-accent)] underline">
          Back to the dashboard
        </Link>
      </div>
    </main>
  );
}
