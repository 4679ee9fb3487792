/**
 * A customer's fields as the back office edits them (the Convert to Customer dialog, the customer
 * page's form with the billing address as four inputs, the Activity note form) and the list's URL
 * parser: one schema each for browser and server. The labels, messages and rules pages show without a
 * form are in the schema-free `customers.ts`.
 */
import { z } from "zod";
import { joinBillingAddress } from "#app/domain/customers.ts";
import { customerStatuses } from "#app/domain/enums.ts";
import { limits, tooLong } from "#app/domain/limits.ts";
import {
  emailAddress,
  optionalHttpUrl,
  optionalMultilineText,
  optionalText,
  requiredText,
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

/**
 * The customer page's form: the Convert dialog's fields (website http(s) only) with the billing
 * address as street, city, state and zip. Fields it does not own
 * (ids, the source submission, dates) are not in the schema, so posting them changes nothing.
 */
export const customerPageFormSchema = customerFormSchema.omit({ billing_address: true }).extend({
  billing_street: optionalText(200, "Street"),
  billing_city: optionalText(100, "City"),
  billing_state: optionalText(100, "State"),
  billing_zip: optionalText(20, "Zip"),
});
export type CustomerPageForm = z.output<typeof customerPageFormSchema>;

/** The customer form with the address joined into one text (what the models take). */
export function withJoinedAddress(form: CustomerPageForm): CustomerForm {
  const billingAddress = joinBillingAddress({
    street: form.billing_street,
    city: form.billing_city,
    state: form.billing_state,
    zip: form.billing_zip,
  });
  return { ...form, billing_address: billingAddress ?? undefined };
}

/** The row a customer form stores (the parts' limits keep the joined address within its column's 500). */
export function customerPageFormToRow(form: CustomerPageForm) {
  return toCustomerRow(withJoinedAddress(form));
}

export const interactionFormSchema = z.object({
  subject: requiredText(limits.subject, "Subject is required", tooLong("Subject", limits.subject)),
  description: optionalMultilineText(limits.longText, "Description"),
});
export type InteractionForm = z.output<typeof interactionFormSchema>;
