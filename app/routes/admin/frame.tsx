/**
 * The frame of every back-office page, signed in or not (login, set-up and the guarded
 * layout): the one toast region, and the flash toast an action's redirect left behind
 * (read once from its cookie, shown with sonner, and written into the page for readers
 * without JavaScript).
 */
import { data, Outlet } from "react-router";
import { AdminToaster, useFlashToast } from "#app/components/admin/toaster.tsx";
import { getApp } from "#app/context.server.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import { readToast } from "#app/services/toast.server.ts";
import type { Route } from "./+types/frame";

/** A 403 thrown by the guarded layout's middleware during a client-side navigation, and the sign-in pages' failures. */
export { AdminErrorBoundary as ErrorBoundary } from "#app/components/admin/route-error.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, database } = getApp(context);
  const [{ toast, headers }, studio] = await Promise.all([readToast(request, config), getStudioIdentity(database.db)]);
  // the studio's name for every back-office page: the sidebar, the sign-in card, the titles (studio-name.ts)
  return data({ toast, studioName: studio.businessName }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const merged = new Headers(parentHeaders);
  for (const cookie of loaderHeaders.getSetCookie()) merged.append("Set-Cookie", cookie);
  return merged;
};

export default function AdminFrame({ loaderData }: Route.ComponentProps) {
  const toast = loaderData.toast;
  useFlashToast(toast);
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
      <Outlet />
      <AdminToaster />
    </>
  );
}
