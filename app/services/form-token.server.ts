/**
 * The contact form's time trap (and the booking page's): the page carries a signed timestamp; a post that comes back
 * faster than a person can type is suspected spam; one from a page older than a day is stale
 * (the form is shown again with the visitor's values and a fresh token, never thrown away;
 * services/contact.server.ts decides when that token may be backdated).
 * Signed with the session secret (HMAC-SHA-256), so it cannot be forged. Each token also signs a
 * random part, so two visitors served in the same millisecond never share one (`{ms}.{random}.{mac}`;
 * tokens of the older form `{ms}.{mac}`, on pages open before it changed, are still accepted).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** The default minimum fill time; CONTACT_MIN_FILL_MS overrides it (tests use a few ms). */
export const minimumFillMs = 3_000;
export const maximumAgeMs = 24 * 3600_000;

/** `dated`: the issue time, or the issue time and the random part ("{ms}.{random}") */
function sign(secret: string, dated: string): string {
  return createHmac("sha256", secret).update(`contact-form:${dated}`).digest("base64url");
}

export function issueFormToken(secret: string, now = Date.now()): string {
  const dated = `${now}.${randomBytes(9).toString("base64url")}`;
  return `${dated}.${sign(secret, dated)}`;
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
  const parts = token.split(".");
  const [issuedAt = "", random] = parts;
  const signature = parts.at(-1) ?? "";
  const wellFormed =
    /^\d{1,15}$/.test(issuedAt) && (parts.length === 2 || (parts.length === 3 && /^[\w-]{1,32}$/.test(random ?? "")));
  if (!wellFormed) return "invalid";
  const expected = Buffer.from(sign(secret, parts.slice(0, -1).join(".")));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid";
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
  return token.split(".").at(-1) ?? "";
}
