/**
 * The rule for new passwords (set at reset, at first-admin set-up, by admin:create): at least 8
 * characters, at most 256 (so at least 128 is accepted), no composition rules, and not one of
 * the most common passwords. Sign-in only checks a minimum of 6.
 */
import { authMessages, newPasswordMax, newPasswordMin } from "#app/domain/auth-messages.ts";
import { characterCount } from "#app/domain/auth-schemas.ts";
import { isCommonPassword } from "#app/domain/common-passwords.ts";

/** The reason a new password is refused, or null when it is acceptable. */
export function newPasswordProblem(password: string): string | null {
  const length = characterCount(password);
  if (length < newPasswordMin) return authMessages.newPasswordTooShort;
  if (length > newPasswordMax) return authMessages.newPasswordTooLong;
  if (isCommonPassword(password)) return authMessages.commonPassword;
  return null;
}
