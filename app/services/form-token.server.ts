/**
 * The contact form's time trap: the page carries a signed timestamp; a post
 * that comes back faster than a person can type, or after a day, is refused
 * quietly. Signed with the session secret (HMAC-SHA-256), so it cannot be forged.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const minimumFillMs = 3_000;
export const maximumAgeMs = 24 * 3600_000;

function sign(secret: string, issuedAt: string): string {
  return createHmac("sha256", secret).update(`contact-form:${issuedAt}`).digest("base64url");
}

export function issueFormToken(secret: string, now = Date.now()): string {
  const issuedAt = String(now);
  return `${issuedAt}.${sign(secret, issuedAt)}`;
}

export type FormTokenCheck = "ok" | "missing" | "invalid" | "too-fast" | "expired";

export function checkFormToken(secret: string, token: unknown, now = Date.now()): FormTokenCheck {
  if (typeof token !== "string" || token === "") return "missing";
  const [issuedAt = "", signature = ""] = token.split(".");
  const expected = Buffer.from(sign(secret, issuedAt));
  const given = Buffer.from(signature);
  if (!/^\d{1,15}$/.test(issuedAt) || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return "invalid";
  }
  const age = now - Number(issuedAt);
  if (age < minimumFillMs) return "too-fast";
  if (age > maximumAgeMs) return "expired";
  return "ok";
}
