/** The team pages' words (settings, invitations): schema-free, so a page that shows one loads no schema library. */

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
  roleRequired: "Choose a role",
} as const;

/** The team page, its invitation form and its row actions' form (its route and page chunk share them). */
export const teamPath = "/admin/settings/team";
export const inviteFormId = "team-invite";
/** the members' and invitations' row actions: a refusal shows above the members */
export const teamFormId = "team";
