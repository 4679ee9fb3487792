/** POST /admin/logout: ends this session and goes to the public site. Open to any signed-in user. */
import { redirect } from "react-router";
import { getApp } from "#app/context.server.ts";
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
  await signOut(database.db, await readSessionToken(request, config), requestMeta(request, context));
  return redirect("/", { headers: { "Set-Cookie": await sessionClearCookie(config) } });
}
