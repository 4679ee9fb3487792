/**
 * Form schemas of the admin sign-in, reset and set-up forms, shared by the
 * browser (Conform validates as you type) and the server (the action parses the same schema).
 * Client-safe: no list of common passwords here (see password-policy.ts, checked on the server).
 */
import { z } from "zod";
import { authMessages, newPasswordMax, newPasswordMin } from "#app/domain/auth-messages.ts";
import { emailAddress } from "#app/domain/validation.ts";

/** The sign-in rule. */
const signInPasswordMin = 6;

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
