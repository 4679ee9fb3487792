/**
 * /admin/invite/:token: the invitation link a team member was mailed (ADR 0026). Open like the
 * first-admin set-up, useless without a live token: a used, revoked or expired link says so. The
 * invitee chooses a name and a password and is signed in with the roles of the invitation.
 */

import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { AuthCard } from "#app/components/admin/auth-card.tsx";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.server.ts";
import { secretPageHeaders } from "#app/domain/secret-paths.ts";
import { acceptInvitationSchema } from "#app/domain/team.ts";
import { teamMessages } from "#app/domain/team-messages.ts";
import { invalid, redirectWithToast, refusalPage, refuse } from "#app/services/action-result.server.ts";
import { sessionSetCookie } from "#app/services/auth/sessions.server.ts";
import { acceptInvitation, checkInvitation } from "#app/services/auth/team.server.ts";
import { requestMeta } from "#app/services/auth.server.ts";
import type { Route } from "./+types/invite";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: adminTitle(matches, "Join the team") },
  { name: "robots", content: "noindex" },
];

const noStore = secretPageHeaders;

/** The page holds a secret in its address: never cached, never sent on as a Referer (domain/secret-paths.ts). */
export const headers: Route.HeadersFunction = ({ parentHeaders }) => {
  const merged = new Headers(parentHeaders);
  for (const [name, value] of Object.entries(noStore)) merged.set(name, value);
  return merged;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const check = await checkInvitation(getApp(context).database.db, {
    token: params.token,
    ...requestMeta(request, context),
  });
  if (check.ok) return data({ state: "valid" as const, email: check.email, admin: check.admin }, { headers: noStore });
  return refusalPage(
    check.reason === "limited" ? 429 : 410,
    { state: check.reason, email: null, admin: false },
    noStore,
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { config, database } = getApp(context);
  const hideFields = ["password", "confirmPassword"];
  const submission = parseWithZod(await request.formData(), { schema: acceptInvitationSchema });
  if (submission.status !== "success") return invalid(submission, { hideFields });
  const outcome = await acceptInvitation(database.db, {
    token: params.token,
    name: submission.value.name,
    password: submission.value.password,
    ...requestMeta(request, context),
  });
  if (!outcome.ok) {
    if (outcome.reason === "weak-password") {
      const fieldErrors = { password: [outcome.message] };
      return invalid(submission, { hideFields, fieldErrors, toast: { type: "error", message: outcome.message } });
    }
    return refuse(outcome.reason === "limited" ? 429 : 410, outcome.message, {
      submission,
      hideFields,
      retryAfterSeconds: 600,
    });
  }
  return redirectWithToast(
    config,
    outcome.landing,
    { type: "success", message: teamMessages.welcome },
    { "Set-Cookie": await sessionSetCookie(config, outcome.token, outcome.expiresAt) },
  );
}

// The form (Conform, its fields) loads as a chunk of its own: the server renders it in place (ADR 0053).
const InvitationForm = splitComponent(() =>
  import("#app/components/admin/login/invitation-form.tsx").then((module) => module.InvitationForm),
);

export default function Invite({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "valid") {
    return (
      <AuthCard
        title={loaderData.state === "limited" ? "Too many attempts" : "Invitation no longer valid"}
        description={
          loaderData.state === "limited"
            ? "Too many attempts. Please wait a few minutes and try again."
            : loaderData.state === "sender-gone"
              ? teamMessages.invitationSenderGone
              : teamMessages.invitationInvalid
        }
      >
        <Link to="/admin/login" className={buttonClass("primary", { className: "w-full" })}>
          Go to Admin Login
        </Link>
      </AuthCard>
    );
  }
  return <InvitationForm failure={actionData} email={loaderData.email} admin={loaderData.admin} />;
}
