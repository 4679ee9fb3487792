/**
 * The sign-in, reset and set-up messages and the new-password bounds, without the schemas that use
 * them (auth-schemas.ts), so a page that only shows a message (the back office's "access denied")
 * does not load the schema library.
 */

/** New passwords: current guidance (NIST SP 800-63B) rather than a minimum of 6. */
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
