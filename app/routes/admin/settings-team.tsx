/**
 * /admin/settings/team (ADR 0026): every account (email, name, roles, status, last sign-in), the
 * pending invitations, and an invitation form. Any admin invites by email (a single-use link for
 * 7 days, mailed through the outbox), grants or revokes the admin role, and disables (after a
 * confirmation addressed by the URL, ?disable=id) or enables an account. Nobody changes their own
 * account here, and the last admin keeps the role.
 */

import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, useActionData } from "react-router";
import { Badge } from "#app/components/admin/badge.tsx";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { type Column, DataTable, rowActionClass } from "#app/components/admin/data-table.tsx";
import {
  AdminForm,
  CheckboxField,
  EmailField,
  FormError,
  RowActionForm,
  SubmitButton,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import { formatDate, formatDateTime } from "#app/domain/dates.ts";
import {
  inviteSchema,
  memberActionSchema,
  teamActionSchema,
  teamMessages,
  teamRefusalStatus,
} from "#app/domain/team.ts";
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

const teamPath = "/admin/settings/team";
const inviteFormId = "team-invite";
/** the members' and invitations' row actions: a refusal shows above the members */
const teamFormId = "team";

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
  const { config, database, ip, mail } = getApp(context);
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
      admin: value.admin,
      publicUrl: config.publicUrl,
      sessionSecret: config.sessionSecret,
      ip,
    });
    if (!outcome.ok) {
      return invalid(submission, { form: inviteFormId, fieldErrors: { email: [outcome.message] } });
    }
    mail.kick();
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

type Member = Route.ComponentProps["loaderData"]["members"][number];

function MemberActions({ member }: { member: Member }) {
  return (
    <>
      <RowActionForm
        intent={member.isAdmin ? "revoke-admin" : "grant-admin"}
        fields={{ id: member.id }}
        className={rowActionClass}
        data-row-action
        aria-label={`${member.isAdmin ? "Revoke the admin role of" : "Make admin:"} ${member.email}`}
      >
        {member.isAdmin ? "Revoke admin" : "Make admin"}
      </RowActionForm>
      {member.disabledAt ? (
        <RowActionForm
          intent="enable"
          fields={{ id: member.id }}
          className={rowActionClass}
          data-row-action
          aria-label={`Enable ${member.email}`}
        >
          Enable
        </RowActionForm>
      ) : (
        <Link
          to={`${teamPath}?disable=${member.id}`}
          preventScrollReset
          className={rowActionClass}
          data-row-action
          aria-label={`Disable ${member.email}`}
        >
          Disable
        </Link>
      )}
    </>
  );
}

type Invitation = Route.ComponentProps["loaderData"]["invitations"][number];

function memberColumns(me: string): readonly Column<Member>[] {
  return [
    {
      header: "Member",
      primary: true,
      cell: (member) => (
        <>
          <span className="block break-words">
            {member.name || member.email}
            {member.id === me ? <span className="text-sm font-normal text-zinc-400"> (you)</span> : null}
          </span>
          {member.name ? (
            <span className="block text-sm font-normal break-all text-zinc-400">{member.email}</span>
          ) : null}
        </>
      ),
    },
    {
      header: "Role",
      cell: (member) => (member.isAdmin ? <Badge tone="violet">Admin</Badge> : <Badge tone="zinc">No role</Badge>),
    },
    {
      header: "Status",
      cell: (member) => (member.disabledAt ? <Badge tone="red">Disabled</Badge> : <Badge tone="green">Active</Badge>),
    },
    {
      header: "Last sign-in",
      cell: (member) => (member.lastSignInAt ? formatDateTime(new Date(member.lastSignInAt)) : "never"),
      className: "md:whitespace-nowrap",
    },
  ];
}

