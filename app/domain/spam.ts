/**
 * The Spam view's row actions (restore one to the inbox, delete one for good): one schema for
 * the page's small forms and the action, and the view's words.
 */
import { z } from "zod";
import { uuidField } from "#app/domain/ids.ts";

export const spamMessages = {
  gone: "That message is no longer in Spam.",
  restored: "Restored to the inbox.",
  deleted: "Deleted for good.",
} as const;

/** The id of the page's one form answer (a refused Restore or Delete shows above the list). */
export const spamFormId = "spam";

export const spamActionSchema = z.object({
  intent: z.enum(["restore", "delete"]),
  id: uuidField(spamMessages.gone),
});
