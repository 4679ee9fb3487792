/**
 * The public pages' error boundary, exported by the root (docs/architecture.md, "How a route answers";
 * the back office's is `components/admin/route-error.tsx`): the site's 404 page (with the route's reason,
 * as a client link's 'This link is not valid...'), or a plain failure page. Kept apart from the back
 * office's so the public pages' bundles carry nothing of it.
 */
import { isRouteErrorResponse, useRouteError } from "react-router";
import { ButtonLink } from "#app/components/site/ui.tsx";

const tooManyRequests = "Too many requests. Please try again later.";

function statusOf(error: unknown) {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The text a route threw with (`notFound('...')`), if any. */
function messageOf(error: unknown) {
  return isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : undefined;
}

/** The site's 404 page: 'Oops! Page not found' and the way home (and why, when a route said). */
export function SiteNotFound({ detail }: { detail?: string }) {
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-2xl flex-col items-center justify-center gap-6 px-6 py-24 text-center">
      <h1 className="font-mono text-8xl font-bold tracking-tighter text-[var(--color-accent)] sm:text-9xl">404</h1>
      <p className="text-2xl font-semibold text-white">Oops! Page not found</p>
      <p className="text-zinc-300">{detail ?? "The page you are looking for does not exist or has moved."}</p>
      <ButtonLink to="/">Return to Home</ButtonLink>
    </main>
  );
}

/** The public pages' boundary (the root's): the site's 404 page, or a plain failure page. */
/**
 * Re-exported by the routes as their `ErrorBoundary`; a re-export is not given the `error` prop by the
 * framework, so the boundary reads the error itself.
 */
export function SiteErrorBoundary() {
  const error = useRouteError();
  const status = statusOf(error);
  const message = messageOf(error);
  if (status === 404) {
    return (
      <>
        <title>Page not found</title>
        <meta name="robots" content="noindex, nofollow" />
        <SiteNotFound detail={message && message !== "Not found" ? message : undefined} />
      </>
    );
  }
  const detail =
    status === 429
      ? (message ?? tooManyRequests)
      : status < 500 && message
        ? message
        : import.meta.env.DEV && error instanceof Error
          ? error.message
          : "Something went wrong. Please try again later.";
  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col justify-center gap-4 px-6 py-16">
      <title>{`${status} | Error`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <p className="font-mono text-sm text-zinc-400">{status}</p>
      <h1 className="text-3xl font-bold">{status === 429 ? "Too many requests" : "Something went wrong"}</h1>
      <p className="text-zinc-300">{detail}</p>
      <a className="text-[var(--color-accent)] underline" href="/">
        Back to home
      </a>
    </main>
  );
}
