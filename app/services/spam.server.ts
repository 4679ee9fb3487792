/**
 * Suspected spam: posts of the inquiry form that look automated are kept (never thrown away),
 * for 30 days, where the owner can restore one into the inbox or delete it for good.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { Db, Queryable } from "#app/db/client.server.ts";
import { contactFieldOrder, contactFormSchema, toSubmissionRow } from "#app/domain/contact-form.ts";
import type { SpamReason } from "#app/domain/enums.ts";
import { limits } from "#app/domain/limits.ts";
import { fail, type Result } from "#app/domain/result.ts";
import { createSubmission } from "#app/models/contact-submissions.server.ts";
import { deleteSpam, deleteSpamBefore, getSpam, insertSpam } from "#app/models/suspected-spam.server.ts";

export const spamRetentionMs = 30 * 24 * 3600_000;

/** A posted value as the form sent it: the first when a name was sent more than once. */
export function firstPosted(posted: Record<string, unknown>, name: string): unknown {
  const value = posted[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The posted text fields worth keeping (the form's fields and the honeypot), each cut to a bound. */
export function spamFields(posted: Record<string, unknown>, honeypotField: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of [...contactFieldOrder, honeypotField]) {
    const value = firstPosted(posted, name);
    if (typeof value === "string" && value !== "") fields[name] = value.slice(0, limits.message);
  }
  return fields;
}

export async function keepSpam(db: Queryable, reason: SpamReason, fields: Record<string, string>) {
  return insertSpam(db, { reason, fields });
}

/** Restored, or why not: `gone` (no longer kept: restored or deleted meanwhile), or `invalid` (a rule refuses it). */
type RestoreOutcome = Result<{ submissionId: string }, "gone" | "invalid", { message: string }>;

/**
 * Moves a suspected-spam post into the inbox as a new submission (one transaction), when its
 * fields pass the form's rules; otherwise says which rule it fails.
 */
export async function restoreSpam(db: Db, id: string): Promise<RestoreOutcome> {
  return db.transaction(async (tx) => {
    const row = await getSpam(tx, id);
    if (!row) return fail("gone", { message: "This message is no longer in Spam." });
    const form = new FormData();
    for (const [name, value] of Object.entries(row.fields)) form.set(name, value);
    const submission = parseWithZod(form, { schema: contactFormSchema });
    if (submission.status !== "success") {
      const first = Object.values(submission.error ?? {}).flat()[0];
      return fail("invalid", { message: `This message cannot be restored: ${first ?? "a field is invalid"}.` });
    }
    const created = await createSubmission(tx, toSubmissionRow(submission.value));
    await deleteSpam(tx, id);
    return { ok: true, submissionId: created.id };
  });
}

export async function deleteSpamForGood(db: Queryable, id: string): Promise<boolean> {
  return deleteSpam(db, id);
}

/** Forgets suspected spam older than 30 days (the maintenance timer calls it). */
export async function purgeOldSpam(db: Queryable, now = new Date()): Promise<void> {
  await deleteSpamBefore(db, new Date(now.getTime() - spamRetentionMs));
}
