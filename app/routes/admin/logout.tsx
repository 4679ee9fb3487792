/**
 * POST /admin/logout: signs out with the scope (`scope` = global (default), others or local)
 * and goes to the public site; `others` keeps this session and goes back to the security page.
 * Open to any signed-in user.
 */
import { redirect } from "react-router";
import { getApp } from "#app/context.server.ts";
import { parseSignOutScope } from "#app/domain/user-agent.ts";
import { readSessionToken, sessionClearCookie } from "#app/services/auth/sessions.server.ts";
import { signOut } from "#app/services/auth/sign-in.server.ts";
import { requestMeta } from "#app/services/auth.server.ts";
import type { Route } from "./+types/logout";

export async function loader() {
  // signing out changes state, so only a POST does it
  return redirect("/admin/dashboard");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { config, database } = getApp(context);
  const form = await request.formData().catch(() => null);
  const scope = parseSignOutScope(form?.get("scope"));
  const ended = await signOut(
    database.db,
    await readSessionToken(request, config),
    requestMeta(request, context),
    scope,
  );
  if (!ended) return redirect("/admin/settings/security");
  return redirect("/", { headers: { "Set-Cookie": await sessionClearCookie(config) } });
}
