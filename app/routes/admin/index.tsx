/** /admin → the dashboard (for admins; the layout's guard has already run). */
import { redirect } from "react-router";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return redirect("/admin/dashboard");
}

// A UI route (not a resource route), so a refusal renders the layout's Access Denied page.
export default function AdminIndex() {
  return null;
}
