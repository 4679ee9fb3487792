/**
 * The back office's error page: 'Access Denied' for a signed-in user without the admin role
 * (SPEC section 6), a plain failure page otherwise. Used by the admin frame and the guarded
 * layout, so a 403 met during a client-side navigation looks the same as on a reload.
 */
import { isRouteErrorResponse, Link } from "react-router";
import { authMessages } from "#app/domain/auth-schemas.ts";

export function AdminErrorPage({ error }: { error: unknown }) {
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
