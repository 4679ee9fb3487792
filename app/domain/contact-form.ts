/**
 * The public inquiry form, one schema for the browser and the
 * server. Field names are the database column names. Messages are the product's exact wording.
 */
import type { SubmissionResult } from "@conform-to/react";
import * as z from "zod/mini";
import { budgetRanges, customerTypes, formProjectTypes } from "#app/domain/enums.ts";
import { limits, tooLong } from "#app/domain/limits.ts";
import {
  emailAddress,
  optional,
  optionalHttpUrl,
  optionalText,
  phoneNumber,
  requiredText,
} from "#app/domain/validation.ts";

// zod/mini: the same rules in a few kilobytes, because this schema also runs in
// the visitor's browser (ADR 0009). The rules themselves are the shared ones of validation.ts.

export const contactFormSchema = z.object({
  first_name: requiredText(limits.firstName, "First name is required", tooLong("First name", limits.firstName)),
  last_name: requiredText(limits.lastName, "Last name is required", tooLong("Last name", limits.lastName)),
  email: emailAddress(),
  phone_number: optional(phoneNumber),
  customer_type: optional(z.enum(customerTypes, "Please select a valid option")),
  business_name: optionalText(limits.businessName, "Business name"),
  existing_website_url: optionalHttpUrl,
  project_type: z.enum(formProjectTypes, "Please select a project type"),
  budget_range: optional(z.enum(budgetRanges, "Please select a valid budget range")),
  // the pricing package's id; one that names no package is ignored when stored (never an error)
  package_id: z.optional(z.string()),
  message: requiredText(limits.message, "Message is required", tooLong("Message", limits.message)),
});

export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactForm = z.output<typeof contactFormSchema>;

/** What a submission stores from the form (the columns). */
export type SubmissionFields = ReturnType<typeof toSubmissionRow>;

/**
 * The row stored: name = first + " " + last, blank optional fields as null; the chosen
 * package's name when the form named a package that exists.
 */
export function toSubmissionRow(form: ContactForm, packageName: string | null = null) {
  return {
    name: `${form.first_name} ${form.last_name}`,
    email: form.email,
    phoneNumber: form.phone_number ?? null,
    customerType: form.customer_type ?? null,
    businessName: form.business_name ?? null,
    existingWebsiteUrl: form.existing_website_url ?? null,
    projectType: form.project_type,
    budgetRange: form.budget_range ?? null,
    packageName,
    message: form.message,
  };
}

/** The texts for the form's outcome. */
export const contactMessages = {
  successTitle: "Thank you for reaching out!",
  successDescription: "Our team will get back to you shortly.",
  errorTitle: "Error",
  errorDescription: "Something went wrong. Please try again.",
  rateLimited: "You have sent several messages in a short time. Please wait a few minutes and try again.",
  staleForm:
    "This page was open for a long time, so your message was not sent yet. Your text is kept below: please send it again.",
} as const;

/** Fields in the order the form shows them (focus goes to the first one in error). */
export const contactFieldOrder = [
  "first_name",
  "last_name",
  "email",
  "phone_number",
  "customer_type",
  "business_name",
  "existing_website_url",
  "project_type",
  "budget_range",
  "package_id",
  "message",
] as const;

/** The first message for each field in error. */
export function firstErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** What the server answers a contact-form post with (the form shows it, with or without JavaScript). */
export type ContactAnswer =
  | { status: "sent" }
  | { status: "invalid"; result: SubmissionResult<string[]> }
  /** the page was too old: the values come back with a fresh token and a note */
  | { status: "stale"; message: string; formToken: string; result: SubmissionResult<string[]> }
  | { status: "error"; message: string; result?: SubmissionResult<string[]> };
