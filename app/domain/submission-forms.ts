/**
 * The forms of the submission detail dialog (status and internal notes) and the
 * Convert to Customer dialog (prefill), and the parser of the inbox's URL.
 * One schema for browser and server (Conform + zod).
 */
import { z } from "zod";
import { type SubmissionStatus, submissionStatuses } from "#app/domain/enums.ts";
import { defaultInboxStatus, type InboxQuery, inboxMessages, inboxTypeFilters } from "#app/domain/inbox.ts";
import { limits } from "#app/domain/limits.ts";
import type { SubmissionFields } from "#app/domain/submissions.ts";
import { optionalMultilineText, tooLong } from "#app/domain/validation.ts";

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

const submissionIdSchema = z.uuid();

/** What the inbox's dialogs post besides their fields: the button pressed and the submission. */
export const submissionActionSchema = z.object({
  intent: z.enum(["update", "convert"]),
  id: z.preprocess((value) => parseSubmissionId(value) ?? "", z.string().min(1, inboxMessages.notFound)),
});

/** A submission id from the address or a form; anything that is not a UUID is no id at all. */
export function parseSubmissionId(value: unknown): string | null {
  const parsed = submissionIdSchema.safeParse(typeof value === "string" ? value.trim() : value);
  return parsed.success ? parsed.data : null;
}

const fallback = <T extends z.ZodType>(schema: T, value: z.output<T>) => schema.catch(value);

/** Parses the inbox URL; anything unknown falls back to the defaults instead of failing. */
const inboxQuerySchema = z.object({
  status: fallback(z.enum([...submissionStatuses, "all"]).optional(), undefined),
  type: fallback(z.enum(inboxTypeFilters), "all"),
  q: fallback(
    z
      .string()
      .trim()
      .max(100)
      .transform((value) => value),
    "",
  ),
  page: fallback(z.coerce.number().int().min(1).max(100_000), 1),
});

export function parseInboxQuery(params: URLSearchParams): InboxQuery {
  const { status, ...rest } = inboxQuerySchema.parse(Object.fromEntries(params));
  return { ...rest, status: status ?? defaultInboxStatus(rest.q) };
}
