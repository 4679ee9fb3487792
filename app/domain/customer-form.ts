/**
 * A customer's fields as the back office edits them (the Convert to Customer
 * dialog now, the customer form later): one schema for browser and server.
 */
import { z } from "zod";
import { customerStatuses } from "#app/domain/enums.ts";
import { limits } from "#app/domain/limits.ts";

const required = "Name and email are required";

function optionalText(max: number, message: string) {
  return z.preprocess(
    (value) => (typeof value === "string" ? value.trim() || undefined : value),
    z.string().max(max, { error: message }).optional(),
  );
}

/** "45", "45 days" -> 45; blank, negative or unparsable -> 30 (the default terms). */
export function parsePaymentTerms(value: unknown): number {
  const parsed = typeof value === "number" ? Math.trunc(value) : Number.parseInt(String(value ?? ""), 10);
  return Number.isFinite(parsed) && parsed >= 0 && parsed <= 3650 ? parsed : 30;
}

export const customerFormSchema = z.object({
  name: z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(limits.personName, { error: "Name must be less than 200 characters" }),
  email: z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(limits.email, { error: "Email must be less than 255 characters" })
    .pipe(z.email({ error: "Invalid email address" })),
  phone_number: optionalText(limits.phoneMax, "Phone number must be less than 20 characters"),
  business_name: optionalText(limits.businessName, "Business name must be less than 100 characters"),
  website_url: optionalText(limits.url, "URL must be less than 500 characters"),
  billing_address: optionalText(limits.address, "Billing address must be less than 500 characters"),
  tax_id: optionalText(limits.taxId, "Tax ID must be less than 50 characters"),
  payment_terms: z.preprocess(parsePaymentTerms, z.number().int()),
  status: z.enum(customerStatuses).catch("prospect"),
  notes: optionalText(limits.notes, "Notes must be less than 5000 characters"),
});
export type CustomerFormInput = z.input<typeof customerFormSchema>;
export type CustomerForm = z.output<typeof customerFormSchema>;

export function toCustomerRow(form: CustomerForm) {
  return {
    name: form.name,
    email: form.email,
    phoneNumber: form.phone_number ?? null,
    businessName: form.business_name ?? null,
    websiteUrl: form.website_url ?? null,
    billingAddress: form.billing_address ?? null,
    taxId: form.tax_id ?? null,
    paymentTerms: form.payment_terms,
    status: form.status,
    notes: form.notes ?? null,
  };
}
