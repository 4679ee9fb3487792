/**
 * The one parser of record ids from an address or a form. Anything malformed is no id at all (null),
 * so a route answers 404 and never runs a query with it (a malformed id must never be a 500).
 */

import { z } from "zod";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID (customers, projects, invoices, submissions, users) in any case, lower-cased. */
export function parseUuid(value: unknown): string | null {
  return typeof value === "string" && uuidPattern.test(value) ? value.toLowerCase() : null;
}

/** A PostgreSQL integer: the largest id a serial column (portfolio items, pricing packages) holds. */
export const maxSerialId = 2_147_483_647;

/** A serial id: a whole number from 1 to `maxSerialId`. */
export function parseSerialId(value: unknown): number | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const id = Number(value);
  return Number.isInteger(id) && id >= 1 && id <= maxSerialId ? id : null;
}

/** A SHA-256 in hex, the id of a session, an invitation or a client link (never the secret itself). */
export function parseHashId(value: unknown): string | null {
  return typeof value === "string" && /^[0-9a-f]{64}$/.test(value) ? value : null;
}

/**
 * A form field holding an id, read by one of the parsers above: a malformed id is the field's
 * error (`message`), so the route answers 404 and never runs a query with it.
 */
function idField<Id>(parse: (value: unknown) => Id | null, message: string) {
  return z.string(message).transform((value, ctx): Id => {
    const id = parse(value);
    if (id === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });
}

export const uuidField = (message = "Not found") => idField(parseUuid, message);
export const serialIdField = (message = "Not found") => idField(parseSerialId, message);
export const hashIdField = (message = "Not found") => idField(parseHashId, message);
