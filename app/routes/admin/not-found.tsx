/** Any other /admin path: guarded like the rest, then the one not-found view, inside the shell. */

import { NotFoundView } from "#app/components/admin/record-page.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { refusalPage } from "#app/services/action-result.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/not-found";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return refusalPage(404, null);
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return refusalPage(404, null);
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Not found") }];

export default function AdminNotFound() {
  return (
    <NotFoundView
      message="Oops! Page not found"
      detail="This part of the back office does not exist yet, or the address is wrong."
      backHref="/admin/dashboard"
      backLabel="Back to Contact Forms"
    />
  );
}
