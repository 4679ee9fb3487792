/**
 * /admin/setup: the one-time first-admin set-up. The server prints a link with a token in the
 * fragment when no admin exists; this page creates the first admin with it. Useless without a
 * valid token, and closed as soon as any admin exists.
 */

import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { data, Link } from "react-router";
import { AuthCard } from "#app/components/admin/auth-card.tsx";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.server.ts";
import { authMessages } from "#app/domain/auth-messages.ts";
import { setupSchema } from "#app/domain/auth-schemas.ts";
import { invalid, redirectWithToast, refuse } from "#app/services/action-result.server.ts";
import { sessionSetCookie } from "#app/services/auth/sessions.server.ts";
import { completeAdminSetup, isAdminSetupPending } from "#app/services/auth/setup.server.ts";
import { requestMeta } from "#app/services/auth.server.ts";
import type { Route } from "./+types/setup";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: adminTitle(matches, "First admin set-up") },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const pending = await isAdminSetupPending(getApp(context).database.db);
  return data({ pending }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { config, database } = getApp(context);
  const hideFields = ["password", "confirmPassword", "token"];
  const submission = parseWithZod(await request.formData(), { schema: setupSchema });
  if (submission.status !== "success") return invalid(submission, { hideFields });
  const outcome = await completeAdminSetup(database.db, { ...submission.value, ...requestMeta(request, context) });
  if (!outcome.ok) {
    if (outcome.reason === "weak-password") {
      const fieldErrors = { password: [outcome.message] };
      return invalid(submission, { hideFields, fieldErrors, toast: { type: "error", message: outcome.message } });
    }
    // an invalid or used link, set-up already done, or too many attempts: refused (the form's error too)
    return refuse(outcome.reason === "limited" ? 429 : 403, outcome.message, { submission, hideFields });
  }
  return redirectWithToast(
    config,
    "/admin/dashboard",
    { type: "success", message: authMessages.adminCreated },
    { "Set-Cookie": await sessionSetCookie(config, outcome.token, outcome.expiresAt) },
  );
}

// The form (Conform, its fields) loads as a chunk of its own: the server renders it in place (ADR 0053).
const SetupForm = splitComponent(() =>
  import("#app/components/admin/login/setup-form.tsx").then((module) => module.SetupForm),
);

export default function AdminSetup({ loaderData, actionData }: Route.ComponentProps) {
  const [token, setToken] = useState("");

  useEffect(() => {
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const found = fragment.get("token");
    if (found) {
      setToken(found);
      // out of the address bar and the history
      window.history.replaceState(window.history.state, "", window.location.pathname);
    }
  }, []);

  if (!loaderData.pending) {
    return (
      <AuthCard title="Set-up complete" description="An admin account already exists. This page is closed.">
        <Link to="/admin/login" className={buttonClass("primary", { className: "w-full" })}>
          Go to Admin Login
        </Link>
      </AuthCard>
    );
  }
  return <SetupForm failure={actionData} token={token} />;
}
