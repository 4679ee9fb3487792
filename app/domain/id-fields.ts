/**
 * A form field holding an id, read by the one parser of record ids (`ids.ts`): a malformed id is the
 * field's error, so the route answers 404 and never runs a query with it. Apart from `ids.ts` so that a
 * page reading an id from its address does not load the schema library.
 */
import { z } from "zod";
import { parseHashId, parseSerialId, parseUuid } from "#app/domain/ids.ts";

/** `message` is the field's error for a malformed id. */
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
