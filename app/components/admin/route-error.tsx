/**
 * The back office's error boundary (docs/architecture.md, "How a route answers"; the public pages'
 * is `components/site/route-error.tsx`). Routes never write their own: the admin frame and the
 * guarded layout export `AdminErrorBoundary`. A status decides the view:
 * - 404 (`notFound(message)`): the not-found view with the record's message ('Customer not found')
 *   and the way back to its section;
 * - 403: the 'Access Denied' page;
 * - 429: 'Too many requests' and the way to try again;
 * - anything else: 'Something went wrong'; a page whose handle names a `loadFailed` toast (the
 *   'Failed to fetch submissions', ...) shows it once.
 */

import { useEffect } from "react";
import { isRouteErrorResponse, Link, useLocation, useMatches, useRouteError, useRouteLoaderData } from "react-router";
import { NotFoundView } from "#app/components/admin/record-page.tsx";
import { AdminShell, type ShellProps, sectionBackLink } from "#app/components/admin/shell.tsx";
import { useStudioName } from "#app/components/admin/studio-name.ts";
import { showToast } from "#app/components/admin/toaster.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import { authMessages } from "#app/domain/auth-messages.ts";
import type { ToastData } from "#app/domain/toast.ts";

/** What a route's `handle` may tell the boundary. */
export type ErrorHandle = {
  /** the toast (and the page's text) when the page fails to load */
  loadFailed?: ToastData;
};

const tooManyRequests = "Too many requests. Please try again later.";
const tryLater = "Please try again. If it keeps happening, check the server log.";

function statusOf(error: unknown) {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The text a route threw with (`notFound('Customer not found')`), if any. */
function messageOf(error: unknown) {
  return isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : undefined;
}

// ------------------------------------------------------------------ back office

function AccessDenied() {
  const studioName = useStudioName();
  return (
    <main className="flex min-h-screen items-center justify-center bg-zinc-950 px-6">
      <title>{`Access Denied | ${studioName}`}</title>
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

function useLoadFailedToast(status: number) {
  const matches = useMatches();
  const loadFailed = matches
    .map((match) => (match.handle as ErrorHandle | undefined)?.loadFailed)
    .filter((toast) => toast !== undefined)
    .at(-1);
  const show = status !== 404 && status !== 429 ? loadFailed : undefined;
  useEffect(() => {
    if (show) showToast(show);
  }, [show]);
  return show;
}

function AdminErrorView({ thrown }: { thrown: unknown }) {
  const status = statusOf(thrown);
  const location = useLocation();
  const back = sectionBackLink(location.pathname);
  const loadFailed = useLoadFailedToast(status);
  const studioName = useStudioName();
  if (status === 404) {
    return (
      <NotFoundView message={messageOf(thrown) ?? "Oops! Page not found"} backHref={back.href} backLabel={back.label} />
    );
  }
  const title = status === 429 ? "Too many requests" : "Something went wrong";
  const text =
    status === 429
      ? (messageOf(thrown) ?? tooManyRequests)
      : status < 500
        ? (messageOf(thrown) ?? tryLater)
        : (loadFailed?.description ?? loadFailed?.message ?? tryLater);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <title>{`${status} | ${studioName}`}</title>
      <p className="font-mono text-sm text-zinc-500">{status}</p>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p role="alert" className="text-zinc-300">
        {text}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <a href={`${location.pathname}${location.search}`} className={buttonClass("secondary")}>
          <Icon name="refresh-cw" aria-hidden className="size-4" />
          Try again
        </a>
        <Link to={back.href} className={buttonClass("ghost")}>
          <Icon name="arrow-left" aria-hidden className="size-4" />
          {back.label}
        </Link>
      </div>
    </div>
  );
}

type LayoutData = Omit<ShellProps, "children">;

/**
 * The back office's boundary. Inside the guarded layout (its data loaded: the failure is a page's)
 * the view sits in the shell; otherwise (sign-in pages, a refused guard) it is a page of its own.
 */
/**
 * Re-exported by the routes as their `ErrorBoundary`; a re-export is not given the `error` prop by the
 * framework, so the boundary reads the error itself.
 */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const layout = useRouteLoaderData("routes/admin/layout") as LayoutData | undefined;
  if (statusOf(error) === 403) return <AccessDenied />;
  if (!layout) {
    return (
      <main className="min-h-screen bg-zinc-950 px-6 text-zinc-100">
        <AdminErrorView thrown={error} />
      </main>
    );
  }
  return (
    <AdminShell
      email={layout.email}
      counts={layout.counts}
      spam={layout.spam}
      unreadNotices={layout.unreadNotices}
      sidebarOpen={layout.sidebarOpen}
      timer={layout.timer ?? null}
    >
      <AdminErrorView thrown={error} />
    </AdminShell>
  );
}
