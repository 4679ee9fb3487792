/**
 * The Spam view's words and its one form answer's id. Schema-free, as the page reads it; the row
 * actions' schema is in `spam-form.ts`.
 */

export const spamMessages = {
  gone: "That message is no longer in Spam.",
  restored: "Restored to the inbox.",
  deleted: "Deleted for good.",
} as const;

/** The id of the page's one form answer (a refused Restore or Delete shows above the list). */
export const spamFormId = "spam";
