/**
 * The automations page's forms (ADR 0063): Pause or Resume a rule, and the approval queue's Approve and Skip. Apart
 * from app/domain/automations.ts so the page's list, which imports that module, carries no schema to the browser
 * (ADR 0055): only the queue's chunk and the server read these.
 */
import { z } from "zod";
import { ruleKeys } from "#app/domain/automations.ts";
import { uuidField } from "#app/domain/id-fields.ts";
import { tooLong } from "#app/domain/limits.ts";
import { normaliseLineBreaks } from "#app/domain/validation.ts";

/** A rule's key as posted: a built-in one, or one of the owner's (`custom:{id}`). */
const anyRuleKey = z.union([
  z.enum(ruleKeys, { error: "Unknown automation" }),
  z.string().regex(/^custom:[0-9a-f-]{36}$/i, "Unknown automation"),
]);

/** The "What happens next" card's forms: the customer's pause, or skipping one of the runs it lists. */
export const customerAutomationActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["pause", "resume"]) }),
  z.object({
    intent: z.literal("skip"),
    rule: anyRuleKey,
    subject_type: z.string().trim().min(1).max(40),
    subject_id: z.string().trim().min(1).max(80),
    due_at: z.iso.datetime({ offset: true }),
  }),
]);

/** The approval queue's form of one run (its id in the form's). */
export const approvalFormId = (runId: string) => `approve-${runId}`;

const maxApprovalSubject = 200;
const maxApprovalBody = 4000;

/** Approve a run waiting for approval, with the mail as the owner may have edited it (a to-do posts no words). */
export const approveRunSchema = z.object({
  intent: z.literal("approve"),
  run: uuidField(),
  subject: z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/\s+/g, " ").trim() : value),
    z
      .string()
      .min(1, "Please enter a subject")
      .max(maxApprovalSubject, tooLong("Subject", maxApprovalSubject))
      .optional(),
  ),
  body: z.preprocess(
    (value) => (typeof value === "string" ? normaliseLineBreaks(value).trim() : value),
    z.string().min(1, "Please enter the message").max(maxApprovalBody, tooLong("Message", maxApprovalBody)).optional(),
  ),
});

/** What the automations page posts: Pause or Resume a rule; Approve or Skip a run waiting for approval. */
export const automationPageActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["pause", "resume"]), rule: anyRuleKey }),
  z.object({ intent: z.literal("skip-run"), run: uuidField() }),
  approveRunSchema,
]);