const invitationColumns: readonly Column<Invitation>[] = [
  { header: "Email", primary: true, cell: (invitation) => invitation.email, className: "break-all" },
  {
    header: "Role",
    cell: (invitation) => (
      <span className="inline-flex flex-wrap gap-1">
        <Badge tone="amber">Invited</Badge>
        {invitation.admin ? <Badge tone="violet">Admin</Badge> : null}
      </span>
    ),
  },
  { header: "Invited by", cell: (invitation) => invitation.invitedBy ?? "a removed account" },
  {
    header: "Expiry",
    cell: (invitation) =>
      invitation.works ? (
        `Link works until ${formatDate(new Date(invitation.expiresAt))}`
      ) : (
        <Badge tone="red">{teamMessages.senderGoneNote}</Badge>
      ),
  },
];

export default function Team({ loaderData }: Route.ComponentProps) {
  const { members, invitations, me, confirmDisable } = loaderData;
  const actionData = useActionData<typeof action>();
  const [form, fields] = useAdminForm({
    id: inviteFormId,
    schema: inviteSchema,
    failure: actionData?.form === inviteFormId ? actionData : undefined,
  });
  const [rows] = useAdminForm({
    id: teamFormId,
    schema: memberActionSchema,
    failure: actionData?.form === teamFormId ? actionData : undefined,
  });
  const disabling = members.find((member) => member.id === confirmDisable && member.id !== me && !member.disabledAt);
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <PageHeader
        title="Team"
        description="Who can use the back office. Admins manage the team; a disabled account is signed out at once and cannot sign in."
        back={{ href: "/admin/settings", label: "Back to the settings" }}
      />
      <section aria-labelledby="team-members-title" className="flex flex-col gap-3">
        <h2 id="team-members-title" className="text-base font-semibold text-zinc-100">
          Members
        </h2>
        <FormError form={rows} />
        <DataTable
          label="Members"
          columns={memberColumns(me)}
          rows={members}
          rowKey={(member) => member.id}
          rowAttributes={(member) => ({ "data-team-member": member.email })}
          empty="No members."
          actions={(member) => (member.id === me ? null : <MemberActions member={member} />)}
        />
      </section>

      {invitations.length > 0 ? (
        <section aria-labelledby="team-invitations-title" className="flex flex-col gap-3">
          <h2 id="team-invitations-title" className="text-base font-semibold text-zinc-100">
            Pending invitations
          </h2>
          <DataTable
            label="Pending invitations"
            columns={invitationColumns}
            rows={invitations}
            rowKey={(invitation) => invitation.id}
            rowAttributes={(invitation) => ({ "data-team-invitation": invitation.email })}
            empty={null}
            actions={(invitation) => (
              <RowActionForm
                intent="revoke-invitation"
                fields={{ id: invitation.id }}
                className={rowActionClass}
                data-row-action
                aria-label={`Revoke the invitation of ${invitation.email}`}
              >
                Revoke invitation
              </RowActionForm>
            )}
          />
        </section>
      ) : null}

      <AdminForm
        form={form}
        className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-5"
        aria-labelledby="invite-title"
      >
        <input type="hidden" name="intent" value="invite" />
        <h2 id="invite-title" className="text-base font-semibold text-zinc-100">
          Invite a person
        </h2>
        <p className="mt-1 mb-4 text-sm text-zinc-400">
          They get an email with a link that works once, for 7 days, to choose their name and password.
        </p>
        <FormError form={form} />
        <EmailField meta={fields.email} label="Email" autoComplete="off" />
        <CheckboxField meta={fields.admin} label="Admin (can use the back office and manage the team)" />
        <div className="flex justify-end">
          <SubmitButton pendingLabel="Sending...">Send Invitation</SubmitButton>
        </div>
      </AdminForm>

      {disabling ? (
        <ConfirmDialog
          title="Disable this account?"
          description={`${disabling.email} will be signed out at once and cannot sign in until enabled again.`}
          closeHref={teamPath}
          intent="disable"
          fields={{ id: disabling.id }}
          confirm="Disable Account"
          pendingLabel="Disabling..."
        />
      ) : null}
    </div>
  );
}
