/**
 * The forms of the security page (/admin/settings/security), one schema for browser and server:
 * the two-factor forms (a password to start or turn off, the first code to confirm, cancel), a
 * passkey's removal (with the password) and a session's Sign out. The action parses
 * `securityActionSchema`; each form validates with its own member of it.
 */
import { z } from "zod";
import { hashIdField } from "#app/domain/id-fields.ts";
import { twoFactorMessages } from "#app/domain/two-factor.ts";

/** Long passphrases welcome; a bound keeps hashing cheap for absurd inputs. */
const passwordMax = 1_024;

const password = z
  .string(twoFactorMessages.passwordRequired)
  .min(1, twoFactorMessages.passwordRequired)
  .max(passwordMax, twoFactorMessages.wrongPassword);

export const totpStartSchema = z.object({ intent: z.literal("totp-start"), password });
export const totpDisableSchema = z.object({ intent: z.literal("totp-disable"), password });

/** The enrolment form: Turn on (with the first code) or Cancel (no code needed). */
export const totpConfirmSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("totp-confirm"),
    code: z.string(twoFactorMessages.invalidCode).trim().min(1, twoFactorMessages.invalidCode).max(64),
  }),
  z.object({ intent: z.literal("totp-cancel") }),
]);

export const sessionNotFound = "Session not found";
export const passkeyNotFound = "Passkey not found";

export const passkeyRemoveSchema = z.object({
  intent: z.literal("passkey-remove"),
  // a credential id as the browser gave it (base64url)
  id: z.string(passkeyNotFound).min(1, passkeyNotFound).max(1_024, passkeyNotFound),
  password,
});

const sessionSignOutSchema = z.object({
  intent: z.literal("session-sign-out"),
  session_id: hashIdField(sessionNotFound),
});

export const securityActionSchema = z.discriminatedUnion("intent", [
  totpStartSchema,
  totpDisableSchema,
  ...totpConfirmSchema.options,
  passkeyRemoveSchema,
  sessionSignOutSchema,
]);

/** The form an answer is for: the passkey's own row, else the intent (Cancel answers for Turn on). */
export function securityFormId(payload: { intent?: unknown; id?: unknown }): string | null {
  switch (payload.intent) {
    case "totp-start":
    case "totp-disable":
      return payload.intent;
    case "totp-confirm":
    case "totp-cancel":
      return "totp-confirm";
    case "passkey-remove":
      return passkeyFormId(typeof payload.id === "string" ? payload.id : "");
    case "session-sign-out":
      return "sessions";
    default:
      return null;
  }
}

export function passkeyFormId(id: string) {
  return `passkey-remove-${id}`;
}

/** The owner's security page (its route and page chunk share it). */
export const securitySettingsPath = "/admin/settings/security";
