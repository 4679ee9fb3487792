/**
 * The contact form's time trap: the page carries a signed timestamp; a post that comes back
 * faster than a person can type is suspected spam; one from a page older than a day is stale
 * (the form is shown again with the visitor's values and a fresh token, never thrown away;
 * services/contact.server.ts decides when that token may be backdated).
 * Signed with the session secret (HMAC-SHA-256), so it cannot be forged.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** The default minimum fill time; CONTACT_MIN_FILL_MS overrides it (tests use a few ms). */
export const minimumFillMs = 3_000;
export const maximumAgeMs = 24 * 3600_000;

function sign(secret: string, issuedAt: string): string {
  return createHmac("sha256", secret).update(`contact-form:${issuedAt}`).digest("base64url");
}

export function issueFormToken(secret: string, now = Date.now()): string {
  const issuedAt = String(now);
  return `${issuedAt}.${sign(secret, issuedAt)}`;
}

/**
 * A token for a form shown again with the visitor's values (it was stale): dated `minFillMs`
 * back, since the person has already filled the form in. It skips the time trap, so it is handed
 * out once per expired page token only (`staleFormToken` in services/contact.server.ts).
 */
export function issueRefilledFormToken(secret: string, minFillMs = minimumFillMs, now = Date.now()): string {
  return issueFormToken(secret, now - minFillMs);
}

export type FormTokenCheck = "ok" | "missing" | "invalid" | "too-fast" | "expired";

export function checkFormToken(
  secret: string,
  token: unknown,
  now = Date.now(),
  minFillMs = minimumFillMs,
): FormTokenCheck {
  if (typeof token !== "string" || token === "") return "missing";
  const [issuedAt = "", signature = ""] = token.split(".");
  const expected = Buffer.from(sign(secret, issuedAt));
  const given = Buffer.from(signature);
  if (!/^\d{1,15}$/.test(issuedAt) || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return "invalid";
  }
  const age = now - Number(issuedAt);
  if (age < minFillMs) return "too-fast";
  if (age > maximumAgeMs) return "expired";
  return "ok";
}

/** The issue time of a token that checked "ok" (the replay counter's window starts there). */
export function formTokenIssuedAt(token: string): Date {
  return new Date(Number(token.split(".")[0]));
}

/** A token's signature: what names it in the use counters. */
export function formTokenSignature(token: string): string {
  return token.split(".")[1] ?? "";
}
