/**
 * The page of `settings-team.tsx`, a chunk loaded on demand (its forms, Conform and their schemas): the route
 * renders it through `splitComponent`, so the server renders it in place and it works without JavaScript.
 */
import { Link, useActionData } from "react-router";
import { Badge } from "#app/components/admin/badge.tsx";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { type Column, DataTable, rowActionClass } from "#app/components/admin/data-table.tsx";
import { AdminForm, EmailField, FormError, SelectField, useAdminForm } from "#app/components/admin/form.tsx";
import { RowActionForm, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { formatDate, formatDateTime } from "#app/domain/dates.ts";
import { invitableRoleOptions, inviteSchema, memberActionSchema } from "#app/domain/team.ts";
import { inviteFormId, teamFormId, teamMessages, teamPath } from "#app/domain/team-messages.ts";
import type { Route } from "./+types/settings-team";

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

export function Team({ loaderData }: Route.ComponentProps) {
  const { members, invitations, me, confirmDisable } = loaderData;
  const actionData = useActionData() as Route.ComponentProps["actionData"];
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
        <SelectField
          meta={fields.role}
          label="Role"
          description="What they may open once they join."
          placeholder="Select a role"
          options={invitableRoleOptions}
        />
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
