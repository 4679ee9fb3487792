/**
 * Client links (ADR 0016): a 256-bit token (the same random tokens as sessions and reset links)
 * that the client's email carries; the database keeps only its SHA-256, so neither a leaked backup
 * nor a database reader can open a document. A lookup is by that hash.
 */
import { hashToken, looksLikeToken, newToken } from "#app/services/auth/tokens.server.ts";

export function newClientToken(): { token: string; hash: string } {
  const token = newToken();
  return { token, hash: hashToken(token) };
}

/** The hash to look up, or null for a malformed token (answered 404 without a query). */
export function clientTokenHash(value: unknown): string | null {
  return typeof value === "string" && looksLikeToken(value) ? hashToken(value) : null;
}
