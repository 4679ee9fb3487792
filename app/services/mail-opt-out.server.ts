/**
 * The "Stop these emails" link of every mail an owner's automation sends (ADR 0063): `/stop-emails/{token}`, the
 * token the address and its HMAC under a key of its own (derived from SESSION_SECRET), so a link names one
 * address and cannot be made for another. No expiry: a client may stop the mails from an old one.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { normaliseEmail } from "#app/models/users.server.ts";
import { sealKey } from "#app/services/sealing.server.ts";

export const optOutPath = "/stop-emails";

function signature(sessionSecret: string, email: string): Buffer {
  return createHmac("sha256", sealKey(sessionSecret, "mail-opt-out"))
    .update(normaliseEmail(email))
    .digest()
    .subarray(0, 16);
}

/** The link's token for an address. */
export function optOutToken(sessionSecret: string, email: string): string {
  const address = Buffer.from(normaliseEmail(email), "utf8").toString("base64url");
  return `${address}.${signature(sessionSecret, email).toString("base64url")}`;
}

export function optOutUrl(config: { publicUrl: string; sessionSecret: string }, email: string): string {
  return `${config.publicUrl.replace(/\/$/, "")}${optOutPath}/${optOutToken(config.sessionSecret, email)}`;
}

/** The address a token names, when its signature holds; null otherwise. */
export function optOutAddress(sessionSecret: string, token: string | undefined): string | null {
  if (!token || token.length > 800) return null;
  const [address, signed, extra] = token.split(".");
  if (!address || !signed || extra !== undefined) return null;
  const email = Buffer.from(address, "base64url").toString("utf8");
  if (!email.includes("@") || email.length > 255) return null;
  const given = Buffer.from(signed, "base64url");
  const expected = signature(sessionSecret, email);
  return given.length === expected.length && timingSafeEqual(given, expected) ? email : null;
}
