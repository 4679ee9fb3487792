/**
 * The team (ADR 0026): who may use the back office. Any admin manages the team; an invitation
 * link works once, for 7 days; the last admin can neither lose the role nor be disabled.
 * Form schemas (shared by browser and server) and the page's messages.
 */
import { z } from "zod";
import { authMessages, newPasswordMax, newPasswordMin } from "#app/domain/auth-messages.ts";
import { characterCount } from "#app/domain/auth-schemas.ts";
import type { roles } from "#app/domain/enums.ts";
import { hashIdField, uuidField } from "#app/domain/id-fields.ts";
import { limits, tooLong } from "#app/domain/limits.ts";
import { mailContent } from "#app/domain/mail.ts";
import { teamMessages } from "#app/domain/team-messages.ts";
import { emailAddress, requiredText } from "#app/domain/validation.ts";

export const invitationLifetimeMs = 7 * 24 * 3600_000;

type Role = (typeof roles)[number];

/**
 * The roles an invitation may grant, each with the page its member lands on. Only a role with pages
 * it can use is offered: an account without one would meet nothing but 'Access Denied'. The back
 * office knows one role, admin, which opens every back-office page.
 */
const invitableRoles = ["admin"] as const satisfies readonly Role[];
export type InvitableRole = (typeof invitableRoles)[number];

export const invitableRoleOptions: readonly { value: InvitableRole; label: string }[] = [
  { value: "admin", label: "Admin: the whole back office, including the team" },
];

const roleInMail: Record<InvitableRole, string> = { admin: "an admin" };

/** Where a member of the role lands after accepting an invitation. */
export const roleLandingPath: Record<InvitableRole, string> = { admin: "/admin/dashboard" };

/** An invitation's role, or null when it grants none (made before a role was required: never accepted). */
export function invitationRole(granted: readonly string[] | null | undefined): InvitableRole | null {
  return invitableRoles.find((role) => granted?.includes(role)) ?? null;
}

export const inviteSchema = z.object({
  intent: z.literal("invite"),
  email: emailAddress("Email is required"),
  role: z.enum(invitableRoles, { error: teamMessages.roleRequired }),
});

/** A row action of the team page: a member's role or access, or a pending invitation revoked. */
export const memberActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("revoke-invitation"), id: hashIdField(teamMessages.unknownInvitation) }),
  ...(["grant-admin", "revoke-admin", "disable", "enable"] as const).map((intent) =>
    z.object({ intent: z.literal(intent), id: uuidField(teamMessages.unknownMember) }),
  ),
]);

/** Everything the team page posts. */
export const teamActionSchema = z.discriminatedUnion("intent", [inviteSchema, ...memberActionSchema.options]);

/** The answer of a refused row action: nobody changes their own account (403), gone (404), the last admin (409). */
export function teamRefusalStatus(message: string): 403 | 404 | 409 {
  if (message === teamMessages.notYourself) return 403;
  if (message === teamMessages.unknownMember || message === teamMessages.unknownInvitation) return 404;
  return 409;
}

const newPassword = z
  .string(authMessages.newPasswordTooShort)
  .refine((value) => characterCount(value) >= newPasswordMin, authMessages.newPasswordTooShort)
  .refine((value) => characterCount(value) <= newPasswordMax, authMessages.newPasswordTooLong);

export const acceptInvitationSchema = z
  .object({
    name: requiredText(limits.personName, teamMessages.nameRequired, tooLong("Name", limits.personName)),
    password: newPassword,
    confirmPassword: z.string(authMessages.passwordsDontMatch),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: authMessages.passwordsDontMatch });
    }
  });

/** The invitation mail (the link is its only secret and the body is sealed in the outbox). */
export function invitationMail(input: { to: string; invitedBy: string; link: string; role: InvitableRole }) {
  return {
    to: input.to,
    ...mailContent("You're invited to the studio's back office", [
      {
        type: "text",
        text: `${input.invitedBy} invited you to the studio's back office as ${roleInMail[input.role]}.`,
      },
      { type: "text", text: "Choose your name and a password here. The link works once, for 7 days:" },
      { type: "action", label: "Accept the invitation", url: input.link },
      { type: "text", text: "If you did not expect this, ignore this email." },
    ]),
  };
}
