/**
 * The Spam view's row actions (restore one to the inbox, delete one for good): one schema for the
 * page's small forms and the action.
 */
import { z } from "zod";
import { uuidField } from "#app/domain/id-fields.ts";
import { spamMessages } from "#app/domain/spam.ts";

export const spamActionSchema = z.object({
  intent: z.enum(["restore", "delete"]),
  id: uuidField(spamMessages.gone),
});
