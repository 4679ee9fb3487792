/**
 * /admin/invite/:token: the invitation link a team member was mailed (ADR 0026). Open like the
 * first-admin set-up, useless without a live token: a used, revoked or expired link says so. The
 * invitee chooses a name and a password and is signed in with the roles of the invitation.
 */

import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { AuthCard } from "#app/components/admin/auth-card.tsx";
import {
  AdminForm,
  FormError,
  PasswordField,
  SubmitButton,
  TextField,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.server.ts";
import { acceptInvitationSchema, teamMessages } from "#app/domain/team.ts";
import { invalid, redirectWithToast, refusalPage, refuse } from "#app/services/action-result.server.ts";
import { sessionSetCookie } from "#app/services/auth/sessions.server.ts";
import { acceptInvitation, checkInvitation } from "#app/services/auth/team.server.ts";
import { requestMeta } from "#app/services/auth.server.ts";
import type { Route } from "./+types/invite";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: adminTitle(matches, "Join the team") },
  { name: "robots", content: "noindex" },
];

const noStore = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

/** The page holds a secret in its address: never cached, never sent on as a Referer. */
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
  if (check.state === "valid") {
    return data({ state: "valid" as const, email: check.email, admin: check.admin }, { headers: noStore });
  }
  return refusalPage(check.state === "limited" ? 429 : 410, { state: check.state, email: null, admin: false }, noStore);
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
    if ("field" in outcome && outcome.field) {
      const fieldErrors = { [outcome.field]: [outcome.message] };
      return invalid(submission, { hideFields, fieldErrors, toast: { type: "error", message: outcome.message } });
    }
    return refuse("limited" in outcome ? 429 : 410, outcome.message, {
      submission,
      hideFields,
      retryAfterSeconds: 600,
    });
  }
  return redirectWithToast(
    config,
    outcome.isAdmin ? "/admin/dashboard" : "/admin",
    { type: "success", message: teamMessages.welcome },
    { "Set-Cookie": await sessionSetCookie(config, outcome.token, outcome.expiresAt) },
  );
}

export default function Invite({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useAdminForm({ id: "invitation", schema: acceptInvitationSchema, failure: actionData });
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
        <Link to="/admin/login" className={buttonClass("primary", "w-full")}>
          Go to Admin Login
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Join the team"
      description={`You were invited as ${loaderData.email}${loaderData.admin ? ", with the admin role" : ""}. Choose your name and a password.`}
    >
      <AdminForm form={form} className="flex flex-col gap-1">
        <FormError form={form} />
        <TextField meta={fields.name} label="Name" autoComplete="name" />
        <input type="email" name="username" value={loaderData.email} autoComplete="username" readOnly hidden />
        <PasswordField
          meta={fields.password}
          label="Password"
          autoComplete="new-password"
          description="At least 8 characters; long passphrases are welcome."
        />
        <PasswordField meta={fields.confirmPassword} label="Confirm Password" autoComplete="new-password" />
        <SubmitButton pendingLabel="Creating…" className="mt-2 w-full">
          Create My Account
        </SubmitButton>
      </AdminForm>
    </AuthCard>
  );
}
