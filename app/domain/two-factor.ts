/** Two-factor rules (ADR 0024): time-steps, backup-code format, the page's words, the code form. */
import { z } from "zod";

export const totpPeriodSeconds = 30;
export const backupCodeCount = 10;

/** The RFC 6238 time-step a code belongs to: now's step plus the verifier's window offset. */
export function totpStep(now: Date, delta: number): number {
  return Math.floor(now.getTime() / 1000 / totpPeriodSeconds) + delta;
}

/** "ABCDE-12345", " abcde 12345 " → "abcde12345" (case, spaces and dashes do not matter). */
export function normaliseBackupCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

export const twoFactorMessages = {
  enterCode: "Enter the 6-digit code from your authenticator app, or one of your backup codes",
  invalidCode: "That code is not valid. Try the newest code from your app.",
  tooMany: "Too many attempts. Please wait a few minutes and try again.",
  expired: "Your sign-in timed out. Please sign in again.",
  /** after a password reset of an account with two-factor on: the link alone opens no session */
  afterReset: "Password updated successfully! Your account has two-factor sign-in: enter a code to finish signing in.",
  usePasskey: "Use a passkey instead",
  enabled: "Two-factor authentication is on",
  disabled: "Two-factor authentication is off",
  wrongPassword: "Your password is not correct",
  passwordRequired: "Please enter your password",
  tooManyChecks: "Too many password attempts. Please wait a few minutes and try again.",
  alreadyOn: "Two-factor authentication is already on. Turn it off first to set up a new app.",
  backupCodesNote:
    "Keep these backup codes somewhere safe. Each works once if you lose your phone. They are shown only now.",
  codesCopied: "Copied",
  codesNotCopied: "Could not copy. Select the codes and copy them, or download them.",
} as const;

/** The backup codes as a text file: the studio's name, what they are, one code a line. */
export function backupCodesText(studioName: string, codes: readonly string[]): string {
  return [
    `${studioName}: two-factor backup codes`,
    "",
    "Each code works once, when you cannot use your authenticator app. Keep this file somewhere safe.",
    "",
    ...codes,
    "",
  ].join("\n");
}

/** "pixelforge-studio-backup-codes.txt": the studio's name in lower case letters and digits. */
export function backupCodesFileName(studioName: string): string {
  const slug = studioName
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${slug || "studio"}-backup-codes.txt`;
}

/** The second step of signing in: a code from the app (6 digits) or a backup code. */
export const secondFactorSchema = z.object({
  code: z
    .string(twoFactorMessages.enterCode)
    .trim()
    .min(1, twoFactorMessages.enterCode)
    .max(64, twoFactorMessages.invalidCode),
});
