/**
 * A customer's fields as the back office edits them (the Convert to Customer
 * dialog now, the customer form later): one schema for browser and server.
 */
import { z } from "zod";
import { customerStatuses } from "#app/domain/enums.ts";
import { limits } from "#app/domain/limits.ts";
import {
  emailAddress,
  optionalHttpUrl,
  optionalMultilineText,
  optionalText,
  requiredText,
  tooLong,
} from "#app/domain/validation.ts";

const required = "Name and email are required";

/** Payment terms are whole days, at most ten years. */
const maxPaymentTermsDays = 3650;
const paymentTermsTooLarge = `Payment terms must be at most ${maxPaymentTermsDays} days`;

/**
 * "45", "45 days" -> 45; blank, negative or unparsable -> 30 (the default terms). More than
 * ten years is kept as typed (2^53 when it is too long to read), for the schema to refuse.
 */
export function parsePaymentTerms(value: unknown): number {
  const parsed = typeof value === "number" ? Math.trunc(value) : Number.parseInt(String(value ?? ""), 10);
  if (parsed > maxPaymentTermsDays) return Number.isSafeInteger(parsed) ? parsed : Number.MAX_SAFE_INTEGER;
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : 30;
}

export const customerFormSchema = z.object({
  name: requiredText(limits.personName, required, tooLong("Name", limits.personName)),
  email: emailAddress(required),
  phone_number: optionalText(limits.phoneMax, "Phone number"),
  business_name: optionalText(limits.businessName, "Business name"),
  website_url: optionalHttpUrl,
  billing_address: optionalMultilineText(limits.address, "Billing address"),
  tax_id: optionalText(limits.taxId, "Tax ID"),
  payment_terms: z.preprocess(parsePaymentTerms, z.number().int().max(maxPaymentTermsDays, paymentTermsTooLarge)),
  status: z.enum(customerStatuses).catch("prospect"),
  notes: optionalMultilineText(limits.notes, "Notes"),
});
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
