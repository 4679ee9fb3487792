/**
 * Form schemas of the admin sign-in, reset and set-up forms, shared by the
 * browser (Conform validates as you type) and the server (the action parses the same schema).
 * Client-safe: no list of common passwords here (see password-policy.ts, checked on the server).
 */
import { z } from "zod";
import { emailAddress } from "#app/domain/validation.ts";

/** The spec's sign-in rule. */
const signInPasswordMin = 6;
/** New passwords: current guidance (NIST SP 800-63B) rather than the spec's 6. */
export const newPasswordMin = 8;
/** Long passphrases welcome; a bound keeps hashing cheap for absurd inputs. */
export const newPasswordMax = 256;

export const authMessages = {
  invalidEmail: "Invalid email address",
  emailTooLong: "Email must be less than 255 characters",
  signInPasswordTooShort: "Password must be at least 6 characters",
  newPasswordTooShort: "Password must be at least 8 characters",
  newPasswordTooLong: `Password must be at most ${newPasswordMax} characters`,
  commonPassword: "This password is too common. Please choose another.",
  passwordsDontMatch: "Passwords don't match",
  signInFailed: "Failed to sign in",
  invalidCredentials: "Invalid login credentials",
  tooManySignIns: "Too many sign-in attempts. Please wait a few minutes and try again.",
  tooManyAttempts: "Too many attempts. Please wait a few minutes and try again.",
  resetFailed: "Failed to send reset email",
  tooManyResets: "Too many reset requests. Please wait a few minutes and try again.",
  resetSent: "Password reset link sent! Check your email.",
  recoveryEntered: "Please enter your new password.",
  updateFailed: "Failed to update password",
  invalidResetLink: "This reset link is invalid or has expired. Please request a new one.",
  passwordUpdated: "Password updated successfully!",
  setupInvalidLink: "This set-up link is invalid or has expired. Restart the server for a new one.",
  setupDone: "An admin account already exists. Please sign in.",
  adminCreated: "Admin account created. Welcome!",
  accessDenied: "You do not have admin privileges.",
} as const;

/** Length in characters (code points), not UTF-16 units. */
export function characterCount(value: string): number {
  return [...value].length;
}

const email = emailAddress();

const newPassword = z
  .string(authMessages.newPasswordTooShort)
  .refine((value) => characterCount(value) >= newPasswordMin, authMessages.newPasswordTooShort)
  .refine((value) => characterCount(value) <= newPasswordMax, authMessages.newPasswordTooLong);

const confirmation = z.string(authMessages.passwordsDontMatch);

function matching<T extends { password: string; confirmPassword: string }>(value: T, ctx: z.RefinementCtx) {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: authMessages.passwordsDontMatch });
  }
}

/** Which of the login page's forms was sent (no intent: the sign-in form). */
export const loginIntentSchema = z.object({
  intent: z.enum(["signin", "forgot", "recovery", "recovery-check"]).catch("signin"),
});

/** The reset link's check as soon as it is opened (the token from the address's fragment). */
export const recoveryCheckSchema = z.object({
  intent: z.literal("recovery-check"),
  token: z.string().max(1_024).default(""),
});

export const signInSchema = z.object({
  intent: z.literal("signin"),
  email,
  password: z.string(authMessages.signInPasswordTooShort).min(signInPasswordMin, {
    error: authMessages.signInPasswordTooShort,
  }),
  redirectTo: z.string().optional(),
});

export const resetRequestSchema = z.object({ intent: z.literal("forgot"), email });

export const newPasswordSchema = z
  .object({
    intent: z.literal("recovery"),
    token: z.string().default(""),
    password: newPassword,
    confirmPassword: confirmation,
  })
  .superRefine(matching);

export const setupSchema = z
  .object({
    token: z.string().default(""),
    email,
    password: newPassword,
    confirmPassword: confirmation,
  })
  .superRefine(matching);
