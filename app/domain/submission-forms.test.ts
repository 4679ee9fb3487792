import { describe, expect, it } from "vitest";
import { inboxMessages } from "#app/domain/inbox.ts";
import { limits } from "#app/domain/limits.ts";
import {
  convertFormDefaults,
  notesTooLong,
  safeExternalHref,
  submissionUpdateSchema,
  toSubmissionChanges,
} from "#app/domain/submission-forms.ts";

describe("submission update form", () => {
  it("accepts a status and notes, keeping line breaks", () => {
    const parsed = submissionUpdateSchema.parse({ status: "in-progress", notes: "Called.\nFollow up Friday." });
    expect(toSubmissionChanges(parsed)).toEqual({
      status: "in-progress",
      notes: "Called.\nFollow up Friday.",
      sourceCorrection: null,
    });
  });
  it("keeps the owner's correction of the source apart, lower-cased, under its own medium", () => {
    const parsed = submissionUpdateSchema.parse({
      status: "new",
      source_correction: " LinkedIn ",
      campaign_correction: "Spring talk",
    });
    expect(toSubmissionChanges(parsed).sourceCorrection).toEqual({
      source: "linkedin",
      medium: "(corrected)",
      campaign: "Spring talk",
    });
    const tooLong = submissionUpdateSchema.safeParse({ status: "new", source_correction: "x".repeat(101) });
    expect(tooLong.error?.issues[0]?.message).toBe("Source must be less than 100 characters");
  });
  it("stores blank notes as null", () => {
    expect(toSubmissionChanges(submissionUpdateSchema.parse({ status: "new", notes: "   " }))).toEqual({
      status: "new",
      notes: null,
      sourceCorrection: null,
    });
    expect(toSubmissionChanges(submissionUpdateSchema.parse({ status: "archived" }))).toEqual({
      status: "archived",
      notes: null,
      sourceCorrection: null,
    });
  });
  it("refuses notes over the limit with a clear message, and unknown statuses", () => {
    const long = submissionUpdateSchema.safeParse({ status: "new", notes: "x".repeat(limits.notes + 1) });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toBe(notesTooLong);
    expect(notesTooLong).toBe("Notes must be less than 5000 characters");
    expect(submissionUpdateSchema.safeParse({ status: "x".repeat(limits.notes) }).success).toBe(false);
    expect(submissionUpdateSchema.safeParse({ status: "new", notes: "x".repeat(limits.notes) }).success).toBe(true);
    // a form posts line breaks as CRLF: each still counts as one character, and is stored as LF
    const lines = `${"x\r\n".repeat(2000)}${"y".repeat(1000)}`;
    const parsed = submissionUpdateSchema.parse({ status: "new", notes: lines });
    expect(parsed.notes).toBe(`${"x\n".repeat(2000)}${"y".repeat(1000)}`);
  });
});

describe("external links", () => {
  it("links only http and https addresses", () => {
    expect(safeExternalHref("https://example.test/a")).toBe("https://example.test/a");
    expect(safeExternalHref("http://example.test")).toBe("http://example.test/");
    expect(safeExternalHref("javascript:alert(1)")).toBeNull();
    expect(safeExternalHref("ftp://example.test")).toBeNull();
    expect(safeExternalHref("example.test")).toBeNull();
    expect(safeExternalHref(null)).toBeNull();
    expect(safeExternalHref("")).toBeNull();
  });
});

describe("convert prefill", () => {
  const submission = {
    name: "Ada Lovelace",
    email: "ada@example.test",
    phoneNumber: null,
    businessName: "Engines Ltd",
    existingWebsiteUrl: "https://engines.test",
    projectType: "webapp" as const,
    budgetRange: null,
    message: "We need a booking system.",
    notes: null,
  };
  it("takes the contact details, 30 days and the message as notes", () => {
    expect(convertFormDefaults(submission)).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.test",
      phone_number: "",
      business_name: "Engines Ltd",
      website_url: "https://engines.test",
      // the billing address is asked in the dialog (a submission has none)
      billing_street: "",
      billing_city: "",
      billing_state: "",
      billing_zip: "",
      payment_terms: "30",
      notes: "We need a booking system.",
    });
  });
  it("prefers the admin's internal notes when there are some", () => {
    expect(convertFormDefaults({ ...submission, notes: "Warm lead" }).notes).toBe("Warm lead");
    expect(convertFormDefaults({ ...submission, notes: "  " }).notes).toBe("We need a booking system.");
  });
});

it("a dialog's submission id is a UUID (through the one id field) or the inbox's not-found message", async () => {
  const { submissionActionSchema } = await import("#app/domain/submission-forms.ts");
  const id = "7D3F9A52-1C2B-4E5F-8A9B-0C1D2E3F4A5B";
  expect(submissionActionSchema.parse({ intent: "update", id })).toEqual({ intent: "update", id: id.toLowerCase() });
  for (const bad of ["1 or 1=1", "", undefined]) {
    const parsed = submissionActionSchema.safeParse({ intent: "update", id: bad });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([inboxMessages.notFound]);
  }
});

it("uses the spec's texts for the inbox, including the failure paths no e2e test provokes", () => {
  expect(inboxMessages).toMatchObject({
    empty: "No submissions found",
    loadFailed: "Failed to fetch submissions",
    updated: "Submission updated successfully",
    updateFailed: "Failed to update submission",
    converted: "Success: Contact converted to customer successfully",
    errorTitle: "Error",
    searchPlaceholder: "Search by name, email, or business...",
  });
});
