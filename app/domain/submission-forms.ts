/**
 * The forms of the submission detail dialog (status and internal notes) and the
 * Convert to Customer dialog (prefill), and the parser of the inbox's URL.
 * One schema for browser and server (Conform + zod).
 */
import { z } from "zod";
import type { SourceCorrection } from "#app/domain/attribution.ts";
import { type SubmissionStatus, submissionStatuses } from "#app/domain/enums.ts";
import { uuidField } from "#app/domain/id-fields.ts";
import { inboxMessages } from "#app/domain/inbox.ts";
import { limits, tooLong } from "#app/domain/limits.ts";
import type { SubmissionFields } from "#app/domain/submissions.ts";
import { optionalMultilineText, optionalText } from "#app/domain/validation.ts";

/** A source or campaign as the owner types it (the measured ones' limit). */
const sourceLimit = 100;

export const notesTooLong = tooLong("Notes", limits.notes);

/** The detail dialog's editable part. Blank notes are stored as null; line breaks are kept. */
export const submissionUpdateSchema = z.object({
  status: z.enum(submissionStatuses, "Please select a status"),
  notes: optionalMultilineText(limits.notes, "Notes"),
  // the owner's correction of where the inquiry came from (ADR 0060): blank keeps the measured one
  source_correction: optionalText(sourceLimit, "Source"),
  campaign_correction: optionalText(sourceLimit, "Campaign"),
});
export type SubmissionUpdate = z.output<typeof submissionUpdateSchema>;

/** The medium a corrected source is reported under (the owner said where it came from, nothing measured). */
const correctedMedium = "(corrected)";

export function toSubmissionChanges(form: SubmissionUpdate): {
  status: SubmissionStatus;
  notes: string | null;
  sourceCorrection: SourceCorrection | null;
} {
  const source = form.source_correction?.trim().toLowerCase();
  return {
    status: form.status,
    notes: form.notes ?? null,
    sourceCorrection: source
      ? { source, medium: correctedMedium, campaign: form.campaign_correction?.trim() ?? "" }
      : null,
  };
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
