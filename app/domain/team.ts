/**
 * The team (ADR 0026): who may use the back office. Any admin manages the team; an invitation
 * link works once, for 7 days; the last admin can neither lose the role nor be disabled.
 * Form schemas (shared by browser and server) and the page's messages.
 */
import { z } from "zod";
import { authMessages, newPasswordMax, newPasswordMin } from "#app/domain/auth-messages.ts";
import { characterCount } from "#app/domain/auth-schemas.ts";
import { hashIdField, uuidField } from "#app/domain/ids.ts";
import { limits } from "#app/domain/limits.ts";
import { mailContent } from "#app/domain/mail.ts";
import { emailAddress, requiredText, tooLong } from "#app/domain/validation.ts";

export const invitationLifetimeMs = 7 * 24 * 3600_000;

export const teamMessages = {
  invited: "Invitation sent",
  invitationRevoked: "Invitation revoked",
  accountExists: "An account with this email already exists.",
  adminGranted: "Admin role granted",
  adminRevoked: "Admin role revoked",
  disabled: "Account disabled. Its sessions have ended.",
  enabled: "Account enabled",
  lastAdmin: "The last admin can't lose the admin role or be disabled. Make another person an admin first.",
  notYourself: "You can't change your own role or disable your own account here.",
  unknownMember: "That account no longer exists.",
  unknownInvitation: "That invitation is no longer pending.",
  invitationInvalid:
    "This invitation link is invalid, already used or expired. Ask the person who invited you for a new one.",
  invitationSenderGone:
    "This invitation no longer works: the admin who sent it can no longer manage the team. Ask an admin for a new one.",
  senderGoneNote: "No longer works: its sender is disabled or no longer an admin",
  welcome: "Welcome to the team!",
  nameRequired: "Name is required",
} as const;

export const inviteSchema = z.object({
  intent: z.literal("invite"),
  email: emailAddress("Email is required"),
  admin: z.preprocess((value) => value === "on" || value === "true", z.boolean()).default(false),
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
export function invitationMail(input: { to: string; invitedBy: string; link: string; admin: boolean }) {
  return {
    to: input.to,
    ...mailContent("You're invited to the studio's back office", [
      {
        type: "text",
        text: `${input.invitedBy} invited you to the studio's back office${input.admin ? " as an admin" : ""}.`,
      },
      { type: "text", text: "Choose your name and a password here. The link works once, for 7 days:" },
      { type: "action", label: "Accept the invitation", url: input.link },
      { type: "text", text: "If you did not expect this, ignore this email." },
    ]),
  };
}
