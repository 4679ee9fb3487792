/** The owner's proposal pages' posts: the record's actions (revise, revoke, delete, link). */
import { z } from "zod";
import { limits } from "#app/domain/limits.ts";
import { requiredText } from "#app/domain/validation.ts";

const proposalRecordIntents = ["client-link", "revise", "revoke", "delete"] as const;

/** The intent of a post for the record's actions, or null (the editor's own save). */
export const proposalRecordIntentSchema = z.object({ intent: z.enum(proposalRecordIntents) });

export const proposalReviseSchema = z.object({
  reason: requiredText(
    limits.changeReason,
    "Please say what changes in this revision",
    `Reason must be less than ${limits.changeReason} characters`,
  ),
});
