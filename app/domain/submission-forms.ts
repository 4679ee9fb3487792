/**
 * The forms of the submission detail dialog (status and internal notes) and the
 * Convert to Customer dialog (prefill), and the parser of the inbox's URL.
 * One schema for browser and server (Conform + zod).
 */
import { z } from "zod";
import { type SubmissionStatus, submissionStatuses } from "#app/domain/enums.ts";
import { uuidField } from "#app/domain/id-fields.ts";
import { inboxMessages } from "#app/domain/inbox.ts";
import { limits, tooLong } from "#app/domain/limits.ts";
import type { SubmissionFields } from "#app/domain/submissions.ts";
import { optionalMultilineText } from "#app/domain/validation.ts";

export const notesTooLong = tooLong("Notes", limits.notes);

/** The detail dialog's editable part. Blank notes are stored as null; line breaks are kept. */
export const submissionUpdateSchema = z.object({
  status: z.enum(submissionStatuses, "Please select a status"),
  notes: optionalMultilineText(limits.notes, "Notes"),
});
export type SubmissionUpdate = z.output<typeof submissionUpdateSchema>;

export function toSubmissionChanges(form: SubmissionUpdate): { status: SubmissionStatus; notes: string | null } {
  return { status: form.status, notes: form.notes ?? null };
}

/** A submitted website as a link target: only http and https addresses become links. */
export function safeExternalHref(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

type SubmissionForPrefill = SubmissionFields & { notes: string | null };

/**
 * The Convert to Customer form, prefilled from the submission: contact details, the default
 * payment terms (30 days) and, as the customer's notes, the admin's internal notes
 * (or the submission's message when there are none), cut to the notes limit.
 */
export function convertFormDefaults(submission: SubmissionForPrefill) {
  const notes = (submission.notes?.trim() ? submission.notes : submission.message).slice(0, limits.notes);
  return {
    name: submission.name,
    email: submission.email,
    phone_number: submission.phoneNumber ?? "",
    business_name: submission.businessName ?? "",
    website_url: submission.existingWebsiteUrl ?? "",
    billing_street: "",
    billing_city: "",
    billing_state: "",
    billing_zip: "",
    payment_terms: "30",
    notes,
  };
}

/** What the inbox's dialogs post besides their fields: the button pressed and the submission. */
export const submissionActionSchema = z.object({
  intent: z.enum(["update", "convert"]),
  id: uuidField(inboxMessages.notFound),
});
