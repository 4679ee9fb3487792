/**
 * /admin/settings/team (ADR 0026): every account (email, name, roles, status, last sign-in), the
 * pending invitations, and an invitation form. Any admin invites by email (a single-use link for
 * 7 days, mailed through the outbox), grants or revokes the admin role, and disables (after a
 * confirmation addressed by the URL, ?disable=id) or enables an account. Nobody changes their own
 * account here, and the last admin keeps the role.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import { teamActionSchema, teamRefusalStatus } from "#app/domain/team.ts";
import { inviteFormId, teamFormId, teamMessages, teamPath } from "#app/domain/team-messages.ts";
import { listPendingInvitations } from "#app/models/auth-tokens.server.ts";
import { listTeam } from "#app/models/users.server.ts";
import { badRequest, invalid, redirectWithToast, refuse } from "#app/services/action-result.server.ts";
import {
  inviteMember,
  revokeInvitation,
  setAccountDisabled,
  setAdminRole,
  type TeamResult,
} from "#app/services/auth/team.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/settings-team";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Team") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context);
  const { database } = getApp(context);
  const [members, invitations] = await Promise.all([
    listTeam(database.db),
    listPendingInvitations(database.db, new Date()),
  ]);
  return data(
    {
      me: session.userId,
      confirmDisable: new URL(request.url).searchParams.get("disable"),
      members,
      invitations: invitations.map((invitation) => ({
        id: invitation.id,
        email: invitation.email ?? "",
        admin: invitation.roles?.includes("admin") ?? false,
        invitedBy: invitation.invitedByEmail,
        works: invitation.senderMayInvite,
        expiresAt: invitation.expiresAt,
      })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip } = getApp(context);
  const actor = { userId: session.userId, email: session.email };
  const submission = parseWithZod(await request.formData(), { schema: teamActionSchema });
  if (submission.status !== "success") {
    if (submission.payload.intent === "invite") return invalid(submission, { form: inviteFormId });
    if (submission.error?.intent) badRequest("Unknown team action");
    // a malformed id is no such account or invitation
    const message = submission.error?.id?.[0] ?? teamMessages.unknownMember;
    return refuse(404, message, { form: teamFormId, submission });
  }
  const value = submission.value;
  if (value.intent === "invite") {
    const outcome = await inviteMember(database.db, {
      actor,
      email: value.email,
      role: value.role,
      publicUrl: config.publicUrl,
      sessionSecret: config.sessionSecret,
      ip,
    });
    if (!outcome.ok) {
      return invalid(submission, { form: inviteFormId, fieldErrors: { email: [outcome.message] } });
    }
    return redirectWithToast(config, teamPath, { type: "success", message: outcome.message, id: inviteFormId });
  }
  const { intent, id } = value;
  let outcome: TeamResult;
  if (intent === "revoke-invitation") {
    outcome = await revokeInvitation(database.db, { actor, id, ip });
  } else if (intent === "grant-admin" || intent === "revoke-admin") {
    outcome = await setAdminRole(database.db, { actor, userId: id, ip, admin: intent === "grant-admin" });
  } else {
    outcome = await setAccountDisabled(database.db, { actor, userId: id, ip, disabled: intent === "disable" });
  }
  if (!outcome.ok) return refuse(teamRefusalStatus(outcome.message), outcome.message, { form: teamFormId, submission });
  return redirectWithToast(config, teamPath, { type: "success", message: outcome.message });
}

// The page (its forms, Conform and their schemas) loads as a chunk of its own: the server renders it in
// place, and its forms post without JavaScript until the chunk is there.
const TeamPage = splitComponent(() => import("./settings-team-page.tsx").then((module) => module.Team));

export default function TeamRoute(props: Route.ComponentProps) {
  return <TeamPage {...props} />;
}
