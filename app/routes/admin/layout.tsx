/**
 * The guarded back office. Every route below this layout needs a signed-in admin: the
 * middleware decides before any loader runs or any HTML is sent (anonymous → login,
 * non-admin → 403 'Access Denied'), the loader checks again, and each action repeats
 * `requireAdmin` at its top.
 */
import { Outlet, useMatches } from "react-router";
import { AdminShell } from "#app/components/admin/shell.tsx";
import { useLiveChanges } from "#app/components/admin/use-live-changes.ts";
import { getApp } from "#app/context.server.ts";
import type { ChangeTable } from "#app/domain/changes.ts";
import { readSidebarState } from "#app/domain/sidebar.ts";
import { countSubmissionsByStatus } from "#app/models/contact-submissions.server.ts";
import { countUnreadNotices } from "#app/models/owner-notices.server.ts";
import { countSpam } from "#app/models/suspected-spam.server.ts";
import { runningTimer } from "#app/models/time-entries.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/layout";

/** Access Denied (403), and every guarded page's failure: its not-found view or failure note, in the shell. */
export { AdminErrorBoundary as ErrorBoundary } from "#app/components/admin/route-error.tsx";

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
  const { database } = getApp(context);
  const [counts, unreadNotices, spam, timer] = await Promise.all([
    countSubmissionsByStatus(database.db),
    countUnreadNotices(database.db),
    countSpam(database.db),
    runningTimer(database.db, session.userId),
  ]);
  return {
    email: session.email,
    counts,
    spam,
    unreadNotices,
    sidebarOpen: readSidebarState(request.headers.get("cookie")),
    timer: timer
      ? {
          projectName: timer.projectName,
          phaseName: timer.phaseName,
          startedAt: timer.startedAt.toISOString(),
          now: new Date().toISOString(),
        }
      : null,
  };
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

/**
 * A back-office page lists the tables it shows in its handle; the page re-fetches when one changes.
 * `chrome: false` renders the page without the sidebar and header (the printable invoice).
 */
export type AdminHandle = { liveTables?: readonly ChangeTable[]; chrome?: false };

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const matches = useMatches();
  // the sidebar's counts and the header's notices are always on screen
  useLiveChanges([
    "contact_submissions",
    "owner_notices",
    "time_entries",
    ...matches.flatMap((match) => (match.handle as AdminHandle | undefined)?.liveTables ?? []),
  ]);
  // the printable invoice: the page alone, without sidebar and header
  if (matches.some((match) => (match.handle as AdminHandle | undefined)?.chrome === false)) return <Outlet />;
  return (
    <AdminShell
      email={loaderData.email}
      counts={loaderData.counts}
      spam={loaderData.spam}
      unreadNotices={loaderData.unreadNotices}
      sidebarOpen={loaderData.sidebarOpen}
      timer={loaderData.timer}
    >
      <Outlet />
    </AdminShell>
  );
}
