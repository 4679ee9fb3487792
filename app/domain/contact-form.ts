/**
 * The public inquiry form (SPEC section 5), one schema for the browser and the
 * server. Field names are the database column names. Messages are the spec's.
 */
import * as z from "zod/mini";
import { budgetRanges, customerTypes, formProjectTypes } from "#app/domain/enums.ts";
import { limits } from "#app/domain/limits.ts";

// zod/mini: the same rules in a few kilobytes, because this schema also runs in
// the visitor's browser (ADR 0009).

/** An optional text field: trimmed; blank becomes undefined. */
function optionalText<T extends z.ZodMiniType>(inner: T) {
  return z.pipe(
    z.transform((value: unknown) => {
      if (typeof value !== "string") return value;
      const trimmed = value.trim();
      return trimmed === "" ? undefined : trimmed;
    }),
    z.optional(inner),
  );
}

/** A required text field: trimmed, then between 1 and `max` characters. */
function requiredText(max: number, requiredMessage: string, tooLongMessage: string) {
  return z
    .string({ error: requiredMessage })
    .check(z.trim(), z.minLength(1, { error: requiredMessage }), z.maxLength(max, { error: tooLongMessage }));
}

/** Accepts "studio.example" as "https://studio.example"; only http(s) URLs are valid. */
function normaliseUrl(value: string): string {
  return /^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`;
}

const urlTooLong = "URL must be less than 500 characters";
const websiteUrl = z.pipe(
  z.string().check(z.maxLength(limits.url, { error: urlTooLong })),
  z.pipe(
    z.transform(normaliseUrl),
    z
      .url({ protocol: /^https?$/, hostname: /^[^\s.]+(\.[^\s.]+)+$|^localhost$/, error: "Invalid URL format" })
      .check(z.maxLength(limits.url, { error: urlTooLong })),
  ),
);

export const contactFormSchema = z.object({
  first_name: requiredText(limits.firstName, "First name is required", "First name must be less than 50 characters"),
  last_name: requiredText(limits.lastName, "Last name is required", "Last name must be less than 50 characters"),
  email: z.pipe(
    z
      .string({ error: "Invalid email address" })
      .check(z.trim(), z.maxLength(limits.email, { error: "Email must be less than 255 characters" })),
    z.email({ error: "Invalid email address" }),
  ),
  phone_number: optionalText(
    z
      .string()
      .check(
        z.regex(/^[\d\s\-()+]+$/, { error: "Invalid phone number format" }),
        z.minLength(limits.phoneMin, { error: "Phone number must be at least 10 digits" }),
        z.maxLength(limits.phoneMax, { error: "Phone number must be less than 20 characters" }),
      ),
  ),
  customer_type: optionalText(z.enum(customerTypes, { error: "Please select a valid option" })),
  business_name: optionalText(
    z.string().check(z.maxLength(limits.businessName, { error: "Business name must be less than 100 characters" })),
  ),
  existing_website_url: optionalText(websiteUrl),
  project_type: z.enum(formProjectTypes, { error: "Please select a project type" }),
  budget_range: optionalText(z.enum(budgetRanges, { error: "Please select a valid budget range" })),
  message: requiredText(limits.message, "Message is required", "Message must be less than 2000 characters"),
});

export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactForm = z.output<typeof contactFormSchema>;

/** What a submission stores from the form (the spec's columns). */
export type SubmissionFields = ReturnType<typeof toSubmissionRow>;

/** The row the spec stores: name = first + " " + last, blank optional fields as null. */
export function toSubmissionRow(form: ContactForm) {
  return {
    name: `${form.first_name} ${form.last_name}`,
    email: form.email,
    phoneNumber: form.phone_number ?? null,
    customerType: form.customer_type ?? null,
    businessName: form.business_name ?? null,
    existingWebsiteUrl: form.existing_website_url ?? null,
    projectType: form.project_type,
    budgetRange: form.budget_range ?? null,
    message: form.message,
  };
}

/** The spec's texts for the form's outcome (section 8). */
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

/** Labels of the form's selects, in the order the form shows them. */
export const customerTypeLabels: Record<(typeof customerTypes)[number], string> = {
  business_owner: "Business Owner",
  business_manager: "Business Manager",
  company_representative: "Company Representative",
  marketing_director: "Marketing Director",
  entrepreneur: "Entrepreneur",
  nonprofit_leader: "Nonprofit Leader",
  other: "Other",
};
