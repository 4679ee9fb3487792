/**
 * The public inquiry form (SPEC section 5), one schema for the browser and the
 * server. Field names are the database column names. Messages are the spec's.
 */
import { z } from "zod";
import { budgetRanges, customerTypes, formProjectTypes } from "#app/domain/enums.ts";
import { limits } from "#app/domain/limits.ts";

/** An optional text field: trimmed; blank becomes undefined. */
function optionalText<T extends z.ZodType>(inner: T) {
  return z.preprocess((value) => {
    if (typeof value !== "string") return value;
    const trimmed = value.trim();
    return trimmed === "" ? undefined : trimmed;
  }, inner.optional());
}

/** Accepts "studio.example" as "https://studio.example"; only http(s) URLs are valid. */
function normaliseUrl(value: string): string {
  return /^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`;
}

const urlMessage = "Invalid URL format";
const websiteUrl = z
  .string()
  .max(limits.url, { error: "URL must be less than 500 characters" })
  .transform(normaliseUrl)
  .pipe(
    z.url({ protocol: /^https?$/, hostname: /^[^\s.]+(\.[^\s.]+)+$|^localhost$/, error: urlMessage }).max(limits.url, {
      error: "URL must be less than 500 characters",
    }),
  );

export const contactFormSchema = z.object({
  first_name: z
    .string({ error: "First name is required" })
    .trim()
    .min(1, { error: "First name is required" })
    .max(limits.firstName, { error: "First name must be less than 50 characters" }),
  last_name: z
    .string({ error: "Last name is required" })
    .trim()
    .min(1, { error: "Last name is required" })
    .max(limits.lastName, { error: "Last name must be less than 50 characters" }),
  email: z
    .string({ error: "Invalid email address" })
    .trim()
    .max(limits.email, { error: "Email must be less than 255 characters" })
    .pipe(z.email({ error: "Invalid email address" })),
  phone_number: optionalText(
    z
      .string()
      .regex(/^[\d\s\-()+]+$/, { error: "Invalid phone number format" })
      .min(limits.phoneMin, { error: "Phone number must be at least 10 digits" })
      .max(limits.phoneMax, { error: "Phone number must be less than 20 characters" }),
  ),
  customer_type: optionalText(z.enum(customerTypes, { error: "Please select a valid option" })),
  business_name: optionalText(
    z.string().max(limits.businessName, { error: "Business name must be less than 100 characters" }),
  ),
  existing_website_url: optionalText(websiteUrl),
  project_type: z.enum(formProjectTypes, { error: "Please select a project type" }),
  budget_range: optionalText(z.enum(budgetRanges, { error: "Please select a valid budget range" })),
  message: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, { error: "Message is required" })
    .max(limits.message, { error: "Message must be less than 2000 characters" }),
});

export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactForm = z.output<typeof contactFormSchema>;

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
