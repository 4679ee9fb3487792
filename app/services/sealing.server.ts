/**
 * Secrets at rest, sealed with AES-256-GCM under a key per purpose, each derived from SESSION_SECRET
 * with HKDF and its own label: a key that opens the mail outbox does not open TOTP secrets, and the
 * other way round. `sealed:v1:<iv>.<ciphertext>.<tag>`, base64url.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/** The purposes, each with the HKDF label of its key (a label never changes: it would orphan what it sealed). */
const labels = {
  /** mail bodies (and their attachments) that carry a secret: reset, invitation and client links (mail.server.ts) */
  "mail-outbox": "mail-outbox body v1",
  /** the authenticator secrets of two-factor sign-in (auth/two-factor.server.ts) */
  "totp-secret": "totp secret v1",
  /** the signature of a "stop these emails" link (mail-opt-out.server.ts): a key, not a seal */
  "mail-opt-out": "mail opt-out link v1",
} as const;

export type SealPurpose = keyof typeof labels;
export type SealKey = Buffer;

export function sealKey(sessionSecret: string, purpose: SealPurpose): SealKey {
  return Buffer.from(hkdfSync("sha256", sessionSecret, "studio", labels[purpose], 32));
}

/** What every sealed text starts with (the outbox drops sealed bodies by it). */
export const sealedTextPrefix = "sealed:v1:";
const sealedPrefix = sealedTextPrefix;

export function sealText(key: SealKey, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return `${sealedPrefix}${[iv, body, cipher.getAuthTag()].map((part) => part.toString("base64url")).join(".")}`;
}

/** The readable text: sealed text opened with the key (null when this key cannot open it); other text as is. */
export function openText(key: SealKey | undefined, text: string): string | null {
  if (!text.startsWith(sealedPrefix)) return text;
  if (!key) return null;
  try {
    const [iv = "", body = "", tag = ""] = text.slice(sealedPrefix.length).split(".");
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

export function isSealed(text: string): boolean {
  return text.startsWith(sealedPrefix);
}

const sealedBytesPrefix = new TextEncoder().encode(sealedPrefix);
const startsSealed = (bytes: Uint8Array) =>
  bytes.length >= sealedBytesPrefix.length && sealedBytesPrefix.every((byte, index) => bytes[index] === byte);

/** Bytes (a mail's attachment) sealed like `sealText`: `sealed:v1:` then the IV, the tag and the ciphertext. */
export function sealBytes(key: SealKey, bytes: Uint8Array): Uint8Array {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(bytes), cipher.final()]);
  return new Uint8Array(Buffer.concat([sealedBytesPrefix, iv, cipher.getAuthTag(), body]));
}

/** The readable bytes: sealed bytes opened with the key (null when it cannot open them); other bytes as they are. */
export function openBytes(key: SealKey | undefined, bytes: Uint8Array): Uint8Array | null {
  if (!startsSealed(bytes)) return bytes;
  if (!key) return null;
  try {
    const rest = bytes.subarray(sealedBytesPrefix.length);
    const decipher = createDecipheriv("aes-256-gcm", key, rest.subarray(0, 12));
    decipher.setAuthTag(rest.subarray(12, 28));
    return new Uint8Array(Buffer.concat([decipher.update(rest.subarray(28)), decipher.final()]));
  } catch {
    return null;
  }
}
