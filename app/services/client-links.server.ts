/**
 * Client links (ADR 0016): a token of 32 random bytes (256 bits, base64url) that the client's
 * email carries; the database keeps only its SHA-256, so neither a leaked backup nor a database
 * reader can open a document. A lookup is by that hash (an index probe, the same work for every
 * wrong token).
 */
import { createHash, randomBytes } from "node:crypto";
import { isClientToken } from "#app/domain/sending.ts";

export function hashClientToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newClientToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashClientToken(token) };
}

/** The hash to look up, or null for a malformed token (answered 404 without a query). */
export function clientTokenHash(value: unknown): string | null {
  return isClientToken(value) ? hashClientToken(value) : null;
}
