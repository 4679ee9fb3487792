/**
 * The one parser of record ids from an address or a form. Anything malformed is no id at all (null),
 * so a route answers 404 and never runs a query with it (a malformed id must never be a 500). Schema-free:
 * the form fields that read ids with these parsers are in `id-fields.ts`.
 */

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID (customers, projects, invoices, submissions, users) in any case, lower-cased. */
export function parseUuid(value: unknown): string | null {
  return typeof value === "string" && uuidPattern.test(value) ? value.toLowerCase() : null;
}

/** A PostgreSQL integer: the largest id a serial column (portfolio items, pricing packages) holds. */
export const maxSerialId = 2_147_483_647;

/** A serial id: a whole number from 1 to `maxSerialId`; written, digits only (spaces around ignored). */
export function parseSerialId(value: unknown): number | null {
  if (typeof value === "string" && !/^\s*\d{1,10}\s*$/.test(value)) return null;
  if (typeof value !== "string" && typeof value !== "number") return null;
  const id = Number(value);
  return Number.isInteger(id) && id >= 1 && id <= maxSerialId ? id : null;
}

/** A SHA-256 in hex, the id of a session, an invitation or a client link (never the secret itself). */
export function parseHashId(value: unknown): string | null {
  return typeof value === "string" && /^[0-9a-f]{64}$/.test(value) ? value : null;
}
