/** Random tokens (session cookies, reset and set-up links) and the hashes the database keeps instead. */
import { createHash, randomBytes } from "node:crypto";

/** How long the emailed and printed links work. */
export const tokenPolicy = {
  passwordResetMs: 3600_000,
  adminSetupMs: 24 * 3600_000,
};

/** A random 256-bit token, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps instead of a token: SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Cheap shape check before any lookup: a token we issued is 43 base64url characters. */
export function looksLikeToken(token: string | null | undefined): token is string {
  return typeof token === "string" && /^[\w-]{43}$/.test(token);
}
